package dev.cser.compiler.codegen;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.codegen.python.PythonGenerator;
import dev.cser.compiler.codegen.rust.RustGenerator;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Schema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Random valid schemas whose names come from pools of what the three targets reserve or use
 * (keywords, builtins, the runtimes' type names, the members every generated class has, names
 * that differ only by case or underscores, names up to 120 characters long), compiled by every
 * generator (SPEC §12): in each scope of the generated code (a class's fields and methods, a
 * union's nested classes, a module's top-level names and imports, a Rust struct's fields, an
 * enum's variants, the module tree) every declared name must be distinct, and none may be a
 * name that scope imports or a keyword. The identifiers are read from the generated text, so
 * the names the templates add are checked as well as the ones the builders compute.
 *
 * <p>{@code -Dnames.schemas=N} runs N schemas (default 100) and {@code -Dnames.seed=S} another
 * seed.
 */
class GeneratedNamesTest {
    @TempDir
    Path dir;

    private static final List<String> JAVA_KEYWORDS = List.of("abstract", "assert", "boolean", "break", "byte", "case",
            "catch", "char", "class", "const", "continue", "default", "do", "double", "else", "enum", "extends", "final",
            "finally", "float", "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long",
            "native", "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp", "super",
            "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void", "volatile", "while", "true",
            "false", "null", "var", "yield", "record", "sealed", "permits");
    private static final List<String> RUST_KEYWORDS = List.of("as", "break", "const", "continue", "crate", "else",
            "enum", "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
            "pub", "ref", "return", "self", "static", "struct", "super", "trait", "true", "type", "unsafe", "use",
            "where", "while", "async", "await", "dyn", "abstract", "become", "box", "do", "final", "macro", "override",
            "priv", "typeof", "unsized", "virtual", "yield", "try", "gen", "union");
    private static final List<String> PYTHON_KEYWORDS = List.of("False", "None", "True", "and", "as", "assert", "async",
            "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from",
            "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try",
            "while", "with", "yield");
    /** Python builtins, and what the generated code names as modules and locals. */
    private static final List<String> PYTHON_BUILTINS = List.of("bool", "int", "float", "str", "bytes", "bytearray",
            "memoryview", "list", "dict", "tuple", "set", "frozenset", "object", "type", "isinstance", "len", "range",
            "enumerate", "super", "repr", "classmethod", "staticmethod", "property", "id", "hash", "iter", "next",
            "map", "filter", "zip", "print", "format", "min", "max", "sum", "any", "all", "abs", "typing", "enum", "cser",
            "self", "cls", "data", "value", "other", "unknown", "max_depth", "out", "pos", "end", "depth", "obj", "v",
            "x");
    /** Members of the generated classes, locals of their methods, package roots, in each spelling. */
    private static final List<String> GENERATED = List.of("encode", "decode", "encode_to", "write_nested",
            "read_nested", "write_body", "read_body", "read_fields", "to_json", "from_json", "update_from_json",
            "unknown_fields", "has_unknown_fields", "set_unknown_fields", "clear_unknown_fields", "get_unknown_fields",
            "get_class", "class_", "class__", "hash_code", "equals", "to_string", "tag", "values", "zero", "number",
            "name", "is_known", "for_number", "for_name", "codec", "try_encode", "encode_into", "r", "w", "msg", "at",
            "presence", "mark", "java", "dev", "enabled", "is_enabled", "is_set", "set", "has_set", "get_set", "a_b",
            "a__b", "a_b_", "a_b2", "ab", "foo_bar", "foo__bar", "self_", "type_", "r_type", "unknown_fields_",
            "self_value", "lit", "x_variant", "variant");
    /** Type names of the runtimes, java.lang, Rust's prelude and Python's builtins. */
    private static final List<String> TYPE_NAMES = List.of("String", "Object", "Integer", "Long", "Short", "Byte",
            "Boolean", "Float", "Double", "Character", "Void", "Override", "Math", "System", "Record", "Iterable",
            "Number", "Enum", "Class", "Exception", "CserCodec", "CserReader", "CserWriter", "CserDecodeException",
            "CserEncodeException", "DecodeErrorKind", "Values", "IllegalStateException", "IllegalArgumentException",
            "UnknownFields", "Reader", "Writer", "DecodeError", "EncodeError", "Message", "IndexMap", "Vec", "Box",
            "Option", "Result", "Default", "Some", "None", "Ok", "Err", "Self", "SelfValue", "True", "False",
            "NotImplemented", "Ellipsis", "Codec", "Json", "JsonError", "Value", "Clone", "Debug", "Copy", "Hash", "Eq",
            "PartialEq", "Ord", "Abc", "ABc", "ABC", "AB", "Ab", "XLit", "XLitVariant", "X", "XA", "XAB", "Builder");
    private static final List<String> MEMBER_NAMES = List.of("VALUES", "CODEC", "FIELD_NAMES", "NONE", "SELF", "TRUE",
            "FALSE", "NULL", "A_B", "A__B", "A_B_", "AB", "NUMBER", "NAME", "KNOWN", "ZERO", "MRO", "RED");
    private static final List<String> PACKAGES = List.of("a.b", "a_b", "a.b_", "a__b", "static", "static_", "java.x",
            "java_.x", "class", "class_", "self", "self_", "super", "cser", "cser_", "enum", "typing", "type", "list",
            "r", "w", "p", "q", "p.q", "dev.x", "x.y.z", "x.y", "fn", "r_type");

    private Random random;

    @Test
    void everyScopeOfGeneratedCodeHoldsDistinctNames() throws Exception {
        long seed = Long.getLong("names.seed", 31L);
        int schemas = Integer.getInteger("names.schemas", 100);
        random = new Random(seed);
        for (int n = 0; n < schemas; n++) {
            Path caseDir = Files.createDirectories(dir.resolve("s" + n));
            List<Path> files = writeSchema(caseDir);
            Schema schema;
            try {
                schema = new SchemaCompiler(List.of()).compile(files);
            } catch (SchemaException e) {
                fail("schema " + n + " (seed " + seed + ") was not valid: " + e.getMessage() + "\n" + read(files));
                return;
            }
            String where = "schema " + n + " (seed " + seed + ")\n" + read(files);
            List<GeneratedFile> java = emit(new JavaGenerator(), schema);
            List<GeneratedFile> python = emit(new PythonGenerator(), schema);
            List<GeneratedFile> rust = emit(new RustGenerator(), schema);
            checkJava(java, where);
            checkPython(python, where);
            checkRust(rust, where);
            for (List<GeneratedFile> target : List.of(java, python, rust)) {
                for (GeneratedFile f : target) {
                    noControls(f, where);
                }
            }
        }
    }

    private static List<GeneratedFile> emit(Generator g, Schema schema) {
        return new Emitter(g).emit(schema, new GeneratorOptions(true));
    }

    private static String read(List<Path> files) throws Exception {
        StringBuilder b = new StringBuilder();
        for (Path f : files) {
            b.append("--- ").append(f.getFileName()).append('\n').append(Files.readString(f));
        }
        return b.toString();
    }

    // ---- random schemas -----------------------------------------------------------------

    private <T> T pick(List<T> pool) {
        return pool.get(random.nextInt(pool.size()));
    }

    /** A snake_case name: mostly from the pools, some long ones (up to 120 characters). */
    private String snake() {
        int r = random.nextInt(10);
        if (r == 0) {
            return longName("f", 'a');
        }
        List<String> pool = r < 3 ? JAVA_KEYWORDS : r < 5 ? RUST_KEYWORDS : r < 7 ? GENERATED : PYTHON_BUILTINS;
        String n = pick(pool).toLowerCase(Locale.ROOT);
        return random.nextInt(6) == 0 ? n + "_" : n;
    }

    private String pascal() {
        return random.nextInt(12) == 0 ? longName("T", 'A') : pick(TYPE_NAMES);
    }

    private String longName(String start, char letter) {
        int length = 1 + random.nextInt(dev.cser.compiler.schema.Limits.NAME_LENGTH);
        StringBuilder b = new StringBuilder(start);
        while (b.length() < length) {
            int c = random.nextInt(30);
            b.append(c < 26 ? (char) (letter + c) : c < 28 ? (char) ('0' + c - 26) : letter == 'a' ? '_' : 'X');
        }
        return b.toString();
    }

    private String member() {
        return random.nextInt(6) == 0 ? longName("M", 'A').toUpperCase(Locale.ROOT) : pick(MEMBER_NAMES);
    }

    /** Declarations of one package, in one of its files. */
    private record Decl(String kind, String name, String file) {}

    private List<Path> writeSchema(Path caseDir) throws Exception {
        int fileCount = 1 + random.nextInt(3);
        List<String> packages = new ArrayList<>();
        for (int i = 0; i < fileCount; i++) {
            // Sometimes the package of an earlier file again: a package in two files.
            packages.add(i > 0 && random.nextInt(3) == 0 ? packages.get(random.nextInt(i)) : pick(PACKAGES));
        }
        Map<String, Set<String>> typeNames = new HashMap<>();
        List<Decl> visible = new ArrayList<>();
        List<Path> paths = new ArrayList<>();
        for (int i = 0; i < fileCount; i++) {
            String pkg = packages.get(i);
            Set<String> taken = typeNames.computeIfAbsent(pkg, k -> new HashSet<>());
            StringBuilder s = new StringBuilder("package " + pkg + ";\n");
            for (int j = 0; j < i; j++) {
                s.append("import \"f").append(j).append(".cser\";\n");
            }
            List<Decl> mine = new ArrayList<>();
            int count = 1 + random.nextInt(5);
            for (int d = 0; d < count; d++) {
                String kind = pick(List.of("record", "record", "struct", "enum", "union", "union"));
                String name = pascal();
                if (!taken.add(name)) {
                    continue;
                }
                StringBuilder body = new StringBuilder();
                switch (kind) {
                    case "enum" -> enumBody(body);
                    case "union" -> {
                        List<String> variants = unionBody(body, pkg, visible, mine);
                        // A declared type named like one of the union's variant classes.
                        String clash = name + Names.pascal(variants.get(0));
                        // (Only within SPEC §2.1's 120 characters: a longer name is an error.)
                        if (clash.matches("[A-Z][A-Za-z0-9]*") && clash.length() <= dev.cser.compiler.schema.Limits.NAME_LENGTH && taken.add(clash)) {
                            s.append("record ").append(clash).append(" { i32 v = 1; }\n");
                            mine.add(new Decl("record", clash, pkg));
                        }
                    }
                    case "struct" -> fieldsBody(body, pkg, visible, mine, true);
                    default -> fieldsBody(body, pkg, visible, mine, false);
                }
                s.append("/// ").append(docText()).append('\n');
                s.append(kind).append(' ').append(name).append(" {\n").append(body).append("}\n");
                mine.add(new Decl(kind, name, pkg));
            }
            visible.addAll(mine);
            Path p = caseDir.resolve("f" + i + ".cser");
            Files.writeString(p, s.toString(), StandardCharsets.UTF_8);
            paths.add(p);
        }
        return paths;
    }

    /** Doc text with quotes, backslashes, comment ends, HTML, controls, bidi and separators. */
    private String docText() {
        List<String> parts = List.of("\"", "\"\"\"", "'", "\\", "\\u0041", "\\u{202E}", "*/", "/*", "<b>&amp;", "@param",
                "\u0000", "\u0001", "\u0007", "\u000B", "\u000C", "\u001B", "\u007F", "\u0085", "\u009C", "\u202E",
                "\u202A", "\u2066", "\u2069", "\u200E", "\u200F", "\u061C", "\u2028", "\u2029", "\uFEFF", "\t", "{@code",
                "`", "#", "-->", "text", " ");
        StringBuilder b = new StringBuilder("d");
        int n = random.nextInt(8);
        for (int i = 0; i < n; i++) {
            b.append(pick(parts));
        }
        return b.toString();
    }

    private void enumBody(StringBuilder body) {
        Set<String> names = new HashSet<>();
        int value = 0;
        int count = 1 + random.nextInt(4);
        for (int i = 0; i < count; i++) {
            String m = member();
            if (names.add(m)) {
                body.append("  ").append(m).append(" = ").append(value).append(";\n");
                value += 1 + random.nextInt(3);
            }
        }
    }

    /** A type a field may have: scalars, collections, and references to visible declarations. */
    private String fieldType(String pkg, List<Decl> visible, List<Decl> mine, boolean struct) {
        List<String> scalars = List.of("i32", "string", "bool", "optional<i64>", "list<string>", "optional<bool>",
                "map<string, i32>", "bytes", "f64");
        if (struct || random.nextInt(3) == 0) {
            return pick(scalars);
        }
        List<Decl> refs = new ArrayList<>(visible);
        refs.addAll(mine);
        if (refs.isEmpty()) {
            return pick(scalars);
        }
        Decl d = pick(refs);
        String ref = d.file().equals(pkg) ? d.name() : d.file() + "." + d.name();
        // Behind an optional or a list nothing recurses without end.
        return switch (d.kind()) {
            case "enum" -> ref;
            case "union" -> random.nextBoolean() ? "list<" + ref + ">" : "optional<" + ref + ">";
            default -> random.nextBoolean() ? "optional<" + ref + ">" : "list<" + ref + ">";
        };
    }

    private void fieldsBody(StringBuilder body, String pkg, List<Decl> visible, List<Decl> mine, boolean struct) {
        Set<String> names = new LinkedHashSet<>();
        int count = (struct ? 1 : 0) + random.nextInt(6);
        while (names.size() < count) {
            names.add(snake());
        }
        int id = 1;
        for (String f : names) {
            body.append("  /// ").append(docText()).append('\n');
            body.append("  ").append(fieldType(pkg, visible, mine, struct)).append(' ').append(f).append(" = ")
                    .append(id++).append(";\n");
        }
    }

    private List<String> unionBody(StringBuilder body, String pkg, List<Decl> visible, List<Decl> mine) {
        Set<String> names = new LinkedHashSet<>();
        int count = 1 + random.nextInt(4);
        while (names.size() < count) {
            names.add(snake());
        }
        int id = 1;
        for (String v : names) {
            String type = id == 1 ? pick(List.of("i64", "string", "bool")) : fieldType(pkg, visible, mine, false);
            if (type.startsWith("optional<")) {
                type = "list<" + type.substring("optional<".length());
            }
            body.append("  ").append(type).append(' ').append(v).append(" = ").append(id++).append(";\n");
        }
        return new ArrayList<>(names);
    }

    // ---- Java ------------------------------------------------------------------------------

    private static final Pattern JAVA_PACKAGE = Pattern.compile("(?m)^package ([\\w.]+);$");
    private static final Pattern JAVA_IMPORT = Pattern.compile("(?m)^import [\\w.]+\\.(\\w+);$");
    /** A member of a top-level class: indented four spaces. */
    private static final Pattern JAVA_FIELD = Pattern.compile(
            "(?m)^    (?:public |private |protected )?(?:static )?(?:final )?\\w[\\w.<>\\[\\], ?]* (\\w+)(?: = .*)?;$");
    private static final Pattern JAVA_METHOD = Pattern.compile(
            "(?m)^    (?:public |private |static |default )*(?:\\w[\\w.<>\\[\\], ?]* )?(\\w+)\\(([^)]*)\\)(?: throws [\\w, ]+)? \\{$");
    private static final Pattern JAVA_NESTED = Pattern.compile("(?m)^    (?:record|class|interface) (\\w+)\\b");
    private static final Pattern JAVA_TOP = Pattern.compile("(?m)^public (?:final class|sealed interface) (\\w+)");

    private void checkJava(List<GeneratedFile> files, String where) {
        Set<String> paths = new HashSet<>();
        Map<String, Set<String>> classesByPackage = new HashMap<>();
        Set<String> roots = new HashSet<>(List.of("java", "dev"));
        for (GeneratedFile f : files) {
            distinct(paths, f.relativePath(), "Java file", where);
            String pkg = group(JAVA_PACKAGE, f.content());
            roots.add(pkg.split("\\.")[0]);
            for (String segment : pkg.split("\\.")) {
                notIn(segment, JAVA_KEYWORDS, "Java package segment of " + f.relativePath(), where);
            }
            if (pkg.equals("java") || pkg.startsWith("java.")) {
                fail("a Java package in java.*: " + pkg + "\n" + where);
            }
            String cls = group(JAVA_TOP, f.content());
            assertEquals(pkg.replace('.', '/') + "/" + cls + ".java", f.relativePath(), where);
            distinct(classesByPackage.computeIfAbsent(pkg, k -> new HashSet<>()), cls, "class of " + pkg, where);
        }
        for (GeneratedFile f : files) {
            String pkg = group(JAVA_PACKAGE, f.content());
            String text = f.content();
            Set<String> simpleTypes = new HashSet<>(List.of("String", "Object", "Integer", "Long", "Short", "Byte",
                    "Boolean", "Float", "Double", "Void", "Override", "Math", "IllegalStateException",
                    "IllegalArgumentException"));
            all(JAVA_IMPORT, text).forEach(simpleTypes::add);
            for (String c : classesByPackage.get(pkg)) {
                notIn(c, simpleTypes, "class " + pkg + "." + c + " (shadows a class its package's code uses)", where);
            }
            Set<String> fields = new HashSet<>();
            for (String field : all(JAVA_FIELD, text)) {
                distinct(fields, field, "field of " + f.relativePath(), where);
                notIn(field, JAVA_KEYWORDS, "field of " + f.relativePath(), where);
                notIn(field, roots, "field of " + f.relativePath() + " (obscures a package)", where);
            }
            Set<String> methods = new HashSet<>();
            Matcher m = JAVA_METHOD.matcher(text);
            while (m.find()) {
                if (List.of("if", "for", "while", "switch", "catch", "return").contains(m.group(1))) {
                    continue;
                }
                String params = m.group(2).replaceAll("\\s+\\w+(,|$)", "$1");
                distinct(methods, m.group(1) + "(" + params + ")", "method of " + f.relativePath(), where);
                notIn(m.group(1), JAVA_KEYWORDS, "method of " + f.relativePath(), where);
                if (m.group(1).equals("getClass") && params.isEmpty()) {
                    fail("getClass() overridden in " + f.relativePath() + "\n" + where);
                }
            }
            Set<String> nested = new HashSet<>(Set.of(group(JAVA_TOP, text)));
            for (String n : all(JAVA_NESTED, text)) {
                distinct(nested, n, "nested class of " + f.relativePath(), where);
                notIn(n, simpleTypes, "nested class of " + f.relativePath(), where);
            }
        }
    }

    // ---- Python ----------------------------------------------------------------------------

    private static final Pattern PY_TOP = Pattern.compile(
            "(?m)^(?:class (\\w+)|def (\\w+)|(\\w+)(?::[^=\\n]*)?(?: =|$)|\\((\\w+(?:, \\w+)*),?\\) =|import [\\w.]+ as (\\w+)|from [\\w.]+ import \\w+ as (\\w+)|import (\\w+))");
    private static final Pattern PY_CLASS = Pattern.compile("(?m)^class (\\w+)[:(]");
    private static final Pattern PY_MEMBER = Pattern.compile("(?m)^    (?:def (\\w+)\\(|(\\w+)(?::| =))");
    private static final Pattern PY_SLOTS = Pattern.compile("(?m)^    __slots__ = \\(([^)]*)\\)");
    private static final Pattern PY_WORD = Pattern.compile("(?<![\\w.\"])([a-z_]\\w*)(?![\\w\"])");

    private void checkPython(List<GeneratedFile> files, String where) {
        Set<String> paths = new HashSet<>();
        for (GeneratedFile f : files) {
            distinct(paths, f.relativePath(), "Python module", where);
            for (String segment : f.relativePath().replace(".py", "").split("/")) {
                notIn(segment, PYTHON_KEYWORDS, "module path " + f.relativePath(), where);
            }
            notIn(f.relativePath().split("[/.]")[0], List.of("cser", "enum", "typing"),
                    "top-level module " + f.relativePath(), where);
            String text = f.content();
            Set<String> top = new HashSet<>();
            Matcher m = PY_TOP.matcher(text);
            while (m.find()) {
                for (int g = 1; g <= m.groupCount(); g++) {
                    if (m.group(g) != null) {
                        for (String n : m.group(g).split(", ")) {
                            distinctOrRepeatedAnnotation(top, n, m.group(0), "top-level name of " + f.relativePath(),
                                    where);
                        }
                    }
                }
            }
            top.forEach(n -> notIn(n, PYTHON_KEYWORDS, "name of " + f.relativePath(), where));
            // Each class: its members distinct, its slots neither members nor builtins it names.
            String[] classes = text.split("(?m)^(?=class |def |\\S)");
            for (String c : classes) {
                Matcher head = PY_CLASS.matcher(c);
                if (!head.lookingAt()) {
                    continue;
                }
                Map<String, String> members = new LinkedHashMap<>();
                Matcher mm = PY_MEMBER.matcher(c);
                while (mm.find()) {
                    String name = mm.group(1) != null ? mm.group(1) : mm.group(2);
                    String kind = mm.group(1) != null ? "def" : "attribute";
                    String before = members.put(name, kind);
                    if (before != null && !(before.equals("attribute") && kind.equals("attribute"))) {
                        fail("two members " + name + " in class " + head.group(1) + " of " + f.relativePath() + "\n"
                                + where);
                    }
                }
                Matcher slots = PY_SLOTS.matcher(c);
                if (slots.find()) {
                    Set<String> slotNames = new HashSet<>();
                    for (String s : slots.group(1).split(",")) {
                        String n = s.trim().replace("\"", "");
                        if (!n.isEmpty()) {
                            distinct(slotNames, n, "slot of " + head.group(1), where);
                            if ("def".equals(members.get(n))) {
                                fail("slot " + n + " is also a method of " + head.group(1) + "\n" + where);
                            }
                        }
                    }
                    // The builtins a class's code names unqualified: no attribute may take one.
                    for (String n : slotNames) {
                        notIn(n, List.of("bool", "int", "float", "str", "bytes", "bytearray", "memoryview", "list",
                                "dict", "tuple", "object", "type", "isinstance", "classmethod", "staticmethod", "self"),
                                "slot of " + head.group(1), where);
                    }
                }
            }
        }
    }

    /** A top-level name: an annotation ({@code _codec_X: ...}) then its assignment is one name. */
    private static void distinctOrRepeatedAnnotation(Set<String> seen, String name, String line, String what,
            String where) {
        if (!seen.add(name) && !(line.startsWith("(") || line.startsWith(name + " ="))) {
            fail("two " + what + " named " + name + "\n" + where);
        }
    }

    // ---- Rust ------------------------------------------------------------------------------

    private static final Pattern RUST_ITEM = Pattern.compile("(?m)^pub (?:struct|enum) (\\w+)");
    private static final Pattern RUST_USE = Pattern.compile("(?m)^use ::cser::\\{([^}]*)\\};");
    private static final Pattern RUST_FIELD = Pattern.compile("(?m)^    pub ((?:r#)?\\w+): ");
    private static final Pattern RUST_VARIANT = Pattern.compile("(?m)^    (\\w+)\\(");
    private static final Pattern RUST_FN = Pattern.compile("(?m)^    (?:pub )?(?:const )?fn (\\w+)|^    pub const (\\w+): ");
    private static final Pattern RUST_MOD = Pattern.compile("pub mod ((?:r#)?\\w+) \\{");

    private void checkRust(List<GeneratedFile> files, String where) {
        Set<String> paths = new HashSet<>();
        for (GeneratedFile f : files) {
            distinct(paths, f.relativePath(), "Rust file", where);
            String text = f.content();
            if (f.relativePath().equals("cser_modules.rs")) {
                checkModuleTree(text, where);
                continue;
            }
            Set<String> items = new HashSet<>();
            String imports = group(RUST_USE, text);
            if (imports != null) {
                for (String i : imports.split(", ")) {
                    items.add(i);
                }
            }
            for (String item : all(RUST_ITEM, text)) {
                distinct(items, item, "item (or import) of " + f.relativePath(), where);
                notIn(item, List.of("Self"), "item of " + f.relativePath(), where);
            }
            for (String block : text.split("(?m)^(?=pub struct |pub enum |impl )")) {
                Set<String> names = new HashSet<>();
                if (block.startsWith("pub struct")) {
                    all(RUST_FIELD, block).forEach(n -> distinct(names, n, "field of " + block.lines().findFirst()
                            .orElseThrow(), where));
                } else if (block.startsWith("pub enum")) {
                    all(RUST_VARIANT, block).forEach(n -> distinct(names, n, "variant of " + block.lines().findFirst()
                            .orElseThrow(), where));
                } else if (block.startsWith("impl ")) {
                    Matcher m = RUST_FN.matcher(block);
                    while (m.find()) {
                        distinct(names, m.group(1) != null ? m.group(1) : m.group(2),
                                "associated item of " + block.lines().findFirst().orElseThrow(), where);
                    }
                }
            }
        }
    }

    /** Sibling modules of the tree in cser_modules.rs have distinct names. */
    private static void checkModuleTree(String text, String where) {
        List<Set<String>> open = new ArrayList<>();
        open.add(new HashSet<>());
        for (String line : text.lines().toList()) {
            Matcher m = RUST_MOD.matcher(line);
            if (m.find()) {
                String name = m.group(1);
                if (List.of("self", "super", "crate", "Self").contains(name)) {
                    fail("module named " + name + "\n" + where);
                }
                distinct(open.get(open.size() - 1), name, "module", where);
                open.add(new HashSet<>());
            } else if (line.trim().equals("}") && open.size() > 1) {
                open.remove(open.size() - 1);
            }
        }
    }

    // ---- doc text ---------------------------------------------------------------------------

    /**
     * The doc comments held controls, bidi characters and separators: none reaches a generated
     * file (SPEC §12 writes them as escapes), and no comment or docstring ends early.
     */
    private static void noControls(GeneratedFile f, String where) {
        String text = f.content();
        text.codePoints().filter(c -> c != '\n' && Names.isEscapedInDoc(c)).findFirst().ifPresent(c ->
                fail(String.format("U+%04X in %s%n%s", c, f.relativePath(), where)));
        if (f.target().equals("java")) {
            // A Javadoc line ends no comment, and there is no Unicode escape anywhere.
            for (String line : text.lines().toList()) {
                if (line.matches("\\s*\\* .*") && line.contains("*/")) {
                    fail("a comment ends early in " + f.relativePath() + ": " + line + "\n" + where);
                }
            }
            if (Pattern.compile("(?<!\\\\)(\\\\\\\\)*\\\\u").matcher(text).find()) {
                fail("a Unicode escape in " + f.relativePath() + "\n" + where);
            }
        }
    }

    // ---- helpers -----------------------------------------------------------------------------

    private static String group(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? m.group(1) : null;
    }

    private static List<String> all(Pattern p, String text) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            out.add(m.group(1));
        }
        return out;
    }

    private static void distinct(Set<String> seen, String name, String what, String where) {
        if (!seen.add(name)) {
            fail("two " + what + " named " + name + "\n" + where);
        }
    }

    private static void notIn(String name, java.util.Collection<String> reserved, String what, String where) {
        if (reserved.contains(name)) {
            fail(what + " is " + name + "\n" + where);
        }
    }
}
