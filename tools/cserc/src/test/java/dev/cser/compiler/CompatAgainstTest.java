package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cserc compat --against REV} in a real git repository made for each test: the schemas of
 * the working tree against those of a commit, found with git, shown as {@code REV:path}.
 */
class CompatAgainstTest {
    @TempDir
    Path repo;

    private static final String V1 = """
            package shop;

            enum Status {
              NEW = 0;
              PAID = 1;
              SHIPPED = 2;
            }

            record Order {
              string id = 1;
              Status status = 2;
            }
            """;

    private void git(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "user.name=cser", "-c", "user.email=cser@example.com"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(repo.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), "git " + String.join(" ", args) + ": " + output);
    }

    private void write(String path, String text) throws IOException {
        Path file = repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    @BeforeEach
    void firstCommit() throws Exception {
        git("init", "-q");
        write("schemas/shop.cser", V1);
        write("README.md", "not a schema\n");
        git("add", ".");
        git("commit", "-q", "-m", "v1");
    }

    private record Run(int status, String out, String err) {}

    private Run compat(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        List<String> argv = new ArrayList<>(List.of("compat"));
        argv.addAll(List.of(args));
        int status = new Cserc(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(argv.toArray(String[]::new));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void anUnchangedTreeIsCompatible() {
        Run r = compat("--against", "HEAD", repo.resolve("schemas").toString());
        assertEquals(new Run(0, "", ""), r);
    }

    @Test
    void aRenumberedMemberFailsAndTheRevisionsFilesAreShownAsRevColonPath() throws Exception {
        write("schemas/shop.cser", V1.replace("PAID = 1;", "PAID = 3;").replace("  SHIPPED = 2;\n", ""));
        Run r = compat("--against", "HEAD", repo.resolve("schemas").toString());
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().contains("error: member PAID of Status changed number from 1 to 3"), r.out());
        assertTrue(r.out().contains("HEAD:schemas/shop.cser:6:3: error: member SHIPPED = 2 removed from Status"),
                r.out());
    }

    @Test
    void aFileOfTheDirectoryDeletedSinceTheRevisionRemovesItsTypes() throws Exception {
        write("schemas/extra.cser", "package shop;\n\nrecord Refund {\n  string id = 1;\n}\n");
        git("add", ".");
        git("commit", "-q", "-m", "v2");
        Files.delete(repo.resolve("schemas/extra.cser"));
        Run r = compat("--against", "HEAD", repo.resolve("schemas").toString());
        assertEquals(1, r.status(), r.toString());
        assertTrue(r.out().startsWith("HEAD:schemas/extra.cser:3:8: error: record Refund removed"), r.out());
        assertEquals(new Run(0, "", ""), compat("--against", "HEAD~1", repo.resolve("schemas").toString()),
                "against the first commit, where the file was not yet");
    }

    @Test
    void aSchemaNewSinceTheRevisionHasNothingToCompare() throws Exception {
        write("more/new.cser", "package more;\n\nrecord A {\n  i32 x = 1;\n}\n");
        Run r = compat("--against", "HEAD", repo.resolve("more/new.cser").toString());
        assertEquals(0, r.status());
        assertTrue(r.out().startsWith("nothing to compare: HEAD has no schema at "), r.out());
    }

    @Test
    void anUnknownRevisionIsAClearError() {
        Run r = compat("--against", "no-such-branch", repo.resolve("schemas").toString());
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("cserc: compat --against no-such-branch: no revision 'no-such-branch'"), r.err());
        assertTrue(!r.err().contains("Exception") && !r.err().contains("\tat "), r.err());
    }

    @Test
    void aPathOutsideAnyRepositoryIsAClearError(@TempDir Path elsewhere) throws Exception {
        Files.writeString(elsewhere.resolve("a.cser"), "package a;\n", StandardCharsets.UTF_8);
        Run r = compat("--against", "HEAD", elsewhere.resolve("a.cser").toString());
        assertEquals(1, r.status());
        assertTrue(r.err().startsWith("cserc: compat --against HEAD: git rev-parse --show-toplevel failed"), r.err());
    }
}
