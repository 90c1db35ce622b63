package dev.cser.compiler.inspect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.compiler.CsercRun;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** decode, encode and explain: inputs, outputs, options and every kind of error with its exit status. */
class InspectCommandLineTest {
    private static final String SCHEMA = Vectors.REPO.resolve("schema/examples/spec_examples.cser").toString();
    private static final String TYPE = "spec.examples.Contact";
    private static final byte[] CONTACT = {6, 3, 'A', 'n', 'n', 2, 30};

    @TempDir
    Path dir;

    @Test
    void decodePrintsIndentedJsonByDefaultAndOneLineWithCompact() throws Exception {
        Path f = dir.resolve("contact.bin");
        Files.write(f, CONTACT);
        CsercRun pretty = CsercRun.run("", "decode", SCHEMA, "--type", TYPE, f.toString());
        assertEquals(0, pretty.status(), pretty.err());
        assertEquals("{\n  \"name\": \"Ann\",\n  \"email\": null,\n  \"age\": 30\n}\n", pretty.stdout());
        CsercRun compact = CsercRun.run(CONTACT, "decode", SCHEMA, "-t", TYPE, "--compact", "-");
        assertEquals("{\"name\":\"Ann\",\"email\":null,\"age\":30}\n", compact.stdout());
        assertEquals("", compact.err());
    }

    @Test
    void decodeReadsStandardInputWhenNoFileIsGiven() {
        CsercRun run = CsercRun.run(CONTACT, "decode", SCHEMA, "--type", TYPE, "--compact");
        assertEquals(0, run.status(), run.err());
        assertEquals("{\"name\":\"Ann\",\"email\":null,\"age\":30}\n", run.stdout());
    }

    @ParameterizedTest
    @ValueSource(strings = {"--hex:\\x0603416E6E021E\n", "--base64:BgNBbm4CHg==\n", "--hex:X'0603416e6e021e'"})
    void decodeReadsHexAndBase64Text(String optionAndText) {
        String[] parts = optionAndText.split(":", 2);
        CsercRun run = CsercRun.run(parts[1], "decode", SCHEMA, "--type", TYPE, parts[0], "--compact");
        assertEquals(0, run.status(), run.err());
        assertEquals("{\"name\":\"Ann\",\"email\":null,\"age\":30}\n", run.stdout());
    }

    @Test
    void badHexIsExit1NamingTheInputAndTheCharacter() {
        CsercRun run = CsercRun.run("06 03 4g", "decode", SCHEMA, "--type", TYPE, "--hex");
        assertEquals(1, run.status());
        assertEquals("<stdin>: not a hex digit: 'g' at character 8\n", run.err());
    }

    @Test
    void badBytesAreTheRuntimesDecodeErrorAndExit1() {
        CsercRun run = CsercRun.run("0603416e6e02", "decode", SCHEMA, "--type", TYPE, "--hex");
        assertEquals(1, run.status());
        assertEquals("", run.stdout());
        assertEquals("<stdin>: LENGTH_TOO_LARGE: length 6 exceeds the 5 bytes that remain at offset 0\n", run.err());
        CsercRun inField = CsercRun.run("0603416eff021e", "decode", SCHEMA, "--type", TYPE, "--hex");
        assertTrue(inField.err().startsWith("<stdin>: BAD_UTF8: ") && inField.err().endsWith(" in Contact.name\n"),
                inField.err());
    }

    @Test
    void aStreamGivenAsOneMessageIsHintedToCserCatNotToAJavaClass() {
        // The stream magic "CSER", a version byte and the start of a header: not a message.
        String stream = "43534552" + "01" + "00".repeat(16);
        for (String command : List.of("decode", "explain")) {
            CsercRun run = CsercRun.run(stream, command, SCHEMA, "--type", TYPE, "--hex");
            assertEquals(1, run.status(), command);
            assertTrue(run.err().contains("; hint: the bytes start with \"CSER\", the magic of a stream (SPEC §8): "
                    + "read them with cserc cat, not as one message\n"), command + ": " + run.err());
            assertTrue(!run.err().contains("CserStreamReader"), command + ": " + run.err());
        }
    }

    @Test
    void encodeWritesRawBytesHexOrBase64() {
        String json = "{\"name\":\"Ann\",\"age\":30}";
        assertArrayEquals(CONTACT, CsercRun.run(json, "encode", SCHEMA, "--type", TYPE).out());
        assertEquals("0603416e6e021e\n", CsercRun.run(json, "encode", SCHEMA, "--type", TYPE, "--hex").stdout());
        assertEquals("BgNBbm4CHg==\n", CsercRun.run(json, "encode", SCHEMA, "--type", TYPE, "--base64").stdout());
    }

