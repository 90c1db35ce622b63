package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.java.TypeSpelling.ClassType;
import dev.cser.compiler.schema.Primitive;

/**
 * What the Java builders need to know about one use of a schema type (not rendered: the
 * builders turn it into {@link TypeSpelling}, {@link Reads}, {@link Writes}, {@link ZeroValue},
 * {@link ValueMethods} and {@link JsonConversions} records). Nested types carry their nesting
 * depth, so the locals of nested loops and lambdas get distinct names.
 *
 * @param primitive for scalars and packed lists, the schema primitive (of the elements)
 * @param type for enums, records, structs and unions: how this file names the class
 * @param zeroMember for enums, the name of the constant of the zero member
 * @param nullable an optional field's type: held boxed, null when absent
 * @param depth 0 for a field's or variant's own type, one more per level of nesting
 */
record JavaType(Kind kind, Primitive primitive, ClassType type, String zeroMember, boolean nullable, int depth,
        JavaType element, JavaType key, JavaType value) {

    enum Kind {
        /** A number, bool, string or bytes. */
        SCALAR,
        /** A list of numbers or bools: a primitive array. */
        PACKED,
        ENUM,
        /** A record or struct. */
        MESSAGE,
        UNION,
        LIST,
        OPTIONAL_LIST,
        MAP,
        OPTIONAL_MAP
    }

    /** A Java primitive ({@code int}, {@code boolean}, ...): never null, compared with {@code ==}. */
    boolean isPrimitive() {
        return kind == Kind.SCALAR && primitive.isNumeric() && !nullable;
    }

    /** The same type held by an optional field. */
    JavaType asNullable() {
        return new JavaType(kind, primitive, type, zeroMember, true, depth, element, key, value);
    }
}
