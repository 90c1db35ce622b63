package dev.cser;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads cser-encoded values (SPEC §4–§5) from a slice of a byte array.
 *
 * <p>Safe on any input (SPEC §10): every failure is a {@link CserDecodeException} with a kind and
 * the byte offset where it was detected; lengths and counts are checked against the bytes that
 * remain before anything is allocated; nesting is bounded by {@link #enter()}. Positions and
 * offsets count from the start of the message, not of the array.
 *
 * <p>A reader holds a current <em>limit</em>: the end of the message, or of the record body
 * being read ({@link #pushLimit(int)}). No read goes past it. It is not thread-safe.
 */
public final class CserReader {
    /** Default maximum nesting depth of records, structs and unions (SPEC §7). */
    public static final int DEFAULT_MAX_DEPTH = 64;

    /** Strings up to this many bytes decode through a reused char array; longer ones get their own. */
    private static final int MAX_CACHED_CHARS = 1 << 16;

    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buf;
    /** Array index of message offset 0. */
    private int start;
    /** Array index of the next byte to read. */
    private int pos;
    /** Array index just past the last readable byte of the current message or body. */
    private int limit;
    private int depth;
    private int maxDepth = DEFAULT_MAX_DEPTH;
    /** Added to message offsets in errors, e.g. the frame's offset in a stream. */
    private long baseOffset;
    /** Scratch space for decoding non-ASCII strings, kept across strings to avoid garbage. */
    private char[] chars;

    /** Reads the whole of {@code buf} as one message. */
    public CserReader(byte[] buf) {
        this(buf, 0, buf.length);
    }

    /** Reads {@code len} bytes of {@code buf} from {@code off} as one message. */
    public CserReader(byte[] buf, int off, int len) {
        reset(buf, off, len);
    }

    /**
     * Reads the remaining bytes of {@code buffer} as one message, without changing its position.
     * A heap buffer is read in place; a direct or read-only buffer is copied first.
     */
    public static CserReader of(ByteBuffer buffer) {
        if (buffer.hasArray()) {
            return new CserReader(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
        }
        byte[] copy = new byte[buffer.remaining()];
        buffer.duplicate().get(copy);
        return new CserReader(copy);
    }

    /**
     * Points this reader at a new message, keeping its options and scratch space, so one reader
     * can decode many messages without garbage. Depth and base offset are reset.
     *
     * @return this reader
     */
    public CserReader reset(byte[] buf, int off, int len) {
        Objects.checkFromIndexSize(off, len, buf.length);
        this.buf = buf;
        this.start = off;
        this.pos = off;
        this.limit = off + len;
        this.depth = 0;
        this.baseOffset = 0;
        return this;
    }

    /**
     * Sets the maximum nesting depth (default 64, the root value being at depth 1).
     *
     * @return this reader
     */
    public CserReader withMaxDepth(int maxDepth) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("max depth must be at least 1: " + maxDepth);
        }
        this.maxDepth = maxDepth;
        return this;
    }

    /**
     * Adds {@code baseOffset} to the offsets of errors, e.g. the position of this message in a
     * larger file or stream. Positions ({@link #position()}) stay message-relative.
     *
     * @return this reader
     */
    public CserReader withBaseOffset(long baseOffset) {
        this.baseOffset = baseOffset;
        return this;
    }

    /** The offset of the next byte from the start of the message. */
    public int position() {
        return pos - start;
    }

    /** The offset, from the start of the message, just past the current message or body. */
    public int limit() {
        return limit - start;
    }

    /** The bytes left before the current limit. */
    public int remaining() {
        return limit - pos;
    }

    /** Whether bytes are left before the current limit (a record body may have more fields). */
    public boolean hasMore() {
        return pos < limit;
    }

    // ---- errors --------------------------------------------------------------------------------

    /**
     * Creates (does not throw) an error of {@code kind} at the current position; generated code
     * uses it for unknown union tags and duplicate map keys.
     */
    public CserDecodeException error(DecodeErrorKind kind, String message) {
        return errorAt(kind, message, pos);
    }

    private CserDecodeException errorAt(DecodeErrorKind kind, String message, int at) {
        return new CserDecodeException(kind, message, baseOffset + (at - start));
    }

    /** Truncation is reported where more input was needed: the current limit. */
    private CserDecodeException truncated(String what) {
        return errorAt(DecodeErrorKind.TRUNCATED, "input ends inside " + what, limit);
    }

    private void need(int n, String what) throws CserDecodeException {
        if (limit - pos < n) {
            throw truncated(what);
        }
    }

    // ---- varints -------------------------------------------------------------------------------

    /** Reads one byte, 0..255. */
    public int readByte() throws CserDecodeException {
        if (pos >= limit) {
            throw truncated("a byte");
        }
        return buf[pos++] & 0xFF;
    }

    /**
     * Reads a varint as an unsigned 64-bit value (returned in a long's bits).
     *
     * @throws CserDecodeException OVERLONG_VARINT, BAD_VARINT or TRUNCATED
     */
    public long readVarint64() throws CserDecodeException {
        int p = pos;
        byte[] b = buf;
        if (limit - p >= 10) {
            // Fast path: all 10 possible bytes are there, so no bound checks per byte.
            int x = b[p];
            if (x >= 0) {
                pos = p + 1;
                return x;
            }
            long result = x & 0x7F;
            for (int i = 1; i < 9; i++) {
                x = b[p + i];
                if (x >= 0) {
                    if (x == 0) {
                        throw overlong(p + i);
                    }
                    pos = p + i + 1;
                    return result | ((long) x << (7 * i));
                }
                result |= (long) (x & 0x7F) << (7 * i);
            }
            return lastVarintByte(p, result);
        }
        return readVarint64Slow(p);
    }

    private long readVarint64Slow(int p) throws CserDecodeException {
        byte[] b = buf;
        int avail = Math.min(limit - p, 9);
        long result = 0;
        for (int i = 0; i < avail; i++) {
            int x = b[p + i];
            if (x >= 0) {
                if (x == 0 && i > 0) {
                    throw overlong(p + i);
                }
                pos = p + i + 1;
                return result | ((long) x << (7 * i));
            }
            result |= (long) (x & 0x7F) << (7 * i);
        }
        // Only called with fewer than 10 bytes left: a varint still open here is cut off.
        throw truncated("a varint");
    }

    /** The 10th byte carries bit 63 only: it must be exactly {@code 01}. */
    private long lastVarintByte(int p, long result) throws CserDecodeException {
        int x = buf[p + 9];
        if (x == 1) {
            pos = p + 10;
            return result | (1L << 63);
        }
        if (x == 0) {
            throw overlong(p + 9);
        }
        throw errorAt(DecodeErrorKind.BAD_VARINT, x < 0 ? "varint longer than 10 bytes"
                : "varint above 2^64-1 (10th byte " + x + ")", p + 9);
    }

    private CserDecodeException overlong(int at) {
        return errorAt(DecodeErrorKind.OVERLONG_VARINT, "overlong varint (ends in a 00 byte)", at);
    }

    /**
     * Reads a varint that must fit 32 unsigned bits; returns its bits in an int.
     *
     * @throws CserDecodeException OUT_OF_RANGE above 2³²−1, or a varint error
     */
    public int readVarint32() throws CserDecodeException {
        int p = pos;
        if (buf.length - p >= 5) {
            long v = varint32At(p);
            if (v >= 0) {
                return (int) v;
            }
        }
        long v = readVarint64();
        if ((v >>> 32) != 0) {
            throw outOfRange(p, "u32", v);
        }
        return (int) v;
    }

    /**
     * The fast path of varints of up to 32 bits, for when the array holds 5 bytes from {@code p}
     * (they may run past the limit: the end is checked once, at the end). Returns the value, 0 to
     * 2³²−1, and moves past the varint if it is canonical, fits 32 bits and ends within the
     * limit; otherwise returns −1 and moves nothing, and the caller's general path reports the
     * error.
     */
    private long varint32At(int p) {
        byte[] b = buf;
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
        if (end > limit) {
            return -1;
        }
        pos = end;
        return v & 0xFFFFFFFFL;
    }

    private CserDecodeException outOfRange(int at, String type, long unsignedValue) {
        return errorAt(DecodeErrorKind.OUT_OF_RANGE,
                "varint " + Long.toUnsignedString(unsignedValue) + " out of range for " + type, at);
    }

    // ---- scalars -------------------------------------------------------------------------------

    /** Reads a bool: {@code 00} or {@code 01}, anything else is BAD_BOOL. */
    public boolean readBool() throws CserDecodeException {
        if (pos >= limit) {
            throw truncated("a bool");
        }
        int x = buf[pos];
        if ((x & ~1) != 0) {
            throw errorAt(DecodeErrorKind.BAD_BOOL, "bool byte " + (x & 0xFF) + " is neither 0 nor 1", pos);
        }
        pos++;
        return x != 0;
    }

    /** Reads an i8. */
    public byte readI8() throws CserDecodeException {
        if (pos >= limit) {
            throw truncated("an i8");
        }
        return buf[pos++];
    }

    /** Reads a u8 (its bit pattern in a byte). */
    public byte readU8() throws CserDecodeException {
        if (pos >= limit) {
            throw truncated("a u8");
        }
        return buf[pos++];
    }

    /** Reads a zigzag i16; OUT_OF_RANGE outside −32768..32767. */
    public short readI16() throws CserDecodeException {
        int p = pos;
        long u = readVarint64();
        if (Long.compareUnsigned(u, 0xFFFF) > 0) {
            throw outOfRange(p, "i16", u);
        }
        int z = (int) u;
        return (short) ((z >>> 1) ^ -(z & 1));
    }

    /** Reads a u16 (its bit pattern in a short); OUT_OF_RANGE above 65535. */
    public short readU16() throws CserDecodeException {
        int p = pos;
        long u = readVarint64();
        if (Long.compareUnsigned(u, 0xFFFF) > 0) {
            throw outOfRange(p, "u16", u);
        }
        return (short) u;
    }

    /** Reads a zigzag i32; OUT_OF_RANGE outside the int range. */
    public int readI32() throws CserDecodeException {
        int p = pos;
        long u = buf.length - p >= 5 ? varint32At(p) : -1;
        if (u < 0) {
            u = readVarint64();
            if ((u >>> 32) != 0) {
                throw outOfRange(p, "i32", u);
            }
        }
        int z = (int) u;
        return (z >>> 1) ^ -(z & 1);
    }

    /** Reads a u32 (its bit pattern in an int); OUT_OF_RANGE above 2³²−1. */
    public int readU32() throws CserDecodeException {
        int p = pos;
        if (buf.length - p >= 5) {
            long v = varint32At(p);
            if (v >= 0) {
                return (int) v;
            }
        }
        long u = readVarint64();
        if ((u >>> 32) != 0) {
            throw outOfRange(p, "u32", u);
        }
        return (int) u;
    }

    /** Reads a zigzag i64. */
    public long readI64() throws CserDecodeException {
        long u = readVarint64();
        return (u >>> 1) ^ -(u & 1);
    }

    /** Reads a u64 (its bit pattern in a long). */
    public long readU64() throws CserDecodeException {
        return readVarint64();
    }

    /** Reads an f32 from its little-endian bits, unchanged (NaN payloads are kept). */
    public float readF32() throws CserDecodeException {
        need(4, "an f32");
        int bits = (int) INT_LE.get(buf, pos);
        pos += 4;
        return Float.intBitsToFloat(bits);
    }

    /** Reads an f64 from its little-endian bits, unchanged (NaN payloads are kept). */
    public double readF64() throws CserDecodeException {
        need(8, "an f64");
        long bits = (long) LONG_LE.get(buf, pos);
        pos += 8;
        return Double.longBitsToDouble(bits);
    }

    /** Reads an enum number; OUT_OF_RANGE above 2³¹−1. */
    public int readEnum() throws CserDecodeException {
        int p = pos;
        if (buf.length - p >= 5) {
            long v = varint32At(p);
            if (v >= 0 && v <= Integer.MAX_VALUE) {
                return (int) v;
            }
            pos = p;
        }
        long u = readVarint64();
        if (Long.compareUnsigned(u, Integer.MAX_VALUE) > 0) {
            throw outOfRange(p, "an enum", u);
        }
        return (int) u;
    }

    // ---- lengths and counts --------------------------------------------------------------------

    /** Reads a byte length; LENGTH_TOO_LARGE if above the bytes that remain. */
    public int readLength() throws CserDecodeException {
        int p = pos;
        if (buf.length - p >= 5) {
            long v = varint32At(p);
            if (v >= 0 && v <= limit - pos) {
                return (int) v;
            }
            pos = p;
        }
        return readLengthSlow(p);
    }

    private int readLengthSlow(int p) throws CserDecodeException {
        long n = readVarint64();
        if (Long.compareUnsigned(n, limit - pos) > 0) {
            throw errorAt(DecodeErrorKind.LENGTH_TOO_LARGE, "length " + Long.toUnsignedString(n)
                    + " exceeds the " + (limit - pos) + " bytes that remain", p);
        }
        return (int) n;
    }

    /**
     * Reads an element or entry count; LENGTH_TOO_LARGE if above the bytes that remain (every
     * element takes at least one byte).
     */
    public int readCount() throws CserDecodeException {
        int p = pos;
        if (buf.length - p >= 5) {
            long v = varint32At(p);
            if (v >= 0 && v <= limit - pos) {
                return (int) v;
            }
            pos = p;
        }
        return readBoundedCount(1);
    }

    /**
     * Reads the count of a list or map of optionals; LENGTH_TOO_LARGE if above eight times the
     * bytes that remain (an absent element takes one presence bit).
     */
    public int readOptionalCount() throws CserDecodeException {
        int p = pos;
        long n = readVarint64();
        long bound = Math.min(8L * (limit - pos), Integer.MAX_VALUE);
        if (Long.compareUnsigned(n, bound) > 0) {
            throw errorAt(DecodeErrorKind.LENGTH_TOO_LARGE, "count " + Long.toUnsignedString(n)
                    + " of optionals exceeds 8 x the " + (limit - pos) + " bytes that remain", p);
        }
        return (int) n;
    }

    /** Reads a count of elements at least {@code width} bytes each, bounded by the bytes left. */
    private int readBoundedCount(int width) throws CserDecodeException {
        int p = pos;
        long n = readVarint64();
        int left = limit - pos;
        if (Long.compareUnsigned(n, left / width) > 0) {
            throw errorAt(DecodeErrorKind.LENGTH_TOO_LARGE, "count " + Long.toUnsignedString(n)
                    + (width == 1 ? "" : " of " + width + "-byte elements")
                    + " exceeds the " + left + " bytes that remain", p);
        }
        return (int) n;
    }

    // ---- strings and bytes ---------------------------------------------------------------------

    /** Reads a length-prefixed byte string into a new array. */
    public byte[] readBytes() throws CserDecodeException {
        int n = readLength();
        int p = pos;
        pos = p + n;
        return Arrays.copyOfRange(buf, p, p + n);
    }

    /** Reads a length-prefixed UTF-8 string, rejecting anything RFC 3629 does not allow (BAD_UTF8). */
    public String readString() throws CserDecodeException {
        int n = readLength();
        if (n == 0) {
            return "";
        }
        int p = pos;
        // The JDK's UTF-8 decoder rejects exactly what RFC 3629 rejects (overlong forms,
        // surrogates, code points above U+10FFFF, stray or missing continuation bytes), replacing
        // each ill-formed sequence with U+FFFD; for ASCII it is a vectorized check and a copy into a
        // compact string, where indexOf(U+FFFD) returns at once. A U+FFFD in the result is either
        // such a replacement or one the text holds: the strict decoder tells which, and where.
        String s = new String(buf, p, n, StandardCharsets.UTF_8);
        if (s.indexOf(0xFFFD) >= 0) {
            s = decodeUtf8(p, p, p + n);
        }
        pos = p + n;
        return s;
    }

    /** Validates and decodes bytes {@code p..end} that are ASCII before {@code i}. */
    private String decodeUtf8(int p, int i, int end) throws CserDecodeException {
        int n = end - p;
        // UTF-16 never needs more chars than UTF-8 has bytes.
        char[] c = chars;
        if (c == null || c.length < n) {
            c = new char[Math.max(n, 64)];
            if (n <= MAX_CACHED_CHARS) {
                chars = c;
            }
        }
        byte[] b = buf;
        int out = 0;
        for (int k = p; k < i; k++) {
            c[out++] = (char) b[k];
        }
        int k = i;
        while (k < end) {
            int b0 = b[k];
            if (b0 >= 0) {
                c[out++] = (char) b0;
                k++;
                continue;
            }
            int lead = b0 & 0xFF;
            if (lead < 0xC2) {
                throw badUtf8(k, lead < 0xC0 ? "stray continuation byte" : "overlong 2-byte sequence");
            } else if (lead < 0xE0) {
                int b1 = continuation(k, 1, end, 0x80, 0xBF, null, null);
                c[out++] = (char) (((lead & 0x1F) << 6) | (b1 & 0x3F));
                k += 2;
            } else if (lead < 0xF0) {
                int b1 = continuation(k, 1, end, lead == 0xE0 ? 0xA0 : 0x80, lead == 0xED ? 0x9F : 0xBF,
                        "overlong 3-byte sequence", "surrogate code point");
                int b2 = continuation(k, 2, end, 0x80, 0xBF, null, null);
                c[out++] = (char) (((lead & 0x0F) << 12) | ((b1 & 0x3F) << 6) | (b2 & 0x3F));
                k += 3;
            } else if (lead < 0xF5) {
                int b1 = continuation(k, 1, end, lead == 0xF0 ? 0x90 : 0x80, lead == 0xF4 ? 0x8F : 0xBF,
                        "overlong 4-byte sequence", "code point above U+10FFFF");
                int b2 = continuation(k, 2, end, 0x80, 0xBF, null, null);
                int b3 = continuation(k, 3, end, 0x80, 0xBF, null, null);
                int cp = ((lead & 0x07) << 18) | ((b1 & 0x3F) << 12) | ((b2 & 0x3F) << 6) | (b3 & 0x3F);
                c[out++] = Character.highSurrogate(cp);
                c[out++] = Character.lowSurrogate(cp);
                k += 4;
            } else {
                throw badUtf8(k, lead < 0xF8 ? "code point above U+10FFFF" : "invalid lead byte");
            }
        }
        return new String(c, 0, out);
    }

    /**
     * Byte {@code k + j} of the sequence starting at {@code k}, which must lie in
     * {@code lo..hi}; errors point at {@code k}, the start of the ill-formed sequence.
     */
    private int continuation(int k, int j, int end, int lo, int hi, String belowLo, String aboveHi)
            throws CserDecodeException {
        if (k + j >= end) {
            throw badUtf8(k, "truncated sequence");
        }
        int x = buf[k + j] & 0xFF;
        if ((x & 0xC0) != 0x80) {
            throw badUtf8(k, "missing continuation byte");
        }
        if (x < lo) {
            throw badUtf8(k, belowLo);
        }
        if (x > hi) {
            throw badUtf8(k, aboveHi);
        }
        return x;
    }

    private CserDecodeException badUtf8(int at, String what) {
        return errorAt(DecodeErrorKind.BAD_UTF8, "invalid UTF-8: " + what, at);
    }

    // ---- nested bodies, roots, depth, presence -------------------------------------------------

    /**
     * Limits reading to the next {@code length} bytes (a record body).
     *
     * @return the previous limit, to pass to {@link #popLimit(int)}
     * @throws CserDecodeException LENGTH_TOO_LARGE if fewer than {@code length} bytes remain
     */
    public int pushLimit(int length) throws CserDecodeException {
        if (length < 0 || length > limit - pos) {
            throw errorAt(DecodeErrorKind.LENGTH_TOO_LARGE, "length " + length + " exceeds the "
                    + (limit - pos) + " bytes that remain", pos);
        }
        int old = limit;
        limit = pos + length;
        return old - start;
    }

    /**
     * Skips what is left of the current body (fields appended by a newer schema) and restores
     * the limit {@link #pushLimit(int)} returned.
     */
    public void popLimit(int oldLimit) {
        pos = limit;
        limit = oldLimit + start;
    }

    /** At the end of a message (SPEC §5.8): TRAILING_BYTES unless every byte up to the limit has been read. */
    public void expectEnd() throws CserDecodeException {
        if (pos < limit) {
            throw errorAt(DecodeErrorKind.TRAILING_BYTES, (limit - pos) + " bytes after the value", pos);
        }
    }

    /** Enters a record, struct or union value; DEPTH_EXCEEDED if deeper than the maximum. */
    public void enter() throws CserDecodeException {
        if (depth >= maxDepth) {
            throw errorAt(DecodeErrorKind.DEPTH_EXCEEDED, "nesting deeper than the maximum depth " + maxDepth, pos);
        }
        depth++;
    }

    /** Leaves the value entered by the matching {@link #enter()}. */
    public void exit() {
        depth--;
    }

    /**
     * Checks the presence byte just read for a struct, list or map: bits at or above
     * {@code usedBits} (slots that do not exist) must be zero, else BAD_PRESENCE at that byte.
     */
    public void checkPresence(int presenceByte, int usedBits) throws CserDecodeException {
        if (usedBits < 8 && ((presenceByte & 0xFF) >>> Math.max(usedBits, 0)) != 0) {
            throw errorAt(DecodeErrorKind.BAD_PRESENCE, "presence byte " + (presenceByte & 0xFF)
                    + " has bits set beyond its " + usedBits + " slots", pos - 1);
        }
    }

    // ---- packed and primitive arrays -----------------------------------------------------------

    /** Reads a count, then one {@code 00}/{@code 01} byte per element. */
    public boolean[] readBoolArray() throws CserDecodeException {
        int n = readBoundedCount(1);
        byte[] b = buf;
        int p = pos;
        boolean[] a = new boolean[n];
        for (int i = 0; i < n; i++) {
            int x = b[p + i];
            if ((x & ~1) != 0) {
                throw errorAt(DecodeErrorKind.BAD_BOOL, "bool byte " + (x & 0xFF) + " is neither 0 nor 1", p + i)
                        .pushIndex(i);
            }
            a[i] = x != 0;
        }
        pos = p + n;
        return a;
    }

    /** Reads a count, then that many bytes. */
    public byte[] readI8Array() throws CserDecodeException {
        return readBytes();
    }

    /** Reads a count, then that many bytes (u8 shares i8's encoding). */
    public byte[] readU8Array() throws CserDecodeException {
        return readBytes();
    }

    /** Reads a count, then one zigzag varint per element. */
    public short[] readI16Array() throws CserDecodeException {
        short[] a = new short[readBoundedCount(1)];
        int i = 0;
        try {
            for (; i < a.length; i++) {
                a[i] = readI16();
            }
        } catch (CserDecodeException e) {
            throw e.pushIndex(i);
        }
        return a;
    }

    /** Reads a count, then one varint per element. */
    public short[] readU16Array() throws CserDecodeException {
        short[] a = new short[readBoundedCount(1)];
        int i = 0;
        try {
            for (; i < a.length; i++) {
                a[i] = readU16();
            }
        } catch (CserDecodeException e) {
            throw e.pushIndex(i);
        }
        return a;
    }

    /** Reads a count, then one zigzag varint per element. */
    public int[] readI32Array() throws CserDecodeException {
        int[] a = new int[readBoundedCount(1)];
        int i = 0;
        try {
            for (; i < a.length; i++) {
                a[i] = readI32();
            }
        } catch (CserDecodeException e) {
            throw e.pushIndex(i);
        }
        return a;
    }

    /** Reads a count, then one varint per element. */
    public int[] readU32Array() throws CserDecodeException {
        int[] a = new int[readBoundedCount(1)];
        int i = 0;
        try {
            for (; i < a.length; i++) {
                a[i] = readU32();
            }
        } catch (CserDecodeException e) {
            throw e.pushIndex(i);
        }
        return a;
    }

    /** Reads a count, then one zigzag varint per element. */
    public long[] readI64Array() throws CserDecodeException {
        long[] a = new long[readBoundedCount(1)];
        int i = 0;
        try {
            for (; i < a.length; i++) {
                a[i] = readI64();
            }
        } catch (CserDecodeException e) {
            throw e.pushIndex(i);
        }
        return a;
    }

    /** Reads a count, then one varint per element. */
    public long[] readU64Array() throws CserDecodeException {
        long[] a = new long[readBoundedCount(1)];
        int i = 0;
        try {
            for (; i < a.length; i++) {
                a[i] = readVarint64();
            }
        } catch (CserDecodeException e) {
            throw e.pushIndex(i);
        }
        return a;
    }

    /** Reads a count, then 4 little-endian bytes per element; the count is checked against 4 × count bytes. */
    public float[] readF32Array() throws CserDecodeException {
        int n = readBoundedCount(4);
        byte[] b = buf;
        int p = pos;
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = Float.intBitsToFloat((int) INT_LE.get(b, p));
            p += 4;
        }
        pos = p;
        return a;
    }

    /** Reads a count, then 8 little-endian bytes per element; the count is checked against 8 × count bytes. */
    public double[] readF64Array() throws CserDecodeException {
        int n = readBoundedCount(8);
        byte[] b = buf;
        int p = pos;
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = Double.longBitsToDouble((long) LONG_LE.get(b, p));
            p += 8;
        }
        pos = p;
        return a;
    }
}
