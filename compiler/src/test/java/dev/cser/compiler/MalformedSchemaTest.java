package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The malformed-schema corpus: every case under src/test/resources/malformed is a schema with
 * errors, and its {@code .expected} file is the compiler's whole expected output on stderr —
 * each error's path, line, column and message, the source line, the caret, and the count. A
 * case is a file {@code name.cser} (expected in {@code name.expected}) or, when imports are
 * involved, a directory whose entry point is {@code main.cser} (expected in
 * {@code expected.txt}). Regenerate with {@code -Dgolden.update=true}, then review every diff.
 */
class MalformedSchemaTest {
    private static final Path CORPUS = Path.of("src/test/resources/malformed");

    /** A case: the schema the compiler is given, and the file holding its expected stderr. */
    record Case(Path schema, Path expected) {
        @Override
        public String toString() {
            return CORPUS.relativize(schema).toString();
        }
    }

    static Stream<Case> cases() throws IOException {
        try (Stream<Path> entries = Files.list(CORPUS)) {
            return entries.sorted().map(p -> Files.isDirectory(p)
                    ? new Case(p.resolve("main.cser"), p.resolve("expected.txt"))
                    : p.toString().endsWith(".cser")
                            ? new Case(p, Path.of(p.toString().replaceAll("\\.cser$", ".expected")))
                            : null)
                    .filter(c -> c != null)
                    .toList()
                    .stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void reportsExactlyTheExpectedErrors(Case c) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new Cserc(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(new String[] {"check", c.schema().toString()});
        String stderr = err.toString(StandardCharsets.UTF_8);
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(c.expected(), stderr, StandardCharsets.UTF_8);
        }
        assertEquals(1, status, "exit status");
        assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing on stdout");
        assertFalse(stderr.contains("Exception") || stderr.contains("\tat "), "no stack trace:\n" + stderr);
        assertEquals(Files.readString(c.expected(), StandardCharsets.UTF_8), stderr);
    }

    @Test
    void corpusIsLargeAndEveryCaseHasItsExpectation() throws IOException {
        List<Case> all = cases().toList();
        assertTrue(all.size() >= 35, "corpus has " + all.size() + " cases");
        for (Case c : all) {
            assertTrue(Files.exists(c.expected()), "missing " + c.expected());
        }
    }
}
