package dev.cser.compiler.codegen;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.codegen.python.PythonGenerator;
import dev.cser.compiler.codegen.rust.RustGenerator;
import dev.cser.compiler.schema.Schema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Classes of generated code the linters refused, found by the schema generator
 * (conformance/schemagen): each checked here on the generated text, and compiled by the real
 * linters through schema/examples/edge_lint*.cser (javac -Xlint:all, clippy -D warnings, ruff).
 */
class LintCleanCodeTest {
    @TempDir
    Path dir;

    private List<GeneratedFile> emit(Generator g, String... files) throws Exception {
        List<Path> paths = new ArrayList<>();
        for (int i = 0; i < files.length; i++) {
            Path p = dir.resolve("f" + i + ".cser");
            Files.writeString(p, files[i], StandardCharsets.UTF_8);
            paths.add(p);
        }
        Schema s = new SchemaCompiler(List.of()).compile(paths);
        return new Emitter(g).emit(s, new GeneratorOptions(true));
    }

    private static String file(List<GeneratedFile> files, String path) {
        return files.stream().filter(f -> f.relativePath().equals(path)).findFirst()
                .orElseThrow(() -> new AssertionError(path + " not in " + files.stream().map(GeneratedFile::relativePath).toList()))
                .content();
    }

    private static final String NOQA = "# ruff: noqa: RUF001, RUF002, RUF003, RUF100\n";

    @Test
    void pythonExemptsAModuleFromRuffsConfusablesOnlyWhereDocTextLeavesAscii() throws Exception {
        String nbsp = file(emit(new PythonGenerator(), "package p;\nrecord R {\n  /// a\u00a0b\n  i32 n = 1;\n}\n"), "p.py");
        assertTrue(nbsp.contains(NOQA), nbsp);
        assertTrue(nbsp.contains("a\u00a0b"), "the doc text stays as written");
        String ascii = file(emit(new PythonGenerator(), "/// plain\npackage p;\nrecord R { i32 n = 1; }\n"), "p.py");
        assertFalse(ascii.contains("ruff: noqa"), ascii);
        // Controls are written as ASCII escapes (SPEC §12): nothing is left for ruff to flag.
        String controls = file(emit(new PythonGenerator(), "package p;\n/// a\u202Eb\u2028\nrecord R { i32 n = 1; }\n"),
                "p.py");
        assertFalse(controls.contains("ruff: noqa"), controls);
        String enumDoc = file(emit(new PythonGenerator(), "package p;\nenum E {\n  /// \u2013\n  A = 0;\n}\n"), "p.py");
        assertTrue(enumDoc.contains(NOQA), enumDoc);
    }

    @Test
    void pythonEscapesTrailingUnicodeSpacesOfADocLine() throws Exception {
        String py = file(emit(new PythonGenerator(), "package p;\n/// a\u00a0\u202f\n/// b\nrecord R { i32 n = 1; }\n"),
                "p.py");
        assertTrue(py.contains("a\\u00a0\\u202f\n"), py);
        assertTrue(py.lines().noneMatch(l -> !l.isEmpty() && Character.isSpaceChar(l.charAt(l.length() - 1))), py);
    }

    @Test
    void pythonModuleOfEnumsAloneHasASortedImportBlock() throws Exception {
        // An enum's _missing_ is typed _t.Any (its own name may be one of its members').
        String py = file(emit(new PythonGenerator(), "package m;\nenum E { A = 0; }\n"), "m.py");
        assertTrue(py.contains("import enum as _enum\nimport typing as _t\n\nfrom cser import codec as _c\n"), py);
        String both = file(emit(new PythonGenerator(), "package m;\nenum E { A = 0; }\nrecord R { E e = 1; }\n"), "m.py");
        assertTrue(both.contains("import enum as _enum\nimport typing as _t\n\nfrom cser import bind as _b\n"
                + "from cser import codec as _c\nfrom cser import descriptors as _d\n"), both);
        String none = file(emit(new PythonGenerator(), "package m;\nrecord R { i32 n = 1; }\n"), "m.py");
        assertTrue(none.contains("import typing as _t\n\nfrom cser import bind as _b\nfrom cser import codec as _c\n"
                + "from cser import descriptors as _d\n"), none);
    }

