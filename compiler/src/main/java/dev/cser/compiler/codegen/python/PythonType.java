package dev.cser.compiler.codegen.python;

/**
 * What the Python builders need to know about one use of a schema type (not rendered: the
 * builders turn it into {@link TypeHints}, {@link ZeroValues}, {@link Descriptors} and
 * {@link JsonConversions} records).
 *
 * @param schemaName the schema spelling ({@code i32}, {@code list<f64>}): error messages, and
 *     the descriptor constant of scalars ({@code _d.I32})
 * @param builtin for scalars, the Python type ({@code int}, {@code str})
 * @param lo for integers, the range a value must be in, as Python literals
 * @param cls for enums, records, structs and unions, the class
 * @param zeroMember for enums, the member with number 0
 * @param union a union: its zero value comes from {@code _zero_X()}
 * @param var the local holding a value of this type in the JSON conversions ({@code x3} for
 *     field 3's own value, {@code x3_x1} for its elements): every local keeps one type through
 *     a function, as mypy wants
 */
record PythonType(Kind kind, String schemaName, String builtin, String lo, String hi, ClassRef cls, String zeroMember,
        boolean union, String var, PythonType element, PythonType key, PythonType value) {

    enum Kind {
        BOOL, INT, F32, F64, STRING, BYTES, PACKED, ENUM, MESSAGE, LIST, OPTIONAL_LIST, MAP, OPTIONAL_MAP;

        /** A fresh mutable object is its zero value: a list, a dict, or a message. */
        boolean hasMutableZero() {
            return this == PACKED || this == LIST || this == OPTIONAL_LIST || this == MAP || this == OPTIONAL_MAP
                    || this == MESSAGE;
        }
    }

    /** A value that is its own JSON form: a bool, an integer or a string (SPEC §11). */
    boolean isJsonPlain() {
        return kind == Kind.BOOL || kind == Kind.INT || kind == Kind.STRING;
    }
}
