package dev.cser;

import static dev.cser.Hex.assertDecodeError;
import static dev.cser.Hex.bytes;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CserReaderTest {

    private static CserReader reader(String hex) {
        return new CserReader(bytes(hex));
    }

    /** The same bytes with 12 bytes of padding after them: exercises the varint fast path. */
    private static CserReader padded(String hex) {
        byte[] b = bytes(hex);
        return new CserReader(Arrays.copyOf(b, b.length + 12), 0, b.length + 12);
    }

    // ---- varints -------------------------------------------------------------------------------

    @ParameterizedTest(name = "varint {0}")
    @CsvSource({
        "0, 00",
        "1, 01",
        "127, 7f",
        "128, 80 01",
        "16383, ff 7f",
        "16384, 80 80 01",
        "2097151, ff ff 7f",
        "2097152, 80 80 80 01",
        "268435456, 80 80 80 80 01",
        "4294967295, ff ff ff ff 0f",
        "4294967296, 80 80 80 80 10",
        "9223372036854775808, 80 80 80 80 80 80 80 80 80 01",
        "18446744073709551615, ff ff ff ff ff ff ff ff ff 01",
    })
    void varintBoundaries(String unsigned, String hex) throws CserDecodeException {
        long v = Long.parseUnsignedLong(unsigned);
        int n = bytes(hex).length;
        for (CserReader r : new CserReader[] {reader(hex), padded(hex)}) {
            assertEquals(v, r.readVarint64());
            assertEquals(n, r.position());
        }
        assertEquals(v, reader(hex).readU64());
        if (v >>> 32 == 0) {
            assertEquals((int) v, reader(hex).readVarint32());
            assertEquals((int) v, padded(hex).readU32());
        } else {
            assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0, () -> reader(hex).readVarint32());
            assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0, () -> padded(hex).readU32());
        }
    }

    @Test
    void overlongVarints() {
        for (String hex : new String[] {"80 00", "ff 00", "81 80 00"}) {
            int last = bytes(hex).length - 1;
            assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, last, () -> reader(hex).readVarint64());
            assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, last, () -> padded(hex).readVarint64());
            assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, last, () -> reader(hex).readVarint32());
            assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, last, () -> padded(hex).readI32());
            assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, last, () -> reader(hex).readLength());
        }
        // A 10-byte varint ending in 00 is overlong too.
        assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, 9,
                () -> reader("ff ff ff ff ff ff ff ff ff 00").readVarint64());
        // After a leading byte, the offset counts from the message start.
        assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, 2, () -> {
            CserReader r = reader("05 80 00");
            r.readByte();
            r.readVarint64();
        });
    }

    @Test
    void badVarints() {
        String eleven = "ff ff ff ff ff ff ff ff ff ff 01";
        assertDecodeError(DecodeErrorKind.BAD_VARINT, 9, () -> reader(eleven).readVarint64());
        assertDecodeError(DecodeErrorKind.BAD_VARINT, 9, () -> padded(eleven).readVarint64());
        String tenthIs02 = "ff ff ff ff ff ff ff ff ff 02";
        assertDecodeError(DecodeErrorKind.BAD_VARINT, 9, () -> reader(tenthIs02).readVarint64());
        assertDecodeError(DecodeErrorKind.BAD_VARINT, 9, () -> padded(tenthIs02).readU64());
        assertDecodeError(DecodeErrorKind.BAD_VARINT, 9, () -> reader("80 80 80 80 80 80 80 80 80 7f").readI64());
        assertDecodeError(DecodeErrorKind.BAD_VARINT, 9, () -> reader(tenthIs02).readVarint32());
    }

    @Test
    void truncatedVarints() {
        assertDecodeError(DecodeErrorKind.TRUNCATED, 0, () -> reader("").readVarint64());
        assertDecodeError(DecodeErrorKind.TRUNCATED, 1, () -> reader("80").readVarint64());
        assertDecodeError(DecodeErrorKind.TRUNCATED, 9, () -> reader("ff ff ff ff ff ff ff ff ff").readVarint64());
        assertDecodeError(DecodeErrorKind.TRUNCATED, 2, () -> reader("ff ff").readVarint32());
        assertDecodeError(DecodeErrorKind.TRUNCATED, 0, () -> reader("").readByte());
    }

    // ---- integers ------------------------------------------------------------------------------

    @Test
    void extremesOfEveryIntegerTypeRoundTrip() throws CserDecodeException {
        CserWriter w = new CserWriter();
        byte[] i8 = {Byte.MIN_VALUE, Byte.MAX_VALUE, 0, -1};
        short[] i16 = {Short.MIN_VALUE, Short.MAX_VALUE, 0, -1, 1};
        int[] i32 = {Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1};
        long[] i64 = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1};
        for (byte v : i8) {
            w.writeI8(v);
            w.writeU8(v);
        }
        for (short v : i16) {
            w.writeI16(v);
            w.writeU16(v);
        }
        for (int v : i32) {
            w.writeI32(v);
            w.writeU32(v);
        }
        for (long v : i64) {
            w.writeI64(v);
            w.writeU64(v);
        }
        w.writeEnum(0);
        w.writeEnum(Integer.MAX_VALUE);
        CserReader r = new CserReader(w.toByteArray());
        for (byte v : i8) {
            assertEquals(v, r.readI8());
            assertEquals(v, r.readU8());
        }
        for (short v : i16) {
            assertEquals(v, r.readI16());
            assertEquals(v, r.readU16());
        }
        for (int v : i32) {
            assertEquals(v, r.readI32());
            assertEquals(v, r.readU32());
        }
        for (long v : i64) {
            assertEquals(v, r.readI64());
            assertEquals(v, r.readU64());
        }
        assertEquals(0, r.readEnum());
        assertEquals(Integer.MAX_VALUE, r.readEnum());
        assertFalse(r.hasMore());
        r.expectEnd();
    }

    @Test
    void zigzagDecoding() throws CserDecodeException {
        assertEquals(0, reader("00").readI32());
        assertEquals(-1, reader("01").readI32());
        assertEquals(1, reader("02").readI32());
        assertEquals(-2, reader("03").readI32());
        assertEquals(Short.MIN_VALUE, reader("ff ff 03").readI16());
        assertEquals(Integer.MIN_VALUE, reader("ff ff ff ff 0f").readI32());
        assertEquals(Long.MIN_VALUE, reader("ff ff ff ff ff ff ff ff ff 01").readI64());
        assertEquals(Long.MAX_VALUE, reader("fe ff ff ff ff ff ff ff ff 01").readI64());
    }

    @Test
    void outOfRange() {
        // u16 65536, after a one-byte prefix so the offset is that of the varint.
        assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 1, () -> {
            CserReader r = reader("00 80 80 04");
            r.readByte();
            r.readU16();
        });
        assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0, () -> reader("80 80 04").readI16());
        assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0, () -> padded("80 80 80 80 10").readI32());
        assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0, () -> reader("80 80 80 80 10").readU32());
        assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0, () -> reader("80 80 80 80 08").readEnum());
        assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0,
                () -> reader("ff ff ff ff ff ff ff ff ff 01").readEnum());
    }

    @Test
    void bools() throws CserDecodeException {
        CserReader r = reader("00 01 02");
        assertFalse(r.readBool());
        assertTrue(r.readBool());
        assertDecodeError(DecodeErrorKind.BAD_BOOL, 2, r::readBool);
        assertDecodeError(DecodeErrorKind.BAD_BOOL, 0, () -> reader("ff").readBool());
        assertDecodeError(DecodeErrorKind.TRUNCATED, 0, () -> reader("").readBool());
    }

    // ---- floats --------------------------------------------------------------------------------

    @Test
    void floatsKeepTheirExactBits() throws CserDecodeException {
        int[] f32 = {0x7fc00001, 0x7f800001, 0xffc12345, 0x7f800000, 0xff800000, 0x80000000, 0, 0x3f800000};
        long[] f64 = {0x7ff8000000000001L, 0x7ff0000000000001L, 0xfff8dead0000beefL, 0x7ff0000000000000L,
            0xfff0000000000000L, 0x8000000000000000L, 0L, 0x3ff0000000000000L};
        CserWriter w = new CserWriter();
        for (int bits : f32) {
            w.writeF32(Float.intBitsToFloat(bits));
        }
        for (long bits : f64) {
            w.writeF64(Double.longBitsToDouble(bits));
        }
        CserReader r = new CserReader(w.toByteArray());
        for (int bits : f32) {
            assertEquals(bits, Float.floatToRawIntBits(r.readF32()));
        }
        for (long bits : f64) {
            assertEquals(bits, Double.doubleToRawLongBits(r.readF64()));
        }
        assertEquals(-0.0, reader("00 00 00 00 00 00 00 80").readF64());
        assertEquals(Double.NEGATIVE_INFINITY, reader("00 00 00 00 00 00 f0 ff").readF64());
        assertEquals(Float.POSITIVE_INFINITY, reader("00 00 80 7f").readF32());
    }

    @Test
    void truncatedFloats() {
        assertDecodeError(DecodeErrorKind.TRUNCATED, 7, () -> reader("00 00 00 00 00 00 00").readF64());
        assertDecodeError(DecodeErrorKind.TRUNCATED, 3, () -> reader("00 00 00").readF32());
    }

    // ---- strings and bytes ---------------------------------------------------------------------

    @Test
    void strings() throws CserDecodeException {
        assertEquals("", reader("00").readString());
        assertEquals("abc", reader("03 61 62 63").readString());
        assertEquals("\u00e9", reader("02 c3 a9").readString());
        assertEquals("\u20ac", reader("03 e2 82 ac").readString());
        assertEquals("\uD83D\uDE00", reader("04 f0 9f 98 80").readString());
        assertEquals("\uDBFF\uDFFF", reader("04 f4 8f bf bf").readString());
        assertEquals("\uffff", reader("03 ef bf bf").readString());
        assertEquals("\ud7ff", reader("03 ed 9f bf").readString());
        assertEquals("\ue000", reader("03 ee 80 80").readString());
        assertEquals("\u0080", reader("02 c2 80").readString());
        assertEquals("\u0800", reader("03 e0 a0 80").readString());
        assertEquals("\uD800\uDC00", reader("04 f0 90 80 80").readString());
        assertEquals("abcdefghij\u00e9", reader("0c 61 62 63 64 65 66 67 68 69 6a c3 a9").readString());
    }

    @Test
    void stringsRoundTrip() throws CserDecodeException {
        String[] samples = {"", "a", "hello world, this is longer than sixteen bytes", "\u00e9t\u00e9",
            "\u65e5\u672c\u8a9e", "mix \uD83D\uDE00 of \u00e9 and \u20ac", "\u0000\u007f\u0080"};
        CserWriter w = new CserWriter();
        for (String s : samples) {
            w.writeString(s);
        }
        CserReader r = new CserReader(w.toByteArray());
        for (String s : samples) {
            assertEquals(s, r.readString());
        }
        assertFalse(r.hasMore());
    }

    @Test
    void oneMebibyteStrings() throws CserDecodeException {
        String ascii = "0123456789abcdef".repeat(1 << 16);
        String mixed = "\u00e9abc\uD83D\uDE00".repeat(1 << 17);
        CserWriter w = new CserWriter();
        w.writeString(ascii);
        w.writeString(mixed);
        w.writeString("\u00e9");
        CserReader r = new CserReader(w.toByteArray());
        assertEquals(ascii, r.readString());
        assertEquals(mixed, r.readString());
        assertEquals("\u00e9", r.readString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        // description, string bytes (after a length prefix), offset of the ill-formed sequence
        "overlong c0 80, c0 80, 0",
        "overlong c1 bf, c1 bf, 0",
        "overlong 3-byte, e0 80 80, 0",
        "overlong 3-byte e0 9f bf, e0 9f bf, 0",
        "overlong 4-byte, f0 80 80 80, 0",
        "overlong 4-byte f0 8f bf bf, f0 8f bf bf, 0",
        "CESU high surrogate, ed a0 80, 0",
        "low surrogate, ed b0 80, 0",
        "CESU pair, 61 ed a0 bd ed b8 80, 1",
        "above U+10FFFF, f4 90 80 80, 0",
        "lead f5, f5 80 80 80, 0",
        "lead ff, ff, 0",
        "lead f8, f8 88 80 80 80, 0",
        "truncated 2-byte, c3, 0",
        "truncated 3-byte, 61 e2 82, 1",
        "truncated 4-byte, f0 9f 98, 0",
        "stray continuation, 80, 0",
        "stray continuation after ascii, 61 62 bf, 2",
        "continuation after complete sequence, c3 a9 a9, 2",
        "missing continuation, e2 41 41, 0",
        "missing continuation 4-byte, f0 9f 41 80, 0",
        "bad byte after long ascii run, 61 62 63 64 65 66 67 68 69 6a 6b 80, 11",
    })
    void badUtf8(String description, String hex, int offset) {
        byte[] s = bytes(hex);
        byte[] message = new byte[s.length + 2];
        message[0] = 0x42; // a leading byte: offsets count from the message start
        message[1] = (byte) s.length;
        System.arraycopy(s, 0, message, 2, s.length);
        assertDecodeError(DecodeErrorKind.BAD_UTF8, 2 + offset, () -> {
            CserReader r = new CserReader(message);
            r.readByte();
            r.readString();
        });
    }

    /** The JDK's UTF-8 decoder is also strict (RFC 3629): both must agree on every input. */
    @Test
    void randomBytesAgreeWithTheJdkDecoder() {
        Random random = new Random(1234);
        byte[] interesting = bytes("00 41 7f 80 8f 90 9f a0 bf c0 c1 c2 df e0 ed ef f0 f4 f5 ff");
        for (int round = 0; round < 20_000; round++) {
            byte[] s = new byte[random.nextInt(12)];
            for (int i = 0; i < s.length; i++) {
                s[i] = random.nextBoolean() ? interesting[random.nextInt(interesting.length)]
                        : (byte) random.nextInt(256);
            }
            CharsetDecoder jdk = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            ByteBuffer in = ByteBuffer.wrap(s);
            CharBuffer out = CharBuffer.allocate(s.length + 1);
            CoderResult result = jdk.decode(in, out, true);
            if (!result.isError()) {
                result = jdk.flush(out);
            }
            CserWriter w = new CserWriter();
            w.writeBytes(s);
            CserReader r = new CserReader(w.toByteArray());
            int prefix = w.size() - s.length;
            try {
                String decoded = r.readString();
                assertFalse(result.isError(), () -> "accepted " + Hex.hex(s));
                out.flip();
                assertEquals(out.toString(), decoded);
            } catch (CserDecodeException e) {
                assertTrue(result.isError(), () -> "rejected " + Hex.hex(s) + ": " + e.getMessage());
                assertEquals(DecodeErrorKind.BAD_UTF8, e.kind());
                assertEquals(prefix + in.position(), e.offset(), () -> Hex.hex(s) + ": " + e.getMessage());
            }
        }
    }

    @Test
    void readsBytes() throws CserDecodeException {
        assertArrayEquals(new byte[0], reader("00").readBytes());
        assertArrayEquals(new byte[] {1, 2, (byte) 0xFF}, reader("03 01 02 ff").readBytes());
    }

    @Test
    void lengthTooLarge() {
        // 1,000,000 declared with 3 bytes left.
        byte[] b = bytes("c0 84 3d 61 62 63");
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> new CserReader(b).readString());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> new CserReader(b).readBytes());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> new CserReader(b).readLength());
        // Lengths that would be negative or huge as Java ints are rejected the same way.
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0,
                () -> reader("ff ff ff ff ff ff ff ff ff 01 00").readBytes());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> reader("ff ff ff ff 0f").readString());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> reader("04 61 62 63").readString());
    }

    // ---- counts --------------------------------------------------------------------------------

    @Test
    void countsAreBoundedByTheBytesLeft() throws CserDecodeException {
        assertEquals(3, reader("03 00 00 00").readCount());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> reader("04 00 00 00").readCount());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0,
                () -> reader("ff ff ff ff ff ff ff ff ff 01").readCount());
        assertEquals(0, reader("00").readCount());
        assertEquals(16, reader("10 00 00").readOptionalCount());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> reader("11 00 00").readOptionalCount());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> reader("01").readOptionalCount());
    }

    // ---- packed arrays -------------------------------------------------------------------------

    @Test
    void packedArraysRoundTrip() throws CserDecodeException {
        boolean[] bools = {true, false, true};
        byte[] i8 = {Byte.MIN_VALUE, 0, Byte.MAX_VALUE};
        short[] i16 = {Short.MIN_VALUE, -1, 0, 1, Short.MAX_VALUE};
        int[] i32 = {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE};
        long[] i64 = {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE};
        float[] f32 = {Float.NaN, Float.intBitsToFloat(0x7fc00001), -0.0f, Float.NEGATIVE_INFINITY, 1.5f};
        double[] f64 = {Double.NaN, Double.longBitsToDouble(0x7ff0000000000001L), -0.0, Double.MIN_VALUE, 3.25};
        CserWriter w = new CserWriter(1);
        w.writeBoolArray(bools);
        w.writeI8Array(i8);
        w.writeU8Array(i8);
        w.writeI16Array(i16);
        w.writeU16Array(i16);
        w.writeI32Array(i32);
        w.writeU32Array(i32);
        w.writeI64Array(i64);
        w.writeU64Array(i64);
        w.writeF32Array(f32);
        w.writeF64Array(f64);
        w.writeF64Array(new double[0]);
        CserReader r = new CserReader(w.toByteArray());
        assertArrayEquals(bools, r.readBoolArray());
        assertArrayEquals(i8, r.readI8Array());
        assertArrayEquals(i8, r.readU8Array());
        assertArrayEquals(i16, r.readI16Array());
        assertArrayEquals(i16, r.readU16Array());
        assertArrayEquals(i32, r.readI32Array());
        assertArrayEquals(i32, r.readU32Array());
        assertArrayEquals(i64, r.readI64Array());
        assertArrayEquals(i64, r.readU64Array());
        float[] f32Read = r.readF32Array();
        for (int i = 0; i < f32.length; i++) {
            assertEquals(Float.floatToRawIntBits(f32[i]), Float.floatToRawIntBits(f32Read[i]));
        }
        double[] f64Read = r.readF64Array();
        for (int i = 0; i < f64.length; i++) {
            assertEquals(Double.doubleToRawLongBits(f64[i]), Double.doubleToRawLongBits(f64Read[i]));
        }
        assertEquals(0, r.readF64Array().length);
        r.expectEnd();
    }

    @Test
    void packedCountsAccountForElementWidth() throws CserDecodeException {
        byte[] f64Of15 = new byte[16];
        f64Of15[0] = 2;
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0,
                () -> new CserReader(f64Of15, 0, 16).readF64Array());
        byte[] f64Of16 = new byte[17];
        f64Of16[0] = 2;
        assertEquals(2, new CserReader(f64Of16).readF64Array().length);
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> reader("02 00 00 00 00 00 00 00").readF32Array());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> reader("03 00 00").readBoolArray());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> reader("03 00 00").readI8Array());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> reader("03 00 00").readI64Array());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0,
                () -> reader("ff ff ff ff ff ff ff ff ff 01").readI32Array());
    }

    @Test
    void badPackedElementsNameTheirIndex() {
        CserDecodeException e = assertDecodeError(DecodeErrorKind.BAD_BOOL, 2, () -> reader("02 01 05").readBoolArray());
        assertEquals("[1]", e.path());
        e = assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 2, () -> reader("02 00 80 80 04").readU16Array());
        assertEquals("[1]", e.path());
        e = assertDecodeError(DecodeErrorKind.TRUNCATED, 3, () -> reader("02 00 80").readI32Array());
        assertEquals("[1]", e.path());
    }

    // ---- nested bodies, roots, depth, presence -------------------------------------------------

    @Test
    void limitsSkipUnknownTrailingFields() throws CserDecodeException {
        // outer: a body of 4 bytes (01 02 03 04) then 09
        CserReader r = reader("04 01 02 03 04 09");
        int old = r.pushLimit(r.readLength());
        assertEquals(5, r.limit());
        assertEquals(4, r.remaining());
        assertEquals(1, r.readByte());
        assertTrue(r.hasMore());
        r.popLimit(old);
        assertEquals(5, r.position());
        assertEquals(6, r.limit());
        assertEquals(9, r.readByte());
        assertFalse(r.hasMore());
    }

    @Test
    void readsStopAtTheBodyLimit() {
        // A body of 2 bytes holding the start of an f64: truncated at the body end (offset 3).
        assertDecodeError(DecodeErrorKind.TRUNCATED, 3, () -> {
            CserReader r = reader("02 00 00 00 00 00 00 00 00 00 00");
            r.pushLimit(r.readLength());
            r.readF64();
        });
        // A length inside a body is checked against the body, not the whole message.
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 1, () -> {
            CserReader r = reader("02 05 61 62 63 64 65");
            r.pushLimit(r.readLength());
            r.readString();
        });
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 1, () -> {
            CserReader r = reader("00 01");
            r.readByte();
            r.pushLimit(2);
        });
    }

    @Test
    void varintFastPathsStopAtTheLimit() {
        // The bytes after the limit would complete each varint: they must not be read.
        byte[] b = bytes("80 80 01 05 05 05 05 05");
        for (int limit = 0; limit < 3; limit++) {
            int end = limit;
            assertDecodeError(DecodeErrorKind.TRUNCATED, end, () -> new CserReader(b, 0, end).readI32());
            assertDecodeError(DecodeErrorKind.TRUNCATED, end, () -> new CserReader(b, 0, end).readU32());
            assertDecodeError(DecodeErrorKind.TRUNCATED, end, () -> new CserReader(b, 0, end).readEnum());
            assertDecodeError(DecodeErrorKind.TRUNCATED, end, () -> new CserReader(b, 0, end).readVarint32());
            assertDecodeError(DecodeErrorKind.TRUNCATED, end, () -> new CserReader(b, 0, end).readLength());
            assertDecodeError(DecodeErrorKind.TRUNCATED, end, () -> new CserReader(b, 0, end).readCount());
        }
        // Inside a body: a one-byte length or count past the body's end is too large for it.
        byte[] c = bytes("01 03 61 62 63");
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 1, () -> {
            CserReader r = new CserReader(c);
            r.pushLimit(r.readLength());
            r.readString();
        });
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 1, () -> {
            CserReader r = new CserReader(c);
            r.pushLimit(r.readLength());
            r.readCount();
        });
    }

    @Test
    void fastPathErrorsMatchTheGeneralPath() {
        // 5-byte varints above 2^32-1, overlong ones and enums above 2^31-1, with padding so the
        // fast paths see them.
        assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0, () -> padded("ff ff ff ff 1f").readI32());
        assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0, () -> padded("80 80 80 80 80 01").readU32());
        assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, 4, () -> padded("ff ff ff ff 00").readI32());
        assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, 1, () -> padded("80 00").readLength());
        assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, 2, () -> padded("80 80 00").readCount());
        assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0, () -> padded("80 80 80 80 08").readEnum());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> padded("7f").readLength());
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0, () -> padded("7f").readCount());
    }

    @Test
    void replacementCharactersInTheTextAreKept() throws CserDecodeException {
        // U+FFFD written as such (EF BF BD) is valid text, not a sign of a decoding error.
        assertEquals("\ufffd", reader("03 ef bf bd").readString());
        assertEquals("a\ufffdb\u00e9", reader("07 61 ef bf bd 62 c3 a9").readString());
        // ... while an ill-formed byte next to one is still an error, at that byte.
        assertDecodeError(DecodeErrorKind.BAD_UTF8, 4, () -> reader("04 ef bf bd ff").readString());
    }

    @Test
    void stringChecksSeeEveryByteOfTheStringAndNoOther() throws CserDecodeException {
        for (int n = 1; n <= 24; n++) {
            for (int bad = 0; bad < n; bad++) {
                byte[] b = new byte[1 + n + 12];
                Arrays.fill(b, (byte) 0x80); // non-ASCII after the string
                b[0] = (byte) n;
                Arrays.fill(b, 1, 1 + n, (byte) 'a');
                assertEquals("a".repeat(n), new CserReader(b, 0, 1 + n).readString());
                assertEquals("a".repeat(n), new CserReader(Arrays.copyOf(b, 1 + n)).readString());
                b[1 + bad] = (byte) 0xFF;
                int at = 1 + bad;
                int len = 1 + n;
                assertDecodeError(DecodeErrorKind.BAD_UTF8, at, () -> new CserReader(b, 0, len).readString());
                assertDecodeError(DecodeErrorKind.BAD_UTF8, at, () -> new CserReader(Arrays.copyOf(b, len)).readString());
            }
        }
    }

    @Test
    void trailingBytes() throws CserDecodeException {
        CserReader r = reader("01 02");
        r.readByte();
        assertDecodeError(DecodeErrorKind.TRAILING_BYTES, 1, r::expectEnd);
        r.readByte();
        r.expectEnd();
    }

    @Test
    void depthLimit() throws CserDecodeException {
        CserReader r = reader("00");
        for (int i = 0; i < 64; i++) {
            r.enter();
        }
        assertDecodeError(DecodeErrorKind.DEPTH_EXCEEDED, 0, r::enter);
        r.exit();
        r.enter();
        CserReader shallow = reader("00").withMaxDepth(3);
        shallow.enter();
        shallow.enter();
        shallow.enter();
        assertDecodeError(DecodeErrorKind.DEPTH_EXCEEDED, 0, shallow::enter);
        assertThrows(IllegalArgumentException.class, () -> reader("").withMaxDepth(0));
    }

    @Test
    void presenceBits() throws CserDecodeException {
        CserReader r = reader("07 08 ff 80");
        r.checkPresence(r.readByte(), 3);
        int bad = r.readByte();
        assertDecodeError(DecodeErrorKind.BAD_PRESENCE, 1, () -> r.checkPresence(bad, 3));
        r.checkPresence(r.readByte(), 8);
        int high = r.readByte();
        assertDecodeError(DecodeErrorKind.BAD_PRESENCE, 3, () -> r.checkPresence(high, 7));
    }

    @Test
    void errorAtTheCurrentPosition() throws CserDecodeException {
        CserReader r = reader("01 02 03");
        r.readByte();
        r.readByte();
        CserDecodeException e = r.error(DecodeErrorKind.UNKNOWN_UNION_TAG, "unknown tag 2");
        assertEquals(DecodeErrorKind.UNKNOWN_UNION_TAG, e.kind());
        assertEquals(2, e.offset());
    }

    // ---- construction --------------------------------------------------------------------------

    @Test
    void slicesCountFromTheirStart() throws CserDecodeException {
        byte[] b = bytes("ff ff 02 61 62 80 00 ff");
        CserReader r = new CserReader(b, 2, 5);
        assertEquals(0, r.position());
        assertEquals(5, r.limit());
        assertEquals("ab", r.readString());
        assertEquals(3, r.position());
        assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, 4, r::readVarint64);
        assertThrows(IndexOutOfBoundsException.class, () -> new CserReader(b, 4, 5));
        CserReader based = new CserReader(b, 5, 2).withBaseOffset(1000);
        assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, 1001, based::readVarint64);
    }

    @Test
    void resetReusesTheReader() throws CserDecodeException {
        CserReader r = new CserReader(bytes("01 61")).withMaxDepth(1);
        assertEquals("a", r.readString());
        r.enter();
        r.reset(bytes("00 02 62 63"), 1, 3);
        r.enter(); // the depth was reset, the limit of 1 kept
        assertDecodeError(DecodeErrorKind.DEPTH_EXCEEDED, 0, r::enter);
        assertEquals("bc", r.readString());
    }

    @Test
    void fromByteBuffers() throws CserDecodeException {
        byte[] b = bytes("00 00 03 61 62 63");
        ByteBuffer heap = ByteBuffer.wrap(b);
        heap.position(2);
        ByteBuffer slice = ByteBuffer.wrap(b, 1, 5).slice();
        slice.position(1);
        ByteBuffer direct = ByteBuffer.allocateDirect(6).put(b);
        direct.position(2);
        ByteBuffer readOnly = ByteBuffer.wrap(b).asReadOnlyBuffer();
        readOnly.position(2);
        for (ByteBuffer bb : new ByteBuffer[] {heap, slice, direct, readOnly}) {
            int before = bb.position();
            CserReader r = CserReader.of(bb);
            assertEquals(4, r.remaining());
            assertEquals("abc", r.readString());
            assertEquals(before, bb.position());
        }
    }

    /** Any bytes, any read: only CserDecodeException may come out. */
    @Test
    void randomInputNeverThrowsAnythingElse() {
        Random random = new Random(99);
        for (int round = 0; round < 20_000; round++) {
            byte[] b = new byte[random.nextInt(24)];
            random.nextBytes(b);
            if (random.nextInt(4) == 0 && b.length > 0) {
                b[0] = (byte) random.nextInt(4); // small lengths and counts get past the bound checks
            }
            CserReader r = new CserReader(b);
            try {
                for (int step = 0; step < 8; step++) {
                    switch (random.nextInt(22)) {
                        case 0 -> r.readVarint64();
                        case 1 -> r.readVarint32();
                        case 2 -> r.readString();
                        case 3 -> r.readBytes();
                        case 4 -> r.readF64();
                        case 5 -> r.readF32();
                        case 6 -> r.readBool();
                        case 7 -> r.readI16();
                        case 8 -> r.readU16();
                        case 9 -> r.readI32();
                        case 10 -> r.readEnum();
                        case 11 -> r.readCount();
                        case 12 -> r.readOptionalCount();
                        case 13 -> r.readBoolArray();
                        case 14 -> r.readF64Array();
                        case 15 -> r.readF32Array();
                        case 16 -> r.readI64Array();
                        case 17 -> r.readU16Array();
                        case 18 -> r.pushLimit(r.readLength());
                        case 19 -> r.readI8Array();
                        case 20 -> r.readByte();
                        default -> r.expectEnd();
                    }
                }
            } catch (CserDecodeException expected) {
                assertTrue(expected.offset() >= 0 && expected.offset() <= b.length, expected::getMessage);
            } catch (RuntimeException e) {
                fail("input " + Hex.hex(b) + " threw " + e);
            }
        }
    }
}