    @Test
    void pythonFromJsonOfOnlyDeprecatedFieldsLoopsOverNamesAlone() throws Exception {
        String py = file(emit(new PythonGenerator(), "package m;\nrecord R { deprecated i32 x = 1; }\n"
                + "record S { deprecated i32 x = 1; i32 y = 2; }\n"), "m.py");
        int r = py.indexOf("def _from_json_R");
        int s = py.indexOf("def _from_json_S");
        assertTrue(py.substring(r, py.indexOf("return v", r)).contains("for name in _j.object_from_json(obj):"), py);
        assertTrue(py.substring(s, py.indexOf("return v", s)).contains("for name, x in _j.object_from_json(obj).items():"),
                py);
    }

    /** Ruff's natural order (natord): what RUF023 wants {@code __slots__} in. */
    @Test
    void pythonFromJsonNestsFewLambdasAndContinuesInAnnotatedFunctions() throws Exception {
        // mypy checks a lambda passed to a generic function twice: 32 nested lambdas never
        // finished. Past LAMBDA_LEVELS a conversion calls a function of its own, annotated.
        String deep = "list<".repeat(32) + "i32" + ">".repeat(32);
        String py = file(emit(new PythonGenerator(), "package p;\nrecord R {\n  " + deep + " d = 1;\n}\n"
                + "union U {\n  " + deep + " d = 1;\n}\n"), "p.py");
        for (String line : py.split("\n")) {
            int lambdas = line.split("lambda ", -1).length - 1;
            assertTrue(lambdas <= 3, lambdas + " lambdas: " + line);
        }
        assertTrue(py.contains("def _from_json_R_1(x0_x3: _t.Any) -> " + "list[".repeat(29) + "int" + "]".repeat(29) + ":"), py);
        assertTrue(py.contains("def _from_json_U_10(x0_x30: _t.Any) -> list[list[int]]:"), py);
    }

    @Test
    void pythonSlotsFollowRuffsNaturalOrder() throws Exception {
        Random random = new Random(23);
        Set<String> names = new HashSet<>();
        while (names.size() < 200) {
            StringBuilder b = new StringBuilder("a");
            for (int k = random.nextInt(4); k >= 0; k--) {
                if (random.nextBoolean()) {
                    b.append("_");
                }
                for (int c = random.nextInt(3); c >= 0; c--) {
                    b.append(random.nextBoolean() ? (char) ('0' + random.nextInt(10)) : (char) ('a' + random.nextInt(3)));
                }
            }
            String n = b.toString();
            if (!n.endsWith("_") && !n.contains("__")) {
                names.add(n);
            }
        }
        StringBuilder schema = new StringBuilder("package m;\nrecord R {\n");
        int id = 1;
        for (String n : names) {
            schema.append("  i32 ").append(n).append(" = ").append(id++).append(";\n");
        }
        String py = file(emit(new PythonGenerator(), schema.append("}\n").toString()), "m.py");
        Matcher m = Pattern.compile("__slots__ = \\(\"_cser_unknown\", ([^)]*)\\)").matcher(py);
        assertTrue(m.find(), py);
        List<String> slots = new ArrayList<>();
        for (String s : m.group(1).split(", ")) {
            slots.add(s.replace("\"", "").replace(",", ""));
        }
        List<String> sorted = new ArrayList<>(slots);
        sorted.sort(LintCleanCodeTest::natord);
        assertEquals(sorted, slots);
        // Leading zeros compare digit by digit, as a fraction's digits would.
        assertTrue(natord("l008a", "l1b") < 0 && natord("a01", "a001") > 0 && natord("a9", "a10") < 0);
    }

