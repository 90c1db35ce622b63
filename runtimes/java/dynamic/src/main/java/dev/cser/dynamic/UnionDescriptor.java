package dev.cser.dynamic;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A union (SPEC §5.7): a tag, the id of the variant that is set, then that variant's value. */
public final class UnionDescriptor implements RootDescriptor {
    private final String qualifiedName;
    /** The simple name, kept: decode errors name it on every level they unwind through. */
    private final String name;
    private final List<VariantDescriptor> variants;
    private final VariantDescriptor zeroVariant;
    private final long typeId;
    private final long fingerprint;
    private final Map<String, VariantDescriptor> byName = new HashMap<>();
    private final Map<Integer, VariantDescriptor> byId = new HashMap<>();

    /**
     * @param qualifiedName {@code package.Name}
     * @param variants the variants in id order
     * @param zeroVariant the name of the variant of the zero value (SPEC §3: the lowest-id
     *     variant that can hold a finite value)
     * @param typeId the stream type id (SPEC §8)
     * @param fingerprint the schema fingerprint (SPEC §8)
     * @throws DescriptorException if there is no variant, two share a name or id, or the zero
     *     variant is not one of them
     */
    public UnionDescriptor(String qualifiedName, List<VariantDescriptor> variants, String zeroVariant, long typeId,
            long fingerprint) {
        this.qualifiedName = Objects.requireNonNull(qualifiedName, "qualifiedName");
        this.name = qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
        this.variants = List.copyOf(variants);
        this.typeId = typeId;
        this.fingerprint = fingerprint;
        if (this.variants.isEmpty()) {
            throw new DescriptorException("union " + qualifiedName + " has no variant");
        }
        for (VariantDescriptor v : this.variants) {
            if (byName.put(v.name(), v) != null) {
                throw new DescriptorException(qualifiedName + " has two variants named " + v.name());
            }
            if (v.id() < 1 || byId.put(v.id(), v) != null) {
                throw new DescriptorException(qualifiedName + "." + v.name() + ": variant id " + v.id()
                        + " is not positive or not unique");
            }
        }
        this.zeroVariant = byName.get(zeroVariant);
        if (this.zeroVariant == null) {
            throw new DescriptorException(qualifiedName + ": the zero variant " + zeroVariant + " is not a variant");
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
        return "union";
    }

    /** The variants in id order. */
    public List<VariantDescriptor> variants() {
        return variants;
    }

    /** The variant named {@code name}, or null. */
    public VariantDescriptor variant(String name) {
        return byName.get(name);
    }

    /** The variant with tag {@code id}, or null. */
    public VariantDescriptor variant(int id) {
        return byId.get(id);
    }

    /** The variant of the zero value. */
    public VariantDescriptor zeroVariant() {
        return zeroVariant;
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
        return "union " + qualifiedName;
    }
}
