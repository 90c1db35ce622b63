package dev.cser.compiler.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.TestPaths;
import dev.cser.compiler.diag.Location;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The checker over the linked model, beside the corpus (CompatCorpusTest): the repository's
 * schemas against themselves and along their real evolutions, and what each mode shows.
 */
class CompatCheckerTest {
    private static final Path CONFORMANCE = TestPaths.MODULE.resolveSibling("conformance").resolve("schemas");

    @TempDir
    Path dir;

    private static Schema compile(Path file) throws Exception {
        return new SchemaCompiler(List.of(file.getParent())).compile(List.of(file));
    }

    private Schema compile(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return compile(file);
    }

    static Stream<Path> everySchema() throws IOException {
        try (Stream<Path> examples = Files.list(TestPaths.EXAMPLES); Stream<Path> conformance = Files.list(CONFORMANCE)) {
            return Stream.concat(examples, conformance).filter(p -> p.toString().endsWith(".cser")).sorted().toList()
                    .stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("everySchema")
    void everySchemaIsCompatibleWithItselfWithoutANote(Path schema) throws Exception {
        assertEquals(List.of(), CompatChecker.check(compile(schema), compile(schema)));
    }

    /** The generations the conformance suite passes records through: each may replace the one before. */
    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "generations_v1, generations_v2",
        "generations_v2, generations_v3",
        "generations_v1, generations_v3",
        "evolution_v1, evolution_v2",
    })
    void theConformanceGenerationsEvolveCompatibly(String older, String newer) throws Exception {
        List<Finding> findings = CompatChecker.check(compile(CONFORMANCE.resolve(older + ".cser")),
                compile(CONFORMANCE.resolve(newer + ".cser")));
        assertTrue(findings.stream().allMatch(f -> f.severity() == Severity.NOTE), findings.toString());
        assertFalse(findings.isEmpty());
        CompatReport report = new CompatReport(findings, Mode.FULL, true, false);
        assertEquals(0, report.exitStatus());
        assertEquals(List.of(), report.shown(), "notes only with --verbose");
    }

    /** ...and none may go back: the fields appended since would be removed. */
    @ParameterizedTest(name = "{1} -> {0}")
    @CsvSource({"generations_v1, generations_v2", "generations_v2, generations_v3", "evolution_v1, evolution_v2"})
    void goingBackRemovesFields(String older, String newer) throws Exception {
        List<Finding> findings = CompatChecker.check(compile(CONFORMANCE.resolve(newer + ".cser")),
                compile(CONFORMANCE.resolve(older + ".cser")));
        assertTrue(findings.stream().anyMatch(f -> f.rule() == Rule.FIELD_REMOVED && f.side() == Side.OLD));
        assertEquals(1, new CompatReport(findings, Mode.FULL, false, false).exitStatus());
    }

    @Test
    void eachModeCoversItsDirections() {
        assertTrue(Mode.FULL.covers(Direction.BACKWARD) && Mode.FULL.covers(Direction.FORWARD));
        assertTrue(Mode.BACKWARD.covers(Direction.BACKWARD) && Mode.BACKWARD.covers(Direction.BOTH));
        assertFalse(Mode.BACKWARD.covers(Direction.FORWARD));
        assertTrue(Mode.FORWARD.covers(Direction.FORWARD) && Mode.FORWARD.covers(Direction.BOTH));
        assertFalse(Mode.FORWARD.covers(Direction.BACKWARD));
    }

    @Test
    void aReportShowsWhatItsModeCoversAndFailsOnErrorsOrWithStrictOnWarnings() {
        Location at = new Location("new.cser", 1, 1);
        Finding added = new Finding(Rule.VARIANT_ADDED, Side.NEW, at, "p.U", "v", "added");
        Finding removed = new Finding(Rule.VARIANT_REMOVED, Side.OLD, at, "p.U", "w", "removed");
        Finding note = new Finding(Rule.FIELD_APPENDED, Side.NEW, at, "p.R", "f", "appended");
        List<Finding> all = List.of(added, removed, note);
        assertEquals(List.of(added), new CompatReport(all, Mode.FORWARD, false, false).shown());
        assertEquals(List.of(added, note), new CompatReport(all, Mode.FORWARD, false, true).shown());
        assertEquals(List.of(removed, note), new CompatReport(all, Mode.BACKWARD, false, true).shown());
        assertEquals(0, new CompatReport(all, Mode.FORWARD, false, false).exitStatus());
        assertEquals(1, new CompatReport(all, Mode.FORWARD, true, false).exitStatus());
        assertEquals(1, new CompatReport(all, Mode.BACKWARD, false, false).exitStatus());
        assertEquals(0, new CompatReport(List.of(note), Mode.FULL, true, true).exitStatus(), "notes never fail");
    }

    @Test
    void jsonStringsAreEscaped() {
        assertEquals("\"a\\\"b\\\\c\\nd\\u0001\u00e9\"", CompatReport.quote("a\"b\\c\nd\u0001\u00e9"));
    }

