package dev.cser;

import static dev.cser.Hex.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import org.junit.jupiter.api.Test;

class CserStreamWriterTest {
    private static final String HEADER = "43 53 45 52 02 88 77 66 55 44 33 22 11 08 07 06 05 04 03 02 01";

    /** Counts the calls that reach the "socket". */
    private static final class CountingStream extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int writeCalls;
        int flushes;
        boolean closed;

        @Override
        public void write(int b) {
            writeCalls++;
            bytes.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            writeCalls++;
            bytes.write(b, off, len);
        }

        @Override
        public void flush() {
            flushes++;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void headerAndFramesHaveExactBytes() throws IOException {
        CountingStream out = new CountingStream();
        try (CserStreamWriter<String> w = new CserStreamWriter<>(out, StringCodec.INSTANCE)) {
            w.write("ab");
            w.write("");
            assertEquals(2, w.recordCount());
        }
        // Each frame (length, body) is byte for byte the record's message (SPEC §5.8, §8).
        assertEquals(HEADER + " 03 02 61 62 01 00", hex(out.bytes.toByteArray()));
        assertTrue(out.closed);
    }

    @Test
    void emptyStreamIsJustTheHeader() throws IOException {
        CountingStream out = new CountingStream();
        CserStreamWriter<String> w = new CserStreamWriter<>(out, StringCodec.INSTANCE);
        assertEquals(0, out.bytes.size()); // buffered, not yet sent
        w.flush();
        assertEquals(HEADER, hex(out.bytes.toByteArray()));
        assertEquals(1, out.flushes);
        w.close();
        w.close();
        assertEquals(HEADER, hex(out.bytes.toByteArray()));
        CountingStream closedOnly = new CountingStream();
        new CserStreamWriter<>(closedOnly, StringCodec.INSTANCE).close();
        assertEquals(HEADER, hex(closedOnly.bytes.toByteArray()));
    }

    @Test
    void messagesAreBufferedNotOneWritePerMessage() throws IOException {
        CountingStream out = new CountingStream();
        CserStreamWriter<String> w = new CserStreamWriter<>(out, StringCodec.INSTANCE);
        for (int i = 0; i < 10_000; i++) {
            w.write("message number " + i);
        }
        w.flush();
        // About 210 KB in 64 KiB chunks.
        assertTrue(out.writeCalls <= 5, "write calls: " + out.writeCalls);
    }

    @Test
    void largeMessagesGoStraightThrough() throws IOException {
        String big = "x".repeat(200_000);
        CountingStream out = new CountingStream();
        try (CserStreamWriter<String> w = new CserStreamWriter<>(out, StringCodec.INSTANCE)) {
            w.write("a");
            w.write(big);
            w.write("b");
        }
        CserWriter expected = new CserWriter();
        expected.writeRaw(Hex.bytes(HEADER), 0, 21);
        for (String s : new String[] {"a", big, "b"}) {
            CserWriter m = new CserWriter();
            m.writeString(s);
            expected.writeVarint32(m.size());
            expected.writeRaw(m.buffer(), 0, m.size());
        }
        assertArrayEquals(expected.toByteArray(), out.bytes.toByteArray());
    }

    @Test
    void failedEncodeWritesNothing() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CserStreamWriter<String> w = new CserStreamWriter<>(out, StringCodec.INSTANCE)) {
            w.write("a");
            assertThrows(CserEncodeException.class, () -> w.write("lone \uD800"));
            assertThrows(CserEncodeException.class, () -> w.write(null));
            w.write("b");
            assertEquals(2, w.recordCount());
        }
        assertEquals(HEADER + " 02 01 61 02 01 62", hex(out.toByteArray()));
    }

    @Test
    void depthLimitApplies() throws IOException {
        try (CserStreamWriter<String> w = new CserStreamWriter<>(new ByteArrayOutputStream(), StringCodec.INSTANCE)
                .withMaxDepth(1)) {
            w.write("fine at depth 1");
        }
    }

    @Test
    void writeAfterCloseFails() throws IOException {
        CserStreamWriter<String> w = new CserStreamWriter<>(new ByteArrayOutputStream(), StringCodec.INSTANCE);
        w.close();
        assertThrows(IOException.class, () -> w.write("late"));
    }
}