    @Test
    void encodeReadsAFile() throws Exception {
        Path f = dir.resolve("contact.json");
        Files.writeString(f, "{\"name\":\"Ann\",\"age\":30}\n", StandardCharsets.UTF_8);
        CsercRun run = CsercRun.run("", "encode", SCHEMA, "--type", TYPE, "--hex", f.toString());
        assertEquals(0, run.status(), run.err());
        assertEquals("0603416e6e021e\n", run.stdout());
        // A byte order mark is not JSON (SPEC §11): refused, as every runtime refuses it.
        Files.writeString(f, "\uFEFF{\"name\":\"Ann\",\"age\":30}\n", StandardCharsets.UTF_8);
        CsercRun bom = CsercRun.run("", "encode", SCHEMA, "--type", TYPE, "--hex", f.toString());
        assertEquals(1, bom.status());
        assertEquals("", bom.stdout());
        assertTrue(bom.err().contains("byte order mark"), bom.err());
    }

    @Test
    void encodeReadsJsonTextAsEveryRuntimeDoes() {
        // SPEC §11: a repeated key, a lone surrogate escape, NaN, nesting past 1000 and an
        // integer of any length are errors (exit 1); -0 is 0 for an integer.
        for (String json : new String[] {"{\"name\":\"A\",\"name\":\"B\"}", "{\"name\":\"\\ud800\"}",
                "{\"age\":NaN}", "{\"age\":" + "9".repeat(100_000) + "}", "{\"age\":1e0}",
                "{\"age\":" + "[".repeat(1000) + "]".repeat(1000) + "}"}) {
            CsercRun run = CsercRun.run(json, "encode", SCHEMA, "--type", TYPE, "--hex");
            assertEquals(1, run.status(), json.length() > 80 ? json.substring(0, 80) : json);
            assertEquals("", run.stdout());
        }
        assertEquals("0603416e6e0200\n",
                CsercRun.run("{\"name\":\"Ann\",\"age\":-0}", "encode", SCHEMA, "--type", TYPE, "--hex").stdout());
    }

    @Test
    void badJsonIsExit1WithThePathOfTheField() {
        CsercRun range = CsercRun.run("{\"name\":\"Ann\",\"age\":4294967296}", "encode", SCHEMA, "--type", TYPE, "--hex");
        assertEquals(1, range.status());
        assertEquals("", range.stdout());
        assertTrue(range.err().startsWith("<stdin>: Contact.age: 4294967296 "), range.err());
        CsercRun unknown = CsercRun.run("{\"nam\":\"Ann\"}", "encode", SCHEMA, "--type", TYPE, "--hex");
        assertEquals(1, unknown.status());
        assertTrue(unknown.err().startsWith("<stdin>: Contact.nam: no such field"), unknown.err());
        CsercRun malformed = CsercRun.run("{\"name\":", "encode", SCHEMA, "--type", TYPE, "--hex");
        assertEquals(1, malformed.status());
        assertTrue(malformed.err().startsWith("<stdin>: malformed JSON"), malformed.err());
        CsercRun notUtf8 = CsercRun.run(new byte[] {'"', (byte) 0xff, '"'}, "encode", SCHEMA, "--type", TYPE, "--hex");
        assertEquals("<stdin>: the JSON is not valid UTF-8\n", notUtf8.err());
    }

    @Test
    void encodeRefusesRawBytesToATerminal() {
        PrintStream saved = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setProperty("cserc.stdout.terminal", "true");
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = dev.cser.compiler.CsercRun.runOn(System.out, new PrintStream(err, true, StandardCharsets.UTF_8),
                    "{}", "encode", SCHEMA, "--type", TYPE);
            int hexStatus = dev.cser.compiler.CsercRun.runOn(System.out, new PrintStream(err, true, StandardCharsets.UTF_8),
                    "{}", "encode", SCHEMA, "--type", TYPE, "--hex");
            System.setOut(saved);
            assertEquals(2, status);
            assertTrue(err.toString(StandardCharsets.UTF_8).startsWith(
                    "cserc: not writing raw bytes to a terminal: redirect the output (> file.bin) or use --hex or --base64\n"
                    + "usage: cserc encode"));
            assertEquals(0, hexStatus);
            assertEquals("020000\n", captured.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(saved);
            System.clearProperty("cserc.stdout.terminal");
        }
    }

    @Test
    void explainDumpsEachPieceAndOnBadBytesWhatWasReadThenTheError() {
        CsercRun good = CsercRun.run("0603416e6e021e", "explain", SCHEMA, "--type", TYPE, "--hex");
        assertEquals(0, good.status(), good.err());
        assertEquals("""
                spec.examples.Contact, 7 bytes
                offset  bytes                    path          meaning
                     0  06                       Contact       length 6
                     1  03 41 6e 6e              Contact.name  "Ann"
                     5  02                       Contact       presence 00000010
                     6  1e                       Contact.age   30
                """, good.stdout());
        CsercRun bad = CsercRun.run("0603416e6e02ff", "explain", SCHEMA, "--type", TYPE, "--hex");
        assertEquals(1, bad.status());
        assertEquals("""
                spec.examples.Contact, 7 bytes
                offset  bytes                    path          meaning
                     0  06                       Contact       length 6
                     1  03 41 6e 6e              Contact.name  "Ann"
                     5  02                       Contact       presence 00000010
                     6  ff                                     (not decoded)
                """, bad.stdout());
        assertTrue(bad.err().equals("<stdin>: TRUNCATED: input ends inside a varint at offset 7 in Contact.age\n"), bad.err());
    }

