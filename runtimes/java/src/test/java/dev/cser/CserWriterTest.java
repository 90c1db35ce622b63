package dev.cser;

import static dev.cser.Hex.hex;
import static dev.cser.Hex.written;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CserWriterTest {

    @ParameterizedTest(name = "varint {0}")
    @CsvSource({
        "0, 00",
        "1, 01",
        "127, 7f",
        "128, 80 01",
        "300, ac 02",
        "16383, ff 7f",
        "16384, 80 80 01",
        "2097151, ff ff 7f",
        "2097152, 80 80 80 01",
        "268435455, ff ff ff 7f",
        "268435456, 80 80 80 80 01",
        "4294967295, ff ff ff ff 0f",
        "4294967296, 80 80 80 80 10",
        "34359738367, ff ff ff ff 7f",
        "34359738368, 80 80 80 80 80 01",
        "9223372036854775807, ff ff ff ff ff ff ff ff 7f",
        "9223372036854775808, 80 80 80 80 80 80 80 80 80 01",
        "18446744073709551615, ff ff ff ff ff ff ff ff ff 01",
    })
    void varint64Boundaries(String unsigned, String hex) {
        long v = Long.parseUnsignedLong(unsigned);
        assertEquals(hex, written(w -> w.writeVarint64(v)));
        assertEquals(hex, written(w -> w.writeU64(v)));
        if (v >>> 32 == 0) {
            assertEquals(hex, written(w -> w.writeVarint32((int) v)));
            assertEquals(hex, written(w -> w.writeU32((int) v)));
        }
    }

    @Test
    void minusOneAsU64IsTenBytesEndingIn01() {
        assertEquals("ff ff ff ff ff ff ff ff ff 01", written(w -> w.writeU64(-1L)));
        assertEquals("ff ff ff ff 0f", written(w -> w.writeU32(-1)));
    }

    @Test
    void varintSizeMatchesWrittenLength() {
        int[] values = {0, 1, 127, 128, 16383, 16384, (1 << 21) - 1, 1 << 21, (1 << 28) - 1, 1 << 28,
            Integer.MAX_VALUE, -1};
        for (int v : values) {
            CserWriter w = new CserWriter();
            w.writeVarint32(v);
            assertEquals(w.size(), Varint.size(v), () -> "value " + v);
        }
    }

    @Test
    void zigzagSmallValues() {
        assertEquals("00", written(w -> w.writeI32(0)));
        assertEquals("01", written(w -> w.writeI32(-1)));
        assertEquals("02", written(w -> w.writeI32(1)));
        assertEquals("03", written(w -> w.writeI32(-2)));
        assertEquals("7f", written(w -> w.writeI32(-64)));
        assertEquals("80 01", written(w -> w.writeI32(64)));
        assertEquals("03", written(w -> w.writeI16((short) -2)));
        assertEquals("03", written(w -> w.writeI64(-2L)));
    }

    @Test
    void zigzagExtremes() {
        assertEquals("fe ff 03", written(w -> w.writeI16(Short.MAX_VALUE)));
        assertEquals("ff ff 03", written(w -> w.writeI16(Short.MIN_VALUE)));
        assertEquals("fe ff ff ff 0f", written(w -> w.writeI32(Integer.MAX_VALUE)));
        assertEquals("ff ff ff ff 0f", written(w -> w.writeI32(Integer.MIN_VALUE)));
        assertEquals("fe ff ff ff ff ff ff ff ff 01", written(w -> w.writeI64(Long.MAX_VALUE)));
        assertEquals("ff ff ff ff ff ff ff ff ff 01", written(w -> w.writeI64(Long.MIN_VALUE)));
    }

    @Test
    void unsignedExtremes() {
        assertEquals("ff", written(w -> w.writeU8((byte) 0xFF)));
        assertEquals("80", written(w -> w.writeI8(Byte.MIN_VALUE)));
        assertEquals("7f", written(w -> w.writeI8(Byte.MAX_VALUE)));
        assertEquals("ff ff 03", written(w -> w.writeU16((short) 0xFFFF)));
        assertEquals("80 80 02", written(w -> w.writeU16((short) 0x8000)));
        assertEquals("ff ff ff ff 0f", written(w -> w.writeU32(0xFFFFFFFF)));
    }

    @Test
    void boolsAndEnums() {
        assertEquals("00 01", written(w -> {
            w.writeBool(false);
            w.writeBool(true);
        }));
        assertEquals("00", written(w -> w.writeEnum(0)));
        assertEquals("ff ff ff ff 07", written(w -> w.writeEnum(Integer.MAX_VALUE)));
        assertThrows(CserEncodeException.class, () -> new CserWriter().writeEnum(-1));
    }

    @Test
    void floatsKeepTheirExactBits() {
        assertEquals("00 00 80 3f", written(w -> w.writeF32(1.0f)));
        assertEquals("00 00 00 80", written(w -> w.writeF32(-0.0f)));
        assertEquals("00 00 80 7f", written(w -> w.writeF32(Float.POSITIVE_INFINITY)));
        assertEquals("00 00 80 ff", written(w -> w.writeF32(Float.NEGATIVE_INFINITY)));
        assertEquals("01 00 c0 7f", written(w -> w.writeF32(Float.intBitsToFloat(0x7fc00001))));
        assertEquals("00 00 00 00 00 00 f0 3f", written(w -> w.writeF64(1.0)));
        assertEquals("00 00 00 00 00 00 00 80", written(w -> w.writeF64(-0.0)));
        assertEquals("00 00 00 00 00 00 f0 7f", written(w -> w.writeF64(Double.POSITIVE_INFINITY)));
        assertEquals("00 00 00 00 00 00 f0 ff", written(w -> w.writeF64(Double.NEGATIVE_INFINITY)));
        assertEquals("01 00 00 00 00 00 f8 ff",
                written(w -> w.writeF64(Double.longBitsToDouble(0xfff8000000000001L))));
    }

    @Test
    void strings() {
        assertEquals("00", written(w -> w.writeString("")));
        assertEquals("03 61 62 63", written(w -> w.writeString("abc")));
        assertEquals("02 c3 a9", written(w -> w.writeString("\u00e9")));
        assertEquals("03 e2 82 ac", written(w -> w.writeString("\u20ac")));
        assertEquals("04 f0 9f 98 80", written(w -> w.writeString("\uD83D\uDE00")));
        assertEquals("06 61 f0 9f 98 80 62", written(w -> w.writeString("a\uD83D\uDE00b")));
        assertEquals("03 ef bf bf", written(w -> w.writeString("\uffff")));
        assertEquals("04 f4 8f bf bf", written(w -> w.writeString("\uDBFF\uDFFF")));
    }

    @Test
    void nonAsciiAfterAsciiLengthNeedsALongerVarint() {
        // 127 ASCII chars fit a one-byte length; the é makes it 129 bytes, a two-byte length.
        String s = "x".repeat(127) + "\u00e9";
        CserWriter w = new CserWriter(4);
        w.writeByte(0x55);
        w.writeString(s);
        byte[] b = w.toByteArray();
        assertEquals("55 81 01", hex(b, 0, 3));
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        assertArrayEquals(utf8, java.util.Arrays.copyOfRange(b, 3, b.length));
    }

    @Test
    void randomStringsMatchTheJdkEncoder() {
        Random random = new Random(42);
        for (int round = 0; round < 2000; round++) {
            int n = random.nextInt(40);
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < n; i++) {
                int kind = random.nextInt(4);
                int cp = kind == 0 ? random.nextInt(0x80)
                        : kind == 1 ? 0x80 + random.nextInt(0x780)
                        : kind == 2 ? 0x800 + random.nextInt(0xD800 - 0x800)
                        : 0x10000 + random.nextInt(0x100000);
                sb.appendCodePoint(cp);
            }
            String s = sb.toString();
            CserWriter w = new CserWriter(1);
            w.writeString(s);
            CserWriter expected = new CserWriter(1);
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            expected.writeVarint32(utf8.length);
            expected.writeRaw(utf8, 0, utf8.length);
            assertArrayEquals(expected.toByteArray(), w.toByteArray(), s);
        }
    }

    @Test
    void oneMebibyteString() {
        String s = "\u00e9abc\uD83D\uDE00".repeat(1 << 17);
        CserWriter w = new CserWriter();
        w.writeString(s);
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        byte[] b = w.toByteArray();
        assertEquals(utf8.length + Varint.size(utf8.length), b.length);
        assertArrayEquals(utf8, java.util.Arrays.copyOfRange(b, b.length - utf8.length, b.length));
    }

    @Test
    void loneSurrogatesAreRefused() {
        for (String s : new String[] {"\uD800", "a\uDC00b", "abc\uD83D", "\uDE00\uD83D", "\uD83D\uD83D\uDE00x"}) {
            CserWriter w = new CserWriter();
            CserEncodeException e = assertThrows(CserEncodeException.class, () -> w.writeString(s));
            assertTrue(e.getMessage().contains("lone surrogate"), e.getMessage());
        }
    }

    @Test
    void nullsAreRefused() {
        CserWriter w = new CserWriter();
        assertThrows(CserEncodeException.class, () -> w.writeString(null));
        assertThrows(CserEncodeException.class, () -> w.writeBytes(null));
        assertThrows(CserEncodeException.class, () -> w.writeF64Array(null));
        assertThrows(CserEncodeException.class, () -> w.writeI32Array(null));
        assertEquals(0, w.size());
    }

    @Test
    void bytesAndCounts() {
        assertEquals("00", written(w -> w.writeBytes(new byte[0])));
        assertEquals("03 00 ff 7f", written(w -> w.writeBytes(new byte[] {0, -1, 127})));
        assertEquals("ac 02", written(w -> w.writeCount(300)));
        assertThrows(CserEncodeException.class, () -> new CserWriter().writeCount(-1));
    }

    @Test
    void backPatchedLengthsAreMinimal() {
        int[] sizes = {0, 1, 127, 128, 300, 16383, 16384, 100_000};
        String[] prefixes = {"00", "01", "7f", "80 01", "ac 02", "ff 7f", "80 80 01", "a0 8d 06"};
        for (int i = 0; i < sizes.length; i++) {
            int size = sizes[i];
            CserWriter w = new CserWriter(8);
            w.writeByte(0xAA);
            int mark = w.beginLength();
            for (int j = 0; j < size; j++) {
                w.writeByte(j);
            }
            w.endLength(mark);
            w.writeByte(0xBB);
            byte[] b = w.toByteArray();
            int prefixLength = Varint.size(size);
            assertEquals(1 + prefixLength + size + 1, b.length);
            assertEquals("aa " + prefixes[i], hex(b, 0, 1 + prefixLength));
            for (int j = 0; j < size; j++) {
                assertEquals((byte) j, b[1 + prefixLength + j], "body byte " + j);
            }
            assertEquals((byte) 0xBB, b[b.length - 1]);
        }
    }

    @Test
    void reusedWritersPredictLengthSizesAndStayMinimal() {
        // Bodies of alternating sizes at two levels: each length takes its minimal size whatever
        // the size the writer reserved from the message before.
        int[] sizes = {300, 5, 100_000, 127, 128, 0, 16384, 300, 300};
        CserWriter w = new CserWriter(4);
        for (int size : sizes) {
            for (int inner : new int[] {size, 3}) {
                w.reset();
                int outer = w.beginLength();
                int mark = w.beginLength();
                for (int j = 0; j < inner; j++) {
                    w.writeByte(j);
                }
                w.endLength(mark);
                for (int j = 0; j < size; j++) {
                    w.writeByte(7);
                }
                w.endLength(outer);
                byte[] b = w.toByteArray();
                int innerPrefix = Varint.size(inner);
                int outerLength = innerPrefix + inner + size;
                int outerPrefix = Varint.size(outerLength);
                assertEquals(outerPrefix + outerLength, b.length, "outer " + size + ", inner " + inner);
                CserWriter expected = new CserWriter();
                expected.writeVarint32(outerLength);
                expected.writeVarint32(inner);
                assertEquals(hex(expected.toByteArray(), 0, outerPrefix + innerPrefix),
                        hex(b, 0, outerPrefix + innerPrefix));
                for (int j = 0; j < inner; j++) {
                    assertEquals((byte) j, b[outerPrefix + innerPrefix + j]);
                }
                for (int j = outerPrefix + innerPrefix + inner; j < b.length; j++) {
                    assertEquals((byte) 7, b[j]);
                }
            }
        }
    }

    @Test
    void stringsOfEveryKind() {
        String[] strings = {"", "a", "abcdefghijklmnopqrstuvwxyz", "caf\u00e9", "\u00ff", "\u0141\u0041",
            "\u4e2d\u6587", "x\ud83d\ude00y", "a".repeat(200)};
        for (String s : strings) {
            CserWriter w = new CserWriter(1);
            w.writeString(s);
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            CserWriter expected = new CserWriter();
            expected.writeVarint32(utf8.length);
            expected.writeRaw(utf8, 0, utf8.length);
            assertEquals(hex(expected.toByteArray(), 0, expected.size()), hex(w.toByteArray(), 0, w.size()), s);
        }
    }

    @Test
    void nestedBackPatching() {
        CserWriter w = new CserWriter(1);
        int outer = w.beginLength();
        w.writeByte(1);
        int inner = w.beginLength();
        for (int i = 0; i < 200; i++) {
            w.writeByte(2);
        }
        w.endLength(inner);
        w.writeByte(3);
        w.endLength(outer);
        byte[] b = w.toByteArray();
        // outer body: 01, c8 01, 200 x 02, 03 = 204 bytes
        assertEquals("cc 01 01 c8 01 02", hex(b, 0, 6));
        assertEquals(2 + 204, b.length);
        assertEquals(3, b[b.length - 1]);
    }

    @Test
    void depthLimit() {
        CserWriter w = new CserWriter();
        for (int i = 0; i < 64; i++) {
            w.enter();
        }
        assertThrows(CserEncodeException.class, w::enter);
        w.exit();
        w.enter();
        w.reset();
        for (int i = 0; i < 64; i++) {
            w.enter();
        }
        CserWriter shallow = new CserWriter().withMaxDepth(2);
        shallow.enter();
        shallow.enter();
        assertThrows(CserEncodeException.class, shallow::enter);
        assertThrows(IllegalArgumentException.class, () -> new CserWriter().withMaxDepth(0));
    }

    @Test
    void packedArrays() {
        assertEquals("00", written(w -> w.writeBoolArray(new boolean[0])));
        assertEquals("03 01 00 01", written(w -> w.writeBoolArray(new boolean[] {true, false, true})));
        assertEquals("02 ff 01", written(w -> w.writeI8Array(new byte[] {-1, 1})));
        assertEquals("02 ff 01", written(w -> w.writeU8Array(new byte[] {-1, 1})));
        assertEquals("03 01 02 ff ff 03", written(w -> w.writeI16Array(new short[] {-1, 1, Short.MIN_VALUE})));
        assertEquals("02 ff ff 03 01", written(w -> w.writeU16Array(new short[] {-1, 1})));
        assertEquals("02 01 ff ff ff ff 0f", written(w -> w.writeI32Array(new int[] {-1, Integer.MIN_VALUE})));
        assertEquals("02 ff ff ff ff 0f 00", written(w -> w.writeU32Array(new int[] {-1, 0})));
        assertEquals("01 ff ff ff ff ff ff ff ff ff 01", written(w -> w.writeI64Array(new long[] {Long.MIN_VALUE})));
        assertEquals("01 ff ff ff ff ff ff ff ff ff 01", written(w -> w.writeU64Array(new long[] {-1L})));
        assertEquals("02 00 00 80 3f 01 00 c0 7f",
                written(w -> w.writeF32Array(new float[] {1.0f, Float.intBitsToFloat(0x7fc00001)})));
        assertEquals("02 00 00 00 00 00 00 f0 3f 00 00 00 00 00 00 00 80",
                written(w -> w.writeF64Array(new double[] {1.0, -0.0})));
    }

    @Test
    void bigF64ArrayMatchesElementWrites() {
        double[] a = new double[10_000];
        Random random = new Random(7);
        for (int i = 0; i < a.length; i++) {
            a[i] = Double.longBitsToDouble(random.nextLong());
        }
        CserWriter bulk = new CserWriter(1);
        bulk.writeF64Array(a);
        CserWriter single = new CserWriter(1);
        single.writeCount(a.length);
        for (double d : a) {
            single.writeF64(d);
        }
        assertArrayEquals(single.toByteArray(), bulk.toByteArray());
    }

    @Test
    void reuseBufferAndWriteTo() throws IOException {
        CserWriter w = new CserWriter(2);
        w.writeString("hello, world");
        assertEquals(13, w.size());
        byte[] backing = w.buffer();
        assertTrue(backing.length >= 13);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        w.writeTo(out);
        assertArrayEquals(w.toByteArray(), out.toByteArray());
        w.reset();
        assertEquals(0, w.size());
        w.writeByte(7);
        assertSame(backing, w.buffer());
        assertEquals("07", hex(w.toByteArray()));
        byte[] raw = {9, 8, 7, 6};
        w.writeRaw(raw, 1, 2);
        assertEquals("07 08 07", hex(w.toByteArray()));
    }

    @Test
    void negativeCapacityIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CserWriter(-1));
        assertEquals(0, new CserWriter(0).size());
    }
}
