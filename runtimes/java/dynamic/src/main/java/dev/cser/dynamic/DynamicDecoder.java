package dev.cser.dynamic;

import dev.cser.CserCollections;
import dev.cser.CserDecodeException;
import dev.cser.CserReader;
import dev.cser.DecodeErrorKind;
import dev.cser.UnknownFields;
import dev.cser.UnknownVariant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads values by their descriptors, step for step as the code cserc generates for Java reads
 * them (java.stg, codec.stg): the same reader calls in the same order, and lists and maps
 * through the same {@link CserCollections} methods, so the same bytes give the same value or the
 * same error (kind, offset and field path, SPEC §10). With a
 * {@link DecodeTrace} it also reports each piece it reads; without one it only reads.
 */
final class DynamicDecoder {
    /** Null when not tracing: then no path is kept. */
    private final DecodeTrace trace;
    /** The path to the value being read, outermost first, as {@code FieldPath} segments ("Type.field", "[3]"). */
    private final List<String> path;
    private final String rootName;
    /** Null when not tracing: then collections report nothing. */
    private final CserCollections.ReadObserver observer;

    private DynamicDecoder(DecodeTrace trace, RootDescriptor root) {
        this.trace = trace;
        this.path = trace == null ? null : new ArrayList<>();
        this.rootName = root.name();
        this.observer = trace == null ? null : new Tracer();
    }

    /** A whole message of {@code type} (SPEC §5.8): the value, then nothing (TRAILING_BYTES otherwise). */
    static DynamicValue readMessage(RootDescriptor type, CserReader r, DecodeTrace trace) throws CserDecodeException {
        DynamicDecoder d = new DynamicDecoder(trace, type);
        DynamicValue value = d.readNested(type, r);
        r.expectEnd();
        return value;
    }

    /** A stream frame's content (SPEC §8): a record's body, a struct's or union's message. */
    static DynamicValue readFrame(RootDescriptor type, CserReader r) throws CserDecodeException {
        if (type instanceof MessageDescriptor m && !m.isStruct()) {
            return new DynamicDecoder(null, type).readBody(m, r);
        }
        return readMessage(type, r, null);
    }

    private DynamicValue readNested(RootDescriptor type, CserReader r) throws CserDecodeException {
        if (type instanceof MessageDescriptor m) {
            return m.isStruct() ? readStruct(m, r) : readRecord(m, r);
        }
        return readUnion((UnionDescriptor) type, r);
    }

