package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.compiler.schema.Limits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The schema limits of SPEC §2.1: a schema at every limit is accepted by every command and
 * target; one past any limit is rejected by {@code cserc check} (and by every command that loads
 * schemas) with a located error, whatever its size, never a stack trace. The schemas are generated
 * here, not committed; the small over-the-limit cases are also in the malformed corpus
 * ({@code limit_*.cser}), and conformance/limits/run builds and round-trips the at-limit schema in
 * all three languages.
 */
class LimitsTest {
    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static String lines(int n, java.util.function.IntFunction<String> line) {
        return IntStream.range(0, n).mapToObj(line).collect(Collectors.joining("\n", "", "\n"));
    }

    /** The whole stderr of one located error: header, source line, caret, count. */
    private static String located(Path file, int line, int col, String message, String source) {
        return file + ":" + line + ":" + col + ": error: " + message + "\n" + source + "\n" + " ".repeat(col - 1)
                + "^\n1 error\n";
    }

    private static void assertRejected(CsercRun run, String expectedErr) {
        assertAll(
                () -> assertEquals(1, run.status(), "exit status"),
                () -> assertEquals("", run.stdout(), "stdout"),
                () -> assertFalse(run.err().contains("Exception") || run.err().contains("\tat "), run.err()),
                () -> assertEquals(expectedErr, run.err()));
    }

    /** A schema that reaches every limit at once. */
    private static String atTheLimits() {
        int n = Limits.NAME_LENGTH;
        String pkg = IntStream.range(0, Limits.PACKAGE_SEGMENTS)
                .mapToObj(i -> ("p" + i + "_" + "x".repeat(n)).substring(0, n))
                .collect(Collectors.joining("."));
        String deep = "list<".repeat(Limits.TYPE_DEPTH) + "i64" + ">".repeat(Limits.TYPE_DEPTH);
        StringBuilder s = new StringBuilder("package " + pkg + ";\n");
        s.append("record Wide {\n").append(lines(Limits.FIELDS, i -> "  i64 f" + i + " = " + (i + 1) + ";")).append("}\n");
        s.append("struct WideStruct {\n").append(lines(Limits.FIELDS, i -> "  i64 f" + i + " = " + (i + 1) + ";"))
                .append("}\n");
        s.append("union Many {\n").append(lines(Limits.VARIANTS, i -> "  i64 v" + i + " = " + (i + 1) + ";"))
                .append("}\n");
        s.append("enum Huge {\n").append(lines(Limits.MEMBERS, i -> "  M" + i + " = " + i + ";")).append("}\n");
        s.append("record Deep { ").append(deep).append(" d = 1; }\n");
        for (int i = 0; i < Limits.ZERO_VALUE_DEPTH; i++) {
            s.append(i == Limits.ZERO_VALUE_DEPTH - 1 ? "record C" + i + " { i32 x = 1; }\n"
                    : "record C" + i + " { C" + (i + 1) + " next = 1; }\n");
        }
        // 1 + 16 Wide of 1,001 values + 367 = the size-in-place limit
        s.append("record InPlace {\n").append(lines(16, i -> "  Wide w" + i + " = " + (i + 1) + ";"))
                .append(lines(Limits.SIZE_IN_PLACE - 1 - 16 * 1001, i -> "  i64 x" + i + " = " + (i + 17) + ";"))
                .append("}\n");
        s.append("record ").append(("L" + "x".repeat(n)).substring(0, n)).append(" { i32 ")
                .append(("f" + "x".repeat(n)).substring(0, n)).append(" = 1; }\n");
        return s.toString();
    }

