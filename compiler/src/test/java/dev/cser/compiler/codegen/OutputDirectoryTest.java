package dev.cser.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * OutputDirectory: writes only what changed, and deletes exactly the files an earlier run wrote
 * for the same target that are not produced now.
 */
class OutputDirectoryTest {
    @TempDir
    Path dir;

    private static GeneratedFile java(String path, String content) {
        return new GeneratedFile("java", path, content);
    }

    @Test
    void writesFilesAndListsThemInTheManifest() throws Exception {
        OutputDirectory.Result r = OutputDirectory.write(dir, List.of(java("a/b/One.java", "one"), java("a/Two.java", "two")));
        assertTrue(r.ok(), r.problems().toString());
        assertEquals("one", Files.readString(dir.resolve("a/b/One.java")));
        assertEquals(List.of("a/b/One.java", "a/Two.java"), r.changed());
        List<String> listed = Files.readAllLines(dir.resolve(".cserc-java-files")).stream()
                .filter(l -> !l.startsWith("#")).toList();
        assertEquals(List.of("a/Two.java", "a/b/One.java"), listed);
    }

    @Test
    void unchangedFilesAreNotRewritten() throws Exception {
        OutputDirectory.write(dir, List.of(java("a/One.java", "one"), java("a/Two.java", "two")));
        FileTime old = FileTime.fromMillis(1_000_000L);
        Files.setLastModifiedTime(dir.resolve("a/One.java"), old);
        Files.setLastModifiedTime(dir.resolve("a/Two.java"), old);
        OutputDirectory.Result r = OutputDirectory.write(dir, List.of(java("a/One.java", "one"), java("a/Two.java", "2")));
        assertEquals(List.of("a/Two.java"), r.changed());
        assertEquals(old, Files.getLastModifiedTime(dir.resolve("a/One.java")));
        assertEquals("2", Files.readString(dir.resolve("a/Two.java")));
    }

    @Test
    void filesNoLongerProducedAreRemovedWithTheirEmptyDirectories() throws Exception {
        OutputDirectory.write(dir, List.of(java("a/b/Old.java", "old"), java("a/Kept.java", "kept")));
        OutputDirectory.Result r = OutputDirectory.write(dir, List.of(java("a/Kept.java", "kept"), java("a/New.java", "new")));
        assertTrue(r.ok(), r.problems().toString());
        assertEquals(List.of("a/b/Old.java"), r.removed());
        assertFalse(Files.exists(dir.resolve("a/b/Old.java")));
        assertFalse(Files.exists(dir.resolve("a/b")), "the package directory left empty is removed");
        assertTrue(Files.exists(dir.resolve("a/Kept.java")));
        assertTrue(Files.exists(dir.resolve("a/New.java")));
    }

    @Test
    void filesTheCompilerDidNotWriteAreKept() throws Exception {
        Files.createDirectories(dir.resolve("a/b"));
        Files.writeString(dir.resolve("a/b/HandWritten.java"), "mine");
        Files.writeString(dir.resolve("README.txt"), "mine");
        OutputDirectory.write(dir, List.of(java("a/b/Old.java", "old")));
        OutputDirectory.Result r = OutputDirectory.write(dir, List.of(java("a/New.java", "new")));
        assertEquals(List.of("a/b/Old.java"), r.removed());
        assertEquals("mine", Files.readString(dir.resolve("a/b/HandWritten.java")));
        assertEquals("mine", Files.readString(dir.resolve("README.txt")));
        assertTrue(Files.isDirectory(dir.resolve("a/b")), "a directory still holding a file is kept");
    }

    @Test
    void eachTargetHasItsOwnManifest() throws Exception {
        OutputDirectory.write(dir, List.of(java("a/One.java", "one")));
        OutputDirectory.write(dir, List.of(new GeneratedFile("python", "a/one.py", "one")));
        OutputDirectory.write(dir, List.of(new GeneratedFile("python", "a/two.py", "two")));
        assertTrue(Files.exists(dir.resolve("a/One.java")), "another target's file is not touched");
        assertFalse(Files.exists(dir.resolve("a/one.py")));
        assertTrue(Files.exists(dir.resolve(".cserc-python-files")));
    }

