package dev.cser.compiler.parse;

import dev.cser.compiler.diag.Location;
import java.util.List;

/** A type declaration as written in a file. */
public sealed interface TypeElement {
    Location location();

    String name();

    String doc();

    /** The keyword that declared it, for messages. */
    String keyword();

    /** A record (evolvable) or a struct (frozen): both are a list of fields. */
    record Message(Location location, String name, String doc, boolean frozen, List<FieldElement> fields)
            implements TypeElement {
        @Override
        public String keyword() {
            return frozen ? "struct" : "record";
        }
    }

    record Enum(Location location, String name, String doc, List<EnumMemberElement> members)
            implements TypeElement {
        @Override
        public String keyword() {
            return "enum";
        }
    }

    record Union(Location location, String name, String doc, List<FieldElement> variants)
            implements TypeElement {
        @Override
        public String keyword() {
            return "union";
        }
    }
}
