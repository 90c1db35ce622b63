package dev.cser;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A canonical schema text (SPEC §8.1) read back into types, fields, variants and members, so that
 * a reader can compare a writer's schema with its own ({@link SchemaCompat}, SPEC §9.1).
 *
 * <p>The text may come from anywhere (a file, later a stream or a Kafka record), so
 * {@link #parse} accepts exactly the grammar of §8.1 within the limits of §2.1 and nothing else:
 * it is linear in the text's length, recurses at most 32 levels (a type's nesting), and throws
 * only {@link IllegalArgumentException}, {@code bad schema text at line L, column C: ...}.
 */
public final class SchemaText {
    /** What a line declares. */
    public enum Kind {
        RECORD, STRUCT, UNION, ENUM;

        /** The keyword, {@code record}. */
        public String keyword() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * A type as a field or variant writes it: a built-in ({@code builtin} set), a list, map or
     * optional of others ({@code args}), or a named type ({@code named} set).
     */
    public record TypeRef(String builtin, String generic, List<TypeRef> args, String named) {
        /** The type in canonical spelling: {@code map<string, a.b.C>}. */
        public String spelling() {
            if (builtin != null) {
                return builtin;
            }
            if (named != null) {
                return named;
            }
            StringBuilder s = new StringBuilder(generic).append('<');
            for (int i = 0; i < args.size(); i++) {
                s.append(i > 0 ? ", " : "").append(args.get(i).spelling());
            }
            return s.append('>').toString();
        }
    }

    /** A field of a record or struct, or a variant of a union. */
    public record Member(int id, boolean deprecated, TypeRef type, String name) {}

    /** An enum member. */
    public record EnumMember(String name, int number) {}

    /** One line: a type, with its fields or variants (in id order) or members (in number order). */
    public record Type(Kind kind, String name, List<Member> members, List<EnumMember> enumMembers) {}

    static final int MAX_NESTING = 32;
    static final int MAX_MEMBERS = 1000;
    static final int MAX_ENUM_MEMBERS = 4096;
    static final int MAX_NAME = 120;
    static final int MAX_PACKAGE_PARTS = 16;
    /** SPEC §2's names: package parts and fields snake_case, types PascalCase, members UPPER_SNAKE. */
    private static final java.util.regex.Pattern SNAKE = java.util.regex.Pattern.compile("[a-z][a-z0-9_]*");
    private static final java.util.regex.Pattern PASCAL = java.util.regex.Pattern.compile("[A-Z][A-Za-z0-9]*");
    private static final java.util.regex.Pattern UPPER = java.util.regex.Pattern.compile("[A-Z][A-Z0-9_]*");
    /** The built-ins a map's key cannot be (SPEC §2). */
    private static final Set<String> NOT_KEYS = Set.of("bool", "f32", "f64", "bytes");
    private static final Set<String> BUILTINS = Set.of("bool", "i8", "u8", "i16", "u16", "i32", "u32", "i64",
            "u64", "f32", "f64", "string", "bytes");

    private final String text;
    private final Map<String, Type> types;

    private SchemaText(String text, Map<String, Type> types) {
        this.text = text;
        this.types = Collections.unmodifiableMap(types);
    }

    /** The text as given. */
    public String text() {
        return text;
    }

    /** The types by qualified name, in the text's (sorted) order. */
    public Map<String, Type> types() {
        return types;
    }

    /**
     * Reads a canonical text.
     *
     * @throws IllegalArgumentException {@code bad schema text at line L, column C: ...} for anything
     *     but a canonical text within SPEC §2.1's limits
     */
    public static SchemaText parse(String text) {
        return new Parser(text).parse();
    }

    /** A hand-written reader of §8.1's grammar: one pass, no backtracking. */
    private static final class Parser {
        private final String s;
        private int pos;
        private int line = 1;
        private int lineStart;
        /** Every named type a field or variant uses, with where, to check once all lines are read. */
        private final Map<String, int[]> used = new LinkedHashMap<>();
        /** Every named type a map has as its key, with where, to check that it is an enum. */
        private final Map<String, int[]> keys = new LinkedHashMap<>();
        /** The names of the fields, variants or members of the line being read. */
        private final java.util.Set<String> names = new java.util.HashSet<>();

        Parser(String s) {
            this.s = s;
        }

