package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertAll;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The malformed-schema corpus. Every case under {@code src/test/resources/malformed} is a
 * schema with errors: a file {@code name.cser}, or, when imports are involved, a directory
 * {@code name/} whose entry point is {@code main.cser}. Beside it, {@code name.expected} is
 * the compiler's whole expected stderr for {@code cserc check}: for each error, in order,
 * {@code path:line:col: error: message}, the source line and the caret, then the count.
 *
 * <p>The compiler is given each path relative to the working directory, as a user would type
 * it; the expected files spell the corpus directory {@code malformed/} so that they do not
 * depend on where the tests run. Regenerate with {@code -Dgolden.update=true}, then review
 * every diff: each caret must sit on the token the message is about.
 */
class MalformedSchemaTest {
    private static final Path CORPUS = TestPaths.RESOURCES.resolve("malformed");
    private static final String AS_TYPED = TestPaths.asTyped(CORPUS) + "/";
    private static final String AS_EXPECTED = "malformed/";
    private static final Pattern HEADER = Pattern.compile("(?m)^(\\S+?)(?::(\\d+):(\\d+))?: error: ");
    private static final Pattern COUNT = Pattern.compile("\\n(\\d+) errors?\\n$");

    /** One case: its name, the schema the compiler is given and the file of its expected stderr. */
    record Case(String name, Path schema, Path expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Case> cases() throws IOException {
        try (Stream<Path> entries = Files.list(CORPUS)) {
            return entries.sorted()
                    .filter(p -> Files.isDirectory(p) || p.getFileName().toString().endsWith(".cser"))
                    .map(p -> {
                        String name = p.getFileName().toString().replaceAll("\\.cser$", "");
                        Path schema = Files.isDirectory(p) ? p.resolve("main.cser") : p;
                        return new Case(name, schema, CORPUS.resolve(name + ".expected"));
                    })
                    .toList()
                    .stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void reportsExactlyTheExpectedErrors(Case c) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Cserc cserc = new Cserc(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        int status = cserc.run(new String[] {"check", TestPaths.asTyped(c.schema()).toString()});
        String stderr = err.toString(StandardCharsets.UTF_8).replace(AS_TYPED, AS_EXPECTED);
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(c.expected(), stderr, StandardCharsets.UTF_8);
        }

        assertAll(
                () -> assertEquals(1, status, "exit status"),
                () -> assertEquals("", out.toString(StandardCharsets.UTF_8), "nothing on stdout"),
                () -> assertFalse(stderr.contains("Exception") || stderr.contains("\tat "), "a stack trace:\n" + stderr),
                () -> assertEquals(Files.readString(c.expected(), StandardCharsets.UTF_8), stderr));
    }

    /** The expected files themselves: well formed, so that a careless regeneration shows. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void expectedFileIsWellFormed(Case c) throws IOException {
        String expected = Files.readString(c.expected(), StandardCharsets.UTF_8);
        Matcher count = COUNT.matcher("\n" + expected);
        assertTrue(count.find(), "ends with the error count");
        Matcher header = HEADER.matcher(expected);
        int errors = 0;
        while (header.find()) {
            errors++;
            assertTrue(header.group(1).startsWith(AS_EXPECTED + c.name()), "an error in this case: " + header.group());
            String[] after = expected.substring(header.end()).split("\n", 4);
            boolean quoted = !HEADER.matcher(after[1]).lookingAt() && !after[1].matches("\\d+ errors?");
            if (header.group(2) != null && quoted) {
                // The caret line sits under the quoted source line, with the caret under the
                // column-th code point of the file's line, however the characters before it are shown.
                String source = Files.readAllLines(CORPUS.getParent().resolve(header.group(1)), StandardCharsets.UTF_8)
                        .get(Integer.parseInt(header.group(2)) - 1);
                String shownBefore = shown(source, Integer.parseInt(header.group(3)) - 1);
                assertTrue(after[1].startsWith(shownBefore), header.group() + " quotes its line: " + after[1]);
                String caretLine = after[2];
                assertEquals(shownBefore.codePointCount(0, shownBefore.length()), caretLine.indexOf('^'), header.group());
                assertTrue(caretLine.strip().equals("^"), "a caret line: " + caretLine);
            }
        }
        assertEquals(Integer.parseInt(count.group(1)), errors, "the count matches the errors listed");
        assertFalse(expected.contains("\r"), "no carriage returns");
    }

    /**
     * The first {@code n} code points of a source line as a diagnostic shows them: printable
     * characters and tabs as they are, anything else as a backslash, u and its hex number in braces.
     */
    private static String shown(String line, int n) {
        StringBuilder b = new StringBuilder();
        line.codePoints().limit(n).forEach(c -> {
            int type = Character.getType(c);
            boolean visible = c == '\t' || !(type == Character.CONTROL || type == Character.FORMAT
                    || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR
                    || type == Character.SURROGATE || type == Character.PRIVATE_USE || type == Character.UNASSIGNED);
            if (visible) {
                b.appendCodePoint(c);
            } else {
                b.append("\\u{").append(Integer.toHexString(c).toUpperCase(java.util.Locale.ROOT)).append('}');
            }
        });
        return b.toString();
    }

    @Test
    void corpusIsLargeAndHasNoOrphans() throws IOException {
        List<Case> all = cases().toList();
        assertTrue(all.size() >= 35, "corpus has " + all.size() + " cases");
        for (Case c : all) {
            assertTrue(Files.isRegularFile(c.schema()), "missing " + c.schema());
            assertTrue(Files.isRegularFile(c.expected()), "missing " + c.expected());
        }
        try (Stream<Path> entries = Files.list(CORPUS)) {
            List<String> orphans = entries.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".expected"))
                    .map(n -> n.replaceAll("\\.expected$", ""))
                    .filter(n -> all.stream().noneMatch(c -> c.name().equals(n)))
                    .toList();
            assertEquals(List.of(), orphans, "expected files without a case");
        }
    }
}
