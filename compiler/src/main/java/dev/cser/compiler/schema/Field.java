package dev.cser.compiler.schema;

import dev.cser.compiler.diag.Location;

/**
 * A field of a record or struct, or a variant of a union, with the wire facts every target
 * needs about it (SPEC §5.4, §5.7): its presence bit, and the bytes of its zero value and tag.
 *
 * @param location where its name is written
 * @param optionalSlot for an {@code optional<T>} field, its index among the optional fields of
 *     its record or struct in id order (SPEC §5.4); -1 otherwise
 * @param typeLocation where its type is written
 * @param idLocation where its id is written
 */
public record Field(
        Location location, String name, int id, Type type, boolean deprecated, String doc, int optionalSlot,
        Location typeLocation, Location idLocation) {

    /** This field with another optional slot. */
    Field withOptionalSlot(int slot) {
        return new Field(location, name, id, type, deprecated, doc, slot, typeLocation, idLocation);
    }

    public boolean isOptional() {
        return type instanceof Type.OptionalType;
    }

    /** The presence group (presence byte) of an optional field: slot / 8; -1 for other fields. */
    public int presenceGroup() {
        return optionalSlot < 0 ? -1 : optionalSlot / 8;
    }

    /** The mask of an optional field's bit in its group's presence byte: {@code 1 << (slot % 8)}; 0 otherwise. */
    public int presenceMask() {
        return optionalSlot < 0 ? 0 : 1 << (optionalSlot % 8);
    }

    /** Whether the presence byte of a group is written just before this field (its slot is 8g). */
    public boolean startsPresenceGroup() {
        return optionalSlot >= 0 && optionalSlot % 8 == 0;
    }

    /** The encoding of this field's zero value as it stands in a body: what a deprecated field is written as. */
    public byte[] zeroBytes() {
        return WireBytes.zeroValue(type);
    }

    /** For a union variant: its tag, the varint of its id (SPEC §5.7). */
    public byte[] tagBytes() {
        return WireBytes.varint(id);
    }
}
