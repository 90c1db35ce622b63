package dev.cser.compiler.codegen.python;

/**
 * A value generated code reads: an attribute of the value {@code v} ({@code v.width},
 * {@code v.value}) or a local ({@code x}, {@code x3_x1}).
 */
public record ValueRef(String name, boolean onValue) {

    static ValueRef local(String name) {
        return new ValueRef(name, false);
    }

    static ValueRef attribute(String name) {
        return new ValueRef(name, true);
    }
}
