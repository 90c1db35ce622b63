package dev.cser.dynamic;

import dev.cser.CserDecodeException;
import dev.cser.CserReader;
import dev.cser.DecodeErrorKind;
import dev.cser.Values;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads values by their descriptors, step for step as the code cserc generates for Java reads
 * them (java.stg, codec.stg): the same reader calls in the same order, so the same bytes give the
 * same value or the same error (kind, offset and field path, SPEC §10).
 */
final class DynamicDecoder {
    private DynamicDecoder() {}

    /** A whole message of {@code type} (SPEC §5.8): the value, then nothing (TRAILING_BYTES otherwise). */
    static DynamicValue readMessage(RootDescriptor type, CserReader r) throws CserDecodeException {
        DynamicValue value = readNested(type, r);
        r.expectEnd();
        return value;
    }

    /** A stream frame's content (SPEC §8): a record's body, a struct's or union's message. */
    static DynamicValue readFrame(RootDescriptor type, CserReader r) throws CserDecodeException {
        if (type instanceof MessageDescriptor m && !m.isStruct()) {
            return readBody(m, r);
        }
        return readMessage(type, r);
    }

    private static DynamicValue readNested(RootDescriptor type, CserReader r) throws CserDecodeException {
        if (type instanceof MessageDescriptor m) {
            return m.isStruct() ? readStruct(m, r) : readRecord(m, r);
        }
        return readUnion((UnionDescriptor) type, r);
    }

    /** One value of {@code type} (never an optional: those are read where their presence bit is). */
    private static Object read(ValueType type, CserReader r) throws CserDecodeException {
        if (type instanceof ValueType.ScalarType s) {
            return readScalar(s.scalar(), r);
        }
        if (type instanceof ValueType.ListType l) {
            return readList(l.element(), r);
        }
        if (type instanceof ValueType.MapType m) {
            return readMap(m, r);
        }
        TypeDescriptor t = ((ValueType.NamedType) type).target();
        if (t instanceof EnumDescriptor e) {
            return EnumValue.of(e, r.readEnum());
        }
        return readNested((RootDescriptor) t, r);
    }

    private static Object readScalar(Scalar s, CserReader r) throws CserDecodeException {
        return switch (s) {
            case BOOL -> r.readBool();
            case I8 -> r.readI8();
            case U8 -> r.readU8();
            case I16 -> r.readI16();
            case U16 -> r.readU16();
            case I32 -> r.readI32();
            case U32 -> r.readU32();
            case I64 -> r.readI64();
            case U64 -> r.readU64();
            case F32 -> r.readF32();
            case F64 -> r.readF64();
            case STRING -> r.readString();
            case BYTES -> r.readBytes();
        };
    }

    // ---- records, structs, unions --------------------------------------------------------------

    private static DynamicRecord readRecord(MessageDescriptor type, CserReader r) throws CserDecodeException {
        int length = r.readLength();
        int outer = r.pushLimit(length);
        DynamicRecord value = readBody(type, r);
        r.popLimit(outer);
        return value;
    }

    /**
     * The fields the descriptor knows, in id order, up to the reader's limit: a body that ends
     * early (an older writer) leaves the rest at their zero values; bytes after the known fields
     * (a newer writer) are kept, with the bits of the last presence byte past the record's slots,
     * as the value's unknown fields (SPEC §5.5.1).
     */
    private static DynamicRecord readBody(MessageDescriptor type, CserReader r) throws CserDecodeException {
        r.enter();
        DynamicRecord msg = new DynamicRecord(type, true);
        List<FieldDescriptor> fields = type.fields();
        int unknownGroup = type.unknownBitsGroup();
        int at = 0;
        try {
            int presence = 0;
            boolean inUnknownGroup = false;
            for (int i = 0; i < fields.size(); i++) {
                FieldDescriptor f = fields.get(i);
                Presence p = f.presence();
                // An older writer's body ends before a plain field or a presence byte; an optional
                // field after its group's byte is present or not by its bit (set and missing: TRUNCATED).
                if ((p == null || p.startsGroup()) && !r.hasMore()) {
                    break;
                }
                at = i;
                if (p != null && p.startsGroup()) {
                    presence = r.readByte();
                    inUnknownGroup = p.group() == unknownGroup;
                }
                readField(msg, i, f, presence, r);
            }
            int unknownBits = inUnknownGroup ? presence & type.unknownPresenceMask() : 0;
            if (unknownBits != 0 || r.hasMore()) {
                msg.putUnknown(r.readUnknownFields(unknownBits));
            }
        } catch (CserDecodeException e) {
            throw e.pushField(type.name() + "." + fields.get(at).name());
        }
        fillZeros(msg, fields);
        r.exit();
        return msg;
    }

