package dev.cser.compiler.codegen.java;

import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import java.util.ArrayList;
import java.util.List;

/**
 * A type's {@code canonicalLine()} (SPEC §8.1): its line of canonical text and the classes of
 * the types the line names, whose lines the runtime's {@code dev.cser.CanonicalLine} follows.
 *
 * @param parts the line cut after its brace and after each field, variant or member: a class
 *     file holds no string constant above 65,535 bytes, and one part per member reads like the
 *     schema
 * @param named how this file names each class whose line this one names
 */
public record CanonicalCode(List<String> parts, List<String> named) {

    /** The code of {@code d}'s line, naming other classes as {@code mapper} does. */
    static CanonicalCode of(Declaration d, JavaTypeMapper mapper) {
        List<String> named = new ArrayList<>();
        for (Declaration n : CanonicalText.named(d)) {
            TypeSpelling.ClassType c = mapper.classType(n);
            named.add(c.packageName() == null ? c.name() : c.packageName() + "." + c.name());
        }
        return new CanonicalCode(cut(CanonicalText.lineOf(d)), List.copyOf(named));
    }

    /** A line's pieces: up to its brace, each member up to its semicolon, the closing brace. */
    static List<String> cut(String line) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '{' || c == ';') {
                parts.add(line.substring(from, i + 1));
                from = i + 1;
            }
        }
        parts.add(line.substring(from));
        return List.copyOf(parts);
    }
}
