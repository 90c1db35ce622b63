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

    /** Parses a JSON number literal (RFC 8259 §6), rejecting anything else (whitespace included). */
    public static JsonNumber parse(String text) {
        int n = text.length();
        if (n > 0 && !isWhitespace(text.charAt(0)) && !isWhitespace(text.charAt(n - 1))) {
            try {
                if (Json.parse(text) instanceof JsonNumber number) {
                    return number;
                }
            } catch (JsonException e) {
                // not a number: below
            }
        }
        throw new JsonException("not a JSON number: \"" + text + "\"");
    }

    private static boolean isWhitespace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    /** For the parser: the text of a number token, and whether it is an integer literal. */
    static JsonNumber ofLiteral(String text, boolean integer) {
        return new JsonNumber(text, integer);
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
}
