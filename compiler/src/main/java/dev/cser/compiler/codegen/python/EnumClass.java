package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.ModelElement;
import java.util.List;

/**
 * An enum: an {@code enum.IntEnum} that also holds numbers the schema does not name.
 *
 * @param canonical the enum's line of canonical text (SPEC §8.1); it names no other type
 */
public record EnumClass(String name, String qualifiedName, List<String> doc, List<Member> members,
        @ModelElement CanonicalLine canonical) {

    public record Member(String name, int value, List<String> doc) {}
}
