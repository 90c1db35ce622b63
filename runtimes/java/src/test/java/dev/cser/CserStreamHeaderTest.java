package dev.cser;

import static dev.cser.Hex.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CserStreamHeaderTest {

    @Test
    void headerBytes() {
        assertEquals("43 53 45 52 02 ef cd ab 89 67 45 23 01 ff ff ff ff ff ff ff ff",
                hex(CserStreamHeader.encode(0x0123456789abcdefL, -1L)));
        assertEquals(CserStreamHeader.LENGTH, CserStreamHeader.encode(0, 0).length);
    }

    @Test
    void littleEndianRoundTrip() {
        byte[] b = new byte[8];
        for (long v : new long[] {0, 1, -1, Long.MIN_VALUE, 0x0102030405060708L}) {
            CserStreamHeader.putLongLe(b, 0, v);
            assertEquals(v, CserStreamHeader.getLongLe(b, 0));
        }
    }

    @Test
    void prefixCheck() {
        byte[] h = CserStreamHeader.encode(1, 2);
        assertEquals(-1, CserStreamHeader.firstBadPrefixByte(h, 21));
        assertEquals(-1, CserStreamHeader.firstBadPrefixByte(h, 3));
        h[3] = 0;
        assertEquals(3, CserStreamHeader.firstBadPrefixByte(h, 21));
        assertEquals(-1, CserStreamHeader.firstBadPrefixByte(h, 3));
    }
}
