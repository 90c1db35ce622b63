package dev.cser.compiler.codegen.rust;

/**
 * What the Rust builders need to know about one use of a schema type (not rendered: the
 * builders turn it into {@link TypeSpelling}, {@link Writes}, {@link Reads} and
 * {@link JsonConversions} records). Nested types carry their nesting depth, so loop and closure
 * variables get distinct names.
 *
 * @param primitive for scalars and packed lists, the Rust primitive ({@code i32}), also the
 *     suffix of the runtime's methods ({@code write_i32}, {@code read_f64_list})
 * @param path for enums, records, structs and unions: how this package names the type
 * @param boxed held in a Box: the type holds itself without a list or map between
 * @param copy a Copy type (numbers, bool, enums): passed by value, read out of references with {@code *}
 */
record RustType(Kind kind, String primitive, TypePath path, boolean boxed, boolean copy, int depth, RustType element,
        RustType key, RustType value) {

    enum Kind {
        SCALAR, STRING, BYTES, PACKED, ENUM, MESSAGE, LIST, OPTIONAL_LIST, MAP, OPTIONAL_MAP;

        /** Written and read by a runtime collection helper, element by element. */
        boolean isCollection() {
            return this == PACKED || this == LIST || this == OPTIONAL_LIST || this == MAP || this == OPTIONAL_MAP;
        }
    }

    String elementVar() {
        return "el" + depth;
    }

    String keyVar() {
        return "key" + depth;
    }

    String valueVar() {
        return "val" + depth;
    }

    /** The variable of a JSON conversion closure. */
    String jsonVar() {
        return "j" + depth;
    }
}
