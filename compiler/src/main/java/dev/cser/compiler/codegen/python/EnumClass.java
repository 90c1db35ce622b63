package dev.cser.compiler.codegen.python;

import java.util.List;

/** An enum: an {@code enum.IntEnum} that also holds numbers the schema does not name. */
public record EnumClass(String name, String qualifiedName, List<String> doc, List<Member> members) {

    public record Member(String name, int value, List<String> doc) {}
}
