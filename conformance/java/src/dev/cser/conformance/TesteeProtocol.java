package dev.cser.conformance;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.cser.CserDecodeException;
import dev.cser.CserEncodeException;
import dev.cser.json.Json;
import dev.cser.json.JsonException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The testee protocol of conformance/README.md, shared by the Java testees (generated code:
 * {@code Testee}; the schema-driven codec: {@code DynamicTestee}): JSON-line requests on stdin,
 * one answer line each on stdout, flushed, and any failure an {@code ok:false} answer. A testee
 * answers one parsed request in {@link #respond}.
 */
abstract class TesteeProtocol {
    private final PrintStream out;

    TesteeProtocol(PrintStream out) {
        this.out = out;
    }

    /** The answer to one request (a JSON object with its {@code id}); whatever it throws is an {@code ok:false} answer. */
    abstract Map<String, Object> respond(Object id, Map<?, ?> request) throws Throwable;

    /** Answers every line of {@code in} until its end. */
    final void run(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        while (true) {
            int b = in.read();
            if (b == '\n' || (b < 0 && line.size() > 0)) {
                handle(line.toByteArray());
                line.reset();
            } else if (b >= 0) {
                line.write(b);
            }
            if (b < 0) {
                break;
            }
        }
        out.flush();
    }

    private void handle(byte[] raw) {
        String line;
        try {
            line = UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            answer(failure(null, "the request line is not valid UTF-8"));
            return;
        }
        if (line.isBlank()) {
            return;
        }
        Object id = null;
        Map<String, Object> answer;
        try {
            Object request = Json.parse(line);
            if (!(request instanceof Map<?, ?> req)) {
                throw new JsonException("a request must be a JSON object");
            }
            id = req.get("id");
            answer = respond(id, req);
        } catch (Throwable e) {
            answer = failure(id, describe(e));
        }
        answer(answer);
    }

    /**
     * The JSON value of an {@code encode} request: its {@code value}, or the document in its
     * {@code json} string or {@code json_hex} bytes (UTF-8, checked), read by {@link Json#parse}
     * as a program reads JSON text, so that the text's own edges (a repeated key, a number too
     * large for a double, a lone surrogate, a byte order mark) reach the runtime as they are.
     */
    static Object encodeInput(Map<?, ?> req) {
        if (req.get("json") instanceof String text) {
            return Json.parse(text);
        }
        if (req.get("json_hex") instanceof String hex) {
            try {
                return Json.parse(UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(unhex(hex))).toString());
            } catch (CharacterCodingException e) {
                throw new JsonException("the JSON text is not valid UTF-8");
            }
        }
        if (!req.containsKey("value")) {
            throw new IllegalArgumentException("an encode request needs a \"value\", \"json\" or \"json_hex\"");
        }
        return req.get("value");
    }

    /** The error text: a decode error starts with its kind ("TRUNCATED: ..."). */
    static String describe(Throwable e) {
        if (e instanceof CserDecodeException || e instanceof JsonException || e instanceof CserEncodeException) {
            return e.getMessage();
        }
        if (e instanceof StackOverflowError) {
            return "stack overflow (nesting too deep)";
        }
        return e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    /** An {@code ok:false} answer. */
    static Map<String, Object> failure(Object id, String error) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", id);
        answer.put("ok", false);
        answer.put("error", error);
        return answer;
    }

    private void answer(Map<String, Object> answer) {
        String text;
        try {
            text = Json.write(answer);
        } catch (RuntimeException e) {
            text = Json.write(failure(null, describe(e)));
        }
        out.print(text);
        out.print('\n');
        out.flush();
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** Lowercase hex, no separators. */
    static String hex(byte[] bytes) {
        char[] c = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            c[2 * i] = HEX[(bytes[i] >> 4) & 15];
            c[2 * i + 1] = HEX[bytes[i] & 15];
        }
        return new String(c);
    }

    /** The bytes of hex text (either case); IllegalArgumentException if it is not hex. */
    static byte[] unhex(String s) {
        if (s.length() % 2 != 0) {
            throw new IllegalArgumentException("bad hex: odd length " + s.length());
        }
        byte[] out = new byte[s.length() / 2];
        for (int i = 0; i < out.length; i++) {
            int hi = digit(s.charAt(2 * i));
            int lo = digit(s.charAt(2 * i + 1));
            if (hi < 0 || lo < 0) {
                throw new IllegalArgumentException("bad hex: not a hex digit near offset " + 2 * i);
            }
            out[i] = (byte) (hi << 4 | lo);
        }
        return out;
    }

    /** An ASCII hex digit's value, -1 for anything else. */
    private static int digit(char c) {
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
}
