package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.CserDecodeException;
import dev.cser.CserEncodeException;
import dev.cser.DecodeErrorKind;
import edge.cases.Color;
import edge.cases.Keywords;
import edge.cases.Scalars;
import org.junit.jupiter.api.Test;

/** Every scalar type at its edges, through the generated code of edge_cases.cser. */
class ScalarRoundTripTest {

    private static Scalars roundTrip(Scalars s) throws CserDecodeException {
        byte[] bytes = s.encode();
        Scalars back = Scalars.decode(bytes);
        assertEquals(s, back);
        assertArrayEquals(bytes, back.encode(), "re-encoding must give identical bytes");
        return back;
    }

    @Test
    void zeroValueHasExactBytes() throws CserDecodeException {
        // Length 24, then 14 fields: bool, i8, 7 varints, f32 (4 bytes), f64 (8), string, bytes, enum.
        assertEquals("18" + " 00".repeat(24),
                Hex.of(new Scalars().encode()));
        roundTrip(new Scalars());
    }

    @Test
    void minimaOfEveryIntegerType() throws CserDecodeException {
        Scalars s = new Scalars().setI8Value(Byte.MIN_VALUE).setI16Value(Short.MIN_VALUE)
                .setI32Value(Integer.MIN_VALUE).setI64Value(Long.MIN_VALUE)
                .setU8Value((byte) 0).setU16Value((short) 0).setU32Value(0).setU64Value(0);
        Scalars back = roundTrip(s);
        assertEquals(Long.MIN_VALUE, back.getI64Value());
        assertEquals(Integer.MIN_VALUE, back.getI32Value());
    }

    @Test
    void maximaOfEveryIntegerType() throws CserDecodeException {
        // Unsigned types hold their bit pattern: -1 is the unsigned maximum.
        Scalars s = new Scalars().setI8Value(Byte.MAX_VALUE).setI16Value(Short.MAX_VALUE)
                .setI32Value(Integer.MAX_VALUE).setI64Value(Long.MAX_VALUE)
                .setU8Value((byte) -1).setU16Value((short) -1).setU32Value(-1).setU64Value(-1L);
        Scalars back = roundTrip(s);
        assertEquals(255, Byte.toUnsignedInt(back.getU8Value()));
        assertEquals(65535, Short.toUnsignedInt(back.getU16Value()));
        assertEquals("4294967295", Integer.toUnsignedString(back.getU32Value()));
        assertEquals("18446744073709551615", Long.toUnsignedString(back.getU64Value()));
        assertTrue(back.toString().contains("u64_value=18446744073709551615"), back.toString());
    }

    @Test
    void optionalUnsignedNumbersAndArraysPrintTheirValues() {
        spec.examples.Contact c = new spec.examples.Contact().setName("a").setAge(-1);
        assertTrue(c.toString().contains("age=4294967295"), c.toString());
        assertTrue(new spec.examples.Contact().toString().contains("age=null"));
        chem.Molecule m = new chem.Molecule().setCoords2d(new float[] {1.5f, -2f});
        assertTrue(m.toString().contains("coords_2d=[1.5, -2.0]"), m.toString());
        assertTrue(new chem.Molecule().toString().contains("coords_2d=null"));
    }

    @Test
    void u64MaximumIsTenVarintBytes() {
        byte[] bytes = new Scalars().setU64Value(-1L).encode();
        // Fields before u64: bool, i8, i16, i32, i64, u8, u16, u32 (one byte each).
        assertEquals("ff ff ff ff ff ff ff ff ff 01", Hex.of(java.util.Arrays.copyOfRange(bytes, 9, 19)));
    }

    @Test
    void floatsKeepTheirBits() throws CserDecodeException {
        for (double d : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0,
                Double.MIN_VALUE, Double.MAX_VALUE, Math.PI}) {
            float f = (float) d;
            Scalars back = roundTrip(new Scalars().setF64Value(d).setF32Value(f));
            assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits(back.getF64Value()));
            assertEquals(Float.floatToRawIntBits(f), Float.floatToRawIntBits(back.getF32Value()));
        }
        // -0.0 and 0.0 are different values; a NaN payload survives.
        assertNotEquals(new Scalars().setF64Value(-0.0), new Scalars().setF64Value(0.0));
        double payloadNaN = Double.longBitsToDouble(0x7ff8_0000_dead_beefL);
        Scalars back = roundTrip(new Scalars().setF64Value(payloadNaN));
        assertEquals(0x7ff8_0000_dead_beefL, Double.doubleToRawLongBits(back.getF64Value()));
    }

    @Test
    void fourByteUtf8AndOneMebibyteString() throws CserDecodeException {
        String emoji = "grin \uD83D\uDE00 done";
        Scalars back = roundTrip(new Scalars().setText(emoji));
        assertEquals(emoji, back.getText());
        String big = "\u00e9abc\uD83D\uDE00".repeat(1 << 18);
        assertEquals(big, roundTrip(new Scalars().setText(big)).getText());
    }

    @Test
    void loneSurrogateIsRefusedOnEncode() {
        Scalars s = new Scalars().setText("bad \uD800 surrogate");
        assertThrows(CserEncodeException.class, s::encode);
    }

    @Test
    void invalidUtf8IsRejectedOnDecode() {
        byte[] bytes = new Scalars().setText("ab").encode();
        // The text field's two bytes sit just before the bytes field and the enum; make them an
        // overlong encoding of '/' (c0 af).
        bytes[bytes.length - 4] = (byte) 0xc0;
        bytes[bytes.length - 3] = (byte) 0xaf;
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> Scalars.decode(bytes));
        assertEquals(DecodeErrorKind.BAD_UTF8, e.kind());
        assertTrue(e.path().contains("text"), e.path());
    }

    @Test
    void bytesRoundTrip() throws CserDecodeException {
        byte[] data = new byte[300];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) i;
        }
        assertArrayEquals(data, roundTrip(new Scalars().setData(data)).getData());
    }

    @Test
    void unknownEnumNumberSurvives() throws CserDecodeException {
        Scalars s = new Scalars().setColor(Color.forNumber(7));
        Scalars back = roundTrip(s);
        assertEquals(7, back.getColor().number());
        assertFalse(back.getColor().isKnown());
        assertEquals("Color(7)", back.getColor().toString());
        assertTrue(Color.BLUE.isKnown());
        assertEquals(Color.BLUE, Color.forNumber(2));
    }

    @Test
    void boolOtherThanZeroOrOneIsRejected() {
        byte[] bytes = new Scalars().setB(true).encode();
        bytes[1] = 2;
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> Scalars.decode(bytes));
        assertEquals(DecodeErrorKind.BAD_BOOL, e.kind());
        assertEquals(1, e.offset());
    }

    @Test
    void keywordNamesAreEscaped() throws CserDecodeException {
        Keywords k = new Keywords().setType("t").setClass_("c").setMatch(3).setSelf(true).setImport("i")
                .setDefault(4).setFn("f").setNone("n");
        Keywords back = Keywords.decode(k.encode());
        assertEquals(k, back);
        assertEquals("c", back.getClass_());
        assertEquals(Keywords.class, back.getClass());
        assertTrue(back.isSelf());
        assertEquals(4, back.getDefault());
    }
}
