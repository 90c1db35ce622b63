package dev.cser.compiler.codegen.python;

import java.util.List;

/** An enum: an {@code enum.IntEnum} that also holds numbers the schema does not name. */
public final class EnumClass {
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

    EnumClass(String name, String qualifiedName, List<String> doc, List<Member> members) {
        this.name = name;
        this.qualifiedName = qualifiedName;
        this.doc = doc;
        this.members = members;
    }

    public String getTemplate() {
        return "enumClass";
    }
}