    @Test
    void aLongStringIsWrappedThenElidedAndItsValueCut() {
        String text = "x".repeat(100);
        CsercRun encoded = CsercRun.run("{\"name\":\"" + text + "\"}", "encode", SCHEMA, "--type", TYPE, "--hex");
        CsercRun run = CsercRun.run(encoded.stdout(), "explain", SCHEMA, "--type", TYPE, "--hex");
        assertEquals(0, run.status(), run.err());
        List<String> lines = run.stdout().lines().toList();
        assertEquals("     1  64 78 78 78 78 78 78 78  Contact.name  \"" + "x".repeat(58) + "… (102 characters in all)",
                lines.get(3));
        assertEquals("     9  78 78 78 78 78 78 78 78", lines.get(4));
        assertEquals("        ... 77 more bytes (101 in all)", lines.get(6));
        assertEquals("   102  00                       Contact       presence 00000000", lines.get(7));
    }

    @Test
    void aSchemaWithErrorsIsReportedInTheCompilersFormatExit1() throws Exception {
        Path bad = dir.resolve("bad.cser");
        Files.writeString(bad, "package p;\nrecord R {\n  x: nope = 1;\n}\n");
        for (String command : List.of("decode", "encode", "explain", "cat")) {
            List<String> args = command.equals("cat") ? List.of(command, bad.toString(), "-")
                    : List.of(command, bad.toString(), "--type", "p.R");
            CsercRun run = CsercRun.run("", args.toArray(String[]::new));
            assertEquals(1, run.status(), command + ": " + run.err());
            assertTrue(run.err().startsWith(bad + ":3:"), command + ": " + run.err());
            assertTrue(run.err().contains(": error: ") && run.err().contains("^"), run.err());
            assertTrue(run.err().endsWith("1 error\n"), run.err());
        }
    }

    @Test
    void anUnknownTypeListsTheSchemasTypesExit2() {
        for (String command : List.of("decode", "encode", "explain")) {
            CsercRun run = CsercRun.run("", command, SCHEMA, "--type", "spec.examples.Nope", "--hex");
            assertEquals(2, run.status(), command);
            assertTrue(run.err().startsWith("cserc: " + SCHEMA + ": no type spec.examples.Nope in the schema; its records, "
                    + "structs and unions: spec.examples.Account, "), run.err());
            assertTrue(run.err().endsWith("run 'cserc " + command + " --help' for the options\n"), run.err());
        }
        CsercRun enumType = CsercRun.run("", "decode", SCHEMA, "--type", "spec.examples.Color");
        assertEquals(2, enumType.status());
        assertTrue(enumType.err().contains("spec.examples.Color is an enum, not a record, struct or union"), enumType.err());
    }

    @Test
    void aMissingInputFileIsExit1() {
        CsercRun run = CsercRun.run("", "decode", SCHEMA, "--type", TYPE, dir.resolve("none.bin").toString());
        assertEquals(1, run.status());
        assertEquals("cserc: cannot read " + dir.resolve("none.bin") + ": no such file\n", run.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "decode", "decode SCHEMA", "decode SCHEMA --type", "decode SCHEMA --type T a b", "decode SCHEMA --type T --hex --base64",
        "decode SCHEMA --type T --count", "encode SCHEMA --type T --compact", "explain SCHEMA --type T --offsets",
        "explain SCHEMA --type T --frob"})
    void misuseIsExit2WithTheCommandsUsage(String line) {
        String[] args = line.replace("SCHEMA", SCHEMA).split(" ");
        CsercRun run = CsercRun.run("", args);
        assertEquals(2, run.status(), line + ": " + run.err());
        assertTrue(run.err().startsWith("cserc: "), run.err());
        assertTrue(run.err().contains("usage: cserc " + args[0] + " SCHEMA.cser"), run.err());
        assertEquals("", run.stdout());
    }

    @ParameterizedTest
    @ValueSource(strings = {"decode", "encode", "cat", "explain"})
    void helpPrintsTheUsage(String command) {
        CsercRun help = CsercRun.run("", "help", command);
        assertEquals(0, help.status());
        assertTrue(help.stdout().startsWith("usage: cserc " + command + " SCHEMA.cser"), help.stdout());
        assertEquals(help.stdout(), CsercRun.run("", command, "--help").stdout());
        assertTrue(CsercRun.run("", "help").stdout().contains("\n  " + command + " "));
    }
}