        SchemaText parse() {
            Map<String, Type> types = new LinkedHashMap<>();
            String previous = null;
            if (s.isEmpty()) {
                throw error("no lines");
            }
            while (pos < s.length()) {
                int atLine = line;
                Type t = line();
                if (previous != null && previous.compareTo(t.name()) >= 0) {
                    throw new IllegalArgumentException("bad schema text at line " + atLine + ", column 1: "
                            + (previous.equals(t.name()) ? "type " + t.name() + " declared twice"
                                    : "type " + t.name() + " after " + previous + ": lines are sorted by name"));
                }
                previous = t.name();
                types.put(t.name(), t);
            }
            for (Map.Entry<String, int[]> u : used.entrySet()) {
                if (!types.containsKey(u.getKey())) {
                    int[] where = u.getValue();
                    throw new IllegalArgumentException("bad schema text at line " + where[0] + ", column " + where[1]
                            + ": type " + u.getKey() + " is used but has no line");
                }
            }
            for (Map.Entry<String, int[]> k : keys.entrySet()) {
                Type t = types.get(k.getKey());
                if (t.kind() != Kind.ENUM) {
                    int[] where = k.getValue();
                    throw new IllegalArgumentException("bad schema text at line " + where[0] + ", column " + where[1]
                            + ": map key " + k.getKey() + " is " + (t.kind() == Kind.UNION ? "a union" : "a "
                            + t.kind().keyword()) + ": a key is an integer type, string or an enum");
                }
            }
            return new SchemaText(s, types);
        }

        private Type line() {
            String keyword = name(null, "");
            Kind kind = switch (keyword) {
                case "record" -> Kind.RECORD;
                case "struct" -> Kind.STRUCT;
                case "union" -> Kind.UNION;
                case "enum" -> Kind.ENUM;
                default -> throw error("expected record, struct, union or enum");
            };
            expect(' ');
            String name = qualifiedName("a type name");
            expect('{');
            List<Member> members = new ArrayList<>();
            List<EnumMember> enumMembers = new ArrayList<>();
            names.clear();
            while (peek() != '}') {
                if (kind == Kind.ENUM) {
                    enumMembers.add(enumMember(enumMembers));
                } else {
                    members.add(member(kind, members.size() + 1));
                }
            }
            expect('}');
            expect('\n');
            line++;
            lineStart = pos;
            if (kind == Kind.ENUM && enumMembers.isEmpty()) {
                throw error("enum " + name + " has no member numbered 0");
            }
            if ((kind == Kind.STRUCT || kind == Kind.UNION) && members.isEmpty()) {
                throw error(kind.keyword() + " " + name + " has no " + (kind == Kind.UNION ? "variants" : "fields"));
            }
            return new Type(kind, name, List.copyOf(members), List.copyOf(enumMembers));
        }

        private Member member(Kind kind, int expectedId) {
            if (expectedId > MAX_MEMBERS) {
                throw error("more than " + MAX_MEMBERS + (kind == Kind.UNION ? " variants" : " fields"));
            }
            int at = pos;
            long id = number();
            if (id != expectedId) {
                pos = at;
                throw error("expected id " + expectedId);
            }
            boolean deprecated = false;
            if (kind != Kind.UNION && peek() == '!') {
                pos++;
                deprecated = true;
            }
            expect(':');
            int typeAt = pos;
            TypeRef type = type(0);
            if (kind == Kind.UNION && "optional".equals(type.generic())) {
                pos = typeAt;
                throw error("a union variant cannot be optional");
            }
            expect(' ');
            int nameAt = pos;
            String name = name(SNAKE, kind == Kind.UNION ? "a variant name (snake_case)" : "a field name (snake_case)");
            if (!names.add(name)) {
                pos = nameAt;
                throw error((kind == Kind.UNION ? "variant '" : "field '") + name + "' twice");
            }
            expect(';');
            return new Member((int) id, deprecated, type, name);
        }

        private EnumMember enumMember(List<EnumMember> before) {
            if (before.size() == MAX_ENUM_MEMBERS) {
                throw error("more than " + MAX_ENUM_MEMBERS + " members");
            }
            int nameAt = pos;
            String name = name(UPPER, "a member name (UPPER_SNAKE)");
            if (!names.add(name)) {
                pos = nameAt;
                throw error("member " + name + " twice");
            }
            expect('=');
            int at = pos;
            long number = number();
            if (number > Integer.MAX_VALUE) {
                pos = at;
                throw error("member number above 2147483647");
            }
            if (before.isEmpty() ? number != 0 : number <= before.get(before.size() - 1).number()) {
                pos = at;
                throw error(before.isEmpty() ? "the first member is not numbered 0" : "member numbers not ascending");
            }
            expect(';');
            return new EnumMember(name, (int) number);
        }

