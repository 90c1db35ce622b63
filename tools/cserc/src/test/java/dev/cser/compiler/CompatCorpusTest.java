package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.compiler.command.CompatOptions;
import dev.cser.compiler.compat.CompatChecker;
import dev.cser.compiler.compat.Finding;
import dev.cser.compiler.compat.Rule;
import dev.cser.compiler.diag.SchemaException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code cserc compat} corpus. Every directory under {@code src/test/resources/compat} is a
 * case: two schemas (usually {@code old.cser} and {@code new.cser}; directories {@code old/} and
 * {@code new/} when imports are involved), a file {@code args} holding the command line after
 * {@code cserc compat} ({@code #} lines say what the case is about; every word naming a file or
 * directory of the case is a path relative to it), and {@code expected.txt}: the exact stdout,
 * then {@code --- stderr} and the stderr when there is any, then {@code --- exit N}.
 *
 * <p>The command runs through {@link Cserc#run}, as {@code bin/cserc} does, with paths relative
 * to the working directory as a user types them; the expected files spell the corpus directory
 * {@code compat/}. Regenerate with {@code -Dgolden.update=true}, then review every diff.
 */
public class CompatCorpusTest {
    private static final Path CORPUS = TestPaths.RESOURCES.resolve("compat");
    private static final String AS_TYPED = TestPaths.asTyped(CORPUS) + "/";
    private static final String AS_EXPECTED = "compat/";

    /** One case of the corpus; SchemaCompatAgreementTest reads the corpus too. */
    public record Case(String name, Path dir) {
        @Override
        public String toString() {
            return name;
        }

        Path expected() {
            return dir.resolve("expected.txt");
        }

        /** The command line after {@code cserc compat}, with the case's paths as a user types them. */
        public List<String> args() throws IOException {
            List<String> args = new ArrayList<>();
            for (String line : Files.readAllLines(dir.resolve("args"), StandardCharsets.UTF_8)) {
                if (line.startsWith("#") || line.isBlank()) {
                    continue;
                }
                for (String word : line.trim().split("\\s+")) {
                    Path p = dir.resolve(word);
                    args.add(!word.startsWith("-") && Files.exists(p) ? TestPaths.asTyped(p).toString() : word);
                }
            }
            return args;
        }
    }

    public static Stream<Case> cases() throws IOException {
        try (Stream<Path> entries = Files.list(CORPUS)) {
            return entries.filter(Files::isDirectory)
                    .sorted()
                    .map(p -> new Case(p.getFileName().toString(), p))
                    .toList()
                    .stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void printsExactlyTheExpectedOutput(Case c) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> argv = new ArrayList<>(List.of("compat"));
        argv.addAll(c.args());
        int status = new Cserc(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(argv.toArray(String[]::new));
        String stdout = out.toString(StandardCharsets.UTF_8);
        String stderr = err.toString(StandardCharsets.UTF_8);
        String actual = (stdout + (stderr.isEmpty() ? "" : "--- stderr\n" + stderr) + "--- exit " + status + "\n")
                .replace(AS_TYPED, AS_EXPECTED);
        if (Boolean.getBoolean("golden.update")) {
            Files.writeString(c.expected(), actual, StandardCharsets.UTF_8);
        }
        assertAll(
                () -> assertFalse(actual.contains("Exception") || actual.contains("\tat "), "a stack trace:\n" + actual),
                () -> assertEquals(Files.readString(c.expected(), StandardCharsets.UTF_8), actual));
    }

    /** Every rule of compat/ is met by some case, so every message is pinned by an expected file. */
    @Test
    void everyRuleHasACase() throws Exception {
        Set<Rule> met = EnumSet.noneOf(Rule.class);
        for (Case c : cases().toList()) {
            CompatOptions options = CompatOptions.parse(c.args());
            try {
                met.addAll(findings(options).stream().map(Finding::rule).toList());
            } catch (SchemaException e) {
                // A case about schema errors.
            }
        }
        assertEquals(EnumSet.noneOf(Rule.class), EnumSet.complementOf(EnumSet.copyOf(met)), "rules without a case");
    }

    private static List<Finding> findings(CompatOptions options) throws SchemaException, IOException {
        return CompatChecker.check(compile(options.oldPath(), options.includes(), options.oldIncludes()),
                compile(options.newPath(), options.includes(), options.newIncludes()));
    }

    /** The schema of a file or a directory of them, as {@code cserc compat} compiles each side. */
    public static dev.cser.compiler.schema.Schema compile(Path path, List<Path> includes, List<Path> sideIncludes)
            throws SchemaException, IOException {
        List<Path> dirs = new ArrayList<>(includes);
        dirs.addAll(sideIncludes);
        List<Path> files = List.of(path);
        if (Files.isDirectory(path)) {
            dirs.add(path);
            try (Stream<Path> walk = Files.walk(path)) {
                files = walk.filter(p -> p.toString().endsWith(".cser")).sorted().toList();
            }
        }
        return new SchemaCompiler(dirs).compile(files);
    }

    @Test
    void everyCaseSaysWhatItIsAboutAndHasItsExpectedOutput() throws IOException {
        List<Case> all = cases().toList();
        assertTrue(all.size() >= 40, "corpus has " + all.size() + " cases");
        for (Case c : all) {
            assertTrue(Files.isRegularFile(c.dir().resolve("args")), "missing " + c.dir().resolve("args"));
            assertTrue(Files.isRegularFile(c.expected()), "missing " + c.expected());
            assertTrue(Files.readString(c.expected(), StandardCharsets.UTF_8).endsWith("\n"), "newline at the end");
            assertTrue(Files.readAllLines(c.dir().resolve("args")).stream().anyMatch(l -> l.startsWith("# ")),
                    c + ": args says what the case is about");
        }
    }
}
