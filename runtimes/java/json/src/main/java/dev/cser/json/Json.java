package dev.cser.json;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small strict JSON (RFC 8259) parser and writer for the JSON mapping of values (SPEC §11).
 *
 * <p>{@link #parse} gives {@link LinkedHashMap LinkedHashMap&lt;String, Object&gt;} for objects
 * (a repeated key is an error), {@link ArrayList ArrayList&lt;Object&gt;} for arrays,
 * {@link String}, {@link Boolean}, {@link JsonNumber} for numbers and {@code null} for null.
 * {@link #write} takes the same values (and any {@link Map}, {@link Iterable} or {@link Number})
 * and writes compact JSON: no spaces, non-ASCII characters written as they are.
 */
public final class Json {
    /** Objects and arrays nested deeper than this are rejected (no input overflows the stack). */
    public static final int MAX_DEPTH = 1000;

    private Json() {}

    /**
     * Parses one JSON value; only whitespace may surround it.
     *
     * @throws JsonException on malformed JSON, a repeated object key or nesting deeper than {@link #MAX_DEPTH}
     */
    public static Object parse(String text) {
        Parser p = new Parser(text);
        p.skipWhitespace();
        Object value = p.value(0);
        p.skipWhitespace();
        if (p.pos != text.length()) {
            throw p.error("unexpected " + p.describe() + " after the value");
        }
        return value;
    }

    /**
     * Writes a value as compact JSON.
     *
     * @throws JsonException for a value that has no JSON form (a non-finite double, an object
     *     key that is not a string, a type it does not know, nesting deeper than {@link #MAX_DEPTH})
     */
    public static String write(Object value) {
        StringBuilder sb = new StringBuilder();
        write(value, sb, 0);
        return sb.toString();
    }

    private static void write(Object value, StringBuilder sb, int depth) {
        if (value == null) {
            sb.append("null");
        } else if (value instanceof String s) {
            writeString(s, sb);
        } else if (value instanceof Boolean b) {
            sb.append(b.booleanValue() ? "true" : "false");
        } else if (value instanceof JsonNumber n) {
            sb.append(n.text());
        } else if (value instanceof Map<?, ?> map) {
            checkDepth(depth);
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                if (!(e.getKey() instanceof String key)) {
                    throw new JsonException("an object key must be a string, not " + e.getKey());
                }
                if (!first) {
                    sb.append(',');
                }
                first = false;
                writeString(key, sb);
                sb.append(':');
                write(e.getValue(), sb, depth + 1);
            }
            sb.append('}');
        } else if (value instanceof Iterable<?> list) {
            checkDepth(depth);
            sb.append('[');
            boolean first = true;
            for (Object o : list) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                write(o, sb, depth + 1);
            }
            sb.append(']');
        } else if (value instanceof Double || value instanceof Float) {
            sb.append(JsonNumber.of(((Number) value).doubleValue()).text());
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte
                || value instanceof BigInteger) {
            sb.append(value);
        } else if (value instanceof BigDecimal d) {
            sb.append(d.toString());
        } else {
            throw new JsonException("no JSON form for a " + value.getClass().getName());
        }
    }

    private static void checkDepth(int depth) {
        if (depth >= MAX_DEPTH) {
            throw new JsonException("nesting deeper than " + MAX_DEPTH);
        }
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** A JSON string: quotes, backslashes, control characters and lone surrogates escaped. */
    static void writeString(String s, StringBuilder sb) {
        sb.append('"');
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                case '\b' -> sb.append("\\b");
                case '\f' -> sb.append("\\f");
                default -> {
                    if (c < 0x20) {
                        unicodeEscape(c, sb);
                    } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                        sb.append(c).append(s.charAt(++i));
                    } else if (Character.isSurrogate(c)) {
                        // A lone surrogate has no UTF-8 form: keep it as an escape.
                        unicodeEscape(c, sb);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    private static void unicodeEscape(char c, StringBuilder sb) {
        sb.append("\\u").append(HEX[c >> 12]).append(HEX[(c >> 8) & 15]).append(HEX[(c >> 4) & 15]).append(HEX[c & 15]);
    }

    /** A recursive-descent parser over a string; depth is bounded by {@link #MAX_DEPTH}. */
    private static final class Parser {
        private final String s;
        int pos;

        Parser(String s) {
            this.s = s;
        }

        JsonException error(String what) {
            return new JsonException("malformed JSON: " + what + " at offset " + pos);
        }

        String describe() {
            if (pos >= s.length()) {
                return "end of input";
            }
            char c = s.charAt(pos);
            return c >= 0x20 && c < 0x7f ? "character '" + c + "'" : String.format("character U+%04X", (int) c);
        }

        void skipWhitespace() {
            while (pos < s.length()) {
                char c = s.charAt(pos);
                if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                    return;
                }
                pos++;
            }
        }

        Object value(int depth) {
            if (pos >= s.length()) {
                throw error("unexpected end of input");
            }
            char c = s.charAt(pos);
            switch (c) {
                case '{':
                    return object(depth + 1);
                case '[':
                    return array(depth + 1);
                case '"':
                    return string();
                case 't':
                    literal("true");
                    return Boolean.TRUE;
                case 'f':
                    literal("false");
                    return Boolean.FALSE;
                case 'n':
                    literal("null");
                    return null;
                default:
                    if (c == '-' || (c >= '0' && c <= '9')) {
                        return number();
                    }
                    throw error("unexpected " + describe());
            }
        }

        private void literal(String word) {
            if (!s.startsWith(word, pos)) {
                throw error("unexpected " + describe());
            }
            pos += word.length();
        }

        private JsonNumber number() {
            int end = JsonNumber.scan(s, pos);
            if (end < 0) {
                throw error("malformed number");
            }
            String text = s.substring(pos, end);
            pos = end;
            return JsonNumber.ofChecked(text);
        }

        private void enter(int depth) {
            if (depth > MAX_DEPTH) {
                throw error("nesting deeper than " + MAX_DEPTH);
            }
        }

        private LinkedHashMap<String, Object> object(int depth) {
            enter(depth);
            pos++; // {
            LinkedHashMap<String, Object> map = new LinkedHashMap<>();
            skipWhitespace();
            if (pos < s.length() && s.charAt(pos) == '}') {
                pos++;
                return map;
            }
            while (true) {
                skipWhitespace();
                if (pos >= s.length() || s.charAt(pos) != '"') {
                    throw error("expected a string key, got " + describe());
                }
                int keyAt = pos;
                String key = string();
                skipWhitespace();
                expect(':');
                skipWhitespace();
                Object v = value(depth);
                if (map.containsKey(key)) {
                    pos = keyAt;
                    throw error("duplicate key \"" + key + "\"");
                }
                map.put(key, v);
                skipWhitespace();
                if (pos < s.length() && s.charAt(pos) == ',') {
                    pos++;
                } else if (pos < s.length() && s.charAt(pos) == '}') {
                    pos++;
                    return map;
                } else {
                    throw error("expected ',' or '}', got " + describe());
                }
            }
        }

        private ArrayList<Object> array(int depth) {
            enter(depth);
            pos++; // [
            ArrayList<Object> list = new ArrayList<>();
            skipWhitespace();
            if (pos < s.length() && s.charAt(pos) == ']') {
                pos++;
                return list;
            }
            while (true) {
                skipWhitespace();
                list.add(value(depth));
                skipWhitespace();
                if (pos < s.length() && s.charAt(pos) == ',') {
                    pos++;
                } else if (pos < s.length() && s.charAt(pos) == ']') {
                    pos++;
                    return list;
                } else {
                    throw error("expected ',' or ']', got " + describe());
                }
            }
        }

        private static int hexDigit(char c) {
            if (c >= '0' && c <= '9') {
                return c - '0';
            }
            if (c >= 'a' && c <= 'f') {
                return c - 'a' + 10;
            }
            if (c >= 'A' && c <= 'F') {
                return c - 'A' + 10;
            }
            return -1;
        }

        private void expect(char c) {
            if (pos >= s.length() || s.charAt(pos) != c) {
                throw error("expected '" + c + "', got " + describe());
            }
            pos++;
        }

        private String string() {
            pos++; // "
            StringBuilder sb = null;
            int start = pos;
            while (true) {
                if (pos >= s.length()) {
                    throw error("unterminated string");
                }
                char c = s.charAt(pos);
                if (c == '"') {
                    String out = sb == null ? s.substring(start, pos) : sb.append(s, start, pos).toString();
                    pos++;
                    return out;
                }
                if (c < 0x20) {
                    throw error("control character U+" + String.format("%04X", (int) c) + " in a string");
                }
                if (c != '\\') {
                    pos++;
                    continue;
                }
                if (sb == null) {
                    sb = new StringBuilder();
                }
                sb.append(s, start, pos);
                pos++;
                if (pos >= s.length()) {
                    throw error("unterminated string");
                }
                char e = s.charAt(pos);
                switch (e) {
                    case '"' -> sb.append('"');
                    case '\\' -> sb.append('\\');
                    case '/' -> sb.append('/');
                    case 'b' -> sb.append('\b');
                    case 'f' -> sb.append('\f');
                    case 'n' -> sb.append('\n');
                    case 'r' -> sb.append('\r');
                    case 't' -> sb.append('\t');
                    case 'u' -> {
                        int v = 0;
                        for (int k = 1; k <= 4; k++) {
                            int d = pos + k < s.length() ? hexDigit(s.charAt(pos + k)) : -1;
                            if (d < 0) {
                                throw error("bad \\u escape");
                            }
                            v = v * 16 + d;
                        }
                        sb.append((char) v);
                        pos += 4;
                    }
                    default -> throw error("bad escape \\" + e);
                }
                pos++;
                start = pos;
            }
        }
    }
}
