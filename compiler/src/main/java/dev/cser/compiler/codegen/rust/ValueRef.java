package dev.cser.compiler.codegen.rust;

/**
 * A value generated code reads: a field of {@code self} or a local, taken by reference
 * ({@code &self.name}), read out of one ({@code *el0}) or used as it is.
 *
 * @param name the field or local
 * @param onSelf a field of {@code self}
 * @param borrow written {@code &x}: the callee takes a reference
 * @param deref written {@code *x}: a Copy value read out of a reference
 */
public record ValueRef(String name, boolean onSelf, boolean borrow, boolean deref) {

    /** A local used as it is: {@code value}, {@code el0}. */
    static ValueRef local(String name) {
        return new ValueRef(name, false, false, false);
    }

    /** A local holding a reference, read by value when its type is Copy. */
    static ValueRef element(String name, boolean copy) {
        return new ValueRef(name, false, false, copy);
    }

    /** {@code self.name} itself, as a receiver. */
    static ValueRef field(String name) {
        return new ValueRef(name, true, false, false);
    }

    /** {@code &self.name}, or {@code self.name} when the value is Copy. */
    static ValueRef fieldArgument(String name, boolean copy) {
        return new ValueRef(name, true, !copy, false);
    }
}
