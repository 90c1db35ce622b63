package dev.cser.json;

import java.math.BigInteger;

/**
 * A JSON number, kept as its literal text so that no precision is lost: 64-bit integers never
 * pass through a double. The conversions are exact and throw {@link JsonException} when the
 * number does not fit.
 */
public final class JsonNumber {
    private final String text;
    /** Whether the literal has neither a fraction nor an exponent. */
    private final boolean integer;

    private JsonNumber(String text, boolean integer) {
        this.text = text;
        this.integer = integer;
    }

    /** Parses a JSON number literal (RFC 8259 §6), rejecting anything else. */
    public static JsonNumber parse(String text) {
        int end = scan(text, 0);
        if (end != text.length() || end == 0) {
            throw new JsonException("not a JSON number: \"" + text + "\"");
        }
        return new JsonNumber(text, isIntegerLiteral(text));
    }

    /** For the parser: {@code text} has been checked by {@link #scan}. */
    static JsonNumber ofChecked(String text) {
        return new JsonNumber(text, isIntegerLiteral(text));
    }

    public static JsonNumber of(long value) {
        return new JsonNumber(Long.toString(value), true);
    }

    /** The number whose unsigned 64-bit pattern is {@code value}: {@code -1L} is 18446744073709551615. */
    public static JsonNumber ofUnsigned(long value) {
        return new JsonNumber(Long.toUnsignedString(value), true);
    }

    public static JsonNumber of(BigInteger value) {
        return new JsonNumber(value.toString(), true);
    }

    /**
     * A finite double as {@link Double#toString(double)} prints it (it parses back to the same
     * double; {@code -0.0} keeps its sign).
     *
     * @throws JsonException for NaN and the infinities, which are not JSON numbers
     */
    public static JsonNumber of(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new JsonException(value + " is not a JSON number");
        }
        return new JsonNumber(Double.toString(value), false);
    }

    /** The literal text. */
    public String text() {
        return text;
    }

    /** Whether the literal is written as an integer: no fraction, no exponent. */
    public boolean isInteger() {
        return integer;
    }

    /**
     * The value as a long.
     *
     * @throws JsonException when the literal is not an integer or is outside the long range
     */
    public long toLong() {
        requireInteger();
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new JsonException(text + " is out of range for a 64-bit integer");
        }
    }

    /**
     * The value as a BigInteger.
     *
     * @throws JsonException when the literal is not an integer
     */
    public BigInteger toBigInteger() {
        requireInteger();
        return new BigInteger(text);
    }

    /** The nearest double (an infinity when the magnitude is too large for a double). */
    public double toDouble() {
        return Double.parseDouble(text);
    }

    private void requireInteger() {
        if (!integer) {
            throw new JsonException(text + " is not an integer");
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof JsonNumber && ((JsonNumber) o).text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }

    private static boolean isIntegerLiteral(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '.' || c == 'e' || c == 'E') {
                return false;
            }
        }
        return true;
    }

    /**
     * Scans a number literal starting at {@code pos}: {@code -? (0 | [1-9][0-9]*) (. [0-9]+)?
     * ([eE] [+-]? [0-9]+)?}.
     *
     * @return the index after the literal, or -1 when the text there is not a number
     */
    static int scan(CharSequence s, int pos) {
        int n = s.length();
        int i = pos;
        if (i < n && s.charAt(i) == '-') {
            i++;
        }
        if (i >= n) {
            return -1;
        }
        char c = s.charAt(i);
        if (c == '0') {
            i++;
        } else if (c >= '1' && c <= '9') {
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
        } else {
            return -1;
        }
        if (i < n && s.charAt(i) == '.') {
            i++;
            int start = i;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return -1;
            }
        }
        if (i < n && (s.charAt(i) == 'e' || s.charAt(i) == 'E')) {
            i++;
            if (i < n && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int start = i;
            while (i < n && isDigit(s.charAt(i))) {
                i++;
            }
            if (i == start) {
                return -1;
            }
        }
        return i;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
