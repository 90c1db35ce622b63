package dev.cser.compiler.codegen.python;

/**
 * How one use of a schema type looks in Python, and which templates of python.stg spell
 * ({@code pt_<shape>}), zero ({@code zero_<kind>}) and describe ({@code desc_<kind>}) it. Nested
 * types carry their nesting depth, so the locals of the JSON conversions get distinct names.
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
    /** Integers: the range a value must be in (the JSON mapping checks it). */
    public final String lo;
    public final String hi;
    /** Packed lists: the element's schema name (its descriptor constant). */
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
        this.lo = b.lo;
        this.hi = b.hi;
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

    public String getTypeTemplate() {
        return "pt_" + shape;
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
     * This type's descriptor (cser.codec): the template that spells it ({@code desc_<kind>}),
     * and for scalars and packed lists the name of the kind constant ({@code I32},
     * {@code STRING}; a packed list's is its element's).
     */
    public String getDescriptorTemplate() {
        return switch (kind) {
            case "enum", "message", "packed", "list", "optlist", "map", "optmap" -> "desc_" + kind;
            default -> "desc_scalar";
        };
    }

    public String getDescriptorName() {
        return (kind.equals("packed") ? elementName : schemaName).toUpperCase(java.util.Locale.ROOT);
    }

    /** The zero value is a fresh mutable object: a list, a dict, or a message (not an enum). */
    public boolean isMutableZero() {
        return switch (kind) {
            case "packed", "list", "optlist", "map", "optmap", "message" -> true;
            default -> false;
        };
    }

    /** For a mutable zero: the template of what makes a fresh one ({@code list}, a class...). */
    public String getZeroFactoryTemplate() {
        return switch (kind) {
            case "message" -> "zeroFactory_message";
            case "map", "optmap" -> "zeroFactory_map";
            default -> "zeroFactory_list";
        };
    }

    static final class Builder {
        String kind;
        String shape = "atom";
        String atom;
        String schemaName;
        String lo;
        String hi;
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
