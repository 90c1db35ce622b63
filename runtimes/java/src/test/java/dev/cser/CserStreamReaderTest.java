package dev.cser;

import static dev.cser.Hex.assertDecodeError;
import static dev.cser.Hex.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CserStreamReaderTest {

    /** An input that hands out at most {@code chunk} bytes per read and records the largest request. */
    private static final class TrickleStream extends InputStream {
        private final byte[] data;
        private final int chunk;
        private int pos;
        int largestRequest;
        int reads;

        TrickleStream(byte[] data, int chunk) {
            this.data = data;
            this.chunk = chunk;
        }

        @Override
        public int read() {
            reads++;
            return pos < data.length ? data[pos++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            reads++;
            largestRequest = Math.max(largestRequest, len);
            if (pos >= data.length) {
                return -1;
            }
            int n = Math.min(Math.min(len, chunk), data.length - pos);
            System.arraycopy(data, pos, b, off, n);
            pos += n;
            return n;
        }
    }

    private static byte[] stream(String... messages) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CserStreamWriter<String> w = new CserStreamWriter<>(out, StringCodec.INSTANCE)) {
            for (String m : messages) {
                w.write(m);
            }
        }
        return out.toByteArray();
    }

    private static CserStreamReader<String> reader(byte[] bytes) {
        return new CserStreamReader<>(new ByteArrayInputStream(bytes), StringCodec.INSTANCE);
    }

    private static List<String> sampleMessages() {
        List<String> messages = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            messages.add(i % 100 == 0 ? "\u00e9".repeat(i * 20) : "record " + i);
        }
        messages.add("y".repeat(300_000)); // larger than the internal buffer
        messages.add("");
        messages.add("last");
        return messages;
    }

    @Test
    void roundTripOfManyMessages() throws IOException {
        List<String> messages = sampleMessages();
        byte[] bytes = stream(messages.toArray(new String[0]));
        try (CserStreamReader<String> r = reader(bytes)) {
            for (String m : messages) {
                assertEquals(m, r.read());
            }
            assertNull(r.read());
            assertNull(r.read());
            assertEquals(messages.size(), r.recordIndex());
            assertEquals(StringCodec.FINGERPRINT, r.writerFingerprint());
        }
    }

    @Test
    void oneBytePerReadWorks() throws IOException {
        String[] messages = {"a", "", "\uD83D\uDE00", "x".repeat(1000), "z"};
        TrickleStream in = new TrickleStream(stream(messages), 1);
        CserStreamReader<String> r = new CserStreamReader<>(in, StringCodec.INSTANCE);
        for (String m : messages) {
            assertEquals(m, r.read());
        }
        assertNull(r.read());
    }

    @Test
    void readsAreLargeChunks() throws IOException {
        List<String> messages = sampleMessages();
        TrickleStream in = new TrickleStream(stream(messages.toArray(new String[0])), Integer.MAX_VALUE);
        CserStreamReader<String> r = new CserStreamReader<>(in, StringCodec.INSTANCE);
        int n = 0;
        for (String m : r) {
            assertEquals(messages.get(n++), m);
        }
        assertEquals(messages.size(), n);
        // Not one read per message: the internal buffer gathers many of them.
        assertTrue(in.reads < messages.size() / 10, "reads: " + in.reads);
    }

    /** frameOffset() is where each frame's length starts, also after the buffer grew past 64 KiB and shrank. */
    @Test
    void frameOffsetIsWhereTheLastFrameStarts() throws IOException {
        String[] messages = {"a", "x".repeat(70_000), "", "b"};
        long[] starts = new long[messages.length]; // the length of the stream of the records before
        for (int i = 0; i < messages.length; i++) {
            starts[i] = stream(Arrays.copyOf(messages, i)).length;
        }
        assertEquals(21, starts[0]);
        for (int chunk : new int[] {1, 1 << 16, Integer.MAX_VALUE}) {
            CserStreamReader<String> r = new CserStreamReader<>(new TrickleStream(stream(messages), chunk),
                    StringCodec.INSTANCE);
            assertEquals(-1, r.frameOffset());
            for (int i = 0; i < messages.length; i++) {
                assertEquals(messages[i], r.read());
                assertEquals(starts[i], r.frameOffset(), "record " + i + ", chunk " + chunk);
            }
        }
    }

    @Test
    void emptyStreamHasNoMessages() throws IOException {
        CserStreamReader<String> r = reader(stream());
        assertNull(r.read());
        assertEquals(0, r.recordIndex());
    }

    @Test
    void cutAtEveryOffset() throws IOException {
        String[] messages = {"a", "", "bc", "\u00e9\u00e9", "x".repeat(130)};
        byte[] full = stream(messages);
        // Frame boundaries: the stream ends cleanly there.
        List<Integer> boundaries = new ArrayList<>();
        int at = 21;
        boundaries.add(at);
        for (String m : messages) {
            CserWriter w = new CserWriter();
            w.writeString(m);
            at += Varint.size(w.size()) + w.size();
            boundaries.add(at);
        }
        assertEquals(full.length, at);
        for (int cut = 0; cut <= full.length; cut++) {
            int complete = 0;
            while (complete + 1 < boundaries.size() && boundaries.get(complete + 1) <= cut) {
                complete++;
            }
            CserStreamReader<String> r = reader(Arrays.copyOf(full, cut));
            for (int i = 0; i < complete; i++) {
                assertEquals(messages[i], r.read(), "cut " + cut);
            }
            if (boundaries.contains(cut)) {
                assertNull(r.read(), "cut " + cut);
            } else {
                int end = cut;
                CserDecodeException e = assertDecodeError(DecodeErrorKind.TRUNCATED, end, r::read);
                // The stream is over: the same error again.
                assertSame(e, assertThrows(CserDecodeException.class, r::read));
            }
        }
    }

    @Test
    void badMagicOrVersion() {
        byte[] good = bytes("43 53 45 52 02 88 77 66 55 44 33 22 11 08 07 06 05 04 03 02 01");
        byte[] magic = good.clone();
        magic[2] = 'X';
        assertDecodeError(DecodeErrorKind.BAD_STREAM_HEADER, 2, () -> reader(magic).read());
        byte[] version = good.clone();
        version[4] = 1;
        CserDecodeException v1 = assertDecodeError(DecodeErrorKind.BAD_STREAM_HEADER, 4, () -> reader(version).read());
        // Version 1 encoded unions otherwise (SPEC §14): its streams are refused by name, not misread.
        assertTrue(v1.getMessage().contains("format version 1: this reader reads format version 2"), v1.getMessage());
        version[4] = 3;
        assertDecodeError(DecodeErrorKind.BAD_STREAM_HEADER, 4, () -> reader(version).read());
        // Garbage shorter than a header is a bad header, not a truncated one.
        assertDecodeError(DecodeErrorKind.BAD_STREAM_HEADER, 0, () -> reader(bytes("7b 22")).read());
        // A correct but cut header is truncated.
        assertDecodeError(DecodeErrorKind.TRUNCATED, 0, () -> reader(new byte[0]).read());
        assertDecodeError(DecodeErrorKind.TRUNCATED, 7, () -> reader(Arrays.copyOf(good, 7)).read());
    }

    @Test
    void wrongTypeId() throws IOException {
        byte[] b = stream("a");
        b[5] ^= 1;
        CserDecodeException e = assertDecodeError(DecodeErrorKind.WRONG_TYPE, 5, () -> reader(b).read());
        assertTrue(e.getMessage().contains("test.Text"), e.getMessage());
        assertDecodeError(DecodeErrorKind.WRONG_TYPE, 5, () -> reader(b).writerFingerprint());
    }

    @Test
    void fingerprintIsExposedAndOptionallyRequired() throws IOException {
        byte[] b = stream("a");
        b[13] = 0x42;
        CserStreamReader<String> lenient = reader(b);
        assertEquals(0x0102030405060742L, lenient.writerFingerprint());
        assertEquals("a", lenient.read());
        assertDecodeError(DecodeErrorKind.WRONG_TYPE, 13, () -> reader(b).requireFingerprint(true).read());
        CserStreamReader<String> strict = reader(stream("a")).requireFingerprint(true);
        assertEquals("a", strict.read());
    }

    /** A stream of {@code messages} whose header claims the schema of {@code writerText} wrote it. */
    private static byte[] streamWrittenBy(String writerText, String... messages) throws IOException {
        byte[] b = stream(messages);
        long fingerprint = KnownSchemas.fingerprint(writerText);
        for (int i = 0; i < 8; i++) {
            b[13 + i] = (byte) (fingerprint >>> (8 * i));
        }
        return b;
    }

    @Test
    void aCompatibleWriterIsRead() throws IOException {
        String appended = "record test.Text{1:string text;2:i64 at;}\n";
        assertEquals("a", reader(streamWrittenBy(appended, "a")).withWriterSchema(appended).read());
        assertEquals("a", reader(streamWrittenBy(appended, "a")).withKnownSchemas(KnownSchemas.of(appended))
                .requireKnownSchema(true).read());
    }

    @Test
    void anIncompatibleWriterIsRejectedNamingTheDifference() throws IOException {
        String retyped = "record test.Text{1:bytes text;}\n";
        CserDecodeException e = assertDecodeError(DecodeErrorKind.INCOMPATIBLE_SCHEMA, 13,
                () -> reader(streamWrittenBy(retyped, "a")).withWriterSchema(retyped).read());
        assertEquals(String.format("INCOMPATIBLE_SCHEMA: the writer's schema (fingerprint %016x) is not compatible"
                + " with the reader's (SPEC §9.1): field 'text' (id 1) of test.Text: bytes in the writer's schema,"
                + " string in the reader's at offset 13", KnownSchemas.fingerprint(retyped)), e.getMessage());
        // The stream is broken: every later read fails the same way.
        CserStreamReader<String> r = reader(streamWrittenBy(retyped, "a", "b")).withWriterSchema(retyped);
        assertDecodeError(DecodeErrorKind.INCOMPATIBLE_SCHEMA, 13, r::read);
        assertDecodeError(DecodeErrorKind.INCOMPATIBLE_SCHEMA, 13, r::read);
    }

    @Test
    void anUnknownWriterIsReadUnlessAKnownOneIsRequired() throws IOException {
        String other = "record test.Text{1:string text;2:bool flag;}\n";
        KnownSchemas known = KnownSchemas.of("record test.Text{1:string text;2:i64 at;}\n");
        assertEquals("a", reader(streamWrittenBy(other, "a")).withKnownSchemas(known).read());
        CserDecodeException e = assertDecodeError(DecodeErrorKind.INCOMPATIBLE_SCHEMA, 13,
                () -> reader(streamWrittenBy(other, "a")).withKnownSchemas(known).requireKnownSchema(true).read());
        assertTrue(e.getMessage().contains("which this reader does not know"), e.getMessage());
        // Its own fingerprint needs no known schema.
        assertEquals("a", reader(stream("a")).requireKnownSchema(true).read());
    }

    @Test
    void verdictsAreWorkedOutOncePerWriter() {
        String retyped = "record test.Text{1:bytes text;}\n";
        KnownSchemas known = KnownSchemas.of(retyped);
        long fingerprint = KnownSchemas.fingerprint(retyped);
        assertSame(known.difference(fingerprint, StringCodec.INSTANCE), known.difference(fingerprint, StringCodec.INSTANCE));
        assertThrows(IllegalArgumentException.class, () -> known.difference(fingerprint + 1, StringCodec.INSTANCE));
    }

    @Test
    void knownSchemasFromADirectory(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws IOException {
        String appended = "record test.Text{1:string text;2:i64 at;}\n";
        java.nio.file.Files.writeString(dir.resolve("text-v2.canonical"), appended);
        java.nio.file.Files.writeString(dir.resolve("notes.txt"), "not a schema");
        KnownSchemas known = KnownSchemas.fromDirectory(dir);
        assertTrue(known.contains(KnownSchemas.fingerprint(appended)));
        assertEquals(java.util.Optional.of(appended), known.text(KnownSchemas.fingerprint(appended)));
        java.nio.file.Files.writeString(dir.resolve("broken.canonical"), "record test.Text{1:string text;}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KnownSchemas.fromDirectory(dir));
        assertTrue(e.getMessage().contains("broken.canonical: bad schema text at line 1"), e.getMessage());
    }

    @Test
    void aCodecWithoutCanonicalTextCannotCompare() {
        CserCodec<String> bare = new StringCodec.Bare();
        CserStreamReader<String> r = new CserStreamReader<>(new ByteArrayInputStream(new byte[0]), bare);
        assertThrows(IllegalStateException.class, () -> r.withKnownSchemas(new KnownSchemas()));
    }

    @Test
    void messageTooLarge() throws IOException {
        byte[] header = Arrays.copyOf(stream(), 21);
        byte[] huge = concat(header, bytes("ff ff ff ff ff ff ff ff ff 01"));
        assertDecodeError(DecodeErrorKind.MESSAGE_TOO_LARGE, 21, () -> reader(huge).read());
        byte[] overDefault = concat(header, bytes("81 80 80 20")); // 64 MiB + 1
        assertDecodeError(DecodeErrorKind.MESSAGE_TOO_LARGE, 21, () -> reader(overDefault).read());
        byte[] two = stream("ab", "abcdefghij"); // frames of 3 and 11 bytes
        CserStreamReader<String> r = reader(two).withMaxMessageSize(10);
        assertEquals("ab", r.read());
        CserDecodeException e = assertDecodeError(DecodeErrorKind.MESSAGE_TOO_LARGE, 25, r::read);
        assertTrue(e.getMessage().contains("record 1"), e.getMessage());
    }

    @Test
    void declaredLengthDoesNotAllocateAheadOfTheBytes() throws IOException {
        byte[] header = Arrays.copyOf(stream(), 21);
        // A frame declaring 60 MiB followed by 5 bytes.
        byte[] b = concat(header, bytes("80 80 80 1e 01 02 03 04 05"));
        TrickleStream in = new TrickleStream(b, Integer.MAX_VALUE);
        CserStreamReader<String> r = new CserStreamReader<>(in, StringCodec.INSTANCE);
        assertDecodeError(DecodeErrorKind.TRUNCATED, b.length, r::read);
        // Every read asked for at most the normal 64 KiB buffer: it never grew to 60 MiB.
        assertTrue(in.largestRequest <= 1 << 16, "largest read request: " + in.largestRequest);
    }

    @Test
    void badFrameLengths() throws IOException {
        byte[] header = Arrays.copyOf(stream(), 21);
        assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, 22, () -> reader(concat(header, bytes("80 00"))).read());
        assertDecodeError(DecodeErrorKind.BAD_VARINT, 30,
                () -> reader(concat(header, bytes("ff ff ff ff ff ff ff ff ff 02"))).read());
        assertDecodeError(DecodeErrorKind.TRUNCATED, 22, () -> reader(concat(header, bytes("80"))).read());
    }

    /** The stream offset where each frame of {@code messages} starts, and the end of the stream last. */
    private static List<Integer> frameStarts(String... messages) {
        List<Integer> starts = new ArrayList<>();
        int at = CserStreamHeader.LENGTH;
        starts.add(at);
        for (String m : messages) {
            CserWriter w = new CserWriter();
            w.writeString(m);
            at += Varint.size(w.size()) + w.size();
            starts.add(at);
        }
        return starts;
    }

    /** Hostile input: N records cut at every byte offset, read all at once and a byte at a time. */
    @Test
    void manyRecordsCutAtEveryOffsetYieldTheCompleteOnesThenTruncated() throws IOException {
        String[] messages = new String[12];
        for (int i = 0; i < messages.length; i++) {
            // Short and long (two-byte frame length) records, and an empty one.
            messages[i] = i == 5 ? "" : i % 4 == 3 ? ("r" + i).repeat(70) : "record " + i;
        }
        byte[] full = stream(messages);
        List<Integer> starts = frameStarts(messages);
        assertEquals(full.length, starts.get(messages.length));
        for (int chunk : new int[] {1, 3, 1 << 16}) {
            for (int cut = CserStreamHeader.LENGTH; cut <= full.length; cut++) {
                int complete = 0; // the records wholly before the cut
                while (complete < messages.length && starts.get(complete + 1) <= cut) {
                    complete++;
                }
                String where = "chunk " + chunk + ", cut " + cut;
                CserStreamReader<String> r = new CserStreamReader<>(
                        new TrickleStream(Arrays.copyOf(full, cut), chunk), StringCodec.INSTANCE);
                for (int i = 0; i < complete; i++) {
                    assertEquals(messages[i], r.read(), where);
                }
                if (cut == starts.get(complete)) {
                    assertNull(r.read(), where); // the cut is on a frame boundary: a shorter stream
                    assertEquals(complete, r.recordIndex(), where);
                    continue;
                }
                CserDecodeException e = assertDecodeError(DecodeErrorKind.TRUNCATED, cut, r::read);
                assertTrue(e.getMessage().contains("record " + complete + ", frame at stream offset " + starts.get(complete)),
                        where + ": " + e.getMessage());
                assertSame(e, assertThrows(CserDecodeException.class, r::read), where);
            }
        }
    }

    /**
     * Hostile input: corrupt records in the middle of a stream are reported with their index and
     * stream offset, one error each, and reading goes on with the next record (frames are
     * length-prefixed, so a bad body does not lose the framing).
     */
    @Test
    void corruptRecordsInTheMiddleAreNamedAndTheReaderGoesOn() throws IOException {
        String[] messages = new String[10];
        for (int i = 0; i < messages.length; i++) {
            messages[i] = "rec" + i; // each frame: 05 04 'r' 'e' 'c' digit
        }
        byte[] b = stream(messages);
        List<Integer> starts = frameStarts(messages);
        // Record 2: invalid UTF-8 (an overlong NUL) in the text.
        b[starts.get(2) + 4] = (byte) 0xC0;
        b[starts.get(2) + 5] = (byte) 0x80;
        // Record 5: a string length (0x7f) past the end of its frame.
        b[starts.get(5) + 1] = 0x7F;
        // Record 7: an overlong varint as the string length.
        b[starts.get(7) + 1] = (byte) 0x84;
        b[starts.get(7) + 2] = 0x00;
        DecodeErrorKind[] expected = new DecodeErrorKind[messages.length];
        expected[2] = DecodeErrorKind.BAD_UTF8;
        expected[5] = DecodeErrorKind.LENGTH_TOO_LARGE;
        expected[7] = DecodeErrorKind.OVERLONG_VARINT;
        for (int chunk : new int[] {1, 1 << 16}) {
            CserStreamReader<String> r = new CserStreamReader<>(new TrickleStream(b, chunk), StringCodec.INSTANCE);
            for (int i = 0; i < messages.length; i++) {
                if (expected[i] == null) {
                    assertEquals(messages[i], r.read(), "record " + i);
                    continue;
                }
                CserDecodeException e = assertThrows(CserDecodeException.class, r::read, "record " + i);
                assertEquals(expected[i], e.kind(), e::getMessage);
                assertTrue(e.offset() >= starts.get(i) && e.offset() < starts.get(i + 1), e::getMessage);
                assertTrue(e.getMessage().contains("record " + i + ", frame at stream offset " + starts.get(i)), e.getMessage());
                assertEquals(i + 1, r.recordIndex(), "the bad frame is consumed");
            }
            assertNull(r.read());
            assertEquals(messages.length, r.recordIndex());
        }
    }

    @Test
    void badMessageIsReportedAtItsStreamOffsetAndSkipped() throws IOException {
        byte[] header = Arrays.copyOf(stream(), 21);
        // record 0 "a"; record 1 has invalid UTF-8 (c0 80) at stream offset 26; record 2 "b".
        byte[] b = concat(header, bytes("02 01 61 03 02 c0 80 02 01 62"));
        CserStreamReader<String> r = reader(b);
        assertEquals("a", r.read());
        CserDecodeException e = assertDecodeError(DecodeErrorKind.BAD_UTF8, 26, r::read);
        assertEquals("Text.text", e.path());
        assertTrue(e.getMessage().contains("record 1, frame at stream offset 24"), e.getMessage());
        assertEquals("b", r.read());
        assertNull(r.read());
        assertEquals(3, r.recordIndex());
    }

    @Test
    void unknownFieldsAtTheEndOfARecordFrameAreSkipped() throws IOException {
        byte[] header = Arrays.copyOf(stream(), 21);
        // Frame 0: the text "a" then two bytes of a field a newer schema appended; frame 1: "b".
        CserStreamReader<String> r = reader(concat(header, bytes("04 01 61 ff 07 02 01 62")));
        assertEquals("a", r.read());
        assertEquals("b", r.read());
        assertNull(r.read());
    }

    @Test
    void depthLimitReachesTheMessages() throws IOException {
        CserCodec<String> deep = new StringCodec.Bare() {
            @Override
            public String decodeRoot(CserReader r) throws CserDecodeException {
                r.enter(); // one level more than StringCodec
                String s = StringCodec.INSTANCE.decodeRoot(r);
                r.exit();
                return s;
            }
        };
        byte[] b = stream("a");
        assertEquals("a", new CserStreamReader<>(new ByteArrayInputStream(b), deep).withMaxDepth(2).read());
        assertDecodeError(DecodeErrorKind.DEPTH_EXCEEDED, 22,
                () -> new CserStreamReader<>(new ByteArrayInputStream(b), deep).withMaxDepth(1).read());
    }

    @Test
    void iteratorWrapsErrors() throws IOException {
        byte[] b = stream("a", "b");
        CserStreamReader<String> r = reader(Arrays.copyOf(b, b.length - 1));
        var it = r.iterator();
        assertEquals("a", it.next());
        UncheckedIOException e = assertThrows(UncheckedIOException.class, it::hasNext);
        assertEquals(DecodeErrorKind.TRUNCATED, ((CserDecodeException) e.getCause()).kind());
    }

    @Test
    void closedReaderRefusesToRead() throws IOException {
        CserStreamReader<String> r = reader(stream("a"));
        r.close();
        r.close();
        assertThrows(IOException.class, r::read);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }
}
