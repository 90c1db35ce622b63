package dev.cser.compiler.codegen.java;

/**
 * How one use of a schema type looks in Java: the parts its spelling is made of, and which
 * templates of java.stg spell, read, write, compare, hash, print and zero it. The spelling of a
 * composite type ({@code java.util.List<Integer>}, {@code int[]}) is made by the templates
 * {@code javaType} and {@code boxed}; this class holds only the target's name table entries
 * (the atom {@code int} and its box {@code Integer}). {@code kind} picks the read/write
 * templates ({@code read_<kind>}, {@code write_<kind>}); {@code cmp} the equality flavour;
 * {@code zero} the zero-value template; {@code show} the toString flavour. Nested types carry
 * their nesting depth so loops get distinct variable names.
 */
public final class JavaType {
    /** scalar, packed, enum, record, struct, union, list, optlist, map, optmap. */
    public final String kind;
    /** atom, array (a primitive array of {@code atom}), list, map: picks the {@code jtype_<shape>} template. */
    public final String shape;
    /** For atoms and arrays: the Java name of the type or element: {@code int}, {@code String}, a class. */
    public final String atom;
    /** For Java primitives: the box ({@code Integer}); null when the atom is already a reference. */
    public final String boxedAtom;
    /** A record-level optional: held boxed, null when absent. */
    public final boolean nullable;
    /** The CserReader/CserWriter method suffix: {@code I32}, {@code String}, {@code F64Array}. */
    public final String runtimeName;
    /** For enums, records, structs and unions: how to name the generated class. */
    public final String typeRef;
    /** For enums: the constant of the zero member. */
    public final String zeroMember;
    /** prim, float, double, ref, array, deep. */
    public final String cmp;
    /** none (a Java primitive's default is the zero value), string, array, list, map, enum, message, union. */
    public final String zero;
    /** plain, u8, u16, u32, u64, array. */
    public final String show;
    /** Loop-variable suffix: 0 for a field's own type, +1 per level of nesting. */
    public final int depth;
    public final JavaType element;
    public final JavaType mapKey;
    public final JavaType mapValue;
    /**
     * For scalars and packed lists: the name of the dev.cser.json.JsonValues conversion
     * ({@code i32}, {@code u64}, {@code string}, {@code f32Array}); null otherwise.
     */
    public final String jsonName;

    JavaType(String kind, String shape, String atom, String boxedAtom, boolean nullable, String runtimeName,
            String typeRef, String zeroMember, String cmp, String zero, String show, int depth, JavaType element,
            JavaType mapKey, JavaType mapValue, String jsonName) {
        this.kind = kind;
        this.shape = shape;
        this.atom = atom;
        this.boxedAtom = boxedAtom;
        this.nullable = nullable;
        this.runtimeName = runtimeName;
        this.typeRef = typeRef;
        this.zeroMember = zeroMember;
        this.cmp = cmp;
        this.zero = zero;
        this.show = show;
        this.depth = depth;
        this.element = element;
        this.mapKey = mapKey;
        this.mapValue = mapValue;
        this.jsonName = jsonName;
    }

    /** True when the Java type is a primitive (int, double, ...): never null, compared with ==. */
    public boolean isPrimitive() {
        return boxedAtom != null && !nullable;
    }

    /** Java's own equals() would compare this type by identity somewhere inside: compare deeply. */
    public boolean isDeepEquality() {
        return cmp.equals("array") || cmp.equals("deep");
    }

    /** True for {@code boolean}, whose zero literal is {@code false} rather than a cast 0. */
    public boolean isBool() {
        return isPrimitive() && atom.equals("boolean");
    }

    /** A field of this type must be set to its zero value explicitly (Java's default is null). */
    public boolean getNeedsInit() {
        return !zero.equals("none");
    }

    // Local variable names for this nesting level. Templates pass these (not anonymous
    // templates) down, because an anonymous template would be evaluated in the callee's scope.

    public String getElVar() {
        return "el" + depth;
    }

    public String getKeyVar() {
        return "key" + depth;
    }

    public String getValVar() {
        return "val" + depth;
    }

    // Template names, so java.stg can dispatch with (t.readTemplate)(...).

    public String getTypeTemplate() {
        return "jtype_" + shape;
    }

    public String getReadTemplate() {
        return "read_" + kind;
    }

    public String getWriteTemplate() {
        return "write_" + kind;
    }

    public String getEqualsTemplate() {
        return "eq_" + cmp;
    }

    public String getHashTemplate() {
        return "hash_" + cmp;
    }

    public String getShowTemplate() {
        return "show_" + show;
    }

    public String getZeroTemplate() {
        return "zero_" + zero;
    }

    public String getToJsonTemplate() {
        return "tojson_" + kind;
    }

    public String getFromJsonTemplate() {
        return "fromjson_" + kind;
    }

    /** The JsonValues method reading this scalar or packed list: {@code asI32}, {@code asF32Array}. */
    public String getJsonReader() {
        return jsonName == null ? null : "as" + Character.toUpperCase(jsonName.charAt(0)) + jsonName.substring(1);
    }
}
