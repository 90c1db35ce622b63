package dev.cser.compiler.codegen.java;

import java.util.List;

/**
 * The class of an open enum (SPEC §12.1): a constant per member, and values holding numbers
 * this schema does not name.
 *
 * @param name the class name; {@code typeName} the qualified schema name
 * @param members in declaration order
 * @param byNumber sorted by number, one per number: the cases of {@code forNumber}
 * @param chunks for a large enum, its members in groups of {@link #CHUNK}: each group is one
 *     method that fills the tables of numbers and names; empty for a small enum
 * @param large whether this enum is laid out for size ({@link #LARGE})
 */
public record EnumFile(String packageName, String sourcePath, String name, String typeName, List<String> doc,
        List<Member> members, List<Member> byNumber, List<Chunk> chunks, boolean large, CanonicalCode canonical) {

    /**
     * Past this many members the class is laid out for size (SPEC §12.1): a method holds at most
     * 64 KiB of bytecode, and a {@code switch} over thousands of cases, or a static initializer
     * constructing thousands of constants, would not fit. Constants then come from tables that
     * methods of {@link #CHUNK} members each fill, and lookups go through hash maps.
     */
    public static final int LARGE = 256;

    /** Members per table-filling method of a large enum: a few KiB of bytecode each. */
    public static final int CHUNK = 256;

    /** A member: its constant's name, its number, its doc and its position in declaration order. */
    public record Member(String name, int number, List<String> doc, int index) {}

    /** One table-filling method of a large enum. */
    public record Chunk(int index, List<Member> members) {}
}
