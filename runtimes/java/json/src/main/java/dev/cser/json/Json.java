package dev.cser.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Strict JSON (RFC 8259) in and out for the JSON mapping of values (SPEC §11), on jackson-core's
 * streaming parser and generator.
 *
 * <p>{@link #parse} gives {@link LinkedHashMap LinkedHashMap&lt;String, Object&gt;} for objects
 * (a repeated key is an error), {@link ArrayList ArrayList&lt;Object&gt;} for arrays,
 * {@link String}, {@link Boolean}, {@link JsonNumber} for numbers (their literal text: no number
 * passes through a double) and {@code null} for null. {@link #write} takes the same values (and
 * any {@link Map}, {@link Iterable} or {@link Number}) and writes compact JSON: no spaces,
 * non-ASCII characters as they are, control characters (and surrogates in a string that holds a
 * lone one) as escapes with lowercase hex digits ({@code \}{@code u001f}).
 */
public final class Json {
    /** Objects and arrays nested deeper than this are rejected (no input overflows the stack). */
    public static final int MAX_DEPTH = 1000;

    /**
     * Jackson's defaults are strict RFC 8259 already (no comments, single quotes, NaN, leading
     * zeros or plus signs, unescaped control characters); its size limits are lifted, because a
     * long number literal or string is valid JSON, and its depth limits are one above ours, so
     * that ours, with their message, are the ones that fire.
     */
    private static final JsonFactory FACTORY = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH + 1)
                    .maxNumberLength(Integer.MAX_VALUE)
                    .maxStringLength(Integer.MAX_VALUE)
                    .maxNameLength(Integer.MAX_VALUE)
                    .build())
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(MAX_DEPTH + 1).build())
            .disable(JsonFactory.Feature.INTERN_FIELD_NAMES)
            .disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE)
            .build();

    private Json() {}

    // ---- parsing -------------------------------------------------------------------------------

    /**
     * Parses one JSON value; only whitespace may surround it.
     *
     * @throws JsonException on malformed JSON, a repeated object key, a {@code \}{@code u} escape of
     *     a lone surrogate or nesting deeper than {@link #MAX_DEPTH}
     */
    public static Object parse(String text) {
        try (JsonParser p = FACTORY.createParser(text)) {
            JsonToken first = p.nextToken();
            if (first == null) {
                throw new JsonException("malformed JSON: unexpected end of input at offset " + text.length());
            }
            Object value = value(p, first);
            if (p.nextToken() != null) {
                throw malformed(p, "unexpected " + p.getText() + " after the value");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new JsonException("malformed JSON: " + e.getOriginalMessage() + offset(e.getLocation()), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // no I/O: the input is a string
        }
    }

    /**
     * The value that starts with token {@code first}. Built with a stack of the objects and arrays
     * still open rather than by recursion, so that no input can overflow the thread's stack.
     */
    private static Object value(JsonParser p, JsonToken first) throws IOException {
        ArrayDeque<Object> open = new ArrayDeque<>();
        String key = null;
        for (JsonToken t = first; ; t = p.nextToken()) {
            Object v;
            switch (t) {
                case FIELD_NAME -> {
                    key = p.currentName();
                    checkScalars(p, key);
                    if (((Map<?, ?>) open.peek()).containsKey(key)) {
                        throw malformed(p, "duplicate key " + write(key));
                    }
                    continue;
                }
                case END_OBJECT, END_ARRAY -> {
                    Object done = open.pop();
                    if (open.isEmpty()) {
                        return done;
                    }
                    continue;
                }
                case START_OBJECT -> v = new LinkedHashMap<String, Object>();
                case START_ARRAY -> v = new ArrayList<Object>();
                case VALUE_STRING -> v = checkScalars(p, p.getText());
                case VALUE_NUMBER_INT -> v = JsonNumber.ofLiteral(p.getText(), true);
                case VALUE_NUMBER_FLOAT -> v = JsonNumber.ofLiteral(p.getText(), false);
                case VALUE_TRUE -> v = Boolean.TRUE;
                case VALUE_FALSE -> v = Boolean.FALSE;
                case VALUE_NULL -> v = null;
                // The parser hands out only well-formed token sequences of these kinds.
                default -> throw malformed(p, "unexpected " + t);
            }
            Object parent = open.peek();
            if (parent instanceof ArrayList<?>) {
                @SuppressWarnings("unchecked")
                ArrayList<Object> list = (ArrayList<Object>) parent;
                list.add(v);
            } else if (parent != null) {
                @SuppressWarnings("unchecked")
                Map<String, Object> map = (Map<String, Object>) parent;
                map.put(key, v);
            }
            if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                if (open.size() >= MAX_DEPTH) {
                    throw malformed(p, "nesting deeper than " + MAX_DEPTH);
                }
                open.push(v);
            } else if (parent == null) {
                return v;
            }
        }
    }

    /**
     * A string or key as read: a {@code \}{@code u} escape of a lone surrogate is an error (SPEC
     * §11), as no UTF-8 text can hold one (jackson-core reads it into the string as it is).
     */
    private static String checkScalars(JsonParser p, String s) {
        if (hasLoneSurrogate(s)) {
            throw malformed(p, "a \\u escape of a lone surrogate in " + (s.length() <= 40 ? write(s) : "a string"));
        }
        return s;
    }

    private static JsonException malformed(JsonParser p, String what) {
        return new JsonException("malformed JSON: " + what + offset(p.currentTokenLocation()));
    }

    private static String offset(JsonLocation at) {
        return at == null || at.getCharOffset() < 0 ? "" : " at offset " + at.getCharOffset();
    }

    // ---- writing -------------------------------------------------------------------------------

    /**
     * Writes a value as compact JSON.
     *
     * @throws JsonException for a value that has no JSON form (a non-finite double, an object
     *     key that is not a string, a type it does not know, nesting deeper than {@link #MAX_DEPTH})
     */
    public static String write(Object value) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            write(g, value);
        } catch (JsonProcessingException e) {
            throw new JsonException(e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // no I/O: the output is a string
        }
        return out.toString();
    }

    /** An object or array being written: the rest of its entries or elements. */
    private record Open(Iterator<?> rest, boolean object) {}

    /** Writes {@code value} with a stack of the objects and arrays still open (no recursion). */
    private static void write(JsonGenerator g, Object value) throws IOException {
        ArrayDeque<Open> open = new ArrayDeque<>();
        Object next = value;
        while (true) {
            Open container = start(g, next, open.size());
            if (container != null) {
                open.push(container);
            }
            // The next value to write, closing every object and array that has no more.
            while (true) {
                Open top = open.peek();
                if (top == null) {
                    return;
                }
                if (top.rest().hasNext()) {
                    if (top.object()) {
                        Map.Entry<?, ?> e = (Map.Entry<?, ?>) top.rest().next();
                        if (!(e.getKey() instanceof String key)) {
                            throw new JsonException("an object key must be a string, not " + e.getKey());
                        }
                        writeString(g, key, true);
                        next = e.getValue();
                    } else {
                        next = top.rest().next();
                    }
                    break;
                }
                open.pop();
                if (top.object()) {
                    g.writeEndObject();
                } else {
                    g.writeEndArray();
                }
            }
        }
    }

    /**
     * Writes a scalar, or the start of an object or array nested in {@code depth} others, which
     * it returns to be filled.
     */
    private static Open start(JsonGenerator g, Object value, int depth) throws IOException {
        if (value == null) {
            g.writeNull();
        } else if (value instanceof String s) {
            writeString(g, s, false);
        } else if (value instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (value instanceof JsonNumber n) {
            g.writeNumber(n.text());
        } else if (value instanceof Map<?, ?> map) {
            checkDepth(depth);
            g.writeStartObject();
            return new Open(map.entrySet().iterator(), true);
        } else if (value instanceof Iterable<?> list) {
            checkDepth(depth);
            g.writeStartArray();
            return new Open(list.iterator(), false);
        } else if (value instanceof Double || value instanceof Float) {
            g.writeNumber(JsonNumber.of(((Number) value).doubleValue()).text());
        } else if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte
                || value instanceof BigInteger || value instanceof BigDecimal) {
            g.writeNumber(value.toString());
        } else {
            throw new JsonException("no JSON form for a " + value.getClass().getName());
        }
        return null;
    }

    private static void checkDepth(int depth) {
        if (depth >= MAX_DEPTH) {
            throw new JsonException("nesting deeper than " + MAX_DEPTH);
        }
    }

    /** A string value, or an object key: see {@link #hasLoneSurrogate}. */
    private static void writeString(JsonGenerator g, String s, boolean key) throws IOException {
        boolean escape = hasLoneSurrogate(s);
        if (escape) {
            g.setCharacterEscapes(SURROGATE_ESCAPES);
        }
        if (key) {
            g.writeFieldName(s);
        } else {
            g.writeString(s);
        }
        if (escape) {
            g.setCharacterEscapes(null);
        }
    }

    /**
     * Jackson writes a lone surrogate as it is, which makes text no UTF-8 encoder can write; a
     * string that holds one is written with every surrogate escaped (backslash, u, four lowercase
     * hex digits), which reads back the same. Other strings keep their characters, pairs included, as they are.
     */
    private static boolean hasLoneSurrogate(String s) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    i++;
                } else {
                    return true;
                }
            }
        }
        return false;
    }

    /** Jackson's standard escapes, plus an escape for every surrogate. */
    private static final CharacterEscapes SURROGATE_ESCAPES = new CharacterEscapes() {
        private static final long serialVersionUID = 1L;
        private final int[] ascii = standardAsciiEscapesForJSON();

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return Character.isSurrogate((char) ch) ? new SerializedString(String.format("\\u%04x", ch)) : null;
        }
    };
}
