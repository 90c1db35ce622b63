package dev.cser.dynamic;

import dev.cser.UnknownVariant;
import dev.cser.Values;
import java.util.Objects;

/**
 * A value of a union: the variant that is set and its value (never null), or an unknown variant
 * (SPEC §5.7): a variant the schema does not have, which a newer writer set, kept as its tag and
 * payload. Only the decoder makes an unknown one. Immutable.
 */
public final class DynamicUnion implements DynamicValue {
    private final UnionDescriptor type;
    /** Null for an unknown variant. */
    private final VariantDescriptor variant;
    /** The variant's value, or the {@link UnknownVariant}. */
    private final Object value;

    private DynamicUnion(UnionDescriptor type, VariantDescriptor variant, Object value) {
        this.type = type;
        this.variant = variant;
        this.value = value;
    }

    /**
     * The variant named {@code variant} holding {@code value} (held as {@link DynamicRecord}'s
     * fields are).
     *
     * @throws IllegalArgumentException if the union has no such variant or the value does not fit it
     */
    public static DynamicUnion of(UnionDescriptor type, String variant, Object value) {
        VariantDescriptor v = type.variant(variant);
        if (v == null) {
            throw new IllegalArgumentException("no variant " + variant + " in " + type);
        }
        ValueCheck.check(v.type(), value, type.name() + "." + variant);
        return new DynamicUnion(type, v, value);
    }

    /** The zero value (SPEC §3): the zero variant holding its zero value. */
    public static DynamicUnion zero(UnionDescriptor type) {
        VariantDescriptor v = type.zeroVariant();
        return new DynamicUnion(type, v, ZeroValues.of(v.type()));
    }

    /** For the decoder and the JSON reader, which build values that fit. */
    static DynamicUnion ofChecked(UnionDescriptor type, VariantDescriptor variant, Object value) {
        return new DynamicUnion(type, variant, value);
    }

    /** For the decoder: a variant {@code type} does not have. */
    static DynamicUnion ofUnknown(UnionDescriptor type, UnknownVariant unknown) {
        return new DynamicUnion(type, null, unknown);
    }

    @Override
    public UnionDescriptor type() {
        return type;
    }

    /** The variant that is set, or null for an unknown variant. */
    public VariantDescriptor variant() {
        return variant;
    }

    /** Whether the variant is one the schema does not have (SPEC §5.7). */
    public boolean isUnknown() {
        return variant == null;
    }

    /** The tag on the wire: the variant's id, or the unknown variant's tag. */
    public int tag() {
        return variant != null ? variant.id() : ((UnknownVariant) value).tag();
    }

    /** The unknown variant (its tag and payload), or null when the variant is known. */
    public UnknownVariant unknownVariant() {
        return variant == null ? (UnknownVariant) value : null;
    }

    /** Its value: the variant's, or the {@link UnknownVariant}. */
    public Object value() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DynamicUnion u && u.type == type && u.variant == variant && Values.deepEquals(u.value, value);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type.qualifiedName(), tag(), Values.deepHashCode(value));
    }

    /** {@code Event.login[value=...]}, or {@code Event.<unknown>[value=UnknownVariant{tag=4, size=3}]}. */
    @Override
    public String toString() {
        return type.name() + "." + (variant != null ? variant.name() : "<unknown>") + "[value=" + Printing.show(value) + "]";
    }
}
