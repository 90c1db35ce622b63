package dev.cser.compiler.schema;

import java.util.Locale;

/** The built-in scalar types of the language (SPEC §3), with what their encodings need to know. */
public enum Primitive {
    BOOL(1, false),
    I8(1, true),
    I16(0, true),
    I32(0, true),
    I64(0, true),
    U8(1, true),
    U16(0, true),
    U32(0, true),
    U64(0, true),
    F32(4, false),
    F64(8, false),
    STRING(0, false),
    BYTES(0, false);

    private final int fixedWidth;
    private final boolean integer;

    Primitive(int fixedWidth, boolean integer) {
        this.fixedWidth = fixedWidth;
        this.integer = integer;
    }

    /** The name as written in a schema: {@code i32}, {@code string}, ... */
    public String schemaName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Bytes per value for fixed-width types (bool, i8, u8, f32, f64); 0 for variable-width ones. */
    public int fixedWidth() {
        return fixedWidth;
    }

    public boolean isFixedWidth() {
        return fixedWidth > 0;
    }

    public boolean isInteger() {
        return integer;
    }

    /** Numbers and bools: the types a list of which maps to a primitive array in Java. */
    public boolean isNumeric() {
        return this != STRING && this != BYTES;
    }

    /** The primitive spelled {@code name} in a schema, or null. */
    public static Primitive bySchemaName(String name) {
        for (Primitive p : values()) {
            if (p.schemaName().equals(name)) {
                return p;
            }
        }
        return null;
    }
}
