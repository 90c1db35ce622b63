package dev.cser.compiler.parse;

import dev.cser.compiler.diag.Location;

/**
 * A field of a record or struct, or a variant of a union, as written. The id is kept as text
 * so that an out-of-range number is reported by the linker at {@code idLocation}.
 */
public record FieldElement(
        Location location, String name, TypeRefElement type, String id, Location idLocation, boolean deprecated,
        String doc) {}
