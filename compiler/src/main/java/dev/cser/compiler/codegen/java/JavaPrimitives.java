package dev.cser.compiler.codegen.java;

import dev.cser.compiler.schema.Primitive;
import java.util.Locale;

/**
 * The Java names of each schema primitive (SPEC §12.1): the Java type, its box, and the names
 * the runtime's methods are built from ({@code CserReader.readI32}, {@code readI8Array},
 * {@code JsonValues.i32}, {@code JsonValues.asI32}). A name table, like the keyword set of
 * {@link JavaTarget}; the templates put the names together.
 */
final class JavaPrimitives {
    private JavaPrimitives() {}

    /** The Java primitive of a number or bool: {@code int}, {@code boolean}; unsigned types share the signed one's. */
    static String javaName(Primitive p) {
        return switch (p) {
            case BOOL -> "boolean";
            case I8, U8 -> "byte";
            case I16, U16 -> "short";
            case I32, U32 -> "int";
            case I64, U64 -> "long";
            case F32 -> "float";
            case F64 -> "double";
            default -> throw new IllegalArgumentException("not a Java primitive: " + p);
        };
    }

    /** The box of a number or bool: {@code Integer}, {@code Boolean}. */
    static String box(Primitive p) {
        return switch (p) {
            case BOOL -> "Boolean";
            case I8, U8 -> "Byte";
            case I16, U16 -> "Short";
            case I32, U32 -> "Integer";
            case I64, U64 -> "Long";
            case F32 -> "Float";
            case F64 -> "Double";
            default -> throw new IllegalArgumentException("no box for " + p);
        };
    }

    /** The suffix of the runtime's scalar methods and JSON readers: {@code I32}, {@code Bool}, {@code String}. */
    static String method(Primitive p) {
        String lower = lower(p);
        return Character.toUpperCase(lower.charAt(0)) + lower.substring(1);
    }

    /** The element part of the runtime's array methods: u8 shares i8's ({@code readI8Array}), the bytes are the same. */
    static String arrayMethod(Primitive p) {
        return method(p == Primitive.U8 ? Primitive.I8 : p);
    }

    /** The name of the JSON conversion: {@code i32}, {@code string}; lists add {@code Array}. */
    static String lower(Primitive p) {
        return p.name().toLowerCase(Locale.ROOT);
    }
}
