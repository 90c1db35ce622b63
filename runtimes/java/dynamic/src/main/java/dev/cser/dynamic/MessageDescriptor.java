package dev.cser.dynamic;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A record (evolvable: length-prefixed, keeps unknown fields, SPEC §5.5) or a struct (frozen: no
 * framing, SPEC §5.6), with its fields in id order, deprecated ones included.
 *
 * <p>The presence facts (each optional field's {@link Presence}, the record's unknown presence
 * mask) are given, not derived: they come from the compiler's linked model, which computes every
 * wire fact once. The constructor checks that they fit together.
 */
public final class MessageDescriptor implements RootDescriptor {
    private final String qualifiedName;
    /** The simple name, kept: decode errors name it on every level they unwind through. */
    private final String name;
    private final boolean struct;
    private final List<FieldDescriptor> fields;
    private final int unknownPresenceMask;
    private final long typeId;
    private final long fingerprint;
    private final Map<String, Integer> indexByName = new HashMap<>();
    /** The number of the last presence byte, -1 when there are no optional fields. */
    private final int lastGroup;

    /**
     * @param qualifiedName {@code package.Name}
     * @param struct true for a struct, false for a record
     * @param fields every field in id order, deprecated ones included
     * @param unknownPresenceMask the bits of the record's last presence byte past its own slots,
     *     which it keeps as unknown presence bits (SPEC §5.5.1); 0 for a struct, for a record
     *     without optional fields and for one whose last presence byte is full
     * @param typeId the stream type id (SPEC §8)
     * @param fingerprint the schema fingerprint (SPEC §8)
     * @throws DescriptorException if the fields or presence facts do not fit together
     */
    public MessageDescriptor(String qualifiedName, boolean struct, List<FieldDescriptor> fields,
            int unknownPresenceMask, long typeId, long fingerprint) {
        this.qualifiedName = Objects.requireNonNull(qualifiedName, "qualifiedName");
        this.name = qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
        this.struct = struct;
        this.fields = List.copyOf(fields);
        this.unknownPresenceMask = unknownPresenceMask;
        this.typeId = typeId;
        this.fingerprint = fingerprint;
        if (struct && this.fields.isEmpty()) {
            throw new DescriptorException("struct " + qualifiedName + " has no field");
        }
        int previousId = 0;
        int slots = 0;
        for (int i = 0; i < this.fields.size(); i++) {
            FieldDescriptor f = this.fields.get(i);
            if (indexByName.put(f.name(), i) != null) {
                throw new DescriptorException(qualifiedName + " has two fields named " + f.name());
            }
            if (f.id() <= previousId) {
                throw new DescriptorException(qualifiedName + "." + f.name() + ": field ids must increase from 1 "
                        + "in field order, and " + f.id() + " follows " + previousId);
            }
            previousId = f.id();
            if (f.presence() != null && f.presence().slot() != slots++) {
                throw new DescriptorException(qualifiedName + "." + f.name() + ": optional slot "
                        + f.presence().slot() + ", expected " + (slots - 1) + " (slots are numbered in field order)");
            }
        }
        for (FieldDescriptor f : this.fields) {
            if (f.presence() != null && f.presence().groupSlots() != Math.min(8, slots - 8 * f.presence().group())) {
                throw new DescriptorException(qualifiedName + "." + f.name() + ": its presence byte holds "
                        + Math.min(8, slots - 8 * f.presence().group()) + " slots, not " + f.presence().groupSlots());
            }
        }
        this.lastGroup = slots == 0 ? -1 : (slots - 1) / 8;
        int lastGroupBits = slots == 0 ? 0 : (1 << (slots - 8 * lastGroup)) - 1;
        if ((unknownPresenceMask & ~0xFF) != 0 || (unknownPresenceMask & lastGroupBits) != 0
                || (unknownPresenceMask != 0 && (struct || slots == 0))) {
            throw new DescriptorException(String.format(
                    "%s: unknown presence mask %02x must be bits of a record's last presence byte past its slots",
                    qualifiedName, unknownPresenceMask));
        }
    }

    @Override
    public String qualifiedName() {
        return qualifiedName;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String keyword() {
        return struct ? "struct" : "record";
    }

    /** True for a struct, false for a record. */
    public boolean isStruct() {
        return struct;
    }

    /** Every field in id order, deprecated ones included. */
    public List<FieldDescriptor> fields() {
        return fields;
    }

    /** The field named {@code name} (deprecated ones included), or null. */
    public FieldDescriptor field(String name) {
        Integer i = indexByName.get(name);
        return i == null ? null : fields.get(i);
    }

    /** The position of field {@code name} in {@link #fields()}, or -1. */
    public int indexOf(String name) {
        Integer i = indexByName.get(name);
        return i == null ? -1 : i;
    }

    /**
     * The bits of the last presence byte that a record keeps as unknown presence bits (SPEC
     * §5.5.1); 0 when it keeps none.
     */
    public int unknownPresenceMask() {
        return unknownPresenceMask;
    }

    /** The number of the presence byte that holds the unknown presence bits: the last one; -1 if none. */
    int unknownBitsGroup() {
        return unknownPresenceMask == 0 ? -1 : lastGroup;
    }

    @Override
    public long typeId() {
        return typeId;
    }

    @Override
    public long fingerprint() {
        return fingerprint;
    }

    @Override
    public String toString() {
        return keyword() + " " + qualifiedName;
    }
}
