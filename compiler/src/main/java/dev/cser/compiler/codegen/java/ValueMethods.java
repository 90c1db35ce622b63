package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;

/**
 * How a value takes part in its class's {@code equals}, {@code hashCode} and {@code toString},
 * one record per way: Java's own {@code equals} compares arrays by identity, floats need
 * {@code compare} (so NaN equals itself), and unsigned numbers print unsigned.
 */
public final class ValueMethods {
    private ValueMethods() {}

    /** An expression that is true when {@code a} and {@code b} are equal. */
    public sealed interface Equality {}

    /** An int expression, the hash of {@code a}. */
    public sealed interface HashCode {}

    /** An expression printing {@code a} in {@code toString}. */
    public sealed interface Show {}

    /** {@code a == b}: a primitive other than a float. */
    public record SameValue(@ModelElement ValueRef a, @ModelElement ValueRef b) implements Equality {}

    public record FloatEquals(@ModelElement ValueRef a, @ModelElement ValueRef b) implements Equality {}

    public record DoubleEquals(@ModelElement ValueRef a, @ModelElement ValueRef b) implements Equality {}

    /** {@code java.util.Objects.equals}: references whose own equals compares by content. */
    public record ObjectsEquals(@ModelElement ValueRef a, @ModelElement ValueRef b) implements Equality {}

    /** {@code java.util.Arrays.equals}: bytes and packed lists. */
    public record ArraysEquals(@ModelElement ValueRef a, @ModelElement ValueRef b) implements Equality {}

    /** {@code dev.cser.Values.deepEquals}: lists and maps holding arrays somewhere inside. */
    public record DeepEquals(@ModelElement ValueRef a, @ModelElement ValueRef b) implements Equality {}

    /** {@code Integer.hashCode(a)}: a primitive, hashed by its box's static method. */
    public record BoxHash(String box, @ModelElement ValueRef a) implements HashCode {}

    public record ObjectsHash(@ModelElement ValueRef a) implements HashCode {}

    public record ArraysHash(@ModelElement ValueRef a) implements HashCode {}

    public record DeepHash(@ModelElement ValueRef a) implements HashCode {}

    /** The value as Java prints it. */
    public record ShowValue(@ModelElement ValueRef a) implements Show {}

    /** {@code Byte.toUnsignedInt(a)}: u8 and u16, widened to an int. */
    public record ShowUnsignedInt(String box, @ModelElement ValueRef a) implements Show {}

    /** {@code Integer.toUnsignedString(a)}: u32 and u64. */
    public record ShowUnsignedString(String box, @ModelElement ValueRef a) implements Show {}

    /** {@code java.util.Arrays.toString(a)}. */
    public record ShowArray(@ModelElement ValueRef a) implements Show {}

    /** An optional field that prints other than Java prints it: {@code "null"} when absent. */
    public record ShowOptional(@ModelElement ValueRef a, @ModelElement Show present) implements Show {}
}
