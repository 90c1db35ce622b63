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

    /**
     * Whether the value gets a payload length of its own (SPEC §5.7): every variant but a record,
     * whose own length is the payload's. Valid once the schema is built (named types bound).
     */
    public boolean hasPayloadLength() {
        return !(type instanceof ValueType.NamedType n && n.target() instanceof MessageDescriptor m && !m.isStruct());
    }
}
