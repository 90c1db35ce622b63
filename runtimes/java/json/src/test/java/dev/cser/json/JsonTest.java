package dev.cser.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonTest {
    @Test
    void parsesEveryKindOfValue() {
        Object v = Json.parse(" {\"a\":[1,-2.5e3,true,false,null,\"x\"],\"b\":{}} \n");
        Map<?, ?> m = (Map<?, ?>) v;
        assertTrue(m instanceof LinkedHashMap);
        List<?> a = (List<?>) m.get("a");
        assertTrue(a instanceof ArrayList);
        assertEquals(JsonNumber.parse("1"), a.get(0));
        assertEquals("-2.5e3", ((JsonNumber) a.get(1)).text());
        assertEquals(Boolean.TRUE, a.get(2));
        assertEquals(Boolean.FALSE, a.get(3));
        assertNull(a.get(4));
        assertEquals("x", a.get(5));
        assertEquals(Map.of(), m.get("b"));
        assertEquals(List.of(), Json.parse("[]"));
        assertEquals("s", Json.parse("\"s\""));
        assertNull(Json.parse("null"));
    }

    @Test
    void keepsObjectKeyOrder() {
        assertEquals("{\"z\":1,\"a\":2,\"m\":3}", Json.write(Json.parse("{\"z\":1, \"a\":2, \"m\":3}")));
    }

    @Test
    void decodesEscapes() {
        assertEquals("\"\\/\b\f\n\r\t\u00e9\uD83D\uDE00", Json.parse("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00E9\\ud83d\\ude00\""));
        assertEquals("é😀", Json.parse("\"é😀\""));
    }

    @Test
    void writesStringsEscaped() {
        assertEquals("\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001f/é😀\"", Json.write("a\"b\\c\n\r\t\b\f\u0001\u001f/é😀"));
        // A lone surrogate has no UTF-8 form: it stays an escape.
        assertEquals("\"\\ud800x\"", Json.write("\uD800x"));
        // Reading one back is an error (SPEC §11): no string holds a lone surrogate.
        assertThrows(JsonException.class, () -> Json.parse(Json.write("\uD800x")));
    }

    @Test
    void writesCompactly() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("n", JsonNumber.ofUnsigned(-1L));
        m.put("l", List.of(1, 2L, true));
        m.put("x", null);
        m.put("d", -0.0);
        assertEquals("{\"n\":18446744073709551615,\"l\":[1,2,true],\"x\":null,\"d\":-0.0}", Json.write(m));
    }

    @Test
    void writeRejectsWhatJsonCannotHold() {
        assertThrows(JsonException.class, () -> Json.write(Double.NaN));
        assertThrows(JsonException.class, () -> Json.write(Map.of(1, 2)));
        assertThrows(JsonException.class, () -> Json.write(new Object()));
        List<Object> deep = new ArrayList<>();
        List<Object> at = deep;
        for (int i = 0; i < 5000; i++) {
            List<Object> next = new ArrayList<>();
            at.add(next);
            at = next;
        }
        assertThrows(JsonException.class, () -> Json.write(deep));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "{", "}", "[", "[1,]", "[,1]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "{'a':1}",
        "[1 2]", "01", "-", "1.", ".5", "1e", "1e+", "+1", "NaN", "Infinity", "tru", "nul", "truex", "\"abc",
        "\"\\x\"", "\"\\u12\"", "\"\\u12g4\"", "\"a\u0001b\"", "\"a\nb\"", "1 2", "[1]]", "{\"a\":1}x", "\"\\u\uFF10\uFF10\uFF10\uFF10\"",
        "{\"a\":1,\"a\":2}", "\u00a0 1", "[1,\u000b2]"})
    void rejectsMalformedJson(String text) {
        JsonException e = assertThrows(JsonException.class, () -> Json.parse(text));
        assertTrue(e.getMessage().startsWith("malformed JSON: "), e.getMessage());
    }

    @Test
    void rejectsDuplicateKeysNamingThem() {
        JsonException e = assertThrows(JsonException.class, () -> Json.parse("{\"a\":1,\"b\":{\"c\":1,\"c\":2}}"));
        assertTrue(e.getMessage().contains("duplicate key \"c\""), e.getMessage());
    }

    @Test
    void deepNestingFailsCleanly() {
        String ok = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
        Json.parse(ok);
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        JsonException e = assertThrows(JsonException.class, () -> Json.parse(deep));
        assertTrue(e.getMessage().contains("nesting deeper than 1000"), e.getMessage());
        String objects = "{\"a\":".repeat(2000) + "1" + "}".repeat(2000);
        assertThrows(JsonException.class, () -> Json.parse(objects));
    }

    @Test
    void numbersAreExact() {
        JsonNumber n = (JsonNumber) Json.parse("18446744073709551615");
        assertEquals(new BigInteger("18446744073709551615"), n.toBigInteger());
        assertThrows(JsonException.class, n::toLong);
        assertEquals(Long.MIN_VALUE, ((JsonNumber) Json.parse("-9223372036854775808")).toLong());
        assertEquals(9007199254740993L, ((JsonNumber) Json.parse("9007199254740993")).toLong());
        JsonNumber f = (JsonNumber) Json.parse("1.5E2");
        assertFalse(f.isInteger());
        assertThrows(JsonException.class, f::toLong);
        assertThrows(JsonException.class, f::toBigInteger);
        assertEquals(150.0, f.toDouble());
        assertEquals("-0.0", JsonNumber.of(-0.0).text());
        assertEquals(Double.MIN_VALUE, JsonNumber.parse(JsonNumber.of(Double.MIN_VALUE).text()).toDouble());
        assertThrows(JsonException.class, () -> JsonNumber.parse("1.0 "));
        assertThrows(JsonException.class, () -> JsonNumber.of(Double.POSITIVE_INFINITY));
    }

    @Test
    void scalarConversionsFollowSpec() {
        assertEquals("0.10000000149011612", Json.write(JsonValues.f32(0.1f)));
        assertEquals("\"NaN\"", Json.write(JsonValues.f64(Double.NaN)));
        assertEquals("\"-Infinity\"", Json.write(JsonValues.f32(Float.NEGATIVE_INFINITY)));
        assertEquals("255", Json.write(JsonValues.u8((byte) -1)));
        assertEquals("65535", Json.write(JsonValues.u16((short) -1)));
        assertEquals("4294967295", Json.write(JsonValues.u32(-1)));
        assertEquals(-1L, JsonValues.asU64(Json.parse("18446744073709551615")));
        assertThrows(JsonException.class, () -> JsonValues.asU64(Json.parse("18446744073709551616")));
        assertThrows(JsonException.class, () -> JsonValues.asU64(Json.parse("-1")));
        assertEquals(Long.MIN_VALUE, JsonValues.asI64(Json.parse("-9223372036854775808")));
        assertThrows(JsonException.class, () -> JsonValues.asI64(Json.parse("9223372036854775808")));
        assertEquals((byte) -1, JsonValues.asU8(Json.parse("255")));
        assertThrows(JsonException.class, () -> JsonValues.asI8(Json.parse("128")));
        assertEquals(-1, JsonValues.asU32(Json.parse("4294967295")));
        JsonException e = assertThrows(JsonException.class, () -> JsonValues.asI32(Json.parse("4294967296")));
        assertEquals("4294967296 is out of range for i32", e.getMessage());
        assertThrows(JsonException.class, () -> JsonValues.asI32(Json.parse("1e2")));
        assertThrows(JsonException.class, () -> JsonValues.asI32("1"));
        assertEquals(0.1f, JsonValues.asF32(Json.parse("0.1")));
        assertThrows(JsonException.class, () -> JsonValues.asF32(Json.parse("1e39")));
        assertEquals(Float.floatToRawIntBits(Float.NaN), Float.floatToRawIntBits(JsonValues.asF32("NaN")));
        assertEquals(0x7ff8000000000000L, Double.doubleToRawLongBits(JsonValues.asF64("NaN")));
        assertEquals(Double.NEGATIVE_INFINITY, JsonValues.asF64("-Infinity"));
        assertThrows(JsonException.class, () -> JsonValues.asF64("nan"));
        assertThrows(JsonException.class, () -> JsonValues.asF64(Json.parse("1e400")));
        assertEquals(3.0, JsonValues.asF64(Json.parse("3")));
        assertArrayEquals(new byte[] {0, -1, -128}, JsonValues.asBytes("AP+A"));
        assertEquals("AP+A", JsonValues.bytes(new byte[] {0, -1, -128}));
        assertArrayEquals(new byte[0], JsonValues.asBytes(""));
        for (String bad : new String[] {"AP+", "AP-A", "AP_A", "QR==", "Q", "A===", "AP+A\n", " AP+A"}) {
            assertThrows(JsonException.class, () -> JsonValues.asBytes(bad), bad);
        }
        assertThrows(JsonException.class, () -> JsonValues.asBool(JsonNumber.of(1)));
        assertEquals(Integer.MAX_VALUE, JsonValues.asEnumNumber(Json.parse("2147483647"), "E"));
        assertThrows(JsonException.class, () -> JsonValues.asEnumNumber(Json.parse("2147483648"), "E"));
        assertThrows(JsonException.class, () -> JsonValues.asEnumNumber(Json.parse("-1"), "E"));
    }

    @Test
    void containerErrorsNameTheIndex() {
        JsonException e = assertThrows(JsonException.class,
                () -> JsonValues.asList(Json.parse("[1,2,\"x\"]"), JsonValues::asI32));
        assertEquals("[2]: expected an integer (i32), got the string \"x\"", e.getMessage());
        e = assertThrows(JsonException.class, () -> JsonValues.asMap(Json.parse("[[1,\"a\"],[1,\"b\"]]"),
                JsonValues::asI32, JsonValues::asString));
        assertEquals("[1]: duplicate map key 1", e.getMessage());
        assertThrows(JsonException.class, () -> JsonValues.asMap(Json.parse("[[1]]"), JsonValues::asI32,
                JsonValues::asString));
        e = assertThrows(JsonException.class, () -> JsonValues.asI32Array(Json.parse("[1,true]")));
        assertEquals("[1]: expected an integer (i32), got true", e.getMessage());
        assertThrows(JsonException.class, () -> JsonValues.variant(Json.parse("{}"), "U"));
    }

    @Test
    void pathsJoinLikeDecodePaths() {
        JsonException e = new JsonException("4294967296 is out of range for i32");
        e.pushField("Image.width").pushIndex(1).pushField("MediaContent.images");
        assertEquals("MediaContent.images[1].width", e.path());
        assertEquals("MediaContent.images[1].width: 4294967296 is out of range for i32", e.getMessage());
        assertEquals("4294967296 is out of range for i32", e.reason());
    }
}
