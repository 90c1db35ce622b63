package dev.cser.compiler.codegen.rust;

/**
 * How one use of a schema type looks in Rust: the name-table entries its spelling is made of,
 * and which templates of rust.stg spell ({@code rt_<shape>}), write ({@code write_<kind>}) and
 * read ({@code read_<kind>}) it. Nested types carry their nesting depth, so loop variables get
 * distinct names.
 */
public final class RustType {
    /** scalar, string, bytes, packed, enum, message, list, optlist, map, optmap. */
    public final String kind;
    /** The spelling template: atom, string, bytes, packed, boxed, list, optlist, map, optmap. */
    public final String shape;
    /** For scalars and packed lists the Rust primitive ({@code i32}); for named types their path. */
    public final String atom;
    /** The runtime method suffix of scalars and packed lists: {@code write_i32}, {@code read_f64_list}. */
    public final String runtime;
    /** Held in a Box: the type recurses into itself without a list or map between. */
    public final boolean boxed;
    /** A Copy type (numbers, bool, enums): passed by value, read out of references with {@code *}. */
    public final boolean copy;
    /** 0 for a field's own type, +1 per level of nesting (for loop-variable names). */
    public final int depth;
    public final RustType element;
    public final RustType key;
    public final RustType value;

    RustType(String kind, String shape, String atom, String runtime, boolean boxed, boolean copy, int depth,
            RustType element, RustType key, RustType value) {
        this.kind = kind;
        this.shape = shape;
        this.atom = atom;
        this.runtime = runtime;
        this.boxed = boxed;
        this.copy = copy;
        this.depth = depth;
        this.element = element;
        this.key = key;
        this.value = value;
    }

    /** The closure variable of a JSON conversion of a value of this type. */
    public String getJsVar() {
        return "j" + depth;
    }

    public String getElVar() {
        return "el" + depth;
    }

    public String getKeyVar() {
        return "key" + depth;
    }

    public String getValVar() {
        return "val" + depth;
    }

    // A loop or closure variable is a reference; a Copy value is read out of it with `*`.

    public String getElRef() {
        return (element.copy ? "*" : "") + getElVar();
    }

    public String getKeyRef() {
        return (key.copy ? "*" : "") + getKeyVar();
    }

    public String getValRef() {
        return (value.copy ? "*" : "") + getValVar();
    }

    /** A message read by its own function can be passed as the reader itself, not wrapped in a closure. */
    public boolean isReadByPath() {
        return kind.equals("message") && !boxed;
    }

    public String getTypeTemplate() {
        return "rt_" + shape;
    }

    public String getWriteTemplate() {
        return "write_" + kind;
    }

    public String getReadTemplate() {
        return "read_" + kind;
    }

    // The JSON templates (jsTo, jsToFn, jsFrom, jsFromFn of rust.stg) by kind.

    private boolean collection() {
        return switch (kind) {
            case "packed", "list", "optlist", "map", "optmap" -> true;
            default -> false;
        };
    }

    public String getJsToTemplate() {
        return collection() ? "jsto_" + kind : "jsto_fn";
    }

    public String getJsToFnTemplate() {
        return switch (kind) {
            case "scalar", "string", "bytes" -> "jstofn_" + kind;
            case "enum", "message" -> "jstofn_named";
            default -> "jstofn_closure";
        };
    }

    public String getJsFromTemplate() {
        return collection() ? "jsfrom_" + kind : boxed ? "jsfrom_boxed" : "jsfrom_fn";
    }

    public String getJsFromFnTemplate() {
        if (boxed || collection()) {
            return "jsfromfn_closure";
        }
        return switch (kind) {
            case "scalar", "string", "bytes" -> "jsfromfn_" + kind;
            default -> "jsfromfn_named";
        };
    }
}