    @Test
    void aSchemaAtEveryLimitIsAccepted() throws IOException {
        Path schema = write("at_limits.cser", atTheLimits());
        CsercRun check = CsercRun.run("", "check", schema.toString());
        assertEquals(0, check.status(), check.err());
        assertEquals("", check.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--java-out", "--rust-out", "--python-out"})
    void everyTargetGeneratesCodeForASchemaAtEveryLimit(String target) throws IOException {
        Path schema = write("at_limits.cser", atTheLimits());
        CsercRun run = CsercRun.run("", target, dir.resolve("out").toString(), "--json", schema.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals("", run.err());
    }

    @Test
    void oneFieldTooMany() throws IOException {
        for (String kind : new String[] {"record", "struct"}) {
            Path f = write(kind + ".cser", "package over;\n" + kind + " Wide {\n"
                    + lines(Limits.FIELDS + 1, i -> "  deprecated i32 f" + i + " = " + (i + 1) + ";") + "}\n");
            assertRejected(CsercRun.run("", "check", f.toString()), located(f, 2, kind.length() + 2,
                    kind + " Wide has 1001 fields: at most 1000 are allowed, deprecated fields included (SPEC §2.1)",
                    kind + " Wide {"));
        }
    }

    @Test
    void oneVariantTooMany() throws IOException {
        Path f = write("u.cser", "package over;\nunion Many {\n"
                + lines(Limits.VARIANTS + 1, i -> "  string v" + i + " = " + (i + 1) + ";") + "}\n");
        assertRejected(CsercRun.run("", "check", f.toString()), located(f, 2, 7,
                "union Many has 1001 variants: at most 1000 are allowed (SPEC §2.1)", "union Many {"));
    }

    @Test
    void oneMemberTooMany() throws IOException {
        Path f = write("e.cser", "package over;\nenum Huge {\n"
                + lines(Limits.MEMBERS + 1, i -> "  M" + i + " = " + i + ";") + "}\n");
        assertRejected(CsercRun.run("", "check", f.toString()), located(f, 2, 6,
                "enum Huge has 4097 members: at most 4096 are allowed (SPEC §2.1)", "enum Huge {"));
    }

    @Test
    void aZeroValueOneLevelTooDeep() throws IOException {
        int depth = Limits.ZERO_VALUE_DEPTH + 1;
        Path f = write("z.cser", "package over;\n" + lines(depth, i -> i == depth - 1 ? "struct C" + i + " { i32 x = 1; }"
                : (i % 2 == 0 ? "record C" : "struct C") + i + " { C" + (i + 1) + " next = 1; }"));
        assertRejected(CsercRun.run("", "check", f.toString()), located(f, 2, 8,
                "the zero value of record C0 is 65 deep (C0 -> C1 -> C2 -> ... -> C63 -> C64): at most 64, the"
                        + " default depth limit of §7, are allowed (SPEC §2.1); hold one of these through an optional",
                "record C0 { C1 next = 1; }"));
    }

    @Test
    void oneValueInPlaceTooMany() throws IOException {
        // Through optionals too: a Rust struct holds an optional record inline.
        Path f = write("p.cser", "package over;\nrecord Wide {\n" + lines(Limits.FIELDS, i -> "  i64 f" + i + " = " + (i + 1) + ";")
                + "}\nrecord InPlace {\n" + lines(16, i -> "  optional<Wide> w" + i + " = " + (i + 1) + ";")
                + lines(Limits.SIZE_IN_PLACE - 16 * 1001, i -> "  i64 x" + i + " = " + (i + 17) + ";") + "}\n");
        assertRejected(CsercRun.run("", "check", f.toString()), located(f, 1004, 8,
                "record InPlace holds 16,385 values in place (Wide 1,001): at most 16,384 are allowed (SPEC §2.1);"
                        + " hold one of these in a list, or move fields out of it",
                "record InPlace {"));
    }

    @Test
    void doublingTypesAreStoppedAtTheFirstPastTheLimit() throws IOException {
        // D_k holds two D_{k+1}: valid but for its size, 2^60 records in the zero value of D0. Each
        // can hold D0 again (through back), so Rust boxes them and the size in place stays small:
        // the zero value is what grows.
        int n = 60;
        Path f = write("d.cser", "package over;\n" + lines(n, i -> i == n - 1 ? "record D" + i + " { i32 x = 1; }"
                : "record D" + i + " { D" + (i + 1) + " a = 1; D" + (i + 1) + " b = 2; optional<D0> back = 3; }"));
        long size = 2;
        int first = n - 1;
        while (size <= Limits.SIZE_IN_PLACE) {
            size = 2 + 2 * size; // itself, its absent back, two of the next
            first--;
        }
        int at = first;
        long part = (size - 2) / 2;
        assertRejected(CsercRun.run("", "check", f.toString()), located(f, 2 + at, 8,
                String.format(java.util.Locale.ROOT, "the zero value of record D%d holds %,d values (D%d %,d): at most"
                        + " 16,384 are allowed (SPEC §2.1); hold one of these through an optional", at, size, at + 1, part),
                "record D" + at + " { D" + (at + 1) + " a = 1; D" + (at + 1) + " b = 2; optional<D0> back = 3; }"));
    }

    @Test
    void rustCodeSaysWhichRecursionLimitItsCrateNeeds() throws IOException {
        Path ring = write("ring.cser", "package ring;\n"
                + lines(200, i -> "record R" + i + " { optional<R" + ((i + 1) % 200) + "> next = 1; i64 v = 2; }"));
        Path small = write("small.cser", "package small;\nrecord A { optional<A> next = 1; list<B> bs = 2; }\n"
                + "record B { i64 v = 1; }\n");
        assertEquals(0, CsercRun.run("", "--rust-out", dir.resolve("ring").toString(), ring.toString()).status());
        assertEquals(0, CsercRun.run("", "--rust-out", dir.resolve("small").toString(), small.toString()).status());
        // 200 records a step of 3 (the record, Option, Box), 3 levels a step: 1,800, so 2,048.
        assertTrue(Files.readString(dir.resolve("ring/cser_modules.rs"))
                .contains("\n//     #![recursion_limit = \"2048\"]\n"));
        assertFalse(Files.readString(dir.resolve("small/cser_modules.rs")).contains("recursion_limit"));
        // One field of 16 maps and 16 lists: rustc's Send check walks 6 types a map, 3 a list
        // (conformance/limits' deep case went past 128 while maps counted as lists).
        String t = "i32";
        for (int i = 0; i < 16; i++) {
            t = "map<i32, list<" + t + ">>";
        }
        Path deep = write("deep.cser", "package deep;\nrecord D { " + t + " d = 1; }\n");
        assertEquals(0, CsercRun.run("", "--rust-out", dir.resolve("deep").toString(), deep.toString()).status());
        assertTrue(Files.readString(dir.resolve("deep/cser_modules.rs")).contains("#![recursion_limit = \"256\"]"));
    }

    @Test
    void deprecatedFieldsHoldNothingInPlaceAndCloseNoLoop() {
        // A ring whose every other link is deprecated: no target stores those values, so the ring
        // is no loop and each record holds the next in place. (The size check once went round
        // it for ever.) Seventeen deprecated Wides would be past the limit if they counted.
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
            Path f = write("dep.cser", "package dep;\nrecord A { deprecated optional<B> b = 1; }\n"
                    + "record B { optional<C> c = 1; }\nrecord C { deprecated optional<D> d = 1; }\n"
                    + "record D { optional<A> a = 1; }\nrecord Wide {\n"
                    + lines(Limits.FIELDS, i -> "  i64 f" + i + " = " + (i + 1) + ";") + "}\nrecord Old {\n"
                    + lines(17, i -> "  deprecated optional<Wide> w" + i + " = " + (i + 1) + ";") + "}\n");
            CsercRun run = CsercRun.run("", "check", f.toString());
            assertEquals(0, run.status(), run.err());
        });
    }

    @Test
    void checkingAWideSchemaDoesNotSearchTheTypesPerField() {
        // 4,000 records of 20 optional fields each, to records anywhere in the schema: one
        // search of the types per field (what the size check once did) takes minutes here;
        // the loops are found once per schema. A guard against that, not a benchmark.
        assertTimeoutPreemptively(Duration.ofSeconds(120), () -> {
            int n = 4_000;
            java.util.Random random = new java.util.Random(31);
            StringBuilder text = new StringBuilder("package wide;\n");
            for (int i = 0; i < n; i++) {
                text.append("record R").append(i).append(" {");
                for (int k = 0; k < 20; k++) {
                    text.append(" optional<R").append(random.nextInt(n)).append("> f").append(k)
                            .append(" = ").append(k + 1).append(';');
                }
                text.append(" }\n");
            }
            Path f = write("wide.cser", text.toString());
            CsercRun run = CsercRun.run("", "check", f.toString());
            assertEquals(0, run.status(), run.err());
        });
    }

    @Test
    void aChainOfTypesThroughOptionalsHasNoZeroValueLimit() throws IOException {
        // Only types held directly nest in a zero value: a ring of any length through optionals is fine.
        int n = 5_000;
        Path f = write("ring.cser", "package ring;\n"
                + lines(n, i -> "record R" + i + " { optional<R" + ((i + 1) % n) + "> next = 1; i64 v = 2; }"));
        CsercRun run = CsercRun.run("", "check", f.toString());
        assertEquals(0, run.status(), run.err());
    }

    /** A type nested far past the limit, closed or not, under every command that loads schemas. */
    @ParameterizedTest
    @ValueSource(ints = {33, 1_000, 100_000})
    void aTypeNestedPastTheLimitIsALocatedError(int depth) throws IOException {
        String line = "record R { " + "list<".repeat(depth) + "i32" + ">".repeat(depth) + " x = 1; }";
        Path f = write("deep.cser", "package over;\n" + line + "\n");
        String expected = located(f, 2, 12 + 5 * Limits.TYPE_DEPTH, "type nested " + depth + " deep: at most 32 levels"
                + " of list, map and optional are allowed (SPEC §2.1)", line);
        assertRejected(CsercRun.run("", "check", f.toString()), expected);
        for (String target : new String[] {"--java-out", "--rust-out", "--python-out"}) {
            assertRejected(CsercRun.run("", target, dir.resolve("out").toString(), f.toString()), expected);
        }
    }

    @Test
    void anUnclosedTypeNestedFarPastTheLimitIsALocatedError() throws IOException {
        String line = "record R { " + "map<string, optional<".repeat(50_000);
        Path f = write("unclosed.cser", "package over;\n" + line + "\n");
        assertRejected(CsercRun.run("", "check", f.toString()), located(f, 2, 12 + 21 * 16,
                "type nested 100000 deep: at most 32 levels of list, map and optional are allowed (SPEC §2.1)", line));
    }

    @Test
    void namesAndPackagesPastTheLimit() throws IOException {
        String name = "T" + "x".repeat(Limits.NAME_LENGTH);
        Path f = write("n.cser", "package " + "p".repeat(Limits.NAME_LENGTH + 1) + ";\nrecord " + name
                + " { i32 x = 1; }\n");
        CsercRun run = CsercRun.run("", "check", f.toString());
        assertEquals(1, run.status());
        assertTrue(run.err().startsWith(f + ":1:9: error: package name part '" + "p".repeat(Limits.NAME_LENGTH + 1)
                + "' is 121 characters long: at most 120 are allowed (SPEC §2.1)\n"), run.err());
        assertTrue(run.err().contains(f + ":2:8: error: type name '" + name
                + "' is 121 characters long: at most 120 are allowed (SPEC §2.1)\n"), run.err());
        assertTrue(run.err().endsWith("\n2 errors\n"), run.err());
    }

    @Test
    void anInternalErrorIsOneLineAndExitStatus3() throws IOException {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        Cserc cserc = new Cserc(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()),
                new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        int status = cserc.guarded(new String[] {"--java-out", "out", "a.cser"}, () -> {
            throw new IllegalStateException("a bug\non two lines");
        });
        assertEquals(Cserc.INTERNAL_ERROR, status);
        assertEquals("cserc: internal error while reading a.cser: java.lang.IllegalStateException: a bug"
                + " (a bug in cserc: please report it with the schema)\n", err.toString(StandardCharsets.UTF_8));
        int overflow = cserc.guarded(new String[] {"check", "b.cser"}, LimitsTest::recurse);
        assertEquals(Cserc.INTERNAL_ERROR, overflow);
        assertTrue(err.toString(StandardCharsets.UTF_8).endsWith("cserc: internal error while reading b.cser:"
                + " java.lang.StackOverflowError (a bug in cserc: please report it with the schema)\n"));
    }

    private static int recurse() {
        return recurse() + 1;
    }
}
