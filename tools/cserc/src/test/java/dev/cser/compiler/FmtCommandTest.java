package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cser.compiler.command.Commands;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cserc fmt [--check] FILE...} as a user runs it: what is written, printed, and the exit status. */
class FmtCommandTest {
    private static final String MESSY = "package p;\nrecord A {\n    i32 x=1;\n}\n";
    private static final String FORMATTED = "package p;\n\nrecord A {\n  i32 x = 1;\n}\n";

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        out.reset();
        err.reset();
        return new Cserc(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    }

    private Path file(String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text, StandardCharsets.UTF_8);
        return f;
    }

    @Test
    void checkListsTheFilesThatWouldChangeAndChangesNothing() throws Exception {
        Path messy = file("messy.cser", MESSY);
        Path tidy = file("tidy.cser", FORMATTED);
        assertEquals(1, run("fmt", "--check", messy.toString(), tidy.toString()));
        assertEquals(messy + "\n", out.toString(StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        assertEquals(MESSY, Files.readString(messy));
        assertEquals(0, run("fmt", "--check", tidy.toString()));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void withoutCheckRewritesOnlyTheFilesThatChange() throws Exception {
        Path messy = file("messy.cser", MESSY);
        Path tidy = file("tidy.cser", FORMATTED);
        FileTime earlier = FileTime.fromMillis(Files.getLastModifiedTime(tidy).toMillis() - 60_000);
        Files.setLastModifiedTime(tidy, earlier);
        assertEquals(0, run("fmt", messy.toString(), tidy.toString()));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertEquals(FORMATTED, Files.readString(messy));
        assertEquals(earlier, Files.getLastModifiedTime(tidy), "a formatted file is not rewritten");
        assertEquals(0, run("fmt", "--check", messy.toString()));
    }

    @Test
    void aDirectoryStandsForEveryCserFileUnderIt() throws Exception {
        Path a = file("s/a.cser", MESSY);
        Path b = file("s/deeper/b.cser", MESSY);
        file("s/notes.txt", "not a schema {");
        assertEquals(1, run("fmt", "--check", dir.resolve("s").toString()));
        assertEquals(a + "\n" + b + "\n", out.toString(StandardCharsets.UTF_8));
        assertEquals(0, run("fmt", dir.resolve("s").toString()));
        assertEquals(FORMATTED, Files.readString(b));
    }

    @Test
    void aFileThatDoesNotParseGetsItsErrorsAndIsLeftAlone() throws Exception {
        String broken = "package p;\nrecord A {\n    i32 x = ;\n}\n";
        Path bad = file("bad.cser", broken);
        Path messy = file("messy.cser", MESSY);
        assertEquals(1, run("fmt", bad.toString(), messy.toString()));
        assertEquals(bad + ":3:12: error: missing a number after '='\n"
                + "    i32 x = ;\n"
                + "           ^\n"
                + "1 error\n", err.toString(StandardCharsets.UTF_8));
        assertEquals(broken, Files.readString(bad));
        assertEquals(FORMATTED, Files.readString(messy), "the other files are still formatted");
    }

    @Test
    void aMissingFileIsAnErrorWithoutALocation() {
        String missing = dir.resolve("nope.cser").toString();
        assertEquals(1, run("fmt", missing));
        assertEquals(missing + ": error: cannot read " + missing + ": no such file\n1 error\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aFileThatIsNotUtf8IsAnError() throws Exception {
        Path latin1 = dir.resolve("latin1.cser");
        Files.write(latin1, new byte[] {'p', 'a', 'c', 'k', 'a', 'g', 'e', ' ', (byte) 0xE9, ';'});
        assertEquals(1, run("fmt", latin1.toString()));
        assertEquals(latin1 + ": error: cannot read " + latin1 + ": it is not valid UTF-8\n1 error\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aByteOrderMarkIsDropped() throws Exception {
        Path bom = file("bom.cser", "\uFEFF" + FORMATTED);
        assertEquals(1, run("fmt", "--check", bom.toString()));
        assertEquals(0, run("fmt", bom.toString()));
        assertEquals(FORMATTED, Files.readString(bom));
    }

    @Test
    void usageErrorsExit2() {
        assertEquals(2, run("fmt"));
        assertEquals("cserc: no schema files given\n" + Commands.byName("fmt").usage(), err.toString(StandardCharsets.UTF_8));
        assertEquals(2, run("fmt", "--write", "a.cser"));
        assertEquals("cserc: unknown option --write\n" + Commands.byName("fmt").usage(), err.toString(StandardCharsets.UTF_8));
    }
}
