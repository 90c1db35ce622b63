package dev.cser;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.IntFunction;

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
    /** Default maximum nesting depth of records, structs and unions (SPEC §7): {@link Limits#DEFAULT_MAX_DEPTH}. */
    public static final int DEFAULT_MAX_DEPTH = Limits.DEFAULT_MAX_DEPTH;

    /** Strings up to this many bytes decode through a reused char array; longer ones get their own. */
    private static final int MAX_CACHED_CHARS = 1 << 16;

    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    // buf, pos and limit are the cursor that Varint's decoders read and advance.
    byte[] buf;
    /** Array index of message offset 0. */
    private int start;
    /** Array index of the next byte to read. */
    int pos;
    /** Array index just past the last readable byte of the current message or body. */
    int limit;
    private int depth;
    private int maxDepth = DEFAULT_MAX_DEPTH;
    /** Added to message offsets in errors, e.g. the frame's offset in a stream. */
    private long baseOffset;
    /** Array index just past the message (the limit reset() set; limit moves with bodies). */
    private int end;
    /** Whether the message is a stream frame's content, which may start with any bytes. */
    private boolean streamFrame;
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
        this.end = off + len;
        this.depth = 0;
        this.baseOffset = 0;
        this.streamFrame = false;
        return this;
    }

    /** Marks the message as a stream frame's content: its errors get no stream hint. */
    CserReader asStreamFrame() {
        this.streamFrame = true;
        return this;
    }

    /**
     * Sets the maximum nesting depth (default 64, the root value being at depth 1).
     *
     * @return this reader
     */
    public CserReader withMaxDepth(int maxDepth) {
        this.maxDepth = Limits.requireMaxDepth(maxDepth);
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

    /** An error of {@code kind} at array index {@code at}. */
    CserDecodeException errorAt(DecodeErrorKind kind, String message, int at) {
        return withStreamHint(new CserDecodeException(kind, message, baseOffset + (at - start)));
    }

    /** What every decode error of a message starting with the stream magic suggests. */
    static final String STREAM_HINT = "the bytes start with \"CSER\", the magic of a stream (SPEC §8): "
            + "read them with CserStreamReader, not as one message";

    /**
     * Adds {@link #STREAM_HINT} to {@code e} when the message starts with the stream magic
     * {@code CSER}: a stream decoded as a message fails somewhere in its header, with an error
     * that says nothing about why. Frames of a stream are left alone.
     */
    CserDecodeException withStreamHint(CserDecodeException e) {
        if (!streamFrame && CserStreamHeader.startsWithMagic(buf, start, end - start)) {
            e.setHint(STREAM_HINT);
        }
        return e;
    }

    /** Truncation is reported where more input was needed: the current limit. */
    CserDecodeException truncated(String what) {
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
        return Varint.decode64(this);
    }

    /**
     * Reads a varint that must fit 32 unsigned bits; returns its bits in an int.
     *
     * @throws CserDecodeException OUT_OF_RANGE above 2³²−1, or a varint error
     */
    public int readVarint32() throws CserDecodeException {
        return readUnsigned32("u32");
    }

    /** A varint of at most 32 bits, its bits in an int; OUT_OF_RANGE (for {@code type}) above. */
    private int readUnsigned32(String type) throws CserDecodeException {
        int p = pos;
        if (buf.length - p >= Varint.MAX_LENGTH_32) {
            long v = Varint.decode32(this);
            if (v >= 0) {
                return (int) v;
            }
        }
        long v = readVarint64();
        if ((v >>> 32) != 0) {
            throw outOfRange(p, type, v);
        }
        return (int) v;
    }

    /** A varint of at most 16 bits, its bits in an int; OUT_OF_RANGE (for {@code type}) above. */
    private int readUnsigned16(String type) throws CserDecodeException {
        int p = pos;
        long v = readVarint64();
        if (Long.compareUnsigned(v, 0xFFFF) > 0) {
            throw outOfRange(p, type, v);
        }
        return (int) v;
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
            throw badBool(x, pos);
        }
        pos++;
        return x != 0;
    }

    private CserDecodeException badBool(int x, int at) {
        return errorAt(DecodeErrorKind.BAD_BOOL, "bool byte " + (x & 0xFF) + " is neither 0 nor 1", at);
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
        return (short) ZigZag.decode32(readUnsigned16("i16"));
    }

    /** Reads a u16 (its bit pattern in a short); OUT_OF_RANGE above 65535. */
    public short readU16() throws CserDecodeException {
        return (short) readUnsigned16("u16");
    }

    /** Reads a zigzag i32; OUT_OF_RANGE outside the int range. */
    public int readI32() throws CserDecodeException {
        return ZigZag.decode32(readUnsigned32("i32"));
    }

    /** Reads a u32 (its bit pattern in an int); OUT_OF_RANGE above 2³²−1. */
    public int readU32() throws CserDecodeException {
        return readUnsigned32("u32");
    }

    /** Reads a zigzag i64. */
    public long readI64() throws CserDecodeException {
        return ZigZag.decode64(readVarint64());
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
        if (buf.length - p >= Varint.MAX_LENGTH_32) {
            long v = Varint.decode32(this);
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
        return readWithinRemaining("length");
    }

    /**
     * Reads an element or entry count; LENGTH_TOO_LARGE if above the bytes that remain (every
     * element takes at least one byte).
     */
    public int readCount() throws CserDecodeException {
        return readWithinRemaining("count");
    }

    /** A length or count ({@code what}): at most the bytes that remain after it. */
    private int readWithinRemaining(String what) throws CserDecodeException {
        int p = pos;
        if (buf.length - p >= Varint.MAX_LENGTH_32) {
            long v = Varint.decode32(this);
            if (v >= 0 && v <= limit - pos) {
                return (int) v;
            }
            pos = p;
        }
        return readBounded(what, 1);
    }

    /**
     * Reads the count of a list or map of optionals; LENGTH_TOO_LARGE if above eight times the
     * bytes that remain (an absent element takes one presence bit).
     */
    public int readOptionalCount() throws CserDecodeException {
        int p = pos;
        long n = readVarint64();
        if (Long.compareUnsigned(n, Limits.maxOptionalCount(limit - pos)) > 0) {
            throw errorAt(DecodeErrorKind.LENGTH_TOO_LARGE, "count " + Long.toUnsignedString(n)
                    + " of optionals exceeds 8 x the " + (limit - pos) + " bytes that remain", p);
        }
        return (int) n;
    }

    /**
     * Reads a length ({@code what}) or count of elements at least {@code width} bytes each,
     * bounded by the bytes left ({@link Limits#maxCount}).
     */
    private int readBounded(String what, int width) throws CserDecodeException {
        int p = pos;
        long n = readVarint64();
        int left = limit - pos;
        if (Long.compareUnsigned(n, Limits.maxCount(left, width)) > 0) {
            throw errorAt(DecodeErrorKind.LENGTH_TOO_LARGE, what + " " + Long.toUnsignedString(n)
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
        String s = Utf8.decodeFast(buf, p, n);
        if (s == null) {
            try {
                s = Utf8.decodeStrict(buf, p, p + n, scratch(n), baseOffset - start);
            } catch (CserDecodeException e) {
                throw withStreamHint(e);
            }
        }
        pos = p + n;
        return s;
    }

    /** At least {@code n} chars of scratch space, kept for the next string unless large. */
    private char[] scratch(int n) {
        char[] c = chars;
        if (c == null || c.length < n) {
            c = new char[Math.max(n, 64)];
            if (n <= MAX_CACHED_CHARS) {
                chars = c;
            }
        }
        return c;
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
     * Reads what is left of the current record body, up to the limit, as the record's unknown
     * fields (SPEC §5.5.1) with these unknown presence bits: the bytes are copied, not parsed.
     * Generated code calls it after the last field its schema knows, when bytes remain or
     * {@code presenceBits} is not 0.
     *
     * @return the unknown fields, {@link UnknownFields#NONE} when {@code presenceBits} is 0 and no
     *     byte remains
     */
    public UnknownFields readUnknownFields(int presenceBits) {
        int p = pos;
        int end = limit;
        if (presenceBits == 0 && p == end) {
            return UnknownFields.NONE;
        }
        pos = end;
        return new UnknownFields(presenceBits & 0xFF, Arrays.copyOfRange(buf, p, end));
    }

    /**
     * A copy of the bytes read since {@link #position()} was {@code start}: what a deprecated field
     * was read from, which its value keeps (SPEC §5.5.1, {@link DeprecatedFields}).
     */
    public byte[] bytesSince(int start) {
        return Arrays.copyOfRange(buf, this.start + start, pos);
    }

    /**
     * Whether the bytes read since {@link #position()} was {@code start} are {@code expected}:
     * compared where they lie, so that a deprecated field holding its zero value costs no copy.
     */
    public boolean bytesSinceEqual(int start, byte[] expected) {
        return Arrays.equals(buf, this.start + start, pos, expected, 0, expected.length);
    }

    /**
     * Starts reading the payload of a union's non-record variant (SPEC §5.7): reads its length
     * and limits reading to it. A record variant's payload is the record itself: read it as any
     * record.
     *
     * @return the previous limit, to pass to {@link #endPayload(int)}
     * @throws CserDecodeException LENGTH_TOO_LARGE if the payload is longer than what remains
     */
    public int beginPayload() throws CserDecodeException {
        return pushLimit(readLength());
    }

    /**
     * Ends a payload {@link #beginPayload()} started: the value must have filled it.
     *
     * @throws CserDecodeException TRAILING_BYTES if bytes of the payload remain after the value
     */
    public void endPayload(int oldLimit) throws CserDecodeException {
        if (pos < limit) {
            throw errorAt(DecodeErrorKind.TRAILING_BYTES,
                    (limit - pos) + " bytes after the variant's value in its payload", pos);
        }
        limit = oldLimit + start;
    }

    /**
     * Reads the payload of a union value whose tag the union does not have (SPEC §5.7), keeping
     * it unparsed. Generated code calls it for every tag it does not know.
     *
     * @param tag the tag just read
     * @throws CserDecodeException UNKNOWN_UNION_TAG for tag 0, which no variant has;
     *     LENGTH_TOO_LARGE if the payload is longer than what remains
     */
    public UnknownVariant readUnknownVariant(int tag) throws CserDecodeException {
        if (tag == 0) {
            throw error(DecodeErrorKind.UNKNOWN_UNION_TAG, "tag 0: union variant ids start at 1");
        }
        int length = readLength();
        int p = pos;
        pos = p + length;
        return new UnknownVariant(tag, Arrays.copyOfRange(buf, p, p + length));
    }

    /**
     * Skips what is left of the current body (bytes nobody read: generated records keep them with
     * {@link #readUnknownFields(int)} first) and restores the limit {@link #pushLimit(int)} returned.
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
        int n = readBounded("count", 1);
        byte[] b = buf;
        int p = pos;
        boolean[] a = new boolean[n];
        for (int i = 0; i < n; i++) {
            int x = b[p + i];
            if ((x & ~1) != 0) {
                throw badBool(x, p + i).pushIndex(i);
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
        return readVarintArray(short[]::new, (r, a, i) -> a[i] = r.readI16());
    }

    /** Reads a count, then one varint per element. */
    public short[] readU16Array() throws CserDecodeException {
        return readVarintArray(short[]::new, (r, a, i) -> a[i] = r.readU16());
    }

    /** Reads a count, then one zigzag varint per element. */
    public int[] readI32Array() throws CserDecodeException {
        return readVarintArray(int[]::new, (r, a, i) -> a[i] = r.readI32());
    }

    /** Reads a count, then one varint per element. */
    public int[] readU32Array() throws CserDecodeException {
        return readVarintArray(int[]::new, (r, a, i) -> a[i] = r.readU32());
    }

    /** Reads a count, then one zigzag varint per element. */
    public long[] readI64Array() throws CserDecodeException {
        return readVarintArray(long[]::new, (r, a, i) -> a[i] = r.readI64());
    }

    /** Reads a count, then one varint per element. */
    public long[] readU64Array() throws CserDecodeException {
        return readVarintArray(long[]::new, (r, a, i) -> a[i] = r.readVarint64());
    }

    /** Reads element {@code i} of a packed array into {@code array}. */
    @FunctionalInterface
    private interface ElementReader<A> {
        void read(CserReader r, A array, int i) throws CserDecodeException;
    }

    /** Reads a count, then that many varint elements; an element's error gets its index. */
    private <A> A readVarintArray(IntFunction<A> newArray, ElementReader<A> element) throws CserDecodeException {
        int n = readBounded("count", 1);
        A a = newArray.apply(n);
        int i = 0;
        try {
            for (; i < n; i++) {
                element.read(this, a, i);
            }
        } catch (CserDecodeException e) {
            throw e.pushIndex(i);
        }
        return a;
    }

    /** Reads a count, then 4 little-endian bytes per element; the count is checked against 4 × count bytes. */
    public float[] readF32Array() throws CserDecodeException {
        int n = readBounded("count", 4);
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
        int n = readBounded("count", 8);
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
