package dev.cser.dynamic;

import java.util.Locale;

/**
 * The built-in scalar types (SPEC §3) and the Java class a value of each is held in: the boxes
 * of SPEC §12.1's Java mapping (unsigned types hold their bit pattern, as generated code does).
 */
public enum Scalar {
    BOOL(Boolean.class),
    I8(Byte.class),
    I16(Short.class),
    I32(Integer.class),
    I64(Long.class),
    U8(Byte.class),
    U16(Short.class),
    U32(Integer.class),
    U64(Long.class),
    F32(Float.class),
    F64(Double.class),
    STRING(String.class),
    BYTES(byte[].class);

    private final Class<?> javaClass;

    Scalar(Class<?> javaClass) {
        this.javaClass = javaClass;
    }

    /** The name as written in a schema: {@code i32}, {@code string}, ... */
    public String schemaName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The class of a value of this type: {@code Integer} for i32 and u32, {@code byte[]} for bytes. */
    public Class<?> javaClass() {
        return javaClass;
    }

    /** The scalar spelled {@code name} in a schema, or null. */
    public static Scalar bySchemaName(String name) {
        for (Scalar s : values()) {
            if (s.schemaName().equals(name)) {
                return s;
            }
        }
        return null;
    }
}
