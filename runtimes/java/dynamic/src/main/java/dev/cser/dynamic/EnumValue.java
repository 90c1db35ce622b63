package dev.cser.dynamic;

import java.util.Objects;

/**
 * A value of an enum: a number, which the enum may not name (a newer writer's member, kept and
 * written back unchanged, SPEC §12). Immutable; equal when type and number are.
 */
public final class EnumValue {
    private final EnumDescriptor type;
    private final int number;

    private EnumValue(EnumDescriptor type, int number) {
        this.type = type;
        this.number = number;
    }

    /**
     * The value numbered {@code number}, named or not.
     *
     * @throws IllegalArgumentException if {@code number} is negative (numbers are 0..2³¹−1)
     */
    public static EnumValue of(EnumDescriptor type, int number) {
        Objects.requireNonNull(type, "type");
        if (number < 0) {
            throw new IllegalArgumentException("enum " + type.qualifiedName() + ": numbers are 0..2147483647, not "
                    + number);
        }
        return new EnumValue(type, number);
    }

    /**
     * The member named {@code name}.
     *
     * @throws IllegalArgumentException if the enum has no such member
     */
    public static EnumValue of(EnumDescriptor type, String name) {
        EnumDescriptor.Member m = type.member(name);
        if (m == null) {
            throw new IllegalArgumentException("no member " + name + " in enum " + type.qualifiedName());
        }
        return new EnumValue(type, m.number());
    }

    public EnumDescriptor type() {
        return type;
    }

    /** The number written on the wire. */
    public int number() {
        return number;
    }

    /** The member's name, or null for a number the enum does not name. */
    public String name() {
        EnumDescriptor.Member m = type.member(number);
        return m == null ? null : m.name();
    }

    /** Whether the enum names this number. */
    public boolean isKnown() {
        return type.member(number) != null;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EnumValue e && e.number == number && e.type.qualifiedName().equals(type.qualifiedName());
    }

    @Override
    public int hashCode() {
        return Integer.hashCode(number);
    }

    /** The member's name, or {@code Color(7)} for a number the enum does not name (as generated enums print). */
    @Override
    public String toString() {
        String name = name();
        return name != null ? name : type.name() + "(" + number + ")";
    }
}
