package dev.cser.compiler.schema;

import dev.cser.compiler.diag.Location;

/**
 * A field of a record or struct, or a variant of a union.
 *
 * @param optionalSlot for an {@code optional<T>} field, its index among the optional fields of
 *     its record or struct in id order (SPEC §5.4); -1 otherwise
 */
public record Field(
        Location location, String name, int id, Type type, boolean deprecated, String doc, int optionalSlot) {

    public boolean isOptional() {
        return type instanceof Type.OptionalType;
    }
}
