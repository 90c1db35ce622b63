package dev.cser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Bytes that start with the stream magic {@code CSER} (SPEC §8) fail to decode as one message
 * with the error they always gave, plus a hint to read them as a stream; stream frames, which
 * may start with any bytes, never get it.
 */
class StreamHintTest {

    /** The record {@code test.Text} decoded as a whole message, as generated {@code decode} does. */
    private static String decodeMessage(byte[] bytes) throws CserDecodeException {
        CserReader r = new CserReader(bytes);
        int outer = r.pushLimit(r.readLength());
        String value = StringCodec.INSTANCE.decodeRoot(r);
        r.popLimit(outer);
        r.expectEnd();
        return value;
    }

    private static byte[] stream(String... records) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CserStreamWriter<String> w = new CserStreamWriter<>(out, StringCodec.INSTANCE)) {
            for (String record : records) {
                w.write(record);
            }
        }
        return out.toByteArray();
    }

    private static void assertHinted(CserDecodeException e, DecodeErrorKind kind, long offset) {
        assertEquals(kind, e.kind());
        assertEquals(offset, e.offset());
        assertEquals(CserReader.STREAM_HINT, e.hint());
        // The kind still comes first (the conformance suite and scripts read it there).
        assertTrue(e.getMessage().startsWith(kind + ": " + e.reason() + " at offset " + offset), e.getMessage());
        assertTrue(e.getMessage().endsWith("; hint: " + CserReader.STREAM_HINT), e.getMessage());
        assertTrue(e.hint().contains("CserStreamReader"), e.hint());
        // A tool puts its own hint in place of the runtime's, or none; the rest stays as it was.
        String bare = e.getMessage().substring(0, e.getMessage().length() - ("; hint: " + e.hint()).length());
        assertEquals(bare, e.describe(null));
        assertEquals(bare + "; hint: use the tool", e.describe("use the tool"));
    }

    @Test
    void aShortStreamDecodedAsAMessage() throws IOException {
        // 43 ('C') is read as a record length of 67, more than the stream holds.
        byte[] bytes = stream("hi");
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> decodeMessage(bytes));
        assertHinted(e, DecodeErrorKind.LENGTH_TOO_LARGE, 0);
    }

    @Test
    void aLongerStreamDecodedAsAMessage() throws IOException {
        // Now the length 67 fits, and 53 ('S') is the length of the first string: too large.
        byte[] bytes = stream("first record", "second record", "third record", "fourth record");
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> decodeMessage(bytes));
        assertHinted(e, DecodeErrorKind.LENGTH_TOO_LARGE, 1);
        assertEquals("Text.text", e.path());
    }

    @Test
    void badUtf8AfterTheMagicIsHintedToo() {
        // A string of 67 bytes, "SER" and 0xff: the strict UTF-8 decoder reports it.
        byte[] bytes = new byte[68];
        Arrays.fill(bytes, (byte) 'a');
        System.arraycopy(CserStreamHeader.MAGIC, 0, bytes, 0, 4);
        bytes[10] = (byte) 0xff;
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> new CserReader(bytes).readString());
        assertHinted(e, DecodeErrorKind.BAD_UTF8, 10);
    }

    @Test
    void otherBytesGetNoHint() throws IOException {
        byte[] bytes = stream("hi");
        bytes[0] = 'D';
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> decodeMessage(bytes));
        assertEquals(DecodeErrorKind.LENGTH_TOO_LARGE, e.kind());
        assertNull(e.hint());
        assertFalse(e.getMessage().contains("hint"), e.getMessage());
        // Fewer bytes than the magic: no hint either.
        CserDecodeException shorter = assertThrows(CserDecodeException.class,
                () -> decodeMessage(Arrays.copyOf(CserStreamHeader.MAGIC, 3)));
        assertNull(shorter.hint());
    }

    @Test
    void aFrameStartingWithTheMagicGetsNoHint() throws IOException {
        // A frame of 68 bytes whose body is a string of 67 bytes, "SER...", with a bad byte.
        byte[] content = new byte[68];
        Arrays.fill(content, (byte) 'a');
        System.arraycopy(CserStreamHeader.MAGIC, 0, content, 0, 4);
        content[10] = (byte) 0xff;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(CserStreamHeader.encode(StringCodec.TYPE_ID, StringCodec.FINGERPRINT));
        out.write(content.length);
        out.write(content);
        CserStreamReader<String> r =
                new CserStreamReader<>(new ByteArrayInputStream(out.toByteArray()), StringCodec.INSTANCE);
        CserDecodeException e = assertThrows(CserDecodeException.class, r::read);
        assertEquals(DecodeErrorKind.BAD_UTF8, e.kind());
        assertEquals(CserStreamHeader.LENGTH + 1 + 10, e.offset());
        assertNull(e.hint());
        assertFalse(e.getMessage().contains("hint"), e.getMessage());
    }
}
