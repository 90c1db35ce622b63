package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.java.TypeSpelling.ClassType;

/**
 * The zero value of a type (SPEC §3) as a Java expression, one record per kind: what a new
 * value's fields start as, what a decoded record's missing fields become, and what the zero
 * variant of a union holds.
 */
public sealed interface ZeroValue {
    /** {@code false}. */
    record FalseZero() implements ZeroValue {}

    /**
     * A number's zero as a literal of its Java type: {@code 0}, {@code 0L}, {@code 0.0f}, {@code 0.0}, and
     * {@code (byte) 0} and {@code (short) 0}, which Java has no literal for. A cast only where one is needed:
     * javac -Xlint flags {@code (int) 0} as redundant, and a method argument (a union variant's
     * constructor) gets no narrowing of an int constant, so {@code byte} and {@code short} keep theirs.
     */
    record NumberZero(String literal) implements ZeroValue {}

    record EmptyString() implements ZeroValue {}

    /** {@code new byte[] {}}: bytes or a packed list. */
    record EmptyArray(@ModelElement TypeSpelling type) implements ZeroValue {}

    record EmptyList() implements ZeroValue {}

    record EmptyMap() implements ZeroValue {}

    /** The constant of the enum's zero member. */
    record EnumZero(@ModelElement ClassType type, String member) implements ZeroValue {}

    /** A new record or struct, holding the zero value of every field. */
    record NewMessage(@ModelElement ClassType type) implements ZeroValue {}

    /** The union's {@code zero()}. */
    record UnionZero(@ModelElement ClassType type) implements ZeroValue {}
}
