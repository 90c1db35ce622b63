package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.compiler.command.Command;
import dev.cser.compiler.command.Commands;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The cserc command line. Exit status 0 on success, 1 when a schema has errors, 2 when the
 * command line is wrong (a one-line message, then the usage, on stderr).
 */
class CommandLineTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return new Cserc(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
    }

    private String stdout() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String stderr() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private Path schema(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "no arguments                 | ''                          | no schema files given",
        "check without files          | check                       | no schema files given",
        "an unknown option            | --frobnicate a.cser         | unknown option --frobnicate",
        "an unknown short option      | check -x a.cser             | unknown option -x",
        "-I without its value         | check a.cser -I             | -I needs a value",
        "--java-out without its value | a.cser --java-out           | --java-out needs a value",
        "no output option             | a.cser                      | no output given: use --java-out, --rust-out or --python-out, or 'check'",
        "check after another argument | -I inc check a.cser         | 'check' must come first",
        "compat after another argument | -I inc compat a.cser b.cser | 'compat' must come first",
        "compat without schemas       | compat                      | compat compares two schemas, OLD and NEW: none given",
        "compat with one schema       | compat a.cser               | compat compares two schemas, OLD and NEW: only one given",
        "compat with three schemas    | compat a.cser b.cser c.cser | compat compares two schemas, OLD and NEW: 3 given",
        "compat with a bad mode       | compat --mode sideways a.cser b.cser | --mode must be backward, forward or full, not 'sideways'",
        "compat with a bad format     | compat --format xml a.cser b.cser | --format must be text or json, not 'xml'",
        "compat --mode without value  | compat a.cser b.cser --mode | --mode needs a value",
        "compat --old-include without value | compat a.cser b.cser --old-include | --old-include needs a value",
        "compat with an unknown option | compat --java-out x a.cser b.cser | unknown option --java-out",
    })
    void usageErrorsExit2WithAMessageAndTheUsage(String what, String args, String message) {
        String[] argv = args.isEmpty() ? new String[0] : args.split(" ");
        assertEquals(2, run(argv), what);
        // The usage of the command the line was for: compile when the first word names no other.
        Command command = argv.length > 0 && Commands.byName(argv[0]) != null ? Commands.byName(argv[0]) : Commands.DEFAULT;
        assertEquals("cserc: " + message + "\n" + command.usage(), stderr());
        assertEquals("", stdout());
    }

    @Test
    void helpGoesToStdoutAndExits0() {
        assertEquals(0, run("--help"));
        assertEquals(Cserc.USAGE, stdout());
        assertTrue(stdout().startsWith("usage: cserc "));
        assertEquals("", stderr());
        out.reset();
        assertEquals(0, run("-h"));
        assertEquals(Cserc.USAGE, stdout());
    }

    @Test
    void helpListsEveryCommandWithItsSummary() {
        assertEquals(0, run("help"));
        assertEquals(Cserc.USAGE, stdout());
        for (Command c : Commands.ALL) {
            assertTrue(stdout().contains("\n  " + c.name() + " "), c.name());
            assertTrue(stdout().contains(" " + c.summary() + "\n"), c.name());
        }
        assertEquals("", stderr());
    }

    @Test
    void helpCommandAndCommandHelpPrintThatCommandsUsage() {
        for (Command c : Commands.ALL) {
            out.reset();
            assertEquals(0, run("help", c.name()), c.name());
            assertEquals(c.usage(), stdout());
            assertTrue(stdout().startsWith("usage: cserc "), c.name());
            out.reset();
            assertEquals(0, run(c.name(), "--help"), c.name());
            assertEquals(c.usage(), stdout(), c.name() + " --help");
        }
        assertEquals("", stderr());
    }

    @Test
    void helpOfAnUnknownCommandIsAUsageError() {
        assertEquals(2, run("help", "decod"));
        assertEquals("cserc: unknown command 'decod'\n" + Commands.byName("help").usage(), stderr());
        assertEquals("", stdout());
    }

    @Test
    void aBareWordThatIsNoFileIsAnUnknownCommand() {
        assertEquals(2, run("decod", "a.cser"));
        assertEquals("cserc: unknown command 'decod'\n" + Cserc.USAGE, stderr());
    }

    @Test
    void versionPrintsTheMavenProjectVersion() throws Exception {
        String pom = Files.readString(TestPaths.MODULE.resolve("pom.xml"));
        // The compiler's version is its parent's: <parent>...<version>V</version>...</parent>.
        String parent = pom.substring(pom.indexOf("<parent>"), pom.indexOf("</parent>"));
        String version = parent.substring(parent.indexOf("<version>") + 9, parent.indexOf("</version>"));
        assertEquals(0, run("--version"));
        assertEquals("cserc " + version + "\n", stdout());
        assertEquals("", stderr());
        assertEquals(2, run("--version", "extra"));
    }

    @Test
    void checkOfAValidSchemaIsSilentAndExits0() throws Exception {
        Path inc = Files.createDirectories(dir.resolve("inc"));
        Files.writeString(inc.resolve("lib.cser"), "package lib;\nenum E { Z = 0; }\n");
        Path main = schema("main.cser", "package app;\nimport \"lib.cser\";\nrecord A { lib.E e = 1; }\n");
        assertEquals(0, run("check", "-I", inc.toString(), main.toString()));
        assertEquals(0, run("check", "-I" + inc, main.toString()), "-IDIR in one argument");
        assertEquals("", stdout());
        assertEquals("", stderr());
    }

    @Test
    void compatHelpGoesToStdoutAndExits0() {
        assertEquals(0, run("compat", "--help"));
        assertEquals(Commands.byName("compat").usage(), stdout());
        assertTrue(stdout().startsWith("usage: cserc compat "));
        assertEquals("", stderr());
    }

    @Test
    void compatComparesTwoFilesOrTwoDirectoriesNotOneOfEach() throws Exception {
        Path a = schema("a.cser", "package p;\nrecord A { i32 x = 1; }\n");
        Path b = schema("b.cser", "package p;\nrecord A { i32 x = 1; string y = 2; }\n");
        assertEquals(0, run("compat", a.toString(), b.toString()), stderr());
        assertEquals("", stdout(), "a compatible change prints nothing");
        Path old = Files.createDirectories(dir.resolve("old"));
        assertEquals(2, run("compat", old.toString(), b.toString()));
        assertEquals("cserc: OLD and NEW must both be schema files or both directories: " + old
                + " is a directory\n" + Commands.byName("compat").usage(), stderr());
    }

    @Test
    void compatOfEmptyDirectoriesFindsNothing() throws Exception {
        Path old = Files.createDirectories(dir.resolve("old"));
        Path neu = Files.createDirectories(dir.resolve("new"));
        assertEquals(0, run("compat", "--verbose", old.toString(), neu.toString()), stderr());
        assertEquals("wire-json, mode full: 0 errors, 0 warnings, 0 notes\n", stdout());
    }

    @Test
    void aMissingFileIsASchemaErrorWithoutALocation() {
        String missing = dir.resolve("nope.cser").toString();
        assertEquals(1, run("check", missing));
        assertEquals(missing + ": error: cannot read " + missing + ": no such file\n1 error\n", stderr());
    }

    @Test
    void aDirectoryIsNotASchemaFile() {
        assertEquals(1, run("check", dir.toString()));
        assertEquals(dir + ": error: cannot read " + dir + ": it is a directory\n1 error\n", stderr());
    }

    @Test
    void errorsInSeveralRootFilesAreAllReported() throws Exception {
        Path a = schema("a.cser", "package p;\nrecord A { i32 x = 0; }\n");
        Path b = schema("b.cser", "package p;\nrecord b { i32 x = 1; }\n");
        assertEquals(1, run("check", b.toString(), a.toString()));
        assertEquals(a + ":2:20: error: id 0 is out of range: ids run from 1 to 65535\n"
                + "record A { i32 x = 0; }\n"
                + "                   ^\n"
                + b + ":2:8: error: type name 'b' must be PascalCase: [A-Z][A-Za-z0-9]*\n"
                + "record b { i32 x = 1; }\n"
                + "       ^\n"
                + "2 errors\n", stderr());
    }

    @Test
    void javaOutWritesOneFilePerTypeAndLeavesUnchangedFilesAlone() throws Exception {
        Path schema = schema("p.cser", "package p.q;\nrecord A { i32 x = 1; }\nenum E { Z = 0; }\n");
        Path outDir = dir.resolve("out");
        assertEquals(0, run("--java-out", outDir.toString(), schema.toString()), stderr());
        Path a = outDir.resolve("p/q/A.java");
        assertTrue(Files.exists(a) && Files.exists(outDir.resolve("p/q/E.java")));
        FileTime earlier = FileTime.fromMillis(Files.getLastModifiedTime(a).toMillis() - 60_000);
        Files.setLastModifiedTime(a, earlier);
        assertEquals(0, run("--java-out", outDir.toString(), schema.toString()));
        assertEquals(earlier, Files.getLastModifiedTime(a), "an unchanged file is not rewritten");
    }

    @Test
    void rustOutWritesAFilePerPackageAndTheModuleTreeAndDependencyOutListsEveryFileRead() throws Exception {
        Path common = dir.resolve("common.cser");
        Files.writeString(common, "package p.common;\nstruct Id { u64 value = 1; }\n");
        Path schema = dir.resolve("main.cser");
        Files.writeString(schema, "package p;\nimport \"common.cser\";\nrecord R { p.common.Id id = 1; }\n");
        Path outDir = dir.resolve("rust");
        Path deps = dir.resolve("deps.txt");
        assertEquals(0, run("--rust-out", outDir.toString(), "--dependency-out", deps.toString(), schema.toString()));
        assertTrue(Files.exists(outDir.resolve("p.rs")) && Files.exists(outDir.resolve("p.common.rs")));
        String modules = Files.readString(outDir.resolve("cser_modules.rs"));
        assertTrue(modules.contains("pub mod p {\n    include!(\"p.rs\");\n\n    pub mod common {\n"
                + "        include!(\"p.common.rs\");\n    }\n}"), modules);
        assertTrue(Files.readString(outDir.resolve("p.rs")).contains("pub id: super::p::common::Id,"));
        assertEquals(List.of(common.toString(), schema.toString()), Files.readAllLines(deps));
    }

    @Test
    void pythonOutWritesAModulePerPackageAndPackageDirectories() throws Exception {
        Path common = dir.resolve("common.cser");
        Files.writeString(common, "package p.common;\nstruct Id { u64 value = 1; }\n");
        Path schema = dir.resolve("main.cser");
        Files.writeString(schema, "package p;\nimport \"common.cser\";\nrecord R { p.common.Id id = 1; }\n");
        Path leaf = dir.resolve("leaf.cser");
        Files.writeString(leaf, "package q.leaf;\nenum E { A = 0; }\n");
        Path outDir = dir.resolve("python");
        assertEquals(0, run("--python-out", outDir.toString(), schema.toString(), leaf.toString()), stderr());
        // p holds types and has p.common inside it: a package directory with its module as __init__.py.
        String p = Files.readString(outDir.resolve("p/__init__.py"));
        assertTrue(p.contains("import p.common as _pkg_p_common"), p);
        assertTrue(p.contains("    id: _pkg_p_common.Id\n"), p);
        assertTrue(Files.readString(outDir.resolve("p/common.py")).contains("class Id:"));
        // q holds no types: an __init__.py that says where it comes from, and the module q/leaf.py.
        assertTrue(Files.readString(outDir.resolve("q/__init__.py")).startsWith("# Generated by cserc"));
        assertTrue(Files.readString(outDir.resolve("q/leaf.py")).contains("class E(_enum.IntEnum):"));
    }
}
