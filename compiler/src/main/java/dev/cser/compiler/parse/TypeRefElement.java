package dev.cser.compiler.parse;

import dev.cser.compiler.diag.Location;

/** A type as written in a schema, before names are resolved. */
public sealed interface TypeRefElement {
    Location location();

    /** A bare or qualified name: a built-in like {@code i32}, or a declared type. */
    record Named(Location location, String name) implements TypeRefElement {}

    record ListOf(Location location, TypeRefElement element) implements TypeRefElement {}

    record MapOf(Location location, TypeRefElement key, TypeRefElement value) implements TypeRefElement {}

    record OptionalOf(Location location, TypeRefElement inner) implements TypeRefElement {}
}
