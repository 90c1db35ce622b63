package dev.cser.compiler.schema;

/**
 * The schema limits of SPEC §2.1. Each is far above any schema written by hand, and each is what
 * every target was shown to build and round-trip (conformance/limits): a schema within them
 * generates code that compiles warning-free in Java, Rust and Python. {@code cserc check} and
 * every command that loads schemas reject a schema past one of them with a located error.
 */
public final class Limits {
    private Limits() {}

    /** Fields of one record or struct, deprecated fields included. */
    public static final int FIELDS = 1_000;
    /** Variants of one union. */
    public static final int VARIANTS = 1_000;
    /** Members of one enum. */
    public static final int MEMBERS = 4_096;
    /** Nesting of one type expression: each {@code list}, {@code map} and {@code optional} is a level. */
    public static final int TYPE_DEPTH = 32;
    /**
     * Depth of a type's zero value (SPEC §7 counts it: records, structs and unions held directly):
     * the default maximum depth, so that every zero value encodes and decodes with default limits.
     */
    public static final int ZERO_VALUE_DEPTH = 64;
    /**
     * Values a type holds in place (SPEC §2.1): its fields, and the fields of the records, structs
     * and unions it holds directly or through an optional, a union counting its largest variant.
     * It bounds the zero value an empty message decodes to (an allocation the input does not
     * pay for) and the size of a Rust struct, which holds all of them inline.
     */
    public static final int SIZE_IN_PLACE = 16_384;
    /** Characters of one name: a type, field, variant, enum member or package segment. */
    public static final int NAME_LENGTH = 120;
    /** Segments of a package name. */
    public static final int PACKAGE_SEGMENTS = 16;
}
