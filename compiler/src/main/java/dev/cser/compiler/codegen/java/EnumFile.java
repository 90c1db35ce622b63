package dev.cser.compiler.codegen.java;

import java.util.List;

/** The model of a generated open enum class. */
public final class EnumFile {
    /** A member: its constant name, number and doc. */
    public static final class Member {
        public final String name;
        public final int number;
        public final List<String> doc;

        Member(String name, int number, List<String> doc) {
            this.name = name;
            this.number = number;
            this.doc = doc;
        }
    }

    public final String packageName;
    public final String name;
    public final String typeName;
    public final String sourcePath;
    public final List<String> doc;
    public final List<Member> members;
    /** Members sorted by number, one per number, for the forNumber switch. */
    public final List<Member> byNumber;
    /** Whether to generate the JSON mapping (SPEC §11, {@code cserc --json}). */
    public final boolean json;

    EnumFile(String packageName, String name, String typeName, String sourcePath, List<String> doc,
            List<Member> members, boolean json) {
        this.packageName = packageName;
        this.name = name;
        this.typeName = typeName;
        this.sourcePath = sourcePath;
        this.doc = doc;
        this.members = members;
        this.byNumber = members.stream().sorted((a, b) -> Integer.compare(a.number, b.number)).toList();
        this.json = json;
    }
}
