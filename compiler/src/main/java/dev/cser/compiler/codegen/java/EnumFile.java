package dev.cser.compiler.codegen.java;

import java.util.List;

/**
 * The class of an open enum (SPEC §12.1): a constant per member, and values holding numbers
 * this schema does not name.
 *
 * @param name the class name; {@code typeName} the qualified schema name
 * @param members in declaration order
 * @param byNumber sorted by number, one per number: the cases of {@code forNumber}
 */
public record EnumFile(String packageName, String sourcePath, String name, String typeName, List<String> doc,
        List<Member> members, List<Member> byNumber) {

    /** A member: its constant's name, its number and its doc. */
    public record Member(String name, int number, List<String> doc) {}
}
