package dev.cser.compiler.codegen;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
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
     * Names made distinct within one scope, in order: a name equal to an earlier one (or to one
     * in {@code reserved}) is renamed by {@code disambiguate(name, id)}, again and again until
     * it is free (each target has its own suffix rule, part of its generated API). The first
     * claimant keeps its name, so the result depends only on the order (id order, declaration
     * order), and two names are never merged.
     */
    public static List<String> unique(List<String> names, List<Integer> ids,
            BiFunction<String, Integer, String> disambiguate) {
        return unique(names, ids, Set.of(), disambiguate);
    }

    /** {@link #unique(List, List, BiFunction)} in a scope that already holds {@code reserved}. */
    public static List<String> unique(List<String> names, List<Integer> ids, Set<String> reserved,
            BiFunction<String, Integer, String> disambiguate) {
        Scope scope = new Scope(reserved);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            out.add(scope.claim(names.get(i), ids.get(i), disambiguate));
        }
        return out;
    }

    /**
     * The names one scope of generated code holds (a class's members, a module's top-level
     * names): each claim gets a name no earlier claim got.
     */
    public static final class Scope {
        private final Set<String> taken = new HashSet<>();
        private final boolean ignoreCase;

        public Scope(Collection<String> reserved) {
            this(reserved, false);
        }

        private Scope(Collection<String> reserved, boolean ignoreCase) {
            this.ignoreCase = ignoreCase;
            reserved.forEach(n -> taken.add(key(n)));
        }

        /**
         * A scope where names equal ignoring case clash: the names of files in one directory
         * (Java's source and class files), which a file system that ignores case would merge.
         */
        public static Scope ignoringCase(Collection<String> reserved) {
            return new Scope(reserved, true);
        }

        private String key(String name) {
            return ignoreCase ? name.toLowerCase(java.util.Locale.ROOT) : name;
        }

        public boolean isTaken(String name) {
            return taken.contains(key(name));
        }

        /** Takes {@code name}, or {@code disambiguate(name, id)} applied until a free one comes. */
        public String claim(String name, int id, BiFunction<String, Integer, String> disambiguate) {
            String n = name;
            while (taken.contains(key(n))) {
                n = disambiguate.apply(n, id);
            }
            taken.add(key(n));
            return n;
        }

        /** Takes every name of {@code names} if none is taken yet (and they differ); else takes none. */
        public boolean claimAll(List<String> names) {
            List<String> keys = names.stream().map(this::key).toList();
            if (keys.stream().anyMatch(taken::contains) || new HashSet<>(keys).size() != keys.size()) {
                return false;
            }
            taken.addAll(keys);
            return true;
        }
    }

    /**
     * A name escaped so that the escape cannot meet another name: when {@code name} without its
     * trailing underscores is in {@code reserved}, one more underscore ({@code static} →
     * {@code static_}, {@code static_} → {@code static__}). Used where no scope resolves clashes
     * (package segments and modules, which other compilations name too).
     */
    public static String escapeInjective(String name, Set<String> reserved) {
        int end = name.length();
        while (end > 0 && name.charAt(end - 1) == '_') {
            end--;
        }
        return reserved.contains(name.substring(0, end)) ? name + "_" : name;
    }

    /**
     * The lines of a {@code ///} doc comment; empty when there is none. Characters that some
     * compiler, linter or tool takes for something else than text in a comment are written as
     * visible escapes by {@link #visibleControls}.
     */
    public static List<String> docLines(String doc) {
        return doc == null || doc.isEmpty() ? List.of() : doc.lines().map(Names::visibleControls).toList();
    }

    /**
     * Whether a doc character is written as an escape (SPEC §12): the C0 controls (tab included:
     * clippy denies tabs in doc comments), DEL and the C1 controls (NUL ends Python's source, a
     * lone CR ends a comment's line), the bidirectional controls (rustc denies them in comments:
     * the text would read differently from what compiles), the line and paragraph separators
     * (lines end there for JavaScript and for Python's {@code str.splitlines}) and the byte
     * order mark.
     */
    public static boolean isEscapedInDoc(int c) {
        return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0x061C || c == 0x200E || c == 0x200F
                || (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x2028 || c == 0x2029
                || c == 0xFEFF;
    }

    /**
     * Each character of {@link #isEscapedInDoc} as a backslash, {@code u}, and its hex number in
     * braces: U+202E becomes the six characters {@code u{202E}} after a backslash. (This comment
     * cannot show the backslash before the u: javac reads that as a Unicode escape everywhere.)
     */
    public static String visibleControls(String line) {
        StringBuilder b = new StringBuilder(line.length());
        line.codePoints().forEach(c -> {
            if (isEscapedInDoc(c)) {
                b.append("\\u{").append(Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT)).append('}');
            } else {
                b.appendCodePoint(c);
            }
        });
        return b.toString();
    }
}
