package dev.cser.compiler.inspect;

import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Bytes written as text, as they come out of a SQL client, a log line or a web page: hex or
 * base64, in and out. Reading is lenient about what such tools add around the bytes (case,
 * whitespace, line breaks, a {@code 0x}, {@code \x} or {@code X'...'} wrapper) and strict about
 * the bytes themselves: a character that is no digit is an error naming its position, never
 * skipped.
 */
public final class ByteText {
    private ByteText() {}

    /** How bytes are written: as they are, as hex digits, or as base64. */
    public enum Encoding { RAW, HEX, BASE64 }

    /**
     * The bytes of hex text: digits in either case, whitespace anywhere, one optional prefix
     * {@code 0x} (most clients), {@code \x} (PostgreSQL's bytea) or the SQL literal {@code X'...'}.
     *
     * @throws IllegalArgumentException naming the first bad character and where it is
     */
    public static byte[] parseHex(String text) {
        String s = text.strip();
        int start = 0;
        int end = s.length();
        if (s.startsWith("0x") || s.startsWith("0X") || s.startsWith("\\x")) {
            start = 2;
        } else if ((s.startsWith("X'") || s.startsWith("x'")) && s.endsWith("'") && s.length() >= 3) {
            start = 2;
            end = s.length() - 1;
        }
        // Offsets into the original text, so that the error points where the user looks.
        int lead = 0;
        while (lead < text.length() && Character.isWhitespace(text.charAt(lead))) {
            lead++;
        }
        byte[] out = new byte[(end - start) / 2 + 1];
        int n = 0;
        int high = -1;
        for (int i = start; i < end; i++) {
            char c = s.charAt(i);
            if (Character.isWhitespace(c)) {
                continue;
            }
            int digit = c < 0x80 ? Character.digit(c, 16) : -1;
            if (digit < 0) {
                throw new IllegalArgumentException("not a hex digit: " + describe(c) + " at character " + (lead + i + 1));
            }
            if (high < 0) {
                high = digit;
            } else {
                out[n++] = (byte) (high << 4 | digit);
                high = -1;
            }
        }
        if (high >= 0) {
            throw new IllegalArgumentException("odd number of hex digits: the last byte has only one");
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * The bytes of base64 text: the standard or the URL-safe alphabet, padding optional,
     * whitespace and line breaks anywhere (as MIME and PEM wrap it).
     *
     * @throws IllegalArgumentException for a character outside the alphabet or a cut-off group
     */
    public static byte[] parseBase64(String text) {
        StringBuilder compact = new StringBuilder(text.length());
        boolean urlSafe = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                continue;
            }
            boolean ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
                    || c == '+' || c == '/' || c == '-' || c == '_' || c == '=';
            if (!ok) {
                throw new IllegalArgumentException("not a base64 character: " + describe(c) + " at character " + (i + 1));
            }
            urlSafe |= c == '-' || c == '_';
            compact.append(c);
        }
        int digits = compact.indexOf("=") < 0 ? compact.length() : compact.indexOf("=");
        if (digits % 4 == 1) {
            // The JDK's message for this one speaks of "valid bits"; say what it means.
            throw new IllegalArgumentException("bad base64: it ends in a lone character (cut off?)");
        }
        try {
            return (urlSafe ? Base64.getUrlDecoder() : Base64.getDecoder()).decode(compact.toString());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("bad base64: " + e.getMessage(), e);
        }
    }

    /** Lowercase hex digits, no separators. */
    public static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(bytes);
    }

    /** Standard base64 with padding, on one line. */
    public static String base64(byte[] bytes) {
        return Base64.getEncoder().encodeToString(bytes);
    }

    private static String describe(char c) {
        return c >= ' ' && c < 0x7f ? "'" + c + "'" : String.format("U+%04X", (int) c);
    }
}