    @Test
    void aRenameIsFollowedThroughEveryPlaceThatReachesIt() throws Exception {
        Schema old = compile("old.cser", """
                package p;
                record R { A a = 1; list<A> as = 2; map<string, A> by = 3; optional<A> maybe = 4; }
                record A { i32 x = 1; }
                """);
        Schema neu = compile("new.cser", """
                package p;
                record R { B a = 1; list<B> as = 2; map<string, B> by = 3; optional<B> maybe = 4; }
                record B { i64 x = 1; }
                """);
        List<Finding> findings = CompatChecker.check(old, neu);
        assertEquals(List.of(Rule.TYPE_RENAMED, Rule.FIELD_TYPE_CHANGED), findings.stream().map(Finding::rule).toList(),
                "one rename, and the change inside reported once: " + findings);
        assertEquals("field 'x' of B (was A) changed type from i32 to i64: old and new readers disagree on its bytes",
                findings.get(1).message());
    }

    @Test
    void aTypeReachedAsTwoTypesIsComparedWithEach() throws Exception {
        Schema old = compile("old.cser", """
                package p;
                record R { A first = 1; A second = 2; }
                record A { i32 x = 1; }
                """);
        Schema neu = compile("new.cser", """
                package p;
                record R { B first = 1; C second = 2; }
                record B { i32 x = 1; }
                record C { string x = 1; }
                """);
        List<Finding> findings = CompatChecker.check(old, neu);
        assertEquals(List.of("p.B", "p.C", "p.C"), findings.stream().map(Finding::type).toList(), findings.toString());
        assertEquals(List.of(Rule.TYPE_RENAMED, Rule.TYPE_RENAMED, Rule.FIELD_TYPE_CHANGED),
                findings.stream().map(Finding::rule).toList());
    }

    @Test
    void anUnreferencedTypeIsARenameOnlyWhenOneNewTypeIsTheSameButForItsName() throws Exception {
        Schema old = compile("old.cser", "package p;\nrecord A { i32 x = 1; Keep k = 2; }\nrecord Keep { bool b = 1; }\n");
        Schema one = compile("one.cser", "package p;\nrecord B { i32 x = 1; Keep k = 2; }\nrecord Keep { bool b = 1; }\n"
                + "record C { i32 y = 1; Keep k = 2; }\nrecord D { i32 x = 1; }\n");
        List<Finding> findings = CompatChecker.check(old, one);
        assertEquals(List.of(Rule.TYPE_RENAMED, Rule.TYPE_ADDED, Rule.TYPE_ADDED),
                findings.stream().map(Finding::rule).toList(), findings.toString());
        assertEquals(List.of("p.B", "p.C", "p.D"), findings.stream().map(Finding::type).toList());

        Schema two = compile("two.cser", "package p;\nrecord B { i32 x = 1; Keep k = 2; }\nrecord Keep { bool b = 1; }\n"
                + "record C { i32 x = 1; Keep k = 2; }\n");
        assertEquals(List.of(Rule.TYPE_ADDED, Rule.TYPE_ADDED, Rule.TYPE_REMOVED),
                CompatChecker.check(old, two).stream().map(Finding::rule).toList(), "ambiguous: removed");

        // A field renamed or appended too: that may be another type altogether, so A was removed.
        for (String other : List.of("record B { i32 y = 1; Keep k = 2; }", "record B { i32 x = 1; Keep k = 2; bool z = 3; }")) {
            Schema three = compile("three.cser", "package p;\n" + other + "\nrecord Keep { bool b = 1; }\n");
            assertEquals(List.of(Rule.TYPE_ADDED, Rule.TYPE_REMOVED),
                    CompatChecker.check(old, three).stream().map(Finding::rule).toList(), other);
        }
    }

    @Test
    void aTypeRemovedWhileItsFieldsNowHoldAnotherExistingTypeWasRemovedNotRenamed() throws Exception {
        Schema old = compile("old.cser", "package p;\nrecord R { A a = 1; }\nrecord A { i32 x = 1; }\n"
                + "record B { i32 x = 1; }\n");
        Schema neu = compile("new.cser", "package p;\nrecord R { B a = 1; }\nrecord B { i32 x = 1; }\n");
        List<Finding> findings = CompatChecker.check(old, neu);
        assertEquals(List.of(Rule.TYPE_REMOVED), findings.stream().map(Finding::rule).toList(), findings.toString());
        assertEquals("p.A", findings.get(0).type());
    }

    /** Any two schemas of the repository, however unrelated: every finding points into its own side. */
    @Test
    void everyPairOfSchemasComparesAndEachFindingIsLocatedInItsSide() throws Exception {
        List<Path> all = everySchema().toList();
        int pairs = 0;
        for (Path a : all) {
            Schema old = compile(a);
            for (Path b : all) {
                Schema neu = compile(b);
                for (Finding f : CompatChecker.check(old, neu)) {
                    Schema side = f.side() == Side.OLD ? old : neu;
                    assertTrue(side.files().stream().anyMatch(file -> file.path().equals(f.location().path())), f.toString());
                    assertTrue(f.location().line() >= 1 && f.location().column() >= 1, f.toString());
                    assertTrue(side.declarations().containsKey(f.type()), f.toString());
                }
                pairs++;
            }
        }
        assertTrue(pairs >= 100, pairs + " pairs");
    }
}
