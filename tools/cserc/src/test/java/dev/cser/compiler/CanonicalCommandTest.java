package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.KnownSchemas;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cserc canonical}: a type's canonical text (SPEC §8.1), and a directory of known schemas for readers (§9.1). */
class CanonicalCommandTest {
    private static final String SPEC = TestPaths.EXAMPLES.resolve("spec_examples.cser").toString();

    @Test
    void printsATypesTextWhoseHashIsItsFingerprint() {
        CsercRun r = CsercRun.run("", "canonical", SPEC, "--type", "spec.examples.Reading");
        assertEquals(0, r.status(), r.err());
        String text = new String(r.out(), StandardCharsets.UTF_8);
        // SPEC §13.16 works this very text through to its fingerprint.
        assertEquals("44a5282252a00f73", String.format("%016x", KnownSchemas.fingerprint(text)), text);
    }

    @Test
    void writesOneFileAPerTypeThatReadersLoad(@TempDir Path dir) throws Exception {
        CsercRun r = CsercRun.run("", "canonical", SPEC, "--out", dir.toString());
        assertEquals(0, r.status(), r.err());
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.sorted().toList();
        }
        assertTrue(files.size() > 3, files.toString());
        KnownSchemas known = KnownSchemas.fromDirectory(dir);
        for (Path f : files) {
            String name = f.getFileName().toString();
            long fingerprint = Long.parseUnsignedLong(name.substring(name.lastIndexOf('-') + 1,
                    name.length() - ".canonical".length()), 16);
            assertTrue(known.contains(fingerprint), name);
        }
        // A second run keeps what is there.
        Files.writeString(files.get(0), "kept");
        assertEquals(0, CsercRun.run("", "canonical", SPEC, "--out", dir.toString()).status());
        assertEquals("kept", Files.readString(files.get(0)));
    }

    @Test
    void anEnumOrUnknownTypeIsAUsageError() {
        CsercRun r = CsercRun.run("", "canonical", SPEC, "--type", "spec.examples.Nothing");
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("cserc: spec.examples.Nothing is no record, struct or union of the schemas; they have "),
                r.err());
        assertEquals(2, CsercRun.run("", "canonical", SPEC).status());
    }
}
