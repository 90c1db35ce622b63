package dev.cser.compiler.schema;

import dev.cser.compiler.diag.Location;
import java.util.List;

/** An enum: named non-negative numbers, one of them 0. */
public final class EnumType extends Declaration {
    /** A member of an enum: {@code location} is where its name is written, {@code valueLocation} its value. */
    public record Member(Location location, String name, int value, String doc, Location valueLocation) {}

    private List<Member> members = List.of();

    EnumType(Location location, String packageName, String name, String doc) {
        super(location, packageName, name, doc);
    }

    /** The members in declaration order. */
    public List<Member> members() {
        return members;
    }

    /** The member whose value is 0. */
    public Member zeroMember() {
        return members.stream().filter(m -> m.value() == 0).findFirst().orElseThrow();
    }

    void setMembers(List<Member> members) {
        this.members = List.copyOf(members);
    }

    @Override
    public String keyword() {
        return "enum";
    }
}