    /** One value of {@code type} (never an optional: those are read where their presence bit is). */
    private Object read(ValueType type, CserReader r) throws CserDecodeException {
        if (type instanceof ValueType.ScalarType s) {
            int at = r.position();
            Object v = readScalar(s.scalar(), r);
            if (trace != null) {
                trace.value(pathText(), at, r.position() - at, type, v);
            }
            return v;
        }
        if (type instanceof ValueType.ListType l) {
            return readList(l, r);
        }
        if (type instanceof ValueType.MapType m) {
            return readMap(m, r);
        }
        // Records, structs and unions are read from here directly (not through readNested): one
        // stack frame less per level keeps a deep value's decode error as cheap as generated code's.
        TypeDescriptor t = ((ValueType.NamedType) type).target();
        if (t instanceof MessageDescriptor m) {
            return m.isStruct() ? readStruct(m, r) : readRecord(m, r);
        }
        if (t instanceof UnionDescriptor u) {
            return readUnion(u, r);
        }
        int at = r.position();
        EnumValue v = EnumValue.of((EnumDescriptor) t, r.readEnum());
        if (trace != null) {
            trace.value(pathText(), at, r.position() - at, type, v);
        }
        return v;
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

    private DynamicRecord readRecord(MessageDescriptor type, CserReader r) throws CserDecodeException {
        int at = r.position();
        int length = r.readLength();
        if (trace != null) {
            trace.length(pathText(), at, r.position() - at, length);
        }
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
    private DynamicRecord readBody(MessageDescriptor type, CserReader r) throws CserDecodeException {
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
                    presence = readPresence(r);
                    inUnknownGroup = p.group() == unknownGroup;
                }
                readField(type, msg, i, f, presence, r);
            }
            int unknownBits = inUnknownGroup ? presence & type.unknownPresenceMask() : 0;
            if (unknownBits != 0 || r.hasMore()) {
                int from = r.position();
                UnknownFields unknown = r.readUnknownFields(unknownBits);
                msg.putUnknown(unknown);
                if (trace != null) {
                    trace.unknown(pathText(), from, unknown);
                }
            }
        } catch (CserDecodeException e) {
            throw e.pushField(type.name() + "." + fields.get(at).name());
        }
        fillZeros(msg, fields);
        r.exit();
        return msg;
    }

    private DynamicRecord readStruct(MessageDescriptor type, CserReader r) throws CserDecodeException {
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
                    presence = readPresence(r);
                    r.checkPresence(presence, p.groupSlots());
                }
                readField(type, msg, i, f, presence, r);
            }
        } catch (CserDecodeException e) {
            throw e.pushField(type.name() + "." + fields.get(at).name());
        }
        r.exit();
        return msg;
    }

    /** A presence byte of the record or struct being read. */
    private int readPresence(CserReader r) throws CserDecodeException {
        int at = r.position();
        int bits = r.readByte();
        if (trace != null) {
            trace.presence(pathText(), at, bits);
        }
        return bits;
    }

    /**
     * Reads field {@code i} (an optional one only when its bit in {@code presence} is set); a
     * deprecated one is kept as the bytes it was read from, unless they are its zero value's
     * (SPEC §5.5.1).
     */
    private void readField(MessageDescriptor type, DynamicRecord msg, int i, FieldDescriptor f, int presence,
            CserReader r) throws CserDecodeException {
        Object v = null;
        int from = r.position();
        boolean present = f.presence() == null || (presence & f.presence().mask()) != 0;
        if (present) {
            ValueType t = f.presence() == null ? f.type() : ((ValueType.OptionalType) f.type()).inner();
            if (trace == null) {
                v = read(t, r);
            } else {
                path.add(type.name() + "." + f.name());
                v = read(t, r);
                path.remove(path.size() - 1);
            }
        }
        if (!f.deprecated()) {
            msg.put(i, v);
        } else if (present) {
            if (f.presence() != null || !r.bytesSinceEqual(from, DynamicEncoder.zeroBytes(f))) {
                msg.put(i, r.bytesSince(from));
            }
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

    private DynamicUnion readUnion(UnionDescriptor type, CserReader r) throws CserDecodeException {
        r.enter();
        int from = r.position();
        int tag = r.readVarint32();
        VariantDescriptor v = type.variant(tag);
        if (trace != null) {
            trace.tag(pathText(), from, r.position() - from, tag, v);
        }
        DynamicUnion result;
        try {
            if (v == null) {
                int lengthAt = r.position();
                UnknownVariant unknown = r.readUnknownVariant(tag);
                if (trace != null) {
                    trace.unknownVariant(pathText(), lengthAt, r.position() - lengthAt - unknown.size(), unknown);
                }
                result = DynamicUnion.ofUnknown(type, unknown);
            } else {
                if (trace != null) {
                    path.add(type.name() + "." + v.name());
                }
                if (v.hasPayloadLength()) {
                    int lengthAt = r.position();
                    int outer = r.beginPayload();
                    if (trace != null) {
                        trace.payload(pathText(), lengthAt, r.position() - lengthAt, r.remaining());
                    }
                    result = DynamicUnion.ofChecked(type, v, read(v.type(), r));
                    r.endPayload(outer);
                } else {
                    result = DynamicUnion.ofChecked(type, v, read(v.type(), r));
                }
                if (trace != null) {
                    path.remove(path.size() - 1);
                }
            }
        } catch (CserDecodeException e) {
            throw e.pushField(type.name() + "." + (v != null ? v.name() : "<tag " + Integer.toUnsignedString(tag) + ">"));
        }
        r.exit();
        return result;
    }

    // ---- lists and maps ------------------------------------------------------------------------

    /** Lists and maps are read by the runtime's CserCollections, as generated code reads them. */
    private List<Object> readList(ValueType.ListType type, CserReader r) throws CserDecodeException {
        ValueType element = type.element();
        if (element instanceof ValueType.ScalarType s && s.scalar() != Scalar.STRING && s.scalar() != Scalar.BYTES) {
            int at = r.position();
            List<Object> list = PackedLists.read(s.scalar(), r);
            if (trace != null) {
                trace.value(pathText(), at, r.position() - at, type, list);
            }
            return list;
        }
        if (element instanceof ValueType.OptionalType o) {
            ValueType inner = o.inner();
            return CserCollections.readOptionalList(r, r1 -> read(inner, r1), observer);
        }
        return CserCollections.readList(r, r1 -> read(element, r1), observer);
    }

    private Map<Object, Object> readMap(ValueType.MapType type, CserReader r) throws CserDecodeException {
        ValueType key = type.key();
        if (type.value() instanceof ValueType.OptionalType o) {
            ValueType inner = o.inner();
            return CserCollections.readOptionalMap(r, r1 -> read(key, r1), r1 -> read(inner, r1), observer);
        }
        ValueType value = type.value();
        return CserCollections.readMap(r, r1 -> read(key, r1), r1 -> read(value, r1), observer);
    }

    /** Reports a collection's count and presence bytes to the trace, and keeps the path of its elements. */
    private final class Tracer implements CserCollections.ReadObserver {
        @Override
        public void count(int offset, int size, int count) {
            trace.count(pathText(), offset, size, count);
        }

        @Override
        public void presence(int offset, int bits) {
            trace.presence(pathText(), offset, bits);
        }

        @Override
        public void element(int index) {
            path.add("[" + index + "]");
        }

        @Override
        public void key(int index) {
            path.add("[" + index + "][0]");
        }

        @Override
        public void value(Object key) {
            path.set(path.size() - 1, key instanceof String ? "[\"" + key + "\"]" : "[" + key + "]");
        }

        @Override
        public void done() {
            path.remove(path.size() - 1);
        }
    }

    /** The path being read, as {@code FieldPath} renders it: {@code Media.persons[1].name}; the root's name at the root. */
    private String pathText() {
        if (path.isEmpty()) {
            return rootName;
        }
        StringBuilder sb = new StringBuilder();
        for (String s : path) {
            if (s.startsWith("[") || sb.length() == 0) {
                sb.append(s);
            } else {
                sb.append('.').append(s, s.lastIndexOf('.') + 1, s.length());
            }
        }
        return sb.toString();
    }
}
