package dev.cser.compiler.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.CserStreamWriter;
import dev.cser.compiler.CsercRun;
import dev.cser.compiler.dynamic.DynamicSchemas;
import dev.cser.dynamic.DynamicCodec;
import dev.cser.dynamic.DynamicJson;
import dev.cser.dynamic.DynamicValue;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cserc cat} over good, corrupt, cut and foreign streams. */
class CatCommandTest {
    private static final String SCHEMA = Vectors.REPO.resolve("schema/examples/spec_examples.cser").toString();
    private static final String[] PEOPLE = {
        "{\"name\":\"Ann\",\"age\":30}", "{\"name\":\"Bob\",\"email\":\"b@x\",\"age\":41}", "{\"name\":\"Cy\",\"age\":7}"};
    /** Where each record's frame starts in {@link #stream}: after the 21-byte header. */
    private static final long[] FRAMES = {21, 28, 39};

    @TempDir
    Path dir;

    private static byte[] stream(String schema, String type, String... json) throws Exception {
        DynamicCodec codec = DynamicCodec.of(DynamicSchemas.load(List.of(Path.of(schema)), List.of()).root(type));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CserStreamWriter<DynamicValue> w = new CserStreamWriter<>(out, codec)) {
            for (String j : json) {
                w.write(DynamicJson.read(j, codec.type()));
            }
        }
        return out.toByteArray();
    }

    private static byte[] people() throws Exception {
        return stream(SCHEMA, "spec.examples.Contact", PEOPLE);
    }

    private Path file(String name, byte[] bytes) throws Exception {
        Path f = dir.resolve(name);
        Files.write(f, bytes);
        return f;
    }

    @Test
    void printsTheHeaderOnStderrAndOneJsonLinePerRecord() throws Exception {
        Path f = file("people.cser", people());
        CsercRun run = CsercRun.run("", "cat", SCHEMA, f.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals("""
                {"name":"Ann","email":null,"age":30}
                {"name":"Bob","email":"b@x","age":41}
                {"name":"Cy","email":null,"age":7}
                """, run.stdout());
        assertTrue(run.err().matches(f + ": spec\\.examples\\.Contact records \\(type id [0-9a-f]{16}, fingerprint "
                + "[0-9a-f]{16}, as in the schema\\)\n"), run.err());
    }

    @Test
    void readsStandardInput() throws Exception {
        CsercRun run = CsercRun.run(people(), "cat", SCHEMA, "-");
        assertEquals(0, run.status(), run.err());
        assertEquals(3, run.stdout().lines().count());
        assertTrue(run.err().startsWith("<stdin>: spec.examples.Contact records"), run.err());
    }

    @Test
    void offsetsPrefixIndexAndFrameOffset() throws Exception {
        CsercRun run = CsercRun.run(people(), "cat", SCHEMA, "--offsets", "-");
        assertEquals(0, run.status(), run.err());
        assertEquals("0\t21\t{\"name\":\"Ann\",\"email\":null,\"age\":30}\n"
                + "1\t28\t{\"name\":\"Bob\",\"email\":\"b@x\",\"age\":41}\n"
                + "2\t39\t{\"name\":\"Cy\",\"email\":null,\"age\":7}\n", run.stdout());
    }

    @Test
    void countPrintsTheNumberOfRecordsAndNamesFilesWhenSeveral() throws Exception {
        Path a = file("a.cser", people());
        Path b = file("b.cser", stream(SCHEMA, "spec.examples.Contact", PEOPLE[0]));
        assertEquals("3\n", CsercRun.run("", "cat", SCHEMA, "--count", a.toString()).stdout());
        CsercRun two = CsercRun.run("", "cat", SCHEMA, "--count", a.toString(), b.toString());
        assertEquals(0, two.status());
        assertEquals("3 " + a + "\n1 " + b + "\n", two.stdout());
        assertEquals(2, two.err().lines().count(), "one header line per file: " + two.err());
    }

    @Test
    void aCorruptRecordIsReportedAndTheNextOnesAreStillRead() throws Exception {
        byte[] bytes = people();
        bytes[(int) FRAMES[1] + 2] = (byte) 0xff; // the first byte of "Bob": not UTF-8
        CsercRun run = CsercRun.run(bytes, "cat", SCHEMA, "--offsets", "-");
        assertEquals(1, run.status());
        assertEquals("0\t21\t{\"name\":\"Ann\",\"email\":null,\"age\":30}\n"
                + "2\t39\t{\"name\":\"Cy\",\"email\":null,\"age\":7}\n", run.stdout());
        List<String> err = run.err().lines().toList();
        assertEquals(2, err.size(), run.err());
        assertTrue(err.get(1).startsWith("<stdin>: BAD_UTF8: "), err.get(1));
        assertTrue(err.get(1).endsWith(" at offset 30 in Contact.name (record 1, frame at stream offset 28)"), err.get(1));
    }

    @Test
    void aStreamCutAnywhereGivesTheRecordsBeforeTheCutThenTruncated() throws Exception {
        byte[] bytes = people();
        for (int at = 21; at < bytes.length; at++) {
            int cut = at;
            CsercRun run = CsercRun.run(Arrays.copyOf(bytes, cut), "cat", SCHEMA, "-");
            int complete = 0;
            for (int i = 1; i < FRAMES.length; i++) {
                complete += FRAMES[i] <= cut ? 1 : 0;
            }
            boolean onBoundary = Arrays.stream(FRAMES).anyMatch(f -> f == cut);
            assertEquals(complete, run.stdout().lines().count(), "cut at " + cut);
            assertEquals(onBoundary ? 0 : 1, run.status(), "cut at " + cut + ": " + run.err());
            if (!onBoundary) {
                String last = run.err().lines().reduce((x, y) -> y).orElseThrow();
                assertTrue(last.startsWith("<stdin>: TRUNCATED: ") && last.contains("(record " + complete + ", frame at"),
                        "cut at " + cut + ": " + last);
            }
        }
    }

    @Test
    void aStreamOfNoRecordsIsTheHeaderAlone() throws Exception {
        byte[] header = Arrays.copyOf(people(), 21);
        CsercRun run = CsercRun.run(header, "cat", SCHEMA, "-");
        assertEquals(0, run.status(), run.err());
        assertEquals("", run.stdout());
        assertEquals(1, run.err().lines().count(), run.err());
        assertEquals("0\n", CsercRun.run(header, "cat", SCHEMA, "--count", "-").stdout());
    }

    @Test
    void anEmptyOrCutHeaderIsTruncated() throws Exception {
        for (int cut : new int[] {0, 4, 20}) {
            CsercRun run = CsercRun.run(Arrays.copyOf(people(), cut), "cat", SCHEMA, "-");
            assertEquals(1, run.status());
            assertEquals("<stdin>: TRUNCATED: stream ends inside its 21-byte header at offset " + cut + "\n", run.err());
        }
    }

    @Test
    void aBadHeaderIsOneErrorAndNothingIsRead() throws Exception {
        byte[] bytes = people();
        bytes[0] = 'X';
        CsercRun run = CsercRun.run(bytes, "cat", SCHEMA, "-");
        assertEquals(1, run.status());
        assertEquals("", run.stdout());
        assertTrue(run.err().startsWith("<stdin>: BAD_STREAM_HEADER: "), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
    }

    @Test
    void aMessageThatIsNoStreamSaysSo() {
        CsercRun run = CsercRun.run(new byte[] {6, 3, 'A', 'n', 'n', 2, 30}, "cat", SCHEMA, "-");
        assertEquals(1, run.status());
        assertTrue(run.err().startsWith("<stdin>: BAD_STREAM_HEADER: "), run.err());
    }

    @Test
    void aStreamOfATypeTheSchemaDoesNotHaveNamesItsTypeId() throws Exception {
        byte[] bytes = stream(Vectors.REPO.resolve("schema/examples/employee.cser").toString(),
                "bench.employee.Employee", "{\"last_name\":\"L\"}");
        CsercRun run = CsercRun.run(bytes, "cat", SCHEMA, "-");
        assertEquals(1, run.status());
        assertEquals("", run.stdout());
        assertTrue(run.err().matches("<stdin>: a stream of type id [0-9a-f]{16}, fingerprint [0-9a-f]{16}: no record, "
                + "struct or union of .*spec_examples\\.cser has that type id\n"), run.err());
    }

    @Test
    void aStreamWrittenWithAnotherVersionOfTheSchemaIsReadAndSaysSo() throws Exception {
        String v1 = Vectors.REPO.resolve("conformance/schemas/evolution_v1.cser").toString();
        String v2 = Vectors.REPO.resolve("conformance/schemas/evolution_v2.cser").toString();
        CsercRun run = CsercRun.run(stream(v1, "conf.evolution.Profile", "{\"name\":\"ada\",\"age\":36}"), "cat", v2, "-");
        assertEquals(0, run.status(), run.err());
        assertEquals("{\"name\":\"ada\",\"email\":null,\"tags\":[],\"visits\":0}\n", run.stdout());
        assertTrue(run.err().matches("<stdin>: conf\\.evolution\\.Profile records \\(type id [0-9a-f]{16}, fingerprint "
                + "([0-9a-f]{16}), not the schema's (?!\\1)[0-9a-f]{16}\\)\n"), run.err());
    }

    @Test
    void aMissingFileIsReportedAndTheOthersAreStillRead() throws Exception {
        Path good = file("good.cser", people());
        CsercRun run = CsercRun.run("", "cat", SCHEMA, dir.resolve("missing.cser").toString(), good.toString());
        assertEquals(1, run.status());
        assertEquals(3, run.stdout().lines().count());
        assertTrue(run.err().startsWith("cserc: cannot read " + dir.resolve("missing.cser") + ": no such file\n"), run.err());
    }

    @Test
    void misuseIsExit2WithTheUsage() {
        for (String[] args : List.of(new String[] {"cat", SCHEMA}, new String[] {"cat"},
                new String[] {"cat", SCHEMA, "--count", "--offsets", "-"}, new String[] {"cat", SCHEMA, "--type", "x", "-"})) {
            CsercRun run = CsercRun.run("", args);
            assertEquals(2, run.status(), String.join(" ", args));
            assertTrue(run.err().contains("usage: cserc cat"), run.err());
        }
    }
}
