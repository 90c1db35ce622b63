package dev.cser.compiler.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.SchemaCompat;
import dev.cser.SchemaText;
import dev.cser.compiler.CompatCorpusTest;
import dev.cser.compiler.TestPaths;
import dev.cser.compiler.command.CompatOptions;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The runtimes' comparison of a writer's schema with a reader's (SPEC §9.1,
 * {@link SchemaCompat}) against the checker of {@code cserc compat} ({@link CompatChecker}) on
 * the same pairs: the compat corpus and generated schema pairs ({@link SchemaPairs}). For every
 * root type both schemas declare and both directions, the runtime finds a difference exactly when
 * the checker reports an error in category {@code wire}, in that direction, about a type the root
 * reaches — less the rules that guard a schema's history rather than this pair (SPEC §9.1).
 *
 * <p>The pairs, with the Java runtime's verdict and fingerprints, are written to
 * {@code conformance/schema-compat.json}, which the Rust and Python runtimes' tests read to give
 * the same verdicts word for word. Regenerate with {@code -Dgolden.update=true}.
 */
class SchemaCompatAgreementTest {
    private static final Path EXPORT = TestPaths.REPOSITORY.resolve("conformance").resolve("schema-compat.json");

    /** Generated schema pairs checked, and how many of them are exported. */
    private static final int GENERATED = 400;
    private static final int EXPORTED_GENERATED = 120;

    /** Errors of the checker that protect a schema's history, not one writer and reader (SPEC §9.1). */
    private static final Set<Rule> HISTORY = EnumSet.of(Rule.FIELD_REMOVED, Rule.VARIANT_REMOVED,
            Rule.MEMBER_REMOVED, Rule.TYPE_REMOVED, Rule.ENUM_REMOVED);

    /** One writer, one reader, one root, and what the runtime says of them. */
    record Pair(String name, String root, String writer, String reader, Optional<String> difference) {}

    @Test
    void runtimeAgreesWithTheCheckerAndTheExportIsCurrent() throws Exception {
        List<Pair> pairs = new ArrayList<>();
        List<String> disagreements = new ArrayList<>();
        for (CompatCorpusTest.Case c : CompatCorpusTest.cases().toList()) {
            CompatOptions options;
            try {
                options = CompatOptions.parse(c.args());
            } catch (RuntimeException e) {
                continue; // a case about a wrong command line
            }
            if (options.oldPath() == null) {
                continue; // --against: the other side is a git revision
            }
            Schema oldSchema;
            Schema newSchema;
            try {
                oldSchema = CompatCorpusTest.compile(options.oldPath(), options.includes(), options.oldIncludes());
                newSchema = CompatCorpusTest.compile(options.newPath(), options.includes(), options.newIncludes());
            } catch (SchemaException e) {
                continue; // a case about schema errors
            }
            compare("corpus/" + c.name(), oldSchema, newSchema, pairs, disagreements);
        }
        // All are checked; the first are exported, enough for the other runtimes to meet every rule.
        List<SchemaPairs.Generated> generated = SchemaPairs.generate(GENERATED);
        List<Pair> exported = new ArrayList<>();
        for (int i = 0; i < generated.size(); i++) {
            SchemaPairs.Generated g = generated.get(i);
            if (i == EXPORTED_GENERATED) {
                exported.addAll(pairs);
            }
            compare("generated/" + g.name(), g.oldSchema(), g.newSchema(), pairs, disagreements);
        }
        assertEquals(List.of(), disagreements, "the runtime and the checker disagree");
        assertTrue(pairs.stream().filter(p -> p.difference().isPresent()).count() > 100, "few incompatible pairs");
        assertTrue(pairs.stream().filter(p -> p.difference().isEmpty()).count() > 100, "few compatible pairs");
        String json = export(exported);
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(EXPORT, json, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(EXPORT, StandardCharsets.UTF_8), json,
                EXPORT + " is stale: run with -Dgolden.update=true");
    }

