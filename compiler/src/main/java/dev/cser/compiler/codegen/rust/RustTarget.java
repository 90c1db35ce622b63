package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.Names;
import dev.cser.compiler.codegen.Target;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The Rust target's reserved words and spellings (SPEC §12.2): fields and modules snake_case,
 * types and variants PascalCase; a keyword becomes a raw identifier ({@code r#type}), except the
 * few that cannot be raw ({@code self_}, {@code SelfValue}).
 */
public final class RustTarget extends Target {
    /** Strict and reserved keywords of Rust 2021 (and 2024's {@code gen}). */
    private static final Set<String> KEYWORDS = Set.of("as", "break", "const", "continue", "crate", "else", "enum",
            "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
            "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use",
            "where", "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro",
            "override", "priv", "typeof", "unsized", "virtual", "yield", "try", "gen");

    /** Keywords that cannot be raw identifiers ({@code r#self} is not allowed): they get a suffix. */
    private static final Set<String> NOT_RAW = Set.of("self", "Self", "super", "crate");

    /** The file holding the module tree that includes every package's file. */
    public static final String MODULES_FILE = "cser_modules.rs";

    @Override
    public String name() {
        return "rust";
    }

    /** A snake_case identifier (field, module), escaped: {@code type} → {@code r#type}, {@code self} → {@code self_}. */
    public String snake(String schemaName) {
        return escape(schemaName.toLowerCase(Locale.ROOT));
    }

    /**
     * The names of the members a generated record or struct has besides its fields (SPEC
     * §12.2): a schema field of such a name gets a trailing underscore, in every record and
     * struct (so that marking a field deprecated, which adds {@code deprecated_fields}, renames
     * no other field).
     */
    private static final Set<String> RECORD_MEMBERS = Set.of("unknown_fields", "deprecated_fields");

    /**
     * A record's or struct's field: {@link #snake}, and {@code unknown_fields} (the member that
     * holds a record's unknown fields) and {@code deprecated_fields} (the one that keeps the
     * bytes of its deprecated fields, SPEC §5.5.1) get a trailing underscore.
     */
    public String fieldName(String schemaName) {
        String name = snake(collapseUnderscores(schemaName));
        return RECORD_MEMBERS.contains(name) ? name + "_" : name;
    }

    /**
     * {@code a__b} → {@code a_b}: rustc's snake-case lint rejects a run of underscores inside a
     * name (trailing ones are fine); {@code a_b} beside it then takes the name first (SPEC §12.2).
     */
    static String collapseUnderscores(String name) {
        int end = name.length();
        while (end > 0 && name.charAt(end - 1) == '_') {
            end--;
        }
        return name.substring(0, end).replaceAll("_{2,}", "_") + name.substring(end);
    }

    /** A PascalCase identifier for a union variant: {@code image_ref} → {@code ImageRef}. */
    public String pascal(String snake) {
        return escape(Names.pascal(snake));
    }

    /**
     * A type name as declared (already PascalCase); {@code Self} becomes {@code Self_}, which no
     * schema type can be called (type names have no underscore).
     */
    public String typeName(String schemaName) {
        return schemaName.equals("Self") ? "Self_" : escape(schemaName);
    }

    /**
     * A name that repeats an earlier one in the same scope gets its id after one underscore:
     * {@code r#type} → {@code type_3}, {@code self_} → {@code self_3}, {@code a__} → {@code a_3}; a PascalCase one without separator
     * ({@code AB} → {@code AB3}), which rustc's camel-case lint would refuse.
     */
    public String disambiguate(String name, int id) {
        String n = name.startsWith("r#") ? name.substring(2) : name;
        if (Character.isUpperCase(n.charAt(0))) {
            return n + id;
        }
        // One underscore before the id, whatever the name ends with: get_unknown_fields__ (a
        // schema name) and 696 would make a run of underscores inside the name, which rustc's
        // snake-case lint refuses.
        return n.replaceAll("_+$", "") + "_" + id;
    }

    /**
     * The modules of a package: {@code sakai.content} → [sakai, content]; a keyword a raw
     * identifier ({@code r#type}), and one that cannot be raw one more trailing underscore
     * ({@code self} → {@code self_}, {@code self_} → {@code self__}), so that distinct packages
     * keep distinct modules.
     */
    public List<String> modulePath(String packageName) {
        return Names.segments(packageName).stream()
                .map(s -> Names.escapeInjective(s, NOT_RAW))
                .map(s -> KEYWORDS.contains(s) ? "r#" + s : s).toList();
    }

    /**
     * The file of a package's items, which {@link #MODULES_FILE} includes: {@code sakai.content.rs}.
     * A package name too long for one file name (file systems allow 255 bytes; a package at the
     * limits of SPEC §2.1 has 16 parts of 120 characters) keeps its first characters and gets a
     * hash of the whole name, so that distinct packages still get distinct files.
     */
    public String packageFile(String packageName) {
        if (packageName.length() <= MAX_FILE_STEM) {
            return packageName + ".rs";
        }
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(packageName.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            String hash = java.util.HexFormat.of().formatHex(digest, 0, 8);
            return packageName.substring(0, MAX_FILE_STEM - hash.length() - 1) + "." + hash + ".rs";
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** The longest package name used as it stands in a file name (with ".rs", well under 255). */
    private static final int MAX_FILE_STEM = 200;

    private static String escape(String name) {
        if (NOT_RAW.contains(name)) {
            return name.equals("Self") ? "SelfValue" : name + "_";
        }
        return KEYWORDS.contains(name) ? "r#" + name : name;
    }

    /**
     * {@code ///} comments end at the line's end, and rustdoc reads Markdown (SPEC §12.2): doc
     * text stays one paragraph of text, as the schema wrote it. Markdown's block structure would
     * make clippy's doc lints fail on arbitrary text (an unindented line after a list item or a
     * quote, an over-indented list item, a link definition in a list, a footnote reference
     * without its note) and would make code blocks doctests that {@code cargo test} compiles. So
     * each line's leading whitespace goes (four spaces would start a code block), a line that
     * then starts a list item, quote or code fence has a backslash before that marker, and
     * {@code [^} has one before its caret: in Markdown the escaped character reads as itself.
     */
    @Override
    public List<String> docLines(String doc) {
        List<String> lines = Names.docLines(doc).stream().map(RustTarget::plainMarkdown).toList();
        // A doc of nothing but white space to Rust (a no-break space, U+3000, ...) is clippy's
        // empty_docs: no doc at all, as for an empty one.
        return lines.stream().allMatch(RustTarget::blank) ? List.of() : lines;
    }

    /** Whether Rust's {@code trim()} leaves nothing of a line: Unicode's White_Space only. */
    private static boolean blank(String line) {
        return line.codePoints().allMatch(c -> Character.isWhitespace(c) || Character.isSpaceChar(c));
    }

    /** A bullet or ordered list item, a block quote, or a code fence at the start of a line. */
    private static final java.util.regex.Pattern BLOCK_START =
            java.util.regex.Pattern.compile("^(?:[-+*](?=[ \\t]|$)|[0-9]{1,9}(?=[.)](?:[ \\t]|$))|>|```|~~~)");

    static String plainMarkdown(String line) {
        String text = line.stripLeading().replace("[^", "[\\^");
        java.util.regex.Matcher m = BLOCK_START.matcher(text);
        if (!m.find()) {
            return text;
        }
        // The marker's first character for bullets, quotes and fences; the period or
        // parenthesis after the number for an ordered item (1\. reads 1.).
        int at = Character.isDigit(text.charAt(0)) ? m.end() : 0;
        return text.substring(0, at) + "\\" + text.substring(at);
    }

    @Override
    public String hexLiteral(long value) {
        return String.format("0x%016x", value);
    }

    /** A byte of a {@code &[u8]} literal: {@code 0x0a}. */
    public String byteLiteral(byte b) {
        return String.format("0x%02x", b & 0xFF);
    }
}
