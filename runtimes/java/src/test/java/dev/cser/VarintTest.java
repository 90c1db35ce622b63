package dev.cser;

import static dev.cser.Hex.bytes;
import static dev.cser.Hex.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The varint helpers themselves; CserReaderTest and CserWriterTest test them through the API. */
class VarintTest {
    private static String encoded(long v) {
        byte[] b = new byte[Varint.MAX_LENGTH];
        return hex(b, 0, Varint.put64(b, 0, v));
    }

    @Test
    void sizeIsTheEncodedLengthAtEveryBoundary() {
        for (int shift = 0; shift < 64; shift++) {
            for (long v : new long[] {1L << shift, (1L << shift) - 1, (1L << shift) + 1}) {
                byte[] b = new byte[Varint.MAX_LENGTH];
                int n = Varint.put64(b, 0, v);
                assertEquals(n, Varint.size(v), () -> Long.toUnsignedString(v));
                if ((v >>> 32) == 0) {
                    assertEquals(n, Varint.size((int) v));
                    byte[] c = new byte[Varint.MAX_LENGTH_32];
                    assertEquals(n, Varint.put32(c, 0, (int) v));
                    assertEquals(hex(b, 0, n), hex(c, 0, n));
                }
            }
        }
        assertEquals("ff ff ff ff ff ff ff ff ff 01", encoded(-1L));
        assertEquals("80 80 80 80 08", encoded(1L << 31));
    }

    @Test
    void decode32MovesOnlyPastWhatItAccepts() {
        CserReader r = new CserReader(Arrays.copyOf(bytes("ff ff ff ff 0f"), 8), 0, 5);
        assertEquals(0xFFFFFFFFL, Varint.decode32(r));
        assertEquals(5, r.position());
        // Ends past the limit, above 2^32 - 1, overlong, longer than 5 bytes: -1, nothing read.
        for (String hex : new String[] {"ff ff ff ff 0f", "80 80 80 80 10", "80 00 00 00 00", "80 80 80 80 80"}) {
            CserReader q = new CserReader(bytes(hex), 0, hex.equals("ff ff ff ff 0f") ? 4 : 5);
            assertEquals(-1, Varint.decode32(q), hex);
            assertEquals(0, q.position(), hex);
        }
    }

    @Test
    void decode64AgreesWithPut64() throws CserDecodeException {
        Random random = new Random(14);
        for (int k = 0; k < 10_000; k++) {
            long v = random.nextLong() >>> random.nextInt(64);
            byte[] b = new byte[Varint.MAX_LENGTH + 4];
            int n = Varint.put64(b, 2, v) - 2;
            // Near the limit (exactly n bytes) and with room to spare.
            for (CserReader r : new CserReader[] {new CserReader(b, 2, n), new CserReader(b, 2, b.length - 2)}) {
                assertEquals(v, Varint.decode64(r));
                assertEquals(n, r.position());
            }
        }
    }

    @Test
    void decode64ErrorsCarryTheirOffsets() {
        CserDecodeException e = assertThrows(CserDecodeException.class,
                () -> Varint.decode64(new CserReader(bytes("00 80 00"), 1, 2).withBaseOffset(100)));
        assertEquals(DecodeErrorKind.OVERLONG_VARINT, e.kind());
        assertEquals(101, e.offset());
        e = assertThrows(CserDecodeException.class, () -> Varint.decode64(new CserReader(bytes("80 80"))));
        assertEquals(DecodeErrorKind.TRUNCATED, e.kind());
        assertEquals(2, e.offset());
        e = assertThrows(CserDecodeException.class,
                () -> Varint.decode64(new CserReader(bytes("ff ff ff ff ff ff ff ff ff 02"))));
        assertEquals(DecodeErrorKind.BAD_VARINT, e.kind());
        assertEquals(9, e.offset());
    }

    @Test
    void zigzagMapsSmallMagnitudesToSmallValues() {
        int[] signed = {0, -1, 1, -2, 2, Integer.MAX_VALUE, Integer.MIN_VALUE};
        long[] unsigned = {0, 1, 2, 3, 4, 0xFFFFFFFEL, 0xFFFFFFFFL};
        for (int i = 0; i < signed.length; i++) {
            assertEquals(unsigned[i], ZigZag.encode32(signed[i]) & 0xFFFFFFFFL);
            assertEquals(signed[i], ZigZag.decode32(ZigZag.encode32(signed[i])));
            assertEquals(unsigned[i], ZigZag.encode64(signed[i]));
            assertEquals(signed[i], ZigZag.decode64(ZigZag.encode64(signed[i])));
        }
        assertEquals(-1L, ZigZag.encode64(Long.MIN_VALUE));
        assertEquals(Long.MIN_VALUE, ZigZag.decode64(-1L));
        // A sign-extended short zigzags as a short would.
        assertEquals(65535, ZigZag.encode32((short) -32768));
    }
}
