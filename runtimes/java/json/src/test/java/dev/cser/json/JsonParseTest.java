package dev.cser.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Pins what the parser (jackson-core underneath) does with the inputs SPEC §11 cares about. */
class JsonParseTest {
    private static JsonException malformed(String text) {
        JsonException e = assertThrows(JsonException.class, () -> Json.parse(text));
        assertTrue(e.getMessage().startsWith("malformed JSON: "), e.getMessage());
        return e;
    }

    @Test
    void numbersKeepTheirLiteralText() {
        for (String literal : new String[] {"0", "-0", "-0.0", "1E+2", "1e-7", "-2.5e3", "1.5E2", "123456789012345678901234567890"}) {
            JsonNumber n = (JsonNumber) Json.parse(literal);
            assertEquals(literal, n.text());
            assertEquals(!literal.matches(".*[.eE].*"), n.isInteger(), literal);
            assertEquals(literal, Json.write(n));
        }
    }

    @Test
    void aNumberTooLargeForADoubleIsAnErrorNotAnInfinity() {
        JsonNumber n = (JsonNumber) Json.parse("1e400");
        assertEquals("1e400", n.text());
        assertFalse(n.isInteger());
        assertEquals(Double.POSITIVE_INFINITY, n.toDouble());
        assertEquals("1e400 is out of range for f64", assertThrows(JsonException.class, () -> JsonValues.asF64(n)).getMessage());
        assertThrows(JsonException.class, () -> JsonValues.asF32(n));
        assertThrows(JsonException.class, () -> JsonValues.asF64(Json.parse("-1e400")));
        // Underflow is not an error: the nearest double is zero.
        assertEquals(0.0, JsonValues.asF64(Json.parse("1e-400")));
    }

    @Test
    void negativeZeroKeepsItsSign() {
        assertEquals(0x8000000000000000L, Double.doubleToRawLongBits(JsonValues.asF64(Json.parse("-0.0"))));
        assertEquals(0x80000000, Float.floatToRawIntBits(JsonValues.asF32(Json.parse("-0.0"))));
        assertEquals("-0.0", Json.write(JsonValues.f64(-0.0)));
        assertEquals("-0.0", Json.write(JsonValues.f32(-0.0f)));
        // An integer -0 is zero.
        assertEquals(0, JsonValues.asI32(Json.parse("-0")));
    }

    @Test
    void sixtyFourBitIntegersAreExact() {
        assertEquals(-1L, JsonValues.asU64(Json.parse("18446744073709551615")));
        assertEquals("18446744073709551615", Json.write(JsonValues.u64(-1L)));
        assertEquals("18446744073709551616 is out of range for u64",
                assertThrows(JsonException.class, () -> JsonValues.asU64(Json.parse("18446744073709551616"))).getMessage());
        assertEquals(Long.MAX_VALUE, JsonValues.asI64(Json.parse("9223372036854775807")));
        assertEquals(9007199254740993L, JsonValues.asI64(Json.parse("9007199254740993"))); // 2^53 + 1
        // No length limit on literals: a 2,000-digit integer is read, and is out of range.
        String huge = "9".repeat(2000);
        assertEquals(new BigInteger(huge), ((JsonNumber) Json.parse(huge)).toBigInteger());
        assertThrows(JsonException.class, () -> JsonValues.asU64(Json.parse(huge)));
        assertThrows(JsonException.class, () -> JsonValues.asI64(Json.parse("1.0")));
    }

    @Test
    void duplicateKeysAreRejectedWhereTheSecondStarts() {
        JsonException e = malformed("{\"a\":1,\"b\":{\"c\":1,\"c\":2}}");
        assertEquals("malformed JSON: duplicate key \"c\" at offset 18", e.getMessage());
        // The same key spelled with an escape.
        malformed("{\"a\":1,\"\\u0061\":2}");
        // Equal keys in different objects are fine.
        assertEquals(2, ((List<?>) Json.parse("[{\"a\":1},{\"a\":2}]")).size());
    }

    @Test
    void nestingIsLimitedTo1000() {
        Json.parse("[".repeat(1000) + "]".repeat(1000));
        Json.parse("{\"a\":".repeat(999) + "[]" + "}".repeat(999));
        assertEquals("malformed JSON: nesting deeper than 1000 at offset 1000",
                malformed("[".repeat(1001) + "]".repeat(1001)).getMessage());
        malformed("[".repeat(100_000));
        malformed("{\"a\":".repeat(1001) + "1" + "}".repeat(1001));
    }