    /** The natord crate's compare, which ruff's RUF023 sorts {@code __slots__} by, written from its description. */
    private static int natord(String a, String b) {
        int i = 0;
        int j = 0;
        while (true) {
            if (i >= a.length() || j >= b.length()) {
                return Integer.compare(a.length() - i, b.length() - j) == 0 ? 0 : i >= a.length() ? -1 : 1;
            }
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                boolean fractional = x == '0' || y == '0';
                int bias = 0;
                while (true) {
                    boolean dx = i < a.length() && Character.isDigit(a.charAt(i));
                    boolean dy = j < b.length() && Character.isDigit(b.charAt(j));
                    if (!dx && !dy) {
                        break;
                    }
                    if (!dx) {
                        return -1;
                    }
                    if (!dy) {
                        return 1;
                    }
                    int c = Character.compare(a.charAt(i), b.charAt(j));
                    if (fractional && c != 0) {
                        return Integer.signum(c);
                    }
                    if (bias == 0) {
                        bias = Integer.signum(c);
                    }
                    i++;
                    j++;
                }
                if (bias != 0) {
                    return bias;
                }
            } else if (x != y) {
                return Character.compare(x, y);
            } else {
                i++;
                j++;
            }
        }
    }

    @Test
    void rustAllowsTypeComplexityOnlyWhereAPackageNestsTypesDeeply() throws Exception {
        String deep = "i32";
        for (int k = 0; k < 32; k++) {
            deep = k % 3 == 0 ? "map<string, " + deep + ">" : "list<" + deep + ">";
        }
        String modules = file(emit(new RustGenerator(), "package deep;\nrecord D { " + deep + " d = 1; }\n",
                "package flat;\nrecord F { list<list<i32>> l = 1; map<string, list<i64>> m = 2; }\n",
                // The field clippy flagged in a schema generator's run: Vec<IndexMap<i64, IndexMap<u64, Vec<Vec<Vec<A>>>>>>.
                "package six;\nrecord A { i32 n = 1; }\nrecord B { list<map<i64, map<u64, list<list<list<A>>>>>> t = 1; }\n"),
                "cser_modules.rs");
        assertTrue(modules.contains("#[allow(clippy::type_complexity)]\npub mod deep {"), modules);
        assertTrue(modules.contains("#[allow(clippy::type_complexity)]\npub mod six {"), modules);
        assertFalse(modules.contains("#[allow(clippy::type_complexity)]\npub mod flat {"), modules);
    }

    @Test
    void rustfmtSkipsTheMethodsOfTypesNestedPastEightLevels() throws Exception {
        // rustfmt's time grows exponentially with closures nested as deeply as the types: 16
        // levels took over two minutes, on every build that cser-build formats.
        String nine = "list<".repeat(9) + "i64" + ">".repeat(9);
        String eight = "list<".repeat(8) + "i64" + ">".repeat(8);
        String rust = file(emit(new RustGenerator(), "package m;\nrecord Deep { " + nine + " d = 1; }\n"
                + "record Shallow { " + eight + " d = 1; }\nunion U { i32 a = 1; " + nine + " d = 2; }\n"), "m.rs");
        assertTrue(rust.contains("#[rustfmt::skip]\nimpl Deep {"), rust);
        assertTrue(rust.contains("#[rustfmt::skip]\nimpl U {"), rust);
        assertFalse(rust.contains("#[rustfmt::skip]\nimpl Shallow {"), rust);
        assertEquals(2, rust.split("#\\[rustfmt::skip\\]", -1).length - 1, rust);
    }

    @Test
    void rustLeavesOutADocOfOnlyWhiteSpace() throws Exception {
        // clippy's empty_docs trims as Rust does, Unicode's White_Space (schemagen seed 337: a
        // field documented with one no-break space).
        String rust = file(emit(new RustGenerator(), "package m;\n/// \u00a0\nrecord R {\n  /// \u3000\n  ///  \u2003\n"
                + "  i32 a = 1;\n  /// x\u00a0\n  i32 b = 2;\n}\n"), "m.rs");
        assertFalse(rust.contains("/// \u00a0"), rust);
        assertFalse(rust.contains("\u3000"), rust);
        assertTrue(rust.contains("/// x\u00a0"), rust);
    }

    @Test
    void rustFieldsThatMeetTakeTheirIdAfterOneUnderscore() throws Exception {
        // a__b__ is a_b__ in Rust (a run inside a name made one), which a_b__ took: the id after
        // one underscore, never a run of them inside the name (rustc's non_snake_case).
        String rust = file(emit(new RustGenerator(), "package m;\nrecord R { i32 a_b__ = 1; i32 a__b__ = 2; }\n"), "m.rs");
        assertTrue(rust.contains("pub a_b__: i32,"), rust);
        assertTrue(rust.contains("pub a_b_2: i32,"), rust);
    }

    @Test
    void rustAllowsSelfNamedConstructorsWhereATypeIsNamedDecode() throws Exception {
        String modules = file(emit(new RustGenerator(), "package a;\nrecord Decode { i32 n = 1; }\n",
                "package b;\nunion DECODE { i32 n = 1; }\n", "package c;\nrecord Decoder { i32 n = 1; }\n"),
                "cser_modules.rs");
        assertTrue(modules.contains("#[allow(clippy::self_named_constructors)]\npub mod a {"), modules);
        assertTrue(modules.contains("#[allow(clippy::self_named_constructors)]\npub mod b {"), modules);
        assertFalse(modules.contains("#[allow(clippy::self_named_constructors)]\npub mod c {"), modules);
        // The other constructors: read_nested, read_body, from_json, from_number (clippy drops
        // the underscores of the method's name when it compares).
        String others = file(emit(new RustGenerator(), "package d;\nstruct ReadNested { i32 n = 1; }\n",
                "package e;\nenum FROMNUMBER { Z = 0; }\n", "package f;\nrecord ReadNestedX { i32 n = 1; }\n"),
                "cser_modules.rs");
        assertTrue(others.contains("#[allow(clippy::self_named_constructors)]\npub mod d {"), others);
        assertTrue(others.contains("#[allow(clippy::self_named_constructors)]\npub mod e {"), others);
        assertFalse(others.contains("#[allow(clippy::self_named_constructors)]\npub mod f {"), others);
        // An enum's values() returns &[Self] (schemagen seed 399).
        String values = file(emit(new RustGenerator(), "package g;\nenum Values { Z = 0; }\n"), "cser_modules.rs");
        assertTrue(values.contains("#[allow(clippy::self_named_constructors)]\npub mod g {"), values);
    }

    @Test
    void everyReceiverlessFunctionOfTheRustTemplatesIsKnownToTheSelfNamedCheck() throws Exception {
        // A function the templates gain later would otherwise be found by clippy on some user's
        // type of that name, as values() was.
        java.util.regex.Pattern fn = java.util.regex.Pattern.compile("\\bfn ([a-z_0-9]+)(?:<[^>]*>)?\\(([^)]*)\\)");
        java.util.Set<String> found = new java.util.TreeSet<>();
        for (String group : List.of("rust.stg", "codec.stg", "json.stg")) {
            String text;
            try (var in = RustGenerator.class.getResourceAsStream(group)) {
                assertTrue(in != null, group);
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            java.util.regex.Matcher m = fn.matcher(text);
            while (m.find()) {
                if (!m.group(2).contains("self")) {
                    found.add(m.group(1));
                }
            }
        }
        assertTrue(found.contains("values") && found.contains("decode"), found.toString());
        assertTrue(RustGenerator.receiverlessFunctions().containsAll(found),
                "not in RustGenerator.CONSTRUCTORS: " + found.stream()
                        .filter(f -> !RustGenerator.receiverlessFunctions().contains(f)).toList());
    }

    @Test
    void rustDocTextIsOneParagraphOfPlainMarkdown() throws Exception {
        String doc = "/// - item\n/// lazy\n///    2) ordered\n/// > quote\n/// a footnote[^1]\n///\n///     fn main() {}\n"
                + "/// ```\n/// ~~~\n/// *\n/// -not an item\n/// 1.5 not one either\n";
        String rust = file(emit(new RustGenerator(), doc + "package d;\nrecord R { i32 n = 1; }\n"), "cser_modules.rs");
        for (String line : List.of("/// \\- item\n", "/// lazy\n", "/// 2\\) ordered\n", "/// \\> quote\n",
                "/// a footnote[\\^1]\n", "/// fn main() {}\n", "/// \\```\n", "/// \\~~~\n", "/// \\*\n",
                "/// -not an item\n", "/// 1.5 not one either\n")) {
            assertTrue(rust.contains(line), line + "\n" + rust);
        }
    }

    @Test
    void javaNumberZerosAreLiteralsOfTheirTypeAndZeroBytesAreSigned() throws Exception {
        String[] types = {"i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32", "f64"};
        String[] zeros = {"(byte) 0", "(byte) 0", "(short) 0", "(short) 0", "0", "0", "0L", "0L", "0.0f", "0.0"};
        StringBuilder schema = new StringBuilder("package z;\n");
        for (String t : types) {
            schema.append("union U").append(t.toUpperCase(Locale.ROOT)).append(" { ").append(t).append(" v = 1; }\n");
        }
        schema.append("record Wide {\n");
        for (int i = 1; i <= 17; i++) {
            schema.append("  f64 f").append(i).append(" = ").append(i).append(";\n");
        }
        schema.append("}\nrecord Old { deprecated Wide w = 1; i32 n = 2; }\n");
        List<GeneratedFile> files = emit(new JavaGenerator(), schema.toString());
        for (int i = 0; i < types.length; i++) {
            String u = file(files, "z/U" + types[i].toUpperCase(Locale.ROOT) + ".java");
            assertTrue(u.contains("return new V(" + zeros[i] + ");"), u);
        }
        for (GeneratedFile f : files) {
            assertFalse(Pattern.compile("\\((int|long|float|double)\\) 0").matcher(f.content()).find(), f.content());
        }
        String old = file(files, "z/Old.java");
        Matcher m = Pattern.compile("byte\\[\\] ZERO_W = \\{([^}]*)\\}").matcher(old);
        assertTrue(m.find(), old);
        List<Integer> bytes = java.util.Arrays.stream(m.group(1).split(", ")).map(Integer::parseInt).toList();
        assertTrue(bytes.stream().allMatch(b -> b >= -128 && b <= 127), m.group(1));
        assertTrue(bytes.get(0) < 0, "the length above 127 starts with a byte whose top bit is set: " + m.group(1));
    }

    @Test
    void javaClassFilesOfAPackageStayDistinctIgnoringCase() throws Exception {
        List<GeneratedFile> files = emit(new JavaGenerator(),
                "package c;\nrecord Abc { i32 n = 1; }\nrecord ABc { Abc a = 1; }\nrecord ABC { ABc b = 1; }\n"
                        + "union U { i32 ab = 1; i32 a_b = 2; i32 a__b = 3; }\n",
                "package c;\nrecord String { i32 n = 1; }\nrecord STRING { i32 n = 1; }\n",
                "package d;\nimport \"f0.cser\";\nrecord Abc { c.Abc x = 1; }\n");
        Set<String> paths = new HashSet<>();
        for (GeneratedFile f : files) {
            assertTrue(paths.add(f.relativePath().toLowerCase(Locale.ROOT)), "two files differ only by case: " + f.relativePath());
        }
        // In the order of the schema names (ABC, ABc, Abc) each takes the first name free
        // ignoring case; the references follow. String is String_ (it would shadow
        // java.lang.String), after STRING.
        assertEquals(Set.of("c/abc.java", "c/abc_.java", "c/abc__.java", "c/u.java", "c/string.java", "c/string_.java",
                "d/abc.java"), paths);
        assertTrue(file(files, "c/ABc_.java").contains("public final class ABc_ {"));
        assertTrue(file(files, "c/Abc__.java").contains("public final class Abc__ {"));
        assertTrue(file(files, "c/String_.java").contains("public final class String_ {"));
        assertTrue(file(files, "c/ABC.java").contains("ABc_ b"), file(files, "c/ABC.java"));
        assertTrue(file(files, "d/Abc.java").contains("c.Abc__ x"), file(files, "d/Abc.java"));
        String union = file(files, "c/U.java");
        Set<String> variants = new HashSet<>();
        Matcher m = Pattern.compile("record (\\w+)\\(").matcher(union);
        while (m.find()) {
            assertTrue(variants.add(m.group(1).toLowerCase(Locale.ROOT)), union);
        }
        // The three variants and the record of an unknown variant (SPEC §5.7).
        assertEquals(4, variants.size(), union);
        assertTrue(variants.contains("unknown"), union);
    }
}