        /** A type inside {@code depth} lists, maps and optionals (§2.1: at most 32). */
        private TypeRef type(int depth) {
            int at = pos;
            String word = name(null, "");
            if (peek() == '<') {
                if (depth == MAX_NESTING) {
                    pos = at;
                    throw error("a type nested more than " + MAX_NESTING + " levels");
                }
                int arity = switch (word) {
                    case "list", "optional" -> 1;
                    case "map" -> 2;
                    default -> {
                        pos = at;
                        throw error("expected list, map or optional before '<'");
                    }
                };
                pos++;
                List<TypeRef> args = new ArrayList<>(arity);
                int argAt = pos;
                TypeRef first = type(depth + 1);
                if (word.equals("optional") && "optional".equals(first.generic())) {
                    pos = argAt;
                    throw error("optional<optional<T>> is not a type");
                }
                if (word.equals("map")) {
                    checkKey(first, argAt);
                }
                args.add(first);
                if (arity == 2) {
                    expect(',');
                    expect(' ');
                    args.add(type(depth + 1));
                }
                expect('>');
                return new TypeRef(null, word, List.copyOf(args), null);
            }
            if (BUILTINS.contains(word)) {
                return new TypeRef(word, null, List.of(), null);
            }
            if (word.equals("list") || word.equals("map") || word.equals("optional")) {
                pos = at;
                throw error(word + " without '<'");
            }
            pos = at;
            String named = qualifiedName("a type");
            used.putIfAbsent(named, new int[] {line, at - lineStart + 1});
            return new TypeRef(null, null, List.of(), named);
        }

        /** SPEC §2: a map's key is an integer type, {@code string} or an enum (checked once all lines are read). */
        private void checkKey(TypeRef key, int at) {
            if (key.named() != null) {
                keys.putIfAbsent(key.named(), new int[] {line, at - lineStart + 1});
            } else if (key.builtin() == null || NOT_KEYS.contains(key.builtin())) {
                pos = at;
                throw error("map key " + key.spelling() + ": a key is an integer type, string or an enum");
            }
        }

        /** A decimal number without sign or leading zeros, at most 10 digits. */
        private long number() {
            int start = pos;
            while (pos < s.length() && s.charAt(pos) >= '0' && s.charAt(pos) <= '9' && pos - start < 11) {
                pos++;
            }
            if (pos == start) {
                throw error("expected a number");
            }
            if ((s.charAt(start) == '0' && pos - start > 1) || pos - start > 10) {
                pos = start;
                throw error("malformed number");
            }
            return Long.parseLong(s, start, pos, 10);
        }

        /** {@code package.parts.Type}: one to 16 snake_case parts, then a PascalCase name. */
        private String qualifiedName(String what) {
            int start = pos;
            name(SNAKE, what + " (its package first)");
            if (peek() != '.') {
                throw error("expected '.': " + what + " is qualified by its package");
            }
            int parts = 1;
            while (true) {
                pos++;
                int at = pos;
                int end = wordEnd(at);
                if (end == at || end >= s.length() || s.charAt(end) != '.') {
                    break;
                }
                if (parts == MAX_PACKAGE_PARTS) {
                    throw error("a package of more than " + MAX_PACKAGE_PARTS + " parts");
                }
                name(SNAKE, "a package part");
                parts++;
            }
            name(PASCAL, "a type name (PascalCase)");
            return s.substring(start, pos);
        }

        /**
         * A name of letters, digits and underscores, at most 120 characters, matching
         * {@code pattern} (any, when null: a keyword or built-in, checked by the caller).
         */
        private String name(java.util.regex.Pattern pattern, String what) {
            int start = pos;
            int end = wordEnd(start);
            if (end == start) {
                throw error(pattern == null ? "expected a name" : "expected " + what);
            }
            if (end - start > MAX_NAME) {
                pos = start + MAX_NAME;
                throw error("a name longer than " + MAX_NAME + " characters");
            }
            String word = s.substring(start, end);
            if (pattern != null && !pattern.matcher(word).matches()) {
                throw error("expected " + what + ", not '" + word + "'");
            }
            pos = end;
            return word;
        }

        /** Where the run of letters, digits and underscores from {@code from} ends (looking at most 121 characters). */
        private int wordEnd(int from) {
            int end = from;
            while (end < s.length() && end - from <= MAX_NAME && isWordChar(s.charAt(end))) {
                end++;
            }
            return end;
        }

        private static boolean isWordChar(char c) {
            return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        }

        private int peek() {
            return pos < s.length() ? s.charAt(pos) : -1;
        }

        private void expect(char c) {
            if (peek() != c) {
                throw error("expected " + describe(c));
            }
            pos++;
        }

        private static String describe(char c) {
            return switch (c) {
                case '\n' -> "the end of the line";
                case ' ' -> "a space";
                default -> "'" + c + "'";
            };
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("bad schema text at line " + line + ", column " + (pos - lineStart + 1)
                    + ": " + what);
        }
    }
}
