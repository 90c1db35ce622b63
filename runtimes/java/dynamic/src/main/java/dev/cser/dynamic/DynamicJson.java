package dev.cser.dynamic;

import dev.cser.json.Json;
import dev.cser.json.JsonException;
import dev.cser.json.JsonNumber;
import dev.cser.json.JsonValues;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON mapping of values (SPEC §11) for dynamic values, composed from cser-json's
 * {@link JsonValues} exactly as the code {@code cserc --json} generates for Java composes it: the
 * same JSON out, and the same values or the same errors ({@link JsonException}, with the field
 * path) in. Unknown fields are not part of the mapping: output leaves them out, input makes
 * values without any.
 *
 * <p>{@link #toJson}/{@link #fromJson} work on the values {@link Json#parse} gives and
 * {@link Json#write} takes; {@link #write}/{@link #read} on text.
 */
public final class DynamicJson {
    private DynamicJson() {}

    // ---- text ----------------------------------------------------------------------------------

    /**
     * The JSON text of {@code value}: compact (one line, no spaces, as {@link Json#write}), or
     * pretty (two-space indentation, one field or element per line).
     */
    public static String write(DynamicValue value, boolean pretty) {
        String compact = Json.write(toJson(value));
        return pretty ? PrettyJson.indent(compact) : compact;
    }

    /**
     * Reads a value of {@code type} from JSON text.
     *
     * @throws JsonException for malformed JSON or a value that does not fit the type, naming the
     *     field path ({@code MediaContent.images[1].width: 4294967296 is out of range for i32})
     */
    public static DynamicValue read(String text, RootDescriptor type) {
        return fromJson(Json.parse(text), type);
    }

    // ---- values to JSON ------------------------------------------------------------------------

    /** The JSON form of a record, struct or union value: a {@code Map} ({@link Json#write} turns it into text). */
    public static Object toJson(DynamicValue value) {
        if (value instanceof DynamicRecord rec) {
            return recordToJson(rec);
        }
        DynamicUnion u = (DynamicUnion) value;
        if (u.isUnknown()) {
            return JsonValues.unknownVariantToJson(u.tag(), u.unknownVariant().payload());
        }
        return JsonValues.variantToJson(u.variant().name(), toJson(u.variant().type(), u.value()));
    }

    private static Object recordToJson(DynamicRecord rec) {
        Map<String, Object> json = new LinkedHashMap<>();
        List<FieldDescriptor> fields = rec.type().fields();
        for (int i = 0; i < fields.size(); i++) {
            FieldDescriptor f = fields.get(i);
            if (!f.deprecated()) {
                json.put(f.name(), toJson(f.type(), rec.value(i)));
            }
        }
        return json;
    }

    /**
     * The JSON form of a value of {@code type} (a field's, element's, key's or value's, as a
     * {@link DecodeTrace} reports it): what an annotated dump prints for a piece.
     */
    public static Object toJson(ValueType type, Object value) {
        if (type instanceof ValueType.OptionalType o) {
            return value == null ? null : toJson(o.inner(), value);
        }
        if (type instanceof ValueType.ScalarType s) {
            return scalarToJson(s.scalar(), value);
        }
        if (type instanceof ValueType.ListType l) {
            return JsonValues.listToJson((List<?>) value, v -> toJson(l.element(), v));
        }
        if (type instanceof ValueType.MapType m) {
            return JsonValues.mapToJson((Map<?, ?>) value, k -> toJson(m.key(), k), v -> toJson(m.value(), v));
        }
        if (value instanceof EnumValue e) {
            return e.name() != null ? e.name() : JsonNumber.of(e.number());
        }
        return toJson((DynamicValue) value);
    }

    private static Object scalarToJson(Scalar s, Object v) {
        return switch (s) {
            case BOOL -> JsonValues.bool((Boolean) v);
            case I8 -> JsonValues.i8((Byte) v);
            case U8 -> JsonValues.u8((Byte) v);
            case I16 -> JsonValues.i16((Short) v);
            case U16 -> JsonValues.u16((Short) v);
            case I32 -> JsonValues.i32((Integer) v);
            case U32 -> JsonValues.u32((Integer) v);
            case I64 -> JsonValues.i64((Long) v);
            case U64 -> JsonValues.u64((Long) v);
            case F32 -> JsonValues.f32((Float) v);
            case F64 -> JsonValues.f64((Double) v);
            case STRING -> JsonValues.string((String) v);
            case BYTES -> JsonValues.bytes((byte[]) v);
        };
    }

    // ---- JSON to values ------------------------------------------------------------------------

    /**
     * Reads a value of {@code type} from its JSON form as {@link Json#parse} gives it: a missing
     * field takes its zero value, a deprecated field is ignored, any other name is an error.
     *
     * @throws JsonException when {@code json} does not fit, naming the field path
     */
    public static DynamicValue fromJson(Object json, RootDescriptor type) {
        if (type instanceof MessageDescriptor m) {
            return recordFromJson(json, m);
        }
        return unionFromJson(json, (UnionDescriptor) type);
    }

    private static DynamicRecord recordFromJson(Object json, MessageDescriptor type) {
        Map<String, Object> obj = JsonValues.object(json, type.name());
        DynamicRecord msg = new DynamicRecord(type);
        for (Map.Entry<String, Object> en : obj.entrySet()) {
            try {
                int i = type.indexOf(en.getKey());
                if (i < 0) {
                    throw new JsonException("no such field in " + type.qualifiedName());
                }
                FieldDescriptor f = type.fields().get(i);
                if (!f.deprecated()) {
                    msg.put(i, fromJson(en.getValue(), f.type()));
                }
            } catch (JsonException e) {
                throw e.pushField(type.name() + "." + en.getKey());
            }
        }
        return msg;
    }

    private static DynamicUnion unionFromJson(Object json, UnionDescriptor type) {
        Map.Entry<String, Object> en = JsonValues.variant(json, type.name());
        try {
            VariantDescriptor v = type.variant(en.getKey());
            if (v == null) {
                throw new JsonException("no such variant in union " + type.qualifiedName());
            }
            return DynamicUnion.ofChecked(type, v, fromJson(en.getValue(), v.type()));
        } catch (JsonException e) {
            throw e.pushField(type.name() + "." + en.getKey());
        }
    }

    /** A value of {@code type} from its JSON form. */
    static Object fromJson(Object json, ValueType type) {
        if (type instanceof ValueType.OptionalType o) {
            return json == null ? null : fromJson(json, o.inner());
        }
        if (type instanceof ValueType.ScalarType s) {
            return scalarFromJson(s.scalar(), json);
        }
        if (type instanceof ValueType.ListType l) {
            return JsonValues.asList(json, v -> fromJson(v, l.element()));
        }
        if (type instanceof ValueType.MapType m) {
            return JsonValues.asMap(json, k -> fromJson(k, m.key()), v -> fromJson(v, m.value()));
        }
        TypeDescriptor t = ((ValueType.NamedType) type).target();
        if (t instanceof EnumDescriptor e) {
            return enumFromJson(json, e);
        }
        return fromJson(json, (RootDescriptor) t);
    }

    private static EnumValue enumFromJson(Object json, EnumDescriptor type) {
        if (json instanceof String name) {
            EnumDescriptor.Member m = type.member(name);
            if (m == null) {
                throw new JsonException("no member " + Json.write(json) + " in enum " + type.qualifiedName());
            }
            return EnumValue.of(type, m.number());
        }
        return EnumValue.of(type, JsonValues.asEnumNumber(json, type.qualifiedName()));
    }

    private static Object scalarFromJson(Scalar s, Object json) {
        return switch (s) {
            case BOOL -> JsonValues.asBool(json);
            case I8 -> JsonValues.asI8(json);
            case U8 -> JsonValues.asU8(json);
            case I16 -> JsonValues.asI16(json);
            case U16 -> JsonValues.asU16(json);
            case I32 -> JsonValues.asI32(json);
            case U32 -> JsonValues.asU32(json);
            case I64 -> JsonValues.asI64(json);
            case U64 -> JsonValues.asU64(json);
            case F32 -> JsonValues.asF32(json);
            case F64 -> JsonValues.asF64(json);
            case STRING -> JsonValues.asString(json);
            case BYTES -> JsonValues.asBytes(json);
        };
    }
}
