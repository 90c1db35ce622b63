package dev.cser.compiler.codegen.python;

/**
 * How one use of a schema type looks in Python, and which templates of python.stg spell
 * ({@code pt_<shape>}), read ({@code read_<kind>}), write ({@code write_<kind>}) and zero
 * ({@code zero_<kind>}) it. Nested types carry their nesting depth, so the locals of nested
 * loops get distinct names.
 */
public final class PyType {
    /**
     * bool, i8, u8, uint, sint, f32, f64, string, bytes, packed, enum, message, list, optlist,
     * map, optmap.
     */
    public final String kind;
    /** The annotation template: atom, list, optlist, map, optmap. */
    public final String shape;
    /** The annotation of a scalar or named type: {@code int}, {@code Image}, {@code _pkg_chem.Atom}. */
    public final String atom;
    /** The schema spelling, for error messages: {@code i32}, {@code list<f64>}. */
    public final String schemaName;
    /** Integers: the largest varint (or zigzag) value, and the range a value must be in. */
    public final String max;
    public final String lo;
    public final String hi;
    /** Signed integers: the arithmetic shift of zigzag encoding (width - 1). */
    public final int shift;
    /** Packed lists: bool, i8, u8, fixed (floats: struct code and width), uint, sint. */
    public final String packed;
    public final String code;
    public final int width;
    /** Packed lists: the element's schema name, for error messages. */
    public final String elementName;
    /** Named types: where their module-level functions live ({@code ""} or {@code _pkg_chem.}). */
    public final String module;
    /** Named types: the Python class name (also the suffix of {@code _read_X} / {@code _write_X}). */
    public final String className;
    /** Enums: the name of the member with number 0. */
    public final String zeroMember;
    /** Named types: a union (zero value from {@code _zero_X()}) rather than a record or struct. */
    public final boolean union;
    /** The prefix of this value's local: {@code x} for values, {@code k} for map keys. */
    public final String role;
    /**
     * The local of the field's own value ({@code x3} for field 3). Each field has its own locals,
     * so that every local keeps one type through a function (mypy infers it from the first use).
     */
    public final String base;
    public final int depth;
    public final PyType element;
    public final PyType key;
    public final PyType value;

    PyType(Builder b) {
        this.kind = b.kind;
        this.shape = b.shape;
        this.atom = b.atom;
        this.schemaName = b.schemaName;
        this.max = b.max;
        this.lo = b.lo;
        this.hi = b.hi;
        this.shift = b.shift;
        this.packed = b.packed;
        this.code = b.code;
        this.width = b.width;
        this.elementName = b.elementName;
        this.module = b.module;
        this.className = b.className;
        this.zeroMember = b.zeroMember;
        this.union = b.union;
        this.role = b.role;
        this.base = b.base;
        this.depth = b.depth;
        this.element = b.element;
        this.key = b.key;
        this.value = b.value;
    }

    /** The local holding a value of this type while it is read or written. */
    public String getVar() {
        return depth == 0 ? base : base + "_" + role + depth;
    }

    /** A collection's loop index, element count, presence byte and list of map values. */
    public String getIdx() {
        return "i" + depth;
    }

    public String getCount() {
        return "n" + depth;
    }

    public String getPb() {
        return "pb" + depth;
    }

    public String getValues() {
        return getVar() + "_values";
    }

    public String getTypeTemplate() {
        return "pt_" + shape;
    }

    public String getReadTemplate() {
        return "read_" + kind;
    }

    public String getWriteTemplate() {
        return "write_" + kind;
    }

    public String getPackedReadTemplate() {
        return "read_packed_" + packed;
    }

    public String getPackedWriteTemplate() {
        return "write_packed_" + packed;
    }

    public String getZeroTemplate() {
        return "zero_" + kind;
    }

    /**
     * The JSON mapping (SPEC §11): the template that turns a value into its JSON form
     * ({@code tj_<kind>}, an expression), and the one that reads it back ({@code fj_<kind>}).
     */
    public String getToJsonTemplate() {
        return isJsonPlain() ? "tj_plain" : switch (kind) {
            case "f32", "f64" -> "tj_float";
            case "packed" -> "tj_list";
            default -> "tj_" + kind;
        };
    }

    public String getFromJsonTemplate() {
        return switch (kind) {
            case "i8", "u8", "uint", "sint" -> "fj_int";
            case "packed" -> "fj_list";
            default -> "fj_" + kind;
        };
    }

    /** A value that is its own JSON form: a bool, an integer or a string. */
    public boolean isJsonPlain() {
        return switch (kind) {
            case "bool", "i8", "u8", "uint", "sint", "string" -> true;
            default -> false;
        };
    }

    /**
     * The C accelerator's description of this type (cser.native): the template that spells it
     * ({@code nat_<kind>}), and for scalars and packed lists the name of the kind constant
     * ({@code I32}, {@code STRING}; a packed list's is its element's).
     */
    public String getNativeTemplate() {
        return switch (kind) {
            case "enum", "message", "packed", "list", "optlist", "map", "optmap" -> "nat_" + kind;
            default -> "nat_scalar";
        };
    }

    public String getNativeName() {
        return (kind.equals("packed") ? elementName : schemaName).toUpperCase(java.util.Locale.ROOT);
    }

    public boolean isSignedByte() {
        return kind.equals("i8");
    }

    public boolean isBoolKind() {
        return kind.equals("bool");
    }

    /** Packed lists and named types are read and written by one call; the rest by statements. */
    public boolean isCollection() {
        return kind.equals("list") || kind.equals("optlist") || kind.equals("map") || kind.equals("optmap");
    }

    static final class Builder {
        String kind;
        String shape = "atom";
        String atom;
        String schemaName;
        String max;
        String lo;
        String hi;
        int shift;
        String packed;
        String code;
        int width;
        String elementName;
        String module = "";
        String className;
        String zeroMember;
        boolean union;
        String role = "x";
        String base;
        int depth;
        PyType element;
        PyType key;
        PyType value;

        Builder(String kind, int depth) {
            this.kind = kind;
            this.depth = depth;
        }

        PyType build() {
            return new PyType(this);
        }
    }
}
