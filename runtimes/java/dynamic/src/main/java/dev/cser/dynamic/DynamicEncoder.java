package dev.cser.dynamic;

import dev.cser.CserCollections;
import dev.cser.CserEncodeException;
import dev.cser.CserWriter;
import dev.cser.FieldPath;
import dev.cser.UnknownFields;
import java.util.List;
import java.util.Map;

/**
 * Writes values by their descriptors, as the code cserc generates for Java writes them: the
 * canonical encoding (SPEC §6), a record's unknown fields written back (its presence bits ORed
 * into its last presence byte, then its bytes, SPEC §5.5.1), deprecated fields as the bytes they
 * were read from or else their zero values, and the writer's depth limit (SPEC §7). The writer's own errors (depth, lone surrogates)
 * pass unchanged, as from generated code; a value that does not fit its type (put in a list a
 * caller changed by hand, say) is a {@link CserEncodeException} naming its path.
 */
final class DynamicEncoder {
    private DynamicEncoder() {}

    /** A whole message (SPEC §5.8): a record with its length, a struct's fields, a union's tag and value. */
    static void writeMessage(DynamicValue value, CserWriter w) {
        if (value instanceof DynamicRecord rec) {
            if (rec.type().isStruct()) {
                writeStruct(rec, w);
            } else {
                writeRecord(rec, w);
            }
        } else {
            writeUnion((DynamicUnion) value, w);
        }
    }

    /** A stream frame's content (SPEC §8): a record's body, a struct's or union's message. */
    static void writeFrame(DynamicValue value, CserWriter w) {
        if (value instanceof DynamicRecord rec && !rec.type().isStruct()) {
            writeBody(rec, w);
        } else {
            writeMessage(value, w);
        }
    }

    /** The zero value's bytes of each deprecated field, worked out once (keyed by identity: types may be cyclic). */
    private static final java.util.Map<FieldDescriptor, byte[]> ZERO_BYTES =
            java.util.Collections.synchronizedMap(new java.util.IdentityHashMap<>());

    /** The bytes of a deprecated, not optional field's zero value: what it is written as when nothing was kept. */
    static byte[] zeroBytes(FieldDescriptor f) {
        byte[] b = ZERO_BYTES.get(f);
        if (b == null) {
            CserWriter w = new CserWriter();
            write(f.type(), ZeroValues.of(f.type()), w);
            b = w.toByteArray();
            ZERO_BYTES.put(f, b);
        }
        return b;
    }

    private static void write(ValueType type, Object value, CserWriter w) {
        if (value == null) {
            throw new MismatchException("null where the schema has a " + type.schemaText() + ", not an optional");
        }
        if (type instanceof ValueType.ScalarType s) {
            writeScalar(s.scalar(), value, w);
        } else if (type instanceof ValueType.ListType l) {
            writeList(l.element(), cast(List.class, value, type), w);
        } else if (type instanceof ValueType.MapType m) {
            writeMap(m, cast(Map.class, value, type), w);
        } else {
            TypeDescriptor t = ((ValueType.NamedType) type).target();
            if (t instanceof EnumDescriptor) {
                EnumValue e = cast(EnumValue.class, value, type);
                requireType(e.type(), t);
                w.writeEnum(e.number());
            } else {
                DynamicValue v = cast(DynamicValue.class, value, type);
                requireType(v.type(), t);
                writeMessage(v, w);
            }
        }
    }

    private static void writeScalar(Scalar s, Object value, CserWriter w) {
        Object v = cast(s.javaClass(), value, new ValueType.ScalarType(s));
        switch (s) {
            case BOOL -> w.writeBool((Boolean) v);
            case I8 -> w.writeI8((Byte) v);
            case U8 -> w.writeU8((Byte) v);
            case I16 -> w.writeI16((Short) v);
            case U16 -> w.writeU16((Short) v);
            case I32 -> w.writeI32((Integer) v);
            case U32 -> w.writeU32((Integer) v);
            case I64 -> w.writeI64((Long) v);
            case U64 -> w.writeU64((Long) v);
            case F32 -> w.writeF32((Float) v);
            case F64 -> w.writeF64((Double) v);
            case STRING -> w.writeString((String) v);
            case BYTES -> w.writeBytes((byte[]) v);
        }
    }

    // ---- records, structs, unions --------------------------------------------------------------

    private static void writeRecord(DynamicRecord rec, CserWriter w) {
        int mark = w.beginLength();
        writeBody(rec, w);
        w.endLength(mark);
    }

    private static void writeBody(DynamicRecord rec, CserWriter w) {
        w.enter();
        UnknownFields unknown = rec.unknown();
        writeFields(rec, unknown, w);
        if (unknown != null) {
            w.writeUnknownBytes(unknown);
        }
        w.exit();
    }

    private static void writeStruct(DynamicRecord rec, CserWriter w) {
        w.enter();
        writeFields(rec, null, w);
        w.exit();
    }

