package dev.cser.dynamic;

import dev.cser.UnknownFields;
import dev.cser.Values;
import java.util.Objects;

/**
 * A value of a record or struct: its fields by schema name, and for a record its unknown fields
 * (SPEC §5.5.1), kept from decoding so that encoding writes them back. Mutable, like generated
 * classes: {@link #set} changes one field and keeps everything else, unknown fields included.
 *
 * <p>Field values are held as SPEC §12.1's Java mapping holds them, boxed: {@code Boolean},
 * {@code Byte} (i8, u8), {@code Short}, {@code Integer}, {@code Long} (unsigned types hold their
 * bit pattern), {@code Float}, {@code Double}, {@code String}, {@code byte[]}; an
 * {@link EnumValue}; a nested {@code DynamicRecord} or {@link DynamicUnion}; a
 * {@code java.util.List} (every list, including lists of numbers), a {@code java.util.Map}
 * (insertion order); null for an absent optional. Deprecated fields have no value: the bytes they
 * were read from are kept and written back (SPEC §5.5.1), and count in equality, and a value made
 * here writes their zero value.
 */
public final class DynamicRecord implements DynamicValue {
    private final MessageDescriptor type;
    /** By field index; a deprecated field's entry is the bytes it was read from, or null. */
    private final Object[] values;
    /** Null while there are none. */
    private UnknownFields unknownFields;

    /** A value of {@code type} with every field at its zero value (SPEC §3). */
    public DynamicRecord(MessageDescriptor type) {
        this(type, false);
        for (int i = 0; i < values.length; i++) {
            FieldDescriptor f = type.fields().get(i);
            if (!f.deprecated()) {
                values[i] = ZeroValues.of(f.type());
            }
        }
    }

    /** A value whose fields the decoder or the JSON reader fills. */
    DynamicRecord(MessageDescriptor type, boolean unused) {
        this.type = Objects.requireNonNull(type, "type");
        this.values = new Object[type.fields().size()];
    }

    @Override
    public MessageDescriptor type() {
        return type;
    }

    /**
     * The value of field {@code name}: null only for an absent optional.
     *
     * @throws IllegalArgumentException if the type has no such field, or it is deprecated
     */
    public Object get(String name) {
        return values[liveIndex(name)];
    }

    /**
     * Sets field {@code name} and returns this value.
     *
     * @throws IllegalArgumentException if the type has no such field, it is deprecated, or
     *     {@code value} does not fit its type (see the class comment), naming the field
     */
    public DynamicRecord set(String name, Object value) {
        int i = liveIndex(name);
        ValueCheck.check(type.fields().get(i).type(), value, type.name() + "." + name);
        values[i] = value;
        return this;
    }

    private int liveIndex(String name) {
        int i = type.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no field " + name + " in " + type);
        }
        if (type.fields().get(i).deprecated()) {
            throw new IllegalArgumentException("field " + name + " of " + type + " is deprecated: it has no value");
        }
        return i;
    }

    /** Whether this value holds unknown fields (a newer writer's, SPEC §5.5.1). */
    public boolean hasUnknownFields() {
        return unknownFields != null;
    }

    /** The unknown fields, {@link UnknownFields#NONE} when there are none. */
    public UnknownFields getUnknownFields() {
        return unknownFields != null ? unknownFields : UnknownFields.NONE;
    }

    /**
     * Sets the unknown fields (null or {@link UnknownFields#NONE} removes them) and returns this
     * value.
     *
     * @throws IllegalArgumentException for a struct (which has none), or when a presence bit is
     *     outside {@link MessageDescriptor#unknownPresenceMask()}
     */
    public DynamicRecord setUnknownFields(UnknownFields fields) {
        if (type.isStruct() && fields != null && !fields.isEmpty()) {
            throw new IllegalArgumentException(type + " is a struct: it never has unknown fields");
        }
        this.unknownFields = UnknownFields.forRecord(fields, type.unknownPresenceMask());
        return this;
    }

    /** Removes the unknown fields and returns this value. */
    public DynamicRecord clearUnknownFields() {
        this.unknownFields = null;
        return this;
    }

    // ---- for the decoder, the encoder and the JSON mapping -------------------------------------

    Object value(int index) {
        return values[index];
    }

    void put(int index, Object value) {
        values[index] = value;
    }

    /** The unknown fields, or null. */
    UnknownFields unknown() {
        return unknownFields;
    }

    void putUnknown(UnknownFields fields) {
        this.unknownFields = fields == null || fields.isEmpty() ? null : fields;
    }

    // ---- equality and printing -----------------------------------------------------------------

    /** Equal when of the same type with equal fields (arrays by content) and equal unknown fields. */
    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof DynamicRecord that) || that.type != type) {
            return false;
        }
        for (int i = 0; i < values.length; i++) {
            if (!Values.deepEquals(values[i], that.values[i])) {
                return false;
            }
        }
        return Objects.equals(unknownFields, that.unknownFields);
    }

    @Override
    public int hashCode() {
        int h = type.qualifiedName().hashCode();
        for (Object v : values) {
            h = 31 * h + Values.deepHashCode(v);
        }
        return unknownFields == null ? h : 31 * h + unknownFields.hashCode();
    }

    /** {@code Point{x=1.0, y=2.0}}; unknown fields show their presence bits and size, not their bytes. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder(type.name()).append('{');
        String sep = "";
        for (int i = 0; i < values.length; i++) {
            FieldDescriptor f = type.fields().get(i);
            if (!f.deprecated()) {
                s.append(sep).append(f.name()).append('=').append(Printing.show(values[i]));
                sep = ", ";
            }
        }
        if (unknownFields != null) {
            s.append(sep).append("unknownFields=").append(unknownFields);
        }
        return s.append('}').toString();
    }
}
