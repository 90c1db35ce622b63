package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.schema.Declaration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Rust spellings of schema names (SPEC §12): modules and fields snake_case, types PascalCase. */
final class RustNames {
    private RustNames() {}

    /** Strict and reserved keywords of Rust 2021 (and 2024's {@code gen}). */
    private static final Set<String> KEYWORDS = Set.of("as", "break", "const", "continue", "crate", "else", "enum",
            "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
            "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use",
            "where", "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
            "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen");

    /** Keywords that cannot be raw identifiers ({@code r#self} is not allowed): they get a suffix. */
    private static final Set<String> NOT_RAW = Set.of("self", "Self", "super", "crate");

    /** A snake_case identifier (field, module), escaped: {@code type} → {@code r#type}, {@code self} → {@code self_}. */
    static String snake(String schemaName) {
        return escape(schemaName.toLowerCase(Locale.ROOT));
    }

    /** A PascalCase identifier for a union variant: {@code image_ref} → {@code ImageRef}. */
    static String pascal(String snake) {
        StringBuilder b = new StringBuilder();
        for (String part : snake.split("_")) {
            if (!part.isEmpty()) {
                b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return escape(b.toString());
    }

    /** A type name as declared (already PascalCase), escaped. */
    static String typeName(Declaration d) {
        return escape(d.name());
    }

    private static String escape(String name) {
        if (NOT_RAW.contains(name)) {
            return name.equals("Self") ? "SelfValue" : name + "_";
        }
        return KEYWORDS.contains(name) ? "r#" + name : name;
    }

    /** The module path of a package: {@code sakai.content} → [sakai, content]. */
    static List<String> modulePath(String packageName) {
        return Arrays.stream(packageName.split("\\.")).map(RustNames::snake).toList();
    }

    /**
     * How code in package {@code fromPackage} names {@code d}: its bare name in the same package,
     * otherwise a path up to the root of the generated modules and down again
     * ({@code super::super::sakai::common::Id}), which works wherever the modules are included.
     */
    static String typePath(Declaration d, String fromPackage) {
        if (d.packageName().equals(fromPackage)) {
            return typeName(d);
        }
        StringBuilder b = new StringBuilder();
        b.append("super::".repeat(modulePath(fromPackage).size()));
        for (String segment : modulePath(d.packageName())) {
            b.append(segment).append("::");
        }
        return b.append(typeName(d)).toString();
    }

    /** Names made distinct: a name that repeats an earlier one gets the id appended. */
    static List<String> unique(List<String> names, List<Integer> ids) {
        Set<String> seen = new HashSet<>();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            if (!seen.add(n)) {
                n = n.startsWith("r#") ? n.substring(2) + "_" + ids.get(i) : n + "_" + ids.get(i);
                seen.add(n);
            }
            out.add(n);
        }
        return out;
    }

    /** Doc comment lines for {@code ///}: empty for no documentation. */
    static List<String> doc(String doc) {
        return doc == null || doc.isEmpty() ? List.of() : doc.lines().toList();
    }
}