    /** The fields in id order, each presence byte just before the field of its first slot. */
    private static void writeFields(DynamicRecord rec, UnknownFields unknown, CserWriter w) {
        MessageDescriptor type = rec.type();
        List<FieldDescriptor> fields = type.fields();
        int unknownGroup = type.unknownBitsGroup();
        for (int i = 0; i < fields.size(); i++) {
            FieldDescriptor f = fields.get(i);
            Presence p = f.presence();
            if (p != null && p.startsGroup()) {
                int bits = presenceByte(rec, fields, i, p.groupSlots());
                if (unknown != null && p.group() == unknownGroup) {
                    bits |= unknown.presenceBits();
                }
                w.writeByte(bits);
            }
            try {
                if (f.deprecated()) {
                    // The bytes it was read from (SPEC §5.5.1), or else its zero value (absent if optional).
                    if (rec.value(i) instanceof byte[] kept) {
                        w.writeRaw(kept, 0, kept.length);
                    } else if (p == null) {
                        byte[] zero = zeroBytes(f);
                        w.writeRaw(zero, 0, zero.length);
                    }
                } else if (p == null) {
                    write(f.type(), rec.value(i), w);
                } else if (rec.value(i) != null) {
                    write(((ValueType.OptionalType) f.type()).inner(), rec.value(i), w);
                }
            } catch (MismatchException e) {
                e.path.pushField(type.name() + "." + f.name());
                throw e;
            }
        }
    }

    /** The presence byte of the {@code slots} optional fields from field {@code first} on: a bit per present one. */
    private static int presenceByte(DynamicRecord rec, List<FieldDescriptor> fields, int first, int slots) {
        int bits = 0;
        for (int i = first, seen = 0; seen < slots; i++) {
            FieldDescriptor f = fields.get(i);
            if (f.presence() != null) {
                seen++;
                // A deprecated field's entry is its kept bytes, present as read, or null.
                if (rec.value(i) != null) {
                    bits |= f.presence().mask();
                }
            }
        }
        return bits;
    }

    private static void writeUnion(DynamicUnion u, CserWriter w) {
        w.enter();
        w.writeVarint32(u.tag());
        VariantDescriptor v = u.variant();
        if (v == null) {
            w.writeUnknownPayload(u.unknownVariant());
        } else {
            try {
                if (v.hasPayloadLength()) {
                    int mark = w.beginPayload();
                    write(v.type(), u.value(), w);
                    w.endPayload(mark);
                } else {
                    write(v.type(), u.value(), w);
                }
            } catch (MismatchException e) {
                e.path.pushField(u.type().name() + "." + v.name());
                throw e;
            }
        }
        w.exit();
    }

    // ---- lists and maps ------------------------------------------------------------------------

    /** Lists and maps are written by the runtime's CserCollections, as generated code writes them. */
    private static void writeList(ValueType element, List<?> list, CserWriter w) {
        Position at = new Position();
        try {
            if (element instanceof ValueType.OptionalType o) {
                ValueType inner = o.inner();
                CserCollections.writeOptionalList(w, list, (w1, v) -> write(inner, v, w1), at);
            } else {
                CserCollections.writeList(w, list, (w1, v) -> write(element, v, w1), at);
            }
        } catch (MismatchException e) {
            at.pushOnto(e.path);
            throw e;
        }
    }

    private static void writeMap(ValueType.MapType type, Map<?, ?> map, CserWriter w) {
        ValueType key = type.key();
        Position at = new Position();
        try {
            if (type.value() instanceof ValueType.OptionalType o) {
                ValueType inner = o.inner();
                CserCollections.writeOptionalMap(w, map, (w1, k) -> write(key, k, w1), (w1, v) -> write(inner, v, w1),
                        at);
            } else {
                ValueType value = type.value();
                CserCollections.writeMap(w, map, (w1, k) -> write(key, k, w1), (w1, v) -> write(value, v, w1), at);
            }
        } catch (MismatchException e) {
            at.pushOnto(e.path);
            throw e;
        }
    }

    /** The element or entry of a collection being written: where a value that does not fit sits. */
    private static final class Position implements CserCollections.WriteObserver {
        private int index;
        private Object key;
        private boolean isKey;

        @Override
        public void element(int index) {
            this.index = index;
        }

        @Override
        public void entry(Object key) {
            this.key = key;
            this.isKey = true;
        }

        void pushOnto(FieldPath path) {
            if (isKey) {
                path.pushKey(key);
            } else {
                path.pushIndex(index);
            }
        }
    }

    // ---- checks --------------------------------------------------------------------------------

    private static <T> T cast(Class<T> c, Object value, ValueType type) {
        if (!c.isInstance(value)) {
            throw new MismatchException("a " + type.schemaText() + " is held in a " + c.getSimpleName()
                    + ", not a " + value.getClass().getName());
        }
        return c.cast(value);
    }

    private static void requireType(TypeDescriptor actual, TypeDescriptor expected) {
        if (actual != expected) {
            throw new MismatchException("a value of " + actual + " where the schema has " + expected);
        }
    }

    /** The error of a value that does not fit its type, at {@code path} ("Shape.points[2].x: ..."). */
    static final class MismatchException extends CserEncodeException {
        private static final long serialVersionUID = 1L;

        private final String reason;
        private final FieldPath path = new FieldPath();

        MismatchException(String reason) {
            super(reason);
            this.reason = reason;
        }

        @Override
        public String getMessage() {
            return path.isEmpty() ? reason : path + ": " + reason;
        }
    }
}
