package dev.cser.compiler.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.DecodeErrorKind;
import dev.cser.compiler.CsercRun;
import dev.cser.compiler.inspect.Vectors.Vector;
import dev.cser.json.Json;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The commands over every conformance vector, as properties rather than golden text:
 * encode(decode(x)) gives x back, every rejected message gives exit 1 and the runtime's one-line
 * decode error of the vector's kind (never a stack trace), every value the encoders refuse
 * gives exit 1 and one line naming the problem.
 */
class InspectVectorsTest {

    static Stream<Vectors> vectorFiles() throws Exception {
        return Vectors.load().stream();
    }

    /** For each canonical vector (mode example): decode to JSON, encode that JSON: the same bytes. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("vectorFiles")
    void encodeOfDecodeGivesTheBytesBack(Vectors file) {
        for (Vector v : file.all()) {
            if (!v.mode().equals("example")) {
                continue;
            }
            CsercRun decoded = CsercRun.run(v.hex(), "decode", v.schemaPath(), "--type", v.type(), "--hex");
            assertEquals(0, decoded.status(), v.name() + ": " + decoded.err());
            CsercRun encoded = CsercRun.run(decoded.out(), "encode", v.schemaPath(), "--type", v.type(), "--hex", "-");
            assertEquals(0, encoded.status(), v.name() + ": " + encoded.err());
            assertEquals(v.hex() + "\n", encoded.stdout(), v.name());
        }
    }

    /** The JSON the vector states encodes to its bytes too (the JSON mapping both ways, SPEC §11). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("vectorFiles")
    void encodeOfTheVectorsJsonGivesItsBytes(Vectors file) {
        for (Vector v : file.all()) {
            if (!v.mode().equals("example")) {
                continue;
            }
            CsercRun encoded = CsercRun.run(Json.write(v.value()), "encode", v.schemaPath(), "--type", v.type(), "--hex");
            assertEquals(0, encoded.status(), v.name() + ": " + encoded.err());
            assertEquals(v.hex() + "\n", encoded.stdout(), v.name());
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectorFiles")
    void everyRejectedMessageIsOneDecodeErrorAndExit1(Vectors file) {
        for (Vector v : file.all()) {
            if (!v.mode().equals("reject")) {
                continue;
            }
            for (String command : new String[] {"decode", "explain"}) {
                CsercRun run = CsercRun.run(v.hex(), command, v.schemaPath(), "--type", v.type(), "--hex");
                String what = command + " " + v.name() + ": " + run.err();
                assertEquals(1, run.status(), what);
                assertEquals(1, run.err().lines().count(), what);
                assertTrue(run.err().startsWith("<stdin>: "), what);
                String kind = run.err().substring("<stdin>: ".length()).split(":")[0];
                assertTrue(Arrays.stream(DecodeErrorKind.values()).anyMatch(k -> k.name().equals(kind)), what);
                if (v.kind() != null) {
                    assertEquals(v.kind(), kind, what);
                }
                assertTrue(run.err().contains(" at offset "), what);
                if (command.equals("decode")) {
                    assertEquals("", run.stdout(), what);
                }
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectorFiles")
    void everyRefusedValueIsOneErrorAndExit1(Vectors file) {
        for (Vector v : file.all()) {
            if (!v.mode().equals("encode-reject")) {
                continue;
            }
            CsercRun run = CsercRun.run(Json.write(v.value()), "encode", v.schemaPath(), "--type", v.type(), "--hex");
            String what = v.name() + ": " + run.err();
            assertEquals(1, run.status(), what);
            assertEquals(1, run.err().lines().count(), what);
            assertTrue(run.err().startsWith("<stdin>: "), what);
            assertTrue(!run.err().contains("Exception"), what);
            assertEquals("", run.stdout(), what);
        }
    }
}