    @Test
    void noFilesForAKnownTargetRemovesEverythingItWroteAndTheManifest() throws Exception {
        OutputDirectory.write(dir, List.of(java("a/One.java", "one")));
        OutputDirectory.Result r = OutputDirectory.write(dir, "java", List.of());
        assertEquals(List.of("a/One.java"), r.removed());
        assertFalse(Files.exists(dir.resolve("a")));
        assertFalse(Files.exists(dir.resolve(".cserc-java-files")));
        assertTrue(Files.isDirectory(dir), "the output directory itself stays");
    }

    @Test
    void aManifestNamingPathsOutsideTheDirectoryDeletesNothingThere() throws Exception {
        Path outside = Files.writeString(dir.resolve("outside.txt"), "keep");
        Path out = Files.createDirectories(dir.resolve("out"));
        Files.write(out.resolve(".cserc-java-files"), List.of("../outside.txt", outside.toString(), "a/./x", "a//x", ""),
                StandardCharsets.UTF_8);
        OutputDirectory.Result r = OutputDirectory.write(out, List.of(java("a/One.java", "one")));
        assertTrue(r.ok(), r.problems().toString());
        assertEquals(List.of(), r.removed());
        assertEquals("keep", Files.readString(outside));
    }

    @Test
    void aStaleEntryReplacedByADirectoryIsLeftAlone() throws Exception {
        OutputDirectory.write(dir, List.of(java("a/Old.java", "old")));
        Files.delete(dir.resolve("a/Old.java"));
        Files.createDirectories(dir.resolve("a/Old.java/inside"));
        OutputDirectory.Result r = OutputDirectory.write(dir, List.of(java("a/New.java", "new")));
        assertEquals(List.of(), r.removed());
        assertTrue(Files.isDirectory(dir.resolve("a/Old.java/inside")));
    }

    @Test
    void aRenameThatOnlyChangesCaseKeepsTheNewFile() throws Exception {
        OutputDirectory.write(dir, List.of(java("a/Employee.java", "old")));
        // What a file system that ignores case makes of the two names: one file. A hard link
        // gives the same here.
        Files.createLink(dir.resolve("a/EMPLOYEE.java"), dir.resolve("a/Employee.java"));
        OutputDirectory.Result r = OutputDirectory.write(dir, List.of(java("a/EMPLOYEE.java", "new")));
        assertEquals(List.of(), r.removed());
        assertEquals("new", Files.readString(dir.resolve("a/EMPLOYEE.java")));
    }

    @Test
    void aRenameThatOnlyChangesCaseRemovesTheOldNameWhereCaseCounts() throws Exception {
        OutputDirectory.write(dir, List.of(java("a/Employee.java", "old")));
        OutputDirectory.Result r = OutputDirectory.write(dir, List.of(java("a/EMPLOYEE.java", "new")));
        assertEquals(List.of("a/Employee.java"), r.removed());
        assertEquals("new", Files.readString(dir.resolve("a/EMPLOYEE.java")));
    }

    @Test
    void aFileThatCannotBeWrittenIsReportedAndMarkedFailed() throws Exception {
        Files.writeString(dir.resolve("a"), "a plain file where a package directory should be");
        OutputDirectory.Result r = OutputDirectory.write(dir, List.of(java("a/One.java", "one"), java("b/Two.java", "two")));
        assertEquals(1, r.problems().size(), r.problems().toString());
        assertTrue(r.problems().get(0).startsWith("cannot write " + dir.resolve("a/One.java") + ": "), r.problems().get(0));
        assertFalse(r.files().get(0).written());
        assertTrue(r.files().get(1).written());
        assertEquals("two", Files.readString(dir.resolve("b/Two.java")));
    }

    @Test
    void filesOfAnotherTargetAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> OutputDirectory.write(dir, "java", List.of(new GeneratedFile("rust", "x.rs", ""))));
    }

    @Test
    void manifestPathsMustStayInside() {
        assertTrue(OutputDirectory.staysInside("a/b/C.java"));
        assertTrue(OutputDirectory.staysInside("x.rs"));
        for (String bad : List.of("../x", "/etc/passwd", "a/../../x", "a//b", "./a", "a\\b", "C:x", "")) {
            assertFalse(OutputDirectory.staysInside(bad), bad);
        }
    }
}
