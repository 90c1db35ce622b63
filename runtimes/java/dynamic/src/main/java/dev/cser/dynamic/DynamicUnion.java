package dev.cser.dynamic;

import dev.cser.Values;
import java.util.Objects;

/** A value of a union: the variant that is set and its value (never null). Immutable. */
public final class DynamicUnion implements DynamicValue {
    private final UnionDescriptor type;
    private final VariantDescriptor variant;
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

    @Override
    public UnionDescriptor type() {
        return type;
    }

    /** The variant that is set. */
    public VariantDescriptor variant() {
        return variant;
    }

    /** Its value. */
    public Object value() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DynamicUnion u && u.type == type && u.variant == variant && Values.deepEquals(u.value, value);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type.qualifiedName(), variant.id(), Values.deepHashCode(value));
    }

    /** {@code Event.login[value=...]}. */
    @Override
    public String toString() {
        return type.name() + "." + variant.name() + "[value=" + Printing.show(value) + "]";
    }
}
