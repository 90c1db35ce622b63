package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cserc command line: usage errors exit 2 with a message, help exits 0. */
class CommandLineTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return new Cserc(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    }

    @Test
    void usageErrors() {
        assertEquals(2, run());
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("cserc: no schema files given\nusage:"));
        err.reset();
        assertEquals(2, run("--frobnicate", "a.cser"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("cserc: unknown option --frobnicate"));
        err.reset();
        assertEquals(2, run("a.cser", "-I"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("cserc: -I needs a value"));
        err.reset();
        assertEquals(2, run("a.cser"));
        assertTrue(err.toString(StandardCharsets.UTF_8).startsWith("cserc: no output given"));
    }

    @Test
    void helpGoesToStdout() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("usage: cserc"));
    }

    @Test
    void missingFileIsASchemaError() {
        assertEquals(1, run("check", dir.resolve("nope.cser").toString()));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("nope.cser: error: cannot read"));
    }

    @Test
    void javaOutWritesOneFilePerTypeAndLeavesUnchangedFilesAlone() throws Exception {
        Path schema = dir.resolve("p.cser");
        Files.writeString(schema, "package p.q;\nrecord A { i32 x = 1; }\nenum E { Z = 0; }\n");
        Path outDir = dir.resolve("out");
        assertEquals(0, run("--java-out", outDir.toString(), schema.toString()));
        Path a = outDir.resolve("p/q/A.java");
        assertTrue(Files.exists(a) && Files.exists(outDir.resolve("p/q/E.java")));
        long stamp = Files.getLastModifiedTime(a).toMillis();
        Files.setLastModifiedTime(a, java.nio.file.attribute.FileTime.fromMillis(stamp - 60_000));
        assertEquals(0, run("--java-out", outDir.toString(), schema.toString()));
        assertEquals(stamp - 60_000, Files.getLastModifiedTime(a).toMillis(), "an unchanged file is not rewritten");
    }

    @Test
    void targetsNotYetAvailableSaySo() {
        assertEquals(2, run("--rust-out", dir.toString(), "a.cser"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("Rust target is not implemented yet"));
    }
}
