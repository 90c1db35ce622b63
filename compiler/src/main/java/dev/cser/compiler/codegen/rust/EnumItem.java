package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;
import java.util.List;

/** An enum: a Copy newtype over its number, with a constant per member (SPEC §12.2). */
public record EnumItem(String name, String qualifiedName, List<String> doc, List<Member> members,
        @ModelElement CanonicalPieces canonical) {

    public record Member(String name, int value, List<String> doc) {}
}
