package dev.cser.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fingerprint changes with anything generation depends on, and the state file round-trips. */
class BuildStateTest {
    @TempDir
    Path dir;

    @Test
    void fingerprintFollowsSettingsSchemaListAndContent() throws Exception {
        Path schema = Files.writeString(dir.resolve("a.cser"), "package a;");
        Path imported = Files.writeString(dir.resolve("b.cser"), "package b;");
        List<String> settings = List.of("version 1", "json false");
        String base = BuildState.fingerprint(settings, List.of(schema), List.of(schema, imported));
        assertEquals(base, BuildState.fingerprint(settings, List.of(schema), List.of(imported, schema)), "input order does not matter");
        assertNotEquals(base, BuildState.fingerprint(List.of("version 1", "json true"), List.of(schema), List.of(schema, imported)));
        assertNotEquals(base, BuildState.fingerprint(settings, List.of(schema, imported), List.of(schema, imported)));
        Files.writeString(imported, "package b; record R {}");
        assertNotEquals(base, BuildState.fingerprint(settings, List.of(schema), List.of(schema, imported)), "an import changed");
        String changed = BuildState.fingerprint(settings, List.of(schema), List.of(schema, imported));
        Files.delete(imported);
        assertNotEquals(changed, BuildState.fingerprint(settings, List.of(schema), List.of(schema, imported)), "an import removed");
    }

    @Test
    void settingsAreNotConfusedByWhereOneEndsAndTheNextBegins() {
        assertNotEquals(BuildState.fingerprint(List.of("ab", "c"), List.of(), List.of()),
                BuildState.fingerprint(List.of("a", "bc"), List.of(), List.of()));
    }

    @Test
    void stateFileRoundTrips() throws Exception {
        Path file = dir.resolve("state/generate.state");
        BuildState state = new BuildState("abc123", List.of(dir.resolve("a.cser"), dir.resolve("b c.cser")));
        state.write(file);
        assertEquals(state, BuildState.read(file).orElseThrow());
        assertTrue(BuildState.read(dir.resolve("none.state")).isEmpty());
    }
}
