package dev.cser.compiler.codegen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;

/**
 * Spellings of schema names every target shares: schema names are snake_case (fields,
 * variants, package segments), PascalCase (types) or UPPER_SNAKE (enum members), and each target
 * converts them with these before its {@link Target} escapes what its language reserves.
 */
public final class Names {
    private Names() {}

    /** {@code image_ref} → {@code ImageRef}; underscores dropped, each part capitalised. */
    public static String pascal(String snake) {
        StringBuilder b = new StringBuilder();
        for (String part : snake.split("_")) {
            if (!part.isEmpty()) {
                b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return b.toString();
    }

    /**
     * {@code resource_type} → {@code resourceType}: each underscore capitalises the next letter
     * (so {@code a__b} and {@code a_b} meet, which {@link #unique} resolves); {@code _} when
     * nothing is left.
     */
    public static String camel(String snake) {
        StringBuilder out = new StringBuilder();
        boolean upper = false;
        for (char c : snake.toCharArray()) {
            if (c == '_') {
                upper = true;
            } else if (upper) {
                out.append(Character.toUpperCase(c));
                upper = false;
            } else {
                out.append(c);
            }
        }
        if (out.length() == 0) {
            return "_";
        }
        out.setCharAt(0, Character.toLowerCase(out.charAt(0)));
        return out.toString();
    }

    /** The segments of a package name: {@code sakai.content} → [sakai, content]. */
    public static List<String> segments(String packageName) {
        return Arrays.asList(packageName.split("\\."));
    }

    /**
     * Names made distinct within one scope, in order: a name equal to an earlier one is
     * renamed by {@code disambiguate(name, id)} (each target has its own suffix rule, part of
     * its generated API).
     */
    public static List<String> unique(List<String> names, List<Integer> ids,
            BiFunction<String, Integer, String> disambiguate) {
        Set<String> seen = new HashSet<>();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            if (!seen.add(n)) {
                n = disambiguate.apply(n, ids.get(i));
                seen.add(n);
            }
            out.add(n);
        }
        return out;
    }

    /** The lines of a {@code ///} doc comment; empty when there is none. */
    public static List<String> docLines(String doc) {
        return doc == null || doc.isEmpty() ? List.of() : doc.lines().toList();
    }
}
