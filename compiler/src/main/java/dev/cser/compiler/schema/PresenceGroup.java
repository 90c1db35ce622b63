package dev.cser.compiler.schema;

import java.util.List;

/**
 * One presence byte of a record or struct (SPEC §5.4): the optional fields whose bits it holds,
 * slots 8g to 8g+7 in id order, deprecated ones included (they are on the wire, always absent).
 * The byte is written just before {@link #first()}.
 *
 * @param index g, the group's number
 * @param slots the optional fields of the group in slot order
 */
public record PresenceGroup(int index, List<Field> slots) {

    public PresenceGroup {
        slots = List.copyOf(slots);
    }

    /** The field the presence byte is written before: slot 8g. */
    public Field first() {
        return slots.get(0);
    }

    /** How many bits of the byte are used; in a struct the others must be zero (SPEC §5.4). */
    public int bitsUsed() {
        return slots.size();
    }

    /** The slots a generated API can see: the group's fields that are not deprecated. */
    public List<Field> liveSlots() {
        return slots.stream().filter(f -> !f.deprecated()).toList();
    }
}
