package dev.cser;

/**
 * Varints (SPEC §4): unsigned LEB128, minimal, at most 10 bytes. The one place of this runtime
 * that knows their bytes; {@link CserWriter}, {@link CserReader} and the stream classes call it.
 *
 * <p>Encoding works on a byte array and an index; decoding reads from a {@link CserReader} and
 * moves it past the varint. Every method is small and static, so the JIT inlines it into the
 * reader's and writer's hot paths.
 */
final class Varint {
    /** The longest varint: 10 bytes hold 64 bits. */
    static final int MAX_LENGTH = 10;
    /** The longest varint of a 32-bit value. */
    static final int MAX_LENGTH_32 = 5;

    private Varint() {}

    /** The number of bytes of the varint of {@code v}, read as unsigned (1 to 5). */
    static int size(int v) {
        // 1 byte per 7 significant bits; 0 still takes one byte.
        return (38 - Integer.numberOfLeadingZeros(v | 1)) / 7;
    }

    /** The number of bytes of the varint of {@code v}, read as unsigned (1 to 10). */
    static int size(long v) {
        return (70 - Long.numberOfLeadingZeros(v | 1)) / 7;
    }

    /**
     * Stores the varint of {@code v} (unsigned) at {@code p} of {@code b}, which has room for 5
     * bytes; returns the index after it. Unrolled: the values of records are mostly 1 to 4 bytes.
     */
    static int put32(byte[] b, int p, int v) {
        if ((v & ~0x7F) == 0) {
            b[p] = (byte) v;
            return p + 1;
        }
        b[p] = (byte) (v | 0x80);
        if ((v & ~0x3FFF) == 0) {
            b[p + 1] = (byte) (v >>> 7);
            return p + 2;
        }
        b[p + 1] = (byte) ((v >>> 7) | 0x80);
        if ((v & ~0x1FFFFF) == 0) {
            b[p + 2] = (byte) (v >>> 14);
            return p + 3;
        }
        b[p + 2] = (byte) ((v >>> 14) | 0x80);
        if ((v & ~0xFFFFFFF) == 0) {
            b[p + 3] = (byte) (v >>> 21);
            return p + 4;
        }
        b[p + 3] = (byte) ((v >>> 21) | 0x80);
        b[p + 4] = (byte) (v >>> 28);
        return p + 5;
    }

    /**
     * Stores the varint of {@code v} (unsigned) at {@code p} of {@code b}, which has room for 10
     * bytes; returns the index after it.
     */
    static int put64(byte[] b, int p, long v) {
        if ((v & ~0x7FFFFFFFL) == 0) {
            // Up to 31 bits: the unrolled 32-bit form.
            return put32(b, p, (int) v);
        }
        while ((v & ~0x7FL) != 0) {
            b[p++] = (byte) (v | 0x80);
            v >>>= 7;
        }
        b[p++] = (byte) v;
        return p;
    }

    /**
     * The fast path of varints of up to 32 bits, for when the array holds 5 bytes from the
     * reader's position (they may run past its limit: the end is checked once, at the end).
     * Returns the value, 0 to 2³²−1, and moves {@code r} past the varint if it is canonical, fits
     * 32 bits and ends within the limit; otherwise returns −1 and moves nothing, and the caller's
     * general path ({@link #decode64}) reports the error.
     *
     * <p>Like prost's {@code decode_varint(&mut impl Buf)}, the decoders advance the reader they
     * read from: the end of the varint is known in each branch, so no length has to be computed.
     */
    static long decode32(CserReader r) {
        byte[] b = r.buf;
        int p = r.pos;
        int x = b[p];
        int v = x;
        int end = p + 1;
        if (x < 0) {
            x = b[p + 1];
            v = (v & 0x7F) | (x & 0x7F) << 7;
            end = p + 2;
            if (x < 0) {
                x = b[p + 2];
                v |= (x & 0x7F) << 14;
                end = p + 3;
                if (x < 0) {
                    x = b[p + 3];
                    v |= (x & 0x7F) << 21;
                    end = p + 4;
                    if (x < 0) {
                        x = b[p + 4];
                        if (x > 15) {
                            return -1; // above 2^32 - 1, or longer than 5 bytes
                        }
                        v |= x << 28;
                        end = p + 5;
                    }
                }
            }
            if (x <= 0) {
                return -1; // overlong (ends in 00), or the 5th byte has its high bit set
            }
        }
        if (end > r.limit) {
            return -1;
        }
        r.pos = end;
        return v & 0xFFFFFFFFL;
    }

    /**
     * Decodes the varint at the reader's position and moves past it; returns its value
     * (unsigned, in a long's bits).
     *
     * @throws CserDecodeException TRUNCATED (at the limit), OVERLONG_VARINT or BAD_VARINT (at the
     *     offending byte)
     */
    static long decode64(CserReader r) throws CserDecodeException {
        byte[] b = r.buf;
        int p = r.pos;
        if (r.limit - p >= MAX_LENGTH) {
            // Fast path: all 10 possible bytes are there, so no bound checks per byte.
            int x = b[p];
            if (x >= 0) {
                r.pos = p + 1;
                return x;
            }
            long result = x & 0x7F;
            for (int i = 1; i < 9; i++) {
                x = b[p + i];
                if (x >= 0) {
                    if (x == 0) {
                        throw overlong(r, p + i);
                    }
                    r.pos = p + i + 1;
                    return result | ((long) x << (7 * i));
                }
                result |= (long) (x & 0x7F) << (7 * i);
            }
            return lastByte(r, p + 9, result);
        }
        return decodeNearLimit(r);
    }

    /** {@link #decode64} with fewer than 10 bytes before the limit. */
    private static long decodeNearLimit(CserReader r) throws CserDecodeException {
        byte[] b = r.buf;
        int p = r.pos;
        int avail = r.limit - p;
        long result = 0;
        for (int i = 0; i < avail; i++) {
            int x = b[p + i];
            if (x >= 0) {
                if (x == 0 && i > 0) {
                    throw overlong(r, p + i);
                }
                r.pos = p + i + 1;
                return result | ((long) x << (7 * i));
            }
            result |= (long) (x & 0x7F) << (7 * i);
        }
        // Fewer than 10 bytes: a varint still open here is cut off.
        throw r.truncated("a varint");
    }

    /** The 10th byte carries bit 63 only: it must be exactly {@code 01}. */
    private static long lastByte(CserReader r, int at, long result) throws CserDecodeException {
        int x = r.buf[at];
        if (x == 1) {
            r.pos = at + 1;
            return result | (1L << 63);
        }
        if (x == 0) {
            throw overlong(r, at);
        }
        throw r.errorAt(DecodeErrorKind.BAD_VARINT, x < 0 ? "varint longer than 10 bytes"
                : "varint above 2^64-1 (10th byte " + x + ")", at);
    }

    private static CserDecodeException overlong(CserReader r, int at) {
        return r.errorAt(DecodeErrorKind.OVERLONG_VARINT, "overlong varint (ends in a 00 byte)", at);
    }
}
