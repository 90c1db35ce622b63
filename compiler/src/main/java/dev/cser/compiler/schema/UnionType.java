package dev.cser.compiler.schema;

import dev.cser.compiler.diag.Location;
import java.util.List;

/** A union: a tag (the variant id) and the value of that variant. */
public final class UnionType extends Declaration {
    private List<Field> variants = List.of();
    private Field zeroVariant;

    UnionType(Location location, String packageName, String name, String doc) {
        super(location, packageName, name, doc);
    }

    /** The variants in id order. */
    public List<Field> variants() {
        return variants;
    }

    /** The variant of the zero value: the lowest-id variant that can hold a finite value. */
    public Field zeroVariant() {
        return zeroVariant;
    }

    /**
     * Whether a variant's value gets a payload length of its own (SPEC §5.7): every variant but a
     * record, whose own length is the payload's.
     */
    public static boolean hasPayloadLength(Field variant) {
        return !(variant.type() instanceof Type.NamedType n && n.declaration() instanceof MessageType m && !m.isStruct());
    }

    /** The highest variant id: ids run 1..N without gaps (SPEC §2), so a tag above is unknown. */
    public int maxTag() {
        return variants.size();
    }

    void setVariants(List<Field> variants) {
        this.variants = List.copyOf(variants);
    }

    void setZeroVariant(Field zeroVariant) {
        this.zeroVariant = zeroVariant;
    }

    @Override
    public String keyword() {
        return "union";
    }
}
