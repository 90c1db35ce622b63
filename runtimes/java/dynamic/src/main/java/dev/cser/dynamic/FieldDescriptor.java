package dev.cser.dynamic;

import java.util.Objects;

/**
 * A field of a record or struct.
 *
 * @param name the schema name, snake_case (also its JSON key)
 * @param id the field id; fields are written in id order
 * @param type its type
 * @param deprecated whether it is deprecated: on the wire (kept as the bytes it was read from and
 *     written back, SPEC §5.5.1), not in values or JSON
 * @param presence for an {@code optional<T>} field, where its presence bit is; null otherwise
 */
public record FieldDescriptor(String name, int id, ValueType type, boolean deprecated, Presence presence) {

    public FieldDescriptor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        if ((type instanceof ValueType.OptionalType) != (presence != null)) {
            throw new DescriptorException("field " + name + ": an optional field has presence facts and no other "
                    + "field has (type " + type.schemaText() + ", presence " + presence + ")");
        }
    }

    /** Whether it is an {@code optional<T>} field (it has a presence bit). */
    public boolean isOptional() {
        return presence != null;
    }
}
