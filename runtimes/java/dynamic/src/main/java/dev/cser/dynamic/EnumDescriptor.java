package dev.cser.dynamic;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** An enum: named numbers in 0..2³¹−1, one of them 0. Values may hold numbers it does not name (SPEC §12). */
public final class EnumDescriptor implements TypeDescriptor {
    /** A member: its name (UPPER_SNAKE) and number. */
    public record Member(String name, int number) {
        public Member {
            Objects.requireNonNull(name, "name");
            if (number < 0) {
                throw new DescriptorException("enum member " + name + " has the negative number " + number);
            }
        }
    }

    private final String qualifiedName;
    /** The simple name, kept: decode errors name it on every level they unwind through. */
    private final String name;
    private final List<Member> members;
    private final Map<String, Member> byName = new HashMap<>();
    private final Map<Integer, Member> byNumber = new HashMap<>();

    /**
     * @param qualifiedName {@code package.Name}
     * @param members the members in declaration order
     * @throws DescriptorException if two members share a name or number, or none is 0
     */
    public EnumDescriptor(String qualifiedName, List<Member> members) {
        this.qualifiedName = Objects.requireNonNull(qualifiedName, "qualifiedName");
        this.name = qualifiedName.substring(qualifiedName.lastIndexOf('.') + 1);
        this.members = List.copyOf(members);
        for (Member m : this.members) {
            if (byName.put(m.name(), m) != null || byNumber.put(m.number(), m) != null) {
                throw new DescriptorException("enum " + qualifiedName + " has two members named " + m.name()
                        + " or numbered " + m.number());
            }
        }
        if (!byNumber.containsKey(0)) {
            throw new DescriptorException("enum " + qualifiedName + " has no member numbered 0 (its zero value)");
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
        return "enum";
    }

    /** The members in declaration order. */
    public List<Member> members() {
        return members;
    }

    /** The member named {@code name}, or null. */
    public Member member(String name) {
        return byName.get(name);
    }

    /** The member numbered {@code number}, or null (a number this schema does not know). */
    public Member member(int number) {
        return byNumber.get(number);
    }

    @Override
    public String toString() {
        return "enum " + qualifiedName;
    }
}