    @Test
    void nestingUsesNoStack() throws InterruptedException {
        // Parsing and writing keep their own stack: 1000 levels fit in a thread of 128 KiB.
        String deep = "[{\"a\":".repeat(500) + "0" + "}]".repeat(500);
        String[] written = new String[1];
        Thread t = new Thread(null, () -> written[0] = Json.write(Json.parse(deep)), "small stack", 128 * 1024);
        t.start();
        t.join();
        assertEquals(deep, written[0]);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{}x", "1 2", "[1]]", "{} {}", "1,", "\"a\"\"b\"", "null null", "[] ,", "1/", "true false"})
    void trailingGarbageIsRejected(String text) {
        malformed(text);
    }

    @Test
    void whitespaceIsOnlyTheFourOfRfc8259() {
        assertEquals(List.of(), Json.parse(" \t\r\n[ \t\r\n] \t\r\n"));
        malformed("\uFEFF1"); // a byte order mark
        malformed("1\u000b");
        malformed("\u00a01");
    }

    @Test
    void loneSurrogateEscapesAreRejectedAndWrittenAsEscapes() {
        // SPEC §11: no string holds a lone surrogate, so reading one is an error, in keys too.
        for (String text : new String[] {"\"\\ud800\"", "\"\\udc00\\ud800\"", "\"\\ud800\\u0041\"", "\"x\\uDBFF\"",
                "{\"\\udfff\":1}", "[1,{\"a\":\"\\udc00\"}]"}) {
            assertTrue(malformed(text).getMessage().contains("lone surrogate"), text);
        }
        // Writing keeps them readable as escapes (an error message may quote one).
        assertEquals("\"\\ud800\"", Json.write("\uD800"));
        assertEquals("\"\\udc00\\ud800\"", Json.write("\uDC00\uD800"));
        // An escaped pair is one code point, written as it is.
        assertEquals("😀", Json.parse("\"\\ud83d\\ude00\""));
        assertEquals("\"😀\"", Json.write("😀"));
        // Keys too.
        assertEquals("{\"\\udfff\":1}", Json.write(Map.of("\uDFFF", JsonNumber.of(1))));
        assertEquals("\"\\\\ud800\"", Json.write(Json.parse("\"\\\\ud800\""))); // an escaped backslash, no escape
    }

    @Test
    void integerLiteralsOnlyAndOfAnyLengthRefusedQuickly() {
        // SPEC §11: an integer type takes an integer literal; -0 is 0; a literal of any length
        // is valid JSON and out of range, refused before BigInteger parses it.
        assertEquals(0, JsonValues.asI32(Json.parse("-0")));
        assertEquals(0L, JsonValues.asU64(Json.parse("-0")));
        for (String text : new String[] {"1e2", "1.0", "1E0", "-0.0", "0e0"}) {
            assertThrows(JsonException.class, () -> JsonValues.asI64(Json.parse(text)), text);
            assertThrows(JsonException.class, () -> JsonValues.asEnumNumber(Json.parse(text), "E"), text);
        }
        long started = System.nanoTime();
        for (int digits : new int[] {21, 5000, 1_000_000}) {
            for (String text : new String[] {"9".repeat(digits), "-" + "9".repeat(digits)}) {
                Object n = Json.parse(text);
                JsonException e = assertThrows(JsonException.class, () -> JsonValues.asI64(n));
                assertTrue(e.getMessage().endsWith(" is out of range for i64") && e.getMessage().length() < 80, e.getMessage());
                assertThrows(JsonException.class, () -> JsonValues.asU64(n));
                assertThrows(JsonException.class, () -> JsonValues.asU8(n));
                if (digits > 309) {
                    assertThrows(JsonException.class, () -> JsonValues.asF64(n));
                }
            }
        }
        assertEquals(0.0, JsonValues.asF64(Json.parse("0." + "0".repeat(1_000_000) + "1")));
        // Quadratic work on a million digits would take many minutes; linear takes well under one.
        assertTrue(System.nanoTime() - started < 60_000_000_000L, "long literals took over 60 s");
    }

    @Test
    void floatsRoundToNearestKeepingZerosSign() {
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(JsonValues.asF64(Json.parse("-0"))));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(JsonValues.asF64(Json.parse("-1e-400"))));
        assertEquals(0L, Double.doubleToRawLongBits(JsonValues.asF64(Json.parse("1e-400"))));
        assertEquals(Float.floatToRawIntBits(-0.0f), Float.floatToRawIntBits(JsonValues.asF32(Json.parse("-0e0"))));
        assertEquals(Double.MAX_VALUE, JsonValues.asF64(Json.parse("1.7976931348623158e308")));
        assertThrows(JsonException.class, () -> JsonValues.asF64(Json.parse("1.7976931348623159e308")));
        assertThrows(JsonException.class, () -> JsonValues.asF64(Json.parse("-1e400")));
        assertEquals(Float.MAX_VALUE, JsonValues.asF32(Json.parse("3.4028235e38")));
        assertThrows(JsonException.class, () -> JsonValues.asF32(Json.parse("3.4028236e38")));
        assertThrows(JsonException.class, () -> JsonValues.asF32(Json.parse("3.5e38")));
    }

    @Test
    void longStringsAndKeysHaveNoLimit() {
        String s = "x".repeat(100_000);
        assertEquals(s, Json.parse("\"" + s + "\""));
        assertEquals(Map.of(s, true), Json.parse("{\"" + s + "\":true}"));
    }

    @Test
    void errorsSayWhere() {
        assertEquals("malformed JSON: unexpected end of input at offset 0", malformed("").getMessage());
        assertEquals("malformed JSON: unexpected end of input at offset 2", malformed(" \n").getMessage());
        JsonException e = malformed("[1,]");
        assertTrue(e.getMessage().endsWith(" at offset 3"), e.getMessage());
        e = malformed("{\"a\":1}x");
        assertTrue(e.getMessage().endsWith(" at offset 7"), e.getMessage());
    }
}
