package dev.cser;

import java.nio.charset.StandardCharsets;

/**
 * UTF-8 strings (SPEC §4, RFC 3629): a strict decode that refuses every ill-formed sequence and
 * an encode that refuses lone surrogates, with fast paths for ASCII. {@link CserReader} and
 * {@link CserWriter} call it; they own the length prefixes and the buffers.
 */
final class Utf8 {
    private Utf8() {}

    // ---- decoding ------------------------------------------------------------------------------

    /**
     * Decodes {@code n} bytes of {@code b} from {@code p} with the JDK's decoder, or returns null
     * when the result holds a U+FFFD: then {@link #decodeStrict} tells whether the bytes are
     * well-formed.
     *
     * <p>The JDK's UTF-8 decoder rejects exactly what RFC 3629 rejects (overlong forms,
     * surrogates, code points above U+10FFFF, stray or missing continuation bytes), replacing
     * each ill-formed sequence with U+FFFD; for ASCII it is a vectorized check and a copy into a
     * compact string, where indexOf(U+FFFD) returns at once. A U+FFFD in the result is either
     * such a replacement or one the text holds: the strict decoder tells which, and where.
     */
    static String decodeFast(byte[] b, int p, int n) {
        String s = new String(b, p, n, StandardCharsets.UTF_8);
        return s.indexOf(0xFFFD) < 0 ? s : null;
    }

    /**
     * Validates and decodes bytes {@code p..end} of {@code b} into {@code c} (at least
     * {@code end - p} chars long: UTF-16 never needs more chars than UTF-8 has bytes).
     *
     * @param base added to array indices to give the offsets of errors
     * @throws CserDecodeException BAD_UTF8 at the first byte of the first ill-formed sequence
     */
    static String decodeStrict(byte[] b, int p, int end, char[] c, long base) throws CserDecodeException {
        int out = 0;
        int k = p;
        while (k < end) {
            int b0 = b[k];
            if (b0 >= 0) {
                c[out++] = (char) b0;
                k++;
                continue;
            }
            int lead = b0 & 0xFF;
            if (lead < 0xC2) {
                throw bad(base + k, lead < 0xC0 ? "stray continuation byte" : "overlong 2-byte sequence");
            } else if (lead < 0xE0) {
                int b1 = continuation(b, k, 1, end, 0x80, 0xBF, null, null, base);
                c[out++] = (char) (((lead & 0x1F) << 6) | (b1 & 0x3F));
                k += 2;
            } else if (lead < 0xF0) {
                int b1 = continuation(b, k, 1, end, lead == 0xE0 ? 0xA0 : 0x80, lead == 0xED ? 0x9F : 0xBF,
                        "overlong 3-byte sequence", "surrogate code point", base);
                int b2 = continuation(b, k, 2, end, 0x80, 0xBF, null, null, base);
                c[out++] = (char) (((lead & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F));
                k += 3;
            } else if (lead < 0xF5) {
                int b1 = continuation(b, k, 1, end, lead == 0xF0 ? 0x90 : 0x80, lead == 0xF4 ? 0x8F : 0xBF,
                        "overlong 4-byte sequence", "code point above U+10FFFF", base);
                int b2 = continuation(b, k, 2, end, 0x80, 0xBF, null, null, base);
                int b3 = continuation(b, k, 3, end, 0x80, 0xBF, null, null, base);
                int cp = ((lead & 0x07) << 18) | ((b1 & 0x3F) << 12) | ((b2 & 0x3F) << 6) | (b3 & 0x3F);
                c[out++] = Character.highSurrogate(cp);
                c[out++] = Character.lowSurrogate(cp);
                k += 4;
            } else {
                throw bad(base + k, lead < 0xF8 ? "code point above U+10FFFF" : "invalid lead byte");
            }
        }
        return new String(c, 0, out);
    }

    /**
     * Byte {@code k + j} of the sequence starting at {@code k}, which must lie in
     * {@code lo..hi}; errors point at {@code k}, the start of the ill-formed sequence.
     */
    private static int continuation(byte[] b, int k, int j, int end, int lo, int hi, String belowLo,
            String aboveHi, long base) throws CserDecodeException {
        if (k + j >= end) {
            throw bad(base + k, "truncated sequence");
        }
        int x = b[k + j] & 0xFF;
        if ((x & 0xC0) != 0x80) {
            throw bad(base + k, "missing continuation byte");
        }
        if (x < lo) {
            throw bad(base + k, belowLo);
        }
        if (x > hi) {
            throw bad(base + k, aboveHi);
        }
        return x;
    }

    private static CserDecodeException bad(long offset, String what) {
        return new CserDecodeException(DecodeErrorKind.BAD_UTF8, "invalid UTF-8: " + what, offset);
    }

    // ---- encoding ------------------------------------------------------------------------------

    /**
     * Whether every char of {@code s} is ASCII. Most strings are, and their UTF-8 bytes are their
     * chars: checking first, in a loop with no stores and no early exit, then copying in bulk
     * ({@link #putAscii}) is faster than converting char by char.
     */
    static boolean isAscii(String s) {
        int all = 0;
        int n = s.length();
        for (int i = 0; i < n; i++) {
            all |= s.charAt(i);
        }
        return all < 0x80;
    }

    /** Stores the chars of ASCII {@code s} as bytes at {@code p} of {@code b}; returns the index after them. */
    @SuppressWarnings("deprecation") // getBytes(int, int, byte[], int): exact for ASCII, see below
    static int putAscii(String s, byte[] b, int p) {
        int n = s.length();
        // This getBytes keeps the low 8 bits of every char: the UTF-8 bytes of ASCII chars. For a
        // compact (Latin-1) string it is a plain array copy, with no garbage.
        s.getBytes(0, n, b, p);
        return p + n;
    }

    /**
     * The number of UTF-8 bytes of {@code s}.
     *
     * @throws CserEncodeException if {@code s} holds a lone surrogate: it has no UTF-8 form, and
     *     writing a replacement character would silently change the value
     */
    static long encodedLength(String s) {
        int n = s.length();
        long len = 0;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                len += 1;
            } else if (c < 0x800) {
                len += 2;
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    len += 4;
                    i++;
                } else {
                    throw new CserEncodeException(String.format(
                            "lone surrogate U+%04X at index %d of a string: it has no UTF-8 encoding", (int) c, i));
                }
            } else {
                len += 3;
            }
        }
        return len;
    }

    /**
     * Stores the UTF-8 bytes of {@code s} at {@code p} of {@code b}, which has room for
     * {@link #encodedLength} of them (that call also proved {@code s} has no lone surrogate);
     * returns the index after them.
     */
    static int encode(String s, byte[] b, int p) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | (c >>> 6));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                // A high surrogate followed by a low one (encodedLength checked).
                int cp = Character.toCodePoint(c, s.charAt(++i));
                b[p++] = (byte) (0xF0 | (cp >>> 18));
                b[p++] = (byte) (0x80 | ((cp >>> 12) & 0x3F));
                b[p++] = (byte) (0x80 | ((cp >>> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (cp & 0x3F));
            } else {
                b[p++] = (byte) (0xE0 | (c >>> 12));
                b[p++] = (byte) (0x80 | ((c >>> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return p;
    }
}
