package dev.cser;

import static dev.cser.Hex.bytes;
import static dev.cser.Hex.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link UnknownFields} and the reader and writer helpers generated records call (SPEC §5.5.1). */
class UnknownFieldsTest {

    @Test
    void noneIsEmptyAndOfGivesItForNoBitsAndNoBytes() {
        assertTrue(UnknownFields.NONE.isEmpty());
        assertEquals(0, UnknownFields.NONE.presenceBits());
        assertEquals(0, UnknownFields.NONE.size());
        assertSame(UnknownFields.NONE, UnknownFields.of(0, new byte[0]));
        assertFalse(UnknownFields.of(2, new byte[0]).isEmpty());
        assertFalse(UnknownFields.of(0, bytes("00")).isEmpty());
    }

    @Test
    void ofCopiesAndBytesReturnsACopy() {
        byte[] given = bytes("02 01");
        UnknownFields u = UnknownFields.of(0x02, given);
        given[0] = 9;
        assertEquals("02 01", hex(u.bytes()));
        u.bytes()[0] = 9;
        assertEquals("02 01", hex(u.bytes()));
        assertEquals(2, u.size());
        assertEquals(0x02, u.presenceBits());
    }

    @Test
    void presenceBitsAreAByte() {
        assertThrows(IllegalArgumentException.class, () -> UnknownFields.of(0x100, new byte[0]));
        assertThrows(IllegalArgumentException.class, () -> UnknownFields.of(-1, new byte[0]));
        assertThrows(NullPointerException.class, () -> UnknownFields.of(1, null));
        assertEquals(0xff, UnknownFields.of(0xff, new byte[0]).presenceBits());
    }

    @Test
    void equalityAndHashAreByValue() {
        UnknownFields a = UnknownFields.of(0x02, bytes("02 01"));
        UnknownFields b = UnknownFields.of(0x02, bytes("02 01"));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, UnknownFields.of(0x04, bytes("02 01")));
        assertNotEquals(a, UnknownFields.of(0x02, bytes("02 02")));
        assertNotEquals(a, UnknownFields.of(0x02, bytes("02")));
        assertNotEquals(a, UnknownFields.NONE);
        assertNotEquals(a, (Object) "02 01");
    }

    @Test
    void toStringShowsTheBitsInHexAndTheSizeNotTheBytes() {
        assertEquals("UnknownFields{presenceBits=02, size=2}", UnknownFields.of(0x02, bytes("02 01")).toString());
        assertEquals("UnknownFields{presenceBits=f0, size=0}", UnknownFields.of(0xf0, new byte[0]).toString());
        assertEquals("UnknownFields{presenceBits=00, size=0}", UnknownFields.NONE.toString());
    }

    @Test
    void forRecordStoresNullForNoneAndRejectsBitsOutsideTheMask() {
        assertNull(UnknownFields.forRecord(null, 0xfe));
        assertNull(UnknownFields.forRecord(UnknownFields.NONE, 0xfe));
        UnknownFields u = UnknownFields.of(0x02, bytes("02 01"));
        assertSame(u, UnknownFields.forRecord(u, 0xfe));
        UnknownFields bytesOnly = UnknownFields.of(0, bytes("01"));
        assertSame(bytesOnly, UnknownFields.forRecord(bytesOnly, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> UnknownFields.forRecord(UnknownFields.of(0x01, new byte[0]), 0xfe));
        assertTrue(e.getMessage().contains("01"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> UnknownFields.forRecord(u, 0));
    }

    @Test
    void readerTakesTheRestOfTheBodyUpToTheLimitOnly() throws CserDecodeException {
        // A body of 4 bytes (01 74 02 01) inside a message that goes on (ff).
        CserReader r = new CserReader(bytes("04 01 74 02 01 ff"));
        int outer = r.pushLimit(r.readLength());
        assertEquals("t", r.readString());
        UnknownFields u = r.readUnknownFields(0x02);
        assertEquals(UnknownFields.of(0x02, bytes("02 01")), u);
        assertFalse(r.hasMore());
        r.popLimit(outer);
        assertEquals(5, r.position());
        assertEquals(0xff, r.readByte());
    }

    @Test
    void readerGivesNoneWhenNothingIsLeftAndNoBitIsSet() throws CserDecodeException {
        CserReader r = new CserReader(bytes("01 74"));
        r.readString();
        assertSame(UnknownFields.NONE, r.readUnknownFields(0));
        assertEquals(UnknownFields.of(0x80, new byte[0]), r.readUnknownFields(0x80));
    }

    @Test
    void readerCopiesTheBytes() throws CserDecodeException {
        byte[] input = bytes("02 01");
        UnknownFields u = new CserReader(input).readUnknownFields(0);
        input[0] = 7;
        assertArrayEquals(bytes("02 01"), u.bytes());
    }

    @Test
    void writerWritesTheBytesUnchanged() {
        CserWriter w = new CserWriter();
        w.writeByte(0xaa);
        w.writeUnknownBytes(UnknownFields.of(0x02, bytes("02 01 ff")));
        w.writeUnknownBytes(UnknownFields.NONE);
        assertEquals("aa 02 01 ff", hex(w.toByteArray()));
    }
}