    @Test
    void everyBadTextIsRejectedWithItsLineAndColumn() {
        for (String[] bad : BadTexts.all()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchemaText.parse(bad[1]),
                    bad[0]);
            assertTrue(e.getMessage().matches("bad schema text at line \\d+, column \\d+: .*"), bad[0] + ": "
                    + e.getMessage());
        }
    }

    /** Every root both declare, both ways. */
    static void compare(String name, Schema oldSchema, Schema newSchema, List<Pair> pairs, List<String> disagreements) {
        for (Declaration o : oldSchema.allDeclarations()) {
            Declaration n = newSchema.declarations().get(o.qualifiedName());
            if (n == null || o instanceof EnumType || n instanceof EnumType) {
                continue;
            }
            String oldText = CanonicalText.of(o);
            String newText = CanonicalText.of(n);
            // What the root reaches, as a stream of it holds: the checker pairs by name every type
            // two schemas share, also types another root reaches.
            List<Finding> findings = CompatChecker.check(reached(oldSchema, oldText), reached(newSchema, newText));
            for (Direction d : List.of(Direction.BACKWARD, Direction.FORWARD)) {
                boolean backward = d == Direction.BACKWARD;
                String writer = backward ? oldText : newText;
                String reader = backward ? newText : oldText;
                Optional<String> difference = SchemaCompat.difference(SchemaText.parse(writer), SchemaText.parse(reader),
                        o.qualifiedName());
                List<Finding> breaking = findings.stream()
                        .filter(f -> f.severity(Category.WIRE) == Severity.ERROR)
                        .filter(f -> f.direction() == Direction.BOTH || f.direction() == d)
                        .filter(f -> !HISTORY.contains(f.rule()))
                        .toList();
                String label = name + "/" + o.qualifiedName() + "/" + d.word();
                if (difference.isPresent() != !breaking.isEmpty()) {
                    disagreements.add(label + ": runtime " + difference.orElse("compatible") + "; checker "
                            + breaking.stream().map(f -> f.rule() + " " + f.message()).toList());
                }
                boolean seen = pairs.stream().anyMatch(p -> p.root().equals(o.qualifiedName())
                        && p.writer().equals(writer) && p.reader().equals(reader));
                if (!seen) {
                    pairs.add(new Pair(label, o.qualifiedName(), writer, reader, difference));
                }
            }
        }
    }

    /** The schema cut down to the types that have a line in {@code text}. */
    private static Schema reached(Schema schema, String text) {
        Map<String, Declaration> kept = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String type = line.substring(line.indexOf(' ') + 1, line.indexOf('{'));
            kept.put(type, schema.declarations().get(type));
        }
        return new Schema(schema.files(), kept);
    }

    private static String export(List<Pair> pairs) {
        StringBuilder s = new StringBuilder();
        s.append("{\n  \"about\": ").append(quote("Writer and reader schemas (canonical texts, SPEC §8.1) of one root"
                + " type, with the first difference SPEC §9.1 names, or null when the reader reads the writer's bytes"
                + " correctly. Written by tools/cserc's SchemaCompatAgreementTest from the compat corpus and generated"
                + " pairs, after checking each verdict against cserc compat; every runtime's tests read it."))
                .append(",\n  \"pairs\": [");
        for (int i = 0; i < pairs.size(); i++) {
            Pair p = pairs.get(i);
            s.append(i == 0 ? "\n" : ",\n").append("    {\"name\": ").append(quote(p.name()))
                    .append(", \"root\": ").append(quote(p.root()))
                    .append(",\n     \"writer\": ").append(quote(p.writer()))
                    .append(",\n     \"reader\": ").append(quote(p.reader()))
                    .append(",\n     \"writer_fingerprint\": ").append(quote(hex(p.writer())))
                    .append(", \"reader_fingerprint\": ").append(quote(hex(p.reader())))
                    .append(",\n     \"difference\": ").append(p.difference().map(SchemaCompatAgreementTest::quote)
                            .orElse("null"))
                    .append("}");
        }
        s.append("\n  ],\n  \"bad_texts\": [");
        List<String[]> bad = BadTexts.all();
        for (int i = 0; i < bad.size(); i++) {
            s.append(i == 0 ? "\n" : ",\n").append("    {\"name\": ").append(quote(bad.get(i)[0]))
                    .append(", \"text\": ").append(quote(bad.get(i)[1])).append("}");
        }
        return s.append("\n  ]\n}\n").toString();
    }

    private static String hex(String text) {
        return String.format("%016x", dev.cser.KnownSchemas.fingerprint(text));
    }

    static String quote(String s) {
        StringBuilder q = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> q.append("\\\"");
                case '\\' -> q.append("\\\\");
                case '\n' -> q.append("\\n");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        q.append(String.format("\\u%04x", (int) c));
                    } else {
                        q.append(c);
                    }
                }
            }
        }
        return q.append('"').toString();
    }
}
