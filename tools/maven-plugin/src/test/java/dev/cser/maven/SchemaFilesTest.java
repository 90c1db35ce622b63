package dev.cser.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The schema files found under the source roots. */
class SchemaFilesTest {
    @TempDir
    Path dir;

    private Path file(String relative) throws Exception {
        Path p = dir.resolve(relative);
        Files.createDirectories(p.getParent());
        Files.writeString(p, "");
        return p;
    }

    @Test
    void everyMatchingFileUnderEachRootOnceInOrder() throws Exception {
        Path a = file("main/a.cser");
        Path b = file("main/pkg/b.cser");
        file("main/notes.txt");
        Path c = file("other/c.cser");
        List<Path> found = SchemaFiles.find(List.of(dir.resolve("main"), dir.resolve("other"), dir.resolve("main")),
                List.of("**/*.cser"), List.of());
        assertEquals(List.of(a, b, c), found);
    }

    @Test
    void excludesWinOverIncludes() throws Exception {
        Path a = file("main/a.cser");
        file("main/legacy/old.cser");
        file("main/b_draft.cser");
        assertEquals(List.of(a), SchemaFiles.find(List.of(dir.resolve("main")), List.of("**/*.cser"),
                List.of("legacy/", "**/*_draft.cser")));
    }

    @Test
    void aMissingRootHasNoSchemas() throws Exception {
        assertEquals(List.of(), SchemaFiles.find(List.of(dir.resolve("absent")), List.of("**/*.cser"), List.of()));
    }
}
