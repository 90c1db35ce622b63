package dev.cser.compiler.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.TestPaths;
import dev.cser.compiler.diag.DiagnosticFormatter;
import dev.cser.compiler.diag.Location;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
        assertTrue(findings.stream().allMatch(f -> f.severity(Category.WIRE) == Severity.NOTE), findings.toString());
        assertFalse(findings.isEmpty());
        CompatReport report = new CompatReport(findings, Category.WIRE, Mode.FULL, true, false, CompatConfig.NONE);
        assertEquals(0, report.exitStatus());
        assertEquals(List.of(), report.shown(), "notes only with --verbose");
        // In the default category a deprecated field is a warning (JSON no longer writes it), never an error.
        CompatReport json = new CompatReport(findings, Category.DEFAULT, Mode.FULL, false, false, CompatConfig.NONE);
        assertEquals(0, json.exitStatus());
        assertTrue(json.shown().stream().allMatch(f -> f.rule() == Rule.FIELD_DEPRECATED), json.shown().toString());
    }

    /** ...and none may go back: the fields appended since would be removed. */
    @ParameterizedTest(name = "{1} -> {0}")
    @CsvSource({"generations_v1, generations_v2", "generations_v2, generations_v3", "evolution_v1, evolution_v2"})
    void goingBackRemovesFields(String older, String newer) throws Exception {
        List<Finding> findings = CompatChecker.check(compile(CONFORMANCE.resolve(newer + ".cser")),
                compile(CONFORMANCE.resolve(older + ".cser")));
        assertTrue(findings.stream().anyMatch(f -> f.rule() == Rule.FIELD_REMOVED && f.side() == Side.OLD));
        assertEquals(1, new CompatReport(findings, Category.DEFAULT, Mode.FULL, false, false, CompatConfig.NONE).exitStatus());
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
        Finding added = new Finding(Rule.FIELD_WIDENED, Side.NEW, at, "p.U", "v", "widened");
        Finding removed = new Finding(Rule.VARIANT_REMOVED, Side.OLD, at, "p.U", "w", "removed");
        Finding note = new Finding(Rule.FIELD_APPENDED, Side.NEW, at, "p.R", "f", "appended");
        List<Finding> all = List.of(added, removed, note);
        assertEquals(List.of(added), new CompatReport(all, Category.DEFAULT, Mode.FORWARD, false, false, CompatConfig.NONE).shown());
        assertEquals(List.of(added, note), new CompatReport(all, Category.DEFAULT, Mode.FORWARD, false, true, CompatConfig.NONE).shown());
        assertEquals(List.of(removed, note), new CompatReport(all, Category.DEFAULT, Mode.BACKWARD, false, true, CompatConfig.NONE).shown());
        assertEquals(0, new CompatReport(all, Category.DEFAULT, Mode.FORWARD, false, false, CompatConfig.NONE).exitStatus());
        assertEquals(1, new CompatReport(all, Category.DEFAULT, Mode.FORWARD, true, false, CompatConfig.NONE).exitStatus());
        assertEquals(1, new CompatReport(all, Category.DEFAULT, Mode.BACKWARD, false, false, CompatConfig.NONE).exitStatus());
        assertEquals(0, new CompatReport(List.of(note), Category.DEFAULT, Mode.FULL, true, true, CompatConfig.NONE).exitStatus(), "notes never fail");
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
                record B { string x = 1; }
                """);
        List<Finding> findings = CompatChecker.check(old, neu);
        assertEquals(List.of(Rule.TYPE_RENAMED, Rule.FIELD_TYPE_CHANGED), findings.stream().map(Finding::rule).toList(),
                "one rename, and the change inside reported once: " + findings);
        assertEquals("field 'x' of B (was A) changed type from i32 to string: old and new readers disagree on its bytes",
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
        assertEquals(List.of(Rule.ROOT_TYPE_RENAMED, Rule.TYPE_ADDED, Rule.TYPE_ADDED),
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

    /** Each category includes the ones before it: a rule is never less severe in a stricter one. */
    @Test
    void severitiesGrowWithTheCategory() {
        for (Rule r : Rule.values()) {
            Severity wire = r.severity(Category.WIRE);
            Severity json = r.severity(Category.WIRE_JSON);
            Severity source = r.severity(Category.SOURCE);
            assertTrue(json.compareTo(wire) <= 0 && source.compareTo(json) <= 0, r + ": " + wire + " " + json + " " + source);
        }
        // What misreads or rejects data is an error whatever the category.
        for (Rule r : List.of(Rule.MEMBER_RENUMBERED, Rule.MEMBER_REMOVED, Rule.ROOT_TYPE_RENAMED,
                Rule.VARIANT_REMOVED, Rule.TYPE_REMOVED, Rule.FIELD_TYPE_CHANGED)) {
            assertEquals(Severity.ERROR, r.severity(Category.WIRE), r.name());
        }
        // Unions grow (SPEC §5.7): old readers keep an added variant; only exhaustive matches notice.
        assertEquals(Severity.NOTE, Rule.VARIANT_ADDED.severity(Category.WIRE_JSON));
        assertEquals(Severity.WARNING, Rule.VARIANT_ADDED.severity(Category.SOURCE));
        assertEquals(Severity.NOTE, Rule.FIELD_RENAMED.severity(Category.WIRE));
        assertEquals(Severity.ERROR, Rule.FIELD_RENAMED.severity(Category.WIRE_JSON));
        assertEquals(Severity.ERROR, Rule.ENUM_RENAMED.severity(Category.SOURCE));
    }

    @Test
    void integersWidenAndNarrowWithinTheirFamilyOnly() throws Exception {
        Schema old = compile("old.cser", """
                package p;
                record R { i32 a = 1; u16 b = 2; bool c = 3; list<i16> d = 4; map<u32, i32> e = 5; i32 f = 6;
                           u8 g = 7; i64 h = 8; map<u32, i64> i = 9; optional<i32> j = 10; }
                """);
        Schema neu = compile("new.cser", """
                package p;
                record R { i64 a = 1; u64 b = 2; u32 c = 3; list<i64> d = 4; map<u64, i64> e = 5; u32 f = 6;
                           u16 g = 7; i16 h = 8; map<u64, i32> i = 9; optional<i64> j = 10; }
                """);
        List<String> got = CompatChecker.check(old, neu).stream().map(f -> f.member() + " " + f.rule()).toList();
        assertEquals(List.of("a FIELD_WIDENED", "b FIELD_WIDENED", "c FIELD_WIDENED", "d FIELD_WIDENED",
                "e FIELD_WIDENED", "f FIELD_TYPE_CHANGED", "g FIELD_TYPE_CHANGED", "h FIELD_NARROWED",
                "i FIELD_TYPE_CHANGED", "j FIELD_WIDENED"), got,
                "i32 -> u32 is zigzag to varint, u8 -> u16 a byte to a varint; a map that widens its key and"
                        + " narrows its value is neither");
        Finding a = CompatChecker.check(old, neu).get(0);
        assertEquals(Direction.FORWARD, a.direction());
        assertEquals(Severity.WARNING, a.severity(Category.WIRE_JSON));
        assertEquals(Severity.ERROR, a.severity(Category.SOURCE), "the generated field's type changes");
    }

    @Test
    void aRenamedTypeThatOthersHoldIsAWarningAndARootAnError() throws Exception {
        Schema old = compile("old.cser", """
                package p;
                record Order { Line line = 1; list<Order> children = 2; }
                record Line { i32 n = 1; }
                """);
        Schema neu = compile("new.cser", """
                package p;
                record Purchase { Item line = 1; list<Purchase> children = 2; }
                record Item { i32 n = 1; }
                """);
        List<Finding> findings = CompatChecker.check(old, neu);
        assertEquals(List.of(Rule.ROOT_TYPE_RENAMED, Rule.TYPE_RENAMED), findings.stream().map(Finding::rule).toList(),
                "Order holds only itself: a root; Line is held by Order: " + findings);
    }

    @Test
    void aConfigFileSetsTheCategoryAndModeAndIgnoresFindingsWithAReason() {
        List<CompatConfig.Problem> problems = new ArrayList<>();
        CompatConfig config = CompatConfig.parse("c.conf", """
                # what this repository allows
                category wire      # the bytes only
                mode backward
                ignore FIELD_RENAMED p.R.note   JSON readers moved in 2.3
                ignore * p.Legacy               never in a stream
                """, problems);
        assertEquals(List.of(), problems);
        assertEquals(Category.WIRE, config.category());
        assertEquals(Mode.BACKWARD, config.mode());
        assertEquals(2, config.ignores().size());
        assertEquals("JSON readers moved in 2.3", config.ignores().get(0).reason());
        Location at = new Location("new.cser", 1, 1);
        Finding renamed = new Finding(Rule.FIELD_RENAMED, Side.NEW, at, "p.R", "note", "renamed");
        Finding otherMember = new Finding(Rule.FIELD_RENAMED, Side.NEW, at, "p.R", "notes", "renamed");
        Finding legacy = new Finding(Rule.FIELD_REMOVED, Side.OLD, at, "p.Legacy", "x", "removed");
        Finding legacyItself = new Finding(Rule.TYPE_REMOVED, Side.OLD, at, "p.Legacy", null, "removed");
        assertTrue(config.ignores().get(0).matches(renamed));
        assertFalse(config.ignores().get(0).matches(otherMember), "a member target matches that member only");
        assertTrue(config.ignores().get(1).matches(legacy) && config.ignores().get(1).matches(legacyItself));
        CompatReport report = new CompatReport(List.of(renamed, otherMember, legacy), Category.WIRE_JSON, Mode.FULL,
                false, false, config);
        assertEquals(List.of(otherMember), report.shown());
        assertEquals(List.of(renamed, legacy), report.ignored());
        assertEquals(1, report.exitStatus());
    }

    @Test
    void anIgnoreThatMatchesNothingIsAWarning() {
        CompatConfig config = CompatConfig.parse("c.conf", "ignore FIELD_REMOVED p.Gone.x  removed long ago\n",
                new ArrayList<>());
        CompatReport report = new CompatReport(List.of(), Category.WIRE_JSON, Mode.FULL, false, false, config);
        assertEquals(0, report.exitStatus());
        assertEquals(1, new CompatReport(List.of(), Category.WIRE_JSON, Mode.FULL, true, false, config).exitStatus(),
                "with --strict a stale ignore fails");
        String text = report.text(new DiagnosticFormatter(java.util.Map.of()), new DiagnosticFormatter(java.util.Map.of()),
                new DiagnosticFormatter(java.util.Map.of("c.conf", List.of("ignore FIELD_REMOVED p.Gone.x  removed long ago"))));
        assertTrue(text.startsWith("c.conf:1:1: warning: this ignore matches no finding of FIELD_REMOVED about p.Gone.x"),
                text);
    }

    @Test
    void aConfigFileErrorIsLocated() {
        List<CompatConfig.Problem> problems = new ArrayList<>();
        CompatConfig.parse("c.conf", """
                category json
                ignore NO_SUCH_RULE p.R why
                ignore FIELD_RENAMED p.R
                colour blue
                mode full
                mode full
                """, problems);
        assertEquals(List.of(
                "c.conf:1:10: category must be wire, wire-json or source, not 'json'",
                "c.conf:2:8: no rule is called 'NO_SUCH_RULE' (compiler/README.md lists them; * ignores every rule)",
                "c.conf:3:1: an ignore line is 'ignore RULE TARGET REASON': the rule's code (or *), a type or"
                        + " type.member, and why it is ignored",
                "c.conf:4:1: unknown setting 'colour': a line is 'category', 'mode' or 'ignore'",
                "c.conf:6:1: mode is set twice"),
                problems.stream().map(p -> p.location() + ": " + p.message()).toList());
    }
}
