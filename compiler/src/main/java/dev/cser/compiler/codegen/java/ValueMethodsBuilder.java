package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.java.ValueMethods.ArraysEquals;
import dev.cser.compiler.codegen.java.ValueMethods.ArraysHash;
import dev.cser.compiler.codegen.java.ValueMethods.BoxHash;
import dev.cser.compiler.codegen.java.ValueMethods.DeepEquals;
import dev.cser.compiler.codegen.java.ValueMethods.DeepHash;
import dev.cser.compiler.codegen.java.ValueMethods.DoubleEquals;
import dev.cser.compiler.codegen.java.ValueMethods.Equality;
import dev.cser.compiler.codegen.java.ValueMethods.FloatEquals;
import dev.cser.compiler.codegen.java.ValueMethods.HashCode;
import dev.cser.compiler.codegen.java.ValueMethods.ObjectsEquals;
import dev.cser.compiler.codegen.java.ValueMethods.ObjectsHash;
import dev.cser.compiler.codegen.java.ValueMethods.SameValue;
import dev.cser.compiler.codegen.java.ValueMethods.Show;
import dev.cser.compiler.codegen.java.ValueMethods.ShowArray;
import dev.cser.compiler.codegen.java.ValueMethods.ShowOptional;
import dev.cser.compiler.codegen.java.ValueMethods.ShowUnsignedInt;
import dev.cser.compiler.codegen.java.ValueMethods.ShowUnsignedString;
import dev.cser.compiler.codegen.java.ValueMethods.ShowValue;

/** Chooses the {@link ValueMethods} records of a {@link JavaType}: how it is compared, hashed and printed. */
final class ValueMethodsBuilder {
    private ValueMethodsBuilder() {}

    /** How values of a type are compared; hashing follows the same choice. */
    private enum Comparison {
        PRIMITIVE, FLOAT, DOUBLE, OBJECTS, ARRAYS, DEEP
    }

    private static Comparison comparison(JavaType t) {
        Comparison c = switch (t.kind()) {
            case SCALAR -> switch (t.primitive()) {
                case F32 -> Comparison.FLOAT;
                case F64 -> Comparison.DOUBLE;
                case STRING -> Comparison.OBJECTS;
                case BYTES -> Comparison.ARRAYS;
                default -> Comparison.PRIMITIVE;
            };
            case PACKED -> Comparison.ARRAYS;
            case ENUM, MESSAGE, UNION -> Comparison.OBJECTS;
            case LIST, OPTIONAL_LIST -> container(t.element());
            case MAP, OPTIONAL_MAP -> container(t.value());
        };
        // An optional number is boxed: compared as an object.
        boolean boxedNumber = c == Comparison.PRIMITIVE || c == Comparison.FLOAT || c == Comparison.DOUBLE;
        return t.nullable() && boxedNumber ? Comparison.OBJECTS : c;
    }

    /** Collections compare with equals(), unless they (transitively) hold arrays: then deeply. */
    private static Comparison container(JavaType inner) {
        Comparison c = comparison(inner);
        return c == Comparison.ARRAYS || c == Comparison.DEEP ? Comparison.DEEP : Comparison.OBJECTS;
    }

    /** Whether Java's own equals() would compare the type by identity somewhere inside. */
    static boolean needsDeepEquality(JavaType t) {
        Comparison c = comparison(t);
        return c == Comparison.ARRAYS || c == Comparison.DEEP;
    }

    static Equality equality(JavaType t, ValueRef a, ValueRef b) {
        return switch (comparison(t)) {
            case PRIMITIVE -> new SameValue(a, b);
            case FLOAT -> new FloatEquals(a, b);
            case DOUBLE -> new DoubleEquals(a, b);
            case OBJECTS -> new ObjectsEquals(a, b);
            case ARRAYS -> new ArraysEquals(a, b);
            case DEEP -> new DeepEquals(a, b);
        };
    }

    static HashCode hash(JavaType t, ValueRef a) {
        return switch (comparison(t)) {
            case PRIMITIVE, FLOAT, DOUBLE -> new BoxHash(JavaPrimitives.box(t.primitive()), a);
            case OBJECTS -> new ObjectsHash(a);
            case ARRAYS -> new ArraysHash(a);
            case DEEP -> new DeepHash(a);
        };
    }

    /**
     * Unsigned numbers print unsigned, arrays their elements; an optional one the same when
     * present, {@code null} when absent.
     */
    static Show show(JavaType t, ValueRef a) {
        Show present = showPresent(t, a);
        return t.nullable() && !(present instanceof ShowValue) ? new ShowOptional(a, present) : present;
    }

    private static Show showPresent(JavaType t, ValueRef a) {
        if (t.kind() == JavaType.Kind.PACKED) {
            return new ShowArray(a);
        }
        if (t.kind() != JavaType.Kind.SCALAR) {
            return new ShowValue(a);
        }
        return switch (t.primitive()) {
            case U8, U16 -> new ShowUnsignedInt(JavaPrimitives.box(t.primitive()), a);
            case U32, U64 -> new ShowUnsignedString(JavaPrimitives.box(t.primitive()), a);
            case BYTES -> new ShowArray(a);
            default -> new ShowValue(a);
        };
    }
}
