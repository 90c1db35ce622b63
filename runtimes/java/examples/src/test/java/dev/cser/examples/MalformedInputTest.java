package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cser.CserDecodeException;
import dev.cser.DecodeErrorKind;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every strict prefix of every example message is rejected with the one documented decode
 * error, and so is a message with a byte appended (SPEC §5.8).
 */
class MalformedInputTest {

    /** A decoder of one type, as a function that may throw the decode error. */
    interface Decoder {
        Object decode(byte[] bytes) throws CserDecodeException;
    }

    private static Map<String, Map.Entry<byte[], Decoder>> messages() {
        return Map.of(
                "W2 Employee", Map.entry(Workloads.employee(3).encode(), bench.employee.Employee::decode),
                "W3 ContentResource", Map.entry(SakaiData.entity(30).encode(), sakai.content.ContentResource::decode),
                "W4 Message", Map.entry(Workloads.message(7).encode(), bench.message.Message::decode),
                "W5 Molecule", Map.entry(Workloads.ethanol().encode(), chem.Molecule::decode),
                "W6 MediaContent", Map.entry(Workloads.mediaContent().encode(), bench.media.MediaContent::decode),
                "W1 EmptyDataSet", Map.entry(Workloads.emptyDataSet(3).encode(), bench.empty.EmptyDataSet::decode),
                "edge Expr", Map.entry(new edge.cases.Expr.Call(List.of(new edge.cases.Expr.Name("f"))).encode(),
                        edge.cases.Expr::decode),
                "edge Sample", Map.entry(new edge.cases.Sample().setY(1.0).encode(), edge.cases.Sample::decode));
    }

    @Test
    void everyPrefixIsRejected() {
        for (var e : messages().entrySet()) {
            byte[] full = e.getValue().getKey();
            Decoder decoder = e.getValue().getValue();
            for (int cut = 0; cut < full.length; cut++) {
                byte[] prefix = Arrays.copyOf(full, cut);
                try {
                    decoder.decode(prefix);
                    fail(e.getKey() + ": prefix of " + cut + "/" + full.length + " bytes was accepted");
                } catch (CserDecodeException expected) {
                    // The one documented error, at an offset inside the input.
                    if (expected.offset() > cut) {
                        fail(e.getKey() + ": offset " + expected.offset() + " past the " + cut + " bytes given");
                    }
                } catch (RuntimeException other) {
                    fail(e.getKey() + ": prefix of " + cut + " bytes threw " + other, other);
                }
            }
        }
    }

    @Test
    void trailingByteIsRejected() {
        for (var e : messages().entrySet()) {
            byte[] full = e.getValue().getKey();
            byte[] longer = Arrays.copyOf(full, full.length + 1);
            CserDecodeException error = assertThrows(CserDecodeException.class,
                    () -> e.getValue().getValue().decode(longer), e.getKey());
            assertEquals(DecodeErrorKind.TRAILING_BYTES, error.kind(), e.getKey());
            assertEquals(full.length, error.offset(), e.getKey());
        }
    }

    @Test
    void errorsSayWhereInTheValueTheyAre() {
        byte[] bytes = Workloads.mediaContent().encode();
        // Corrupt the title of the second image: the last "Javaone Keynote" in the message.
        byte[] title = "Javaone Keynote".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int at = -1;
        for (int i = 0; i + title.length <= bytes.length; i++) {
            if (Arrays.equals(Arrays.copyOfRange(bytes, i, i + title.length), title)) {
                at = i;
            }
        }
        bytes[at + 3] = (byte) 0xff;
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> bench.media.MediaContent.decode(bytes));
        assertEquals(DecodeErrorKind.BAD_UTF8, e.kind());
        assertEquals(at + 3, e.offset());
        assertEquals("MediaContent.images[1].title", e.path());
    }

    @Test
    void hugeDeclaredLengthInATinyInput() {
        // A record claiming 2^31-1 bytes, followed by three.
        byte[] bytes = {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x07, 1, 2, 3};
        CserDecodeException e = assertThrows(CserDecodeException.class,
                () -> bench.media.MediaContent.decode(bytes));
        assertEquals(DecodeErrorKind.LENGTH_TOO_LARGE, e.kind());
    }
}
