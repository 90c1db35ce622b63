package dev.cser.dynamic;

import java.util.Objects;

/**
 * A variant of a union: its tag on the wire is its id (SPEC §5.7).
 *
 * @param name the schema name, snake_case (also its JSON key)
 * @param id the variant id, the tag
 * @param type the type of its value (never an optional)
 */
public record VariantDescriptor(String name, int id, ValueType type) {

    public VariantDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if (type instanceof ValueType.OptionalType) {
            throw new DescriptorException("variant " + name + ": a union variant cannot be optional");
        }
    }
}
