package dev.cser;

import static dev.cser.Hex.assertDecodeError;
import static dev.cser.Hex.bytes;
import static dev.cser.Hex.written;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Union payloads and unknown variants (SPEC §5.7) at the runtime's level. */
class UnknownVariantTest {

    @Test
    void anUnknownVariantKeepsItsTagAndPayloadAndWritesThemBack() throws CserDecodeException {
        CserReader r = new CserReader(bytes("04 03 02 6f 6b"));
        int tag = r.readVarint32();
        UnknownVariant v = r.readUnknownVariant(tag);
        r.expectEnd();
        assertEquals(4, v.tag());
        assertEquals(3, v.size());
        assertArrayEquals(bytes("02 6f 6b"), v.payload());
        assertEquals("UnknownVariant{tag=4, size=3}", v.toString());
        assertEquals("04 03 02 6f 6b", written(w -> {
            w.writeVarint32(v.tag());
            w.writeUnknownPayload(v);
        }));
        // The payload handed out is a copy: changing it changes nothing.
        v.payload()[0] = 9;
        assertArrayEquals(bytes("02 6f 6b"), v.payload());
    }

    @Test
    void unknownVariantsAreEqualByTagAndPayload() throws CserDecodeException {
        UnknownVariant a = read("05 02 01 02");
        UnknownVariant b = read("05 02 01 02");
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, read("06 02 01 02"));
        assertNotEquals(a, read("05 02 01 03"));
        assertNotEquals(a, read("05 00"));
    }

    @Test
    void tagZeroIsNoVariant() {
        assertDecodeError(DecodeErrorKind.UNKNOWN_UNION_TAG, 1, () -> read("00 00"));
    }

    @Test
    void aTagAboveThirtyTwoBitsIsOutOfRange() {
        assertDecodeError(DecodeErrorKind.OUT_OF_RANGE, 0, () -> read("80 80 80 80 10 00"));
    }

    @Test
    void theLargestTagIsKept() throws CserDecodeException {
        UnknownVariant v = read("ff ff ff ff 0f 00");
        assertEquals("4294967295", Integer.toUnsignedString(v.tag()));
        assertEquals(0, v.size());
    }

    @Test
    void aPayloadLongerThanWhatRemainsIsRejectedBeforeAllocating() {
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 1, () -> read("04 05 00"));
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 1, () -> read("04 ff ff ff ff 07"));
        assertDecodeError(DecodeErrorKind.TRUNCATED, 1, () -> read("04"));
    }

    @Test
    void aPayloadBoundsItsValue() throws CserDecodeException {
        CserReader ok = new CserReader(bytes("03 03 02 68 69"));
        ok.readVarint32();
        int outer = ok.beginPayload();
        assertEquals("hi", ok.readString());
        ok.endPayload(outer);
        ok.expectEnd();
        // Bytes left in the payload after the value.
        CserReader trailing = new CserReader(bytes("02 03 03 04 00"));
        trailing.readVarint32();
        int t = trailing.beginPayload();
        trailing.readU16();
        trailing.readU16();
        assertDecodeError(DecodeErrorKind.TRAILING_BYTES, 4, () -> trailing.endPayload(t));
        // A value that runs past the payload's end.
        CserReader shortPayload = new CserReader(bytes("02 01 03 04"));
        shortPayload.readVarint32();
        shortPayload.beginPayload();
        shortPayload.readU16();
        assertDecodeError(DecodeErrorKind.TRUNCATED, 3, shortPayload::readU16);
        // A string whose length passes the payload's end.
        CserReader longString = new CserReader(bytes("03 02 05 68 69 69 69"));
        longString.readVarint32();
        longString.beginPayload();
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 2, longString::readString);
    }

    @Test
    void payloadLengthsOfEverySizeAreMinimal() {
        Random random = new Random(5);
        for (int n : new int[] {0, 1, 127, 128, 300, 16_383, 16_384, 70_000}) {
            byte[] s = new byte[n];
            random.nextBytes(s);
            CserWriter w = new CserWriter();
            w.writeVarint32(2);
            int mark = w.beginPayload();
            w.writeBytes(s);
            w.endPayload(mark);
            CserWriter expected = new CserWriter();
            expected.writeVarint32(2);
            expected.writeVarint32(Varint.size(n) + n);
            expected.writeBytes(s);
            assertArrayEquals(expected.toByteArray(), w.toByteArray(), "payload of a " + n + "-byte value");
        }
    }

    private static UnknownVariant read(String hex) throws CserDecodeException {
        CserReader r = new CserReader(bytes(hex));
        UnknownVariant v = r.readUnknownVariant(r.readVarint32());
        r.expectEnd();
        return v;
    }
}
