package dev.cser.dynamic;

/**
 * Where an optional field's presence bit lives (SPEC §5.4): its slot among the optional fields of
 * its record or struct (id order, deprecated ones included), the presence byte (group) holding
 * the bit, the bit's mask in that byte, whether the byte is written just before this field (slot
 * 8g), and how many slots that byte holds (bits past them must be zero in a struct).
 *
 * @param slot the field's optional slot, 0, 1, 2, ...
 * @param group the presence byte's number, {@code slot / 8}
 * @param mask the bit, {@code 1 << (slot % 8)}
 * @param startsGroup whether the group's byte is written just before this field
 * @param groupSlots how many slots the group has, 1..8
 */
public record Presence(int slot, int group, int mask, boolean startsGroup, int groupSlots) {

    public Presence {
        if (slot < 0 || group != slot / 8 || mask != 1 << (slot % 8) || startsGroup != (slot % 8 == 0)
                || groupSlots < 1 || groupSlots > 8 || slot % 8 >= groupSlots) {
            throw new DescriptorException("inconsistent presence facts: slot " + slot + ", group " + group
                    + ", mask " + mask + ", startsGroup " + startsGroup + ", groupSlots " + groupSlots);
        }
    }
}
