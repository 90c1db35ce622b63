package dev.cser.compiler.codegen.rust;

import java.util.List;

/** An enum: a Copy newtype over its number, with a constant per member (SPEC §12.2). */
public final class EnumItem {
    public record Member(String name, int value, List<String> doc) {
        public String getName() {
            return name;
        }

        public int getValue() {
            return value;
        }

        public List<String> getDoc() {
            return doc;
        }
    }

    public final String name;
    public final String qualifiedName;
    public final List<String> doc;
    public final List<Member> members;
    public final Member zero;

    EnumItem(String name, String qualifiedName, List<String> doc, List<Member> members, Member zero) {
        this.name = name;
        this.qualifiedName = qualifiedName;
        this.doc = doc;
        this.members = members;
        this.zero = zero;
    }

    public String getTemplate() {
        return "enumItem";
    }

    public int getCount() {
        return members.size();
    }
}