    private static DynamicRecord readStruct(MessageDescriptor type, CserReader r) throws CserDecodeException {
        r.enter();
        DynamicRecord msg = new DynamicRecord(type, true);
        List<FieldDescriptor> fields = type.fields();
        int at = 0;
        try {
            int presence = 0;
            for (int i = 0; i < fields.size(); i++) {
                at = i;
                FieldDescriptor f = fields.get(i);
                Presence p = f.presence();
                if (p != null && p.startsGroup()) {
                    presence = r.readByte();
                    r.checkPresence(presence, p.groupSlots());
                }
                readField(msg, i, f, presence, r);
            }
        } catch (CserDecodeException e) {
            throw e.pushField(type.name() + "." + fields.get(at).name());
        }
        r.exit();
        return msg;
    }

    /** Reads field {@code i} (an optional one only when its bit in {@code presence} is set); a deprecated one is dropped. */
    private static void readField(DynamicRecord msg, int i, FieldDescriptor f, int presence, CserReader r)
            throws CserDecodeException {
        Object v = null;
        if (f.presence() == null) {
            v = read(f.type(), r);
        } else if ((presence & f.presence().mask()) != 0) {
            v = read(((ValueType.OptionalType) f.type()).inner(), r);
        }
        if (!f.deprecated()) {
            msg.put(i, v);
        }
    }

    /** Fields the body ended before take their zero values (optionals stay absent). */
    private static void fillZeros(DynamicRecord msg, List<FieldDescriptor> fields) {
        for (int i = 0; i < fields.size(); i++) {
            FieldDescriptor f = fields.get(i);
            if (!f.deprecated() && !f.isOptional() && msg.value(i) == null) {
                msg.put(i, ZeroValues.of(f.type()));
            }
        }
    }

    private static DynamicUnion readUnion(UnionDescriptor type, CserReader r) throws CserDecodeException {
        r.enter();
        int tag = r.readVarint32();
        VariantDescriptor v = type.variant(tag);
        DynamicUnion result;
        try {
            if (v == null) {
                throw r.error(DecodeErrorKind.UNKNOWN_UNION_TAG,
                        "unknown tag " + Integer.toUnsignedString(tag) + " of union " + type.qualifiedName());
            }
            result = DynamicUnion.ofChecked(type, v, read(v.type(), r));
        } catch (CserDecodeException e) {
            throw e.pushField(type.name() + "." + (v != null ? v.name() : "<tag " + Integer.toUnsignedString(tag) + ">"));
        }
        r.exit();
        return result;
    }

    // ---- lists and maps ------------------------------------------------------------------------

    private static List<Object> readList(ValueType element, CserReader r) throws CserDecodeException {
        if (element instanceof ValueType.ScalarType s && s.scalar() != Scalar.STRING && s.scalar() != Scalar.BYTES) {
            return PackedLists.read(s.scalar(), r);
        }
        if (element instanceof ValueType.OptionalType o) {
            return readOptionalList(o.inner(), r);
        }
        int n = r.readCount();
        List<Object> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            try {
                list.add(read(element, r));
            } catch (CserDecodeException e) {
                throw e.pushIndex(i);
            }
        }
        return list;
    }

    private static List<Object> readOptionalList(ValueType element, CserReader r) throws CserDecodeException {
        int n = r.readOptionalCount();
        // Up to eight absent elements fit in a byte: size by the bytes left, not the count.
        List<Object> list = new ArrayList<>(Math.min(n, r.remaining()));
        int presence = 0;
        for (int i = 0; i < n; i++) {
            if ((i & 7) == 0) {
                presence = r.readByte();
                r.checkPresence(presence, Math.min(8, n - i));
            }
            Object v = null;
            if ((presence & (1 << (i & 7))) != 0) {
                try {
                    v = read(element, r);
                } catch (CserDecodeException e) {
                    throw e.pushIndex(i);
                }
            }
            list.add(v);
        }
        return list;
    }

    private static Map<Object, Object> readMap(ValueType.MapType type, CserReader r) throws CserDecodeException {
        boolean optional = type.value() instanceof ValueType.OptionalType;
        ValueType valueType = optional ? ((ValueType.OptionalType) type.value()).inner() : type.value();
        int n = optional ? r.readOptionalCount() : r.readCount();
        Map<Object, Object> map = new LinkedHashMap<>(Values.mapCapacity(n));
        int presence = 0;
        for (int i = 0; i < n; i++) {
            if (optional && (i & 7) == 0) {
                presence = r.readByte();
                r.checkPresence(presence, Math.min(8, n - i));
            }
            Object key = read(type.key(), r);
            Object value = null;
            if (!optional || (presence & (1 << (i & 7))) != 0) {
                try {
                    value = read(valueType, r);
                } catch (CserDecodeException e) {
                    throw e.pushKey(key);
                }
            }
            map.put(key, value);
            if (map.size() != i + 1) {
                throw r.error(DecodeErrorKind.DUPLICATE_MAP_KEY, "duplicate map key " + key);
            }
        }
        return map;
    }
}
