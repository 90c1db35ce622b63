package dev.cser;

import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Appends the cser encoding of values (SPEC §4–§5) to a growable byte array.
 *
 * <p>A writer is reusable: {@link #reset()} keeps the array, so encoding many messages with one
 * writer produces no garbage once the array has grown to the largest message. It is not
 * thread-safe.
 *
 * <p>Nested record bodies are written in a single pass: {@link #beginLength()} reserves bytes
 * for the length and {@link #endLength(int)} patches it in, moving the body when the length
 * needs another number of bytes, so lengths are always minimal varints. The bytes reserved are
 * those the last length at the same nesting level took (one at first): when a writer encodes
 * messages of similar shapes, as a reused one does, bodies are rarely moved, even large ones.
 */
public final class CserWriter {
    /** Default maximum nesting depth of records, structs and unions (SPEC §7): {@link Limits#DEFAULT_MAX_DEPTH}. */
    public static final int DEFAULT_MAX_DEPTH = Limits.DEFAULT_MAX_DEPTH;

    /** The nesting levels of lengths whose size {@link #beginLength()} predicts; deeper ones reserve one byte. */
    private static final int LENGTH_SIZE_HINTS = 16;

    private static final VarHandle INT_LE =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buf;
    private int pos;
    private int depth;
    private int maxDepth = DEFAULT_MAX_DEPTH;
    /** How many lengths are open: begun by {@link #beginLength()} and not yet ended. */
    private int openLengths;
    /**
     * For each of the first nesting levels of open lengths, the size of the varint the last length
     * ended at that level took, minus one: how many bytes more than one the next one reserves.
     */
    private final byte[] lengthSizeHints = new byte[LENGTH_SIZE_HINTS];

    /** Creates a writer with a 256-byte initial array. */
    public CserWriter() {
        this(256);
    }

    /** Creates a writer whose array starts with {@code initialCapacity} bytes. */
    public CserWriter(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException("negative capacity: " + initialCapacity);
        }
        buf = new byte[Math.max(initialCapacity, 16)];
    }

    /**
     * Sets the maximum nesting depth (default 64); deeper values fail with
     * {@link CserEncodeException}.
     *
     * @return this writer
     */
    public CserWriter withMaxDepth(int maxDepth) {
        this.maxDepth = Limits.requireMaxDepth(maxDepth);
        return this;
    }

    /** Empties the writer (keeping its array) and resets the depth, e.g. after a failed encode. */
    public void reset() {
        pos = 0;
        depth = 0;
        openLengths = 0;
    }

    /** The number of bytes written. */
    public int size() {
        return pos;
    }

    /** A copy of the bytes written. */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }

    /**
     * The backing array, valid from 0 to {@link #size()}; no copy. It is replaced when the writer
     * grows, so fetch it again after writing.
     */
    public byte[] buffer() {
        return buf;
    }

    /** Writes the bytes written so far to {@code out}. */
    public void writeTo(OutputStream out) throws IOException {
        out.write(buf, 0, pos);
    }

    // ---- capacity ------------------------------------------------------------------------------

    /** Makes room for {@code n} more bytes. */
    private void ensure(int n) {
        if (n > buf.length - pos) {
            grow(n);
        }
    }

    private void grow(long n) {
        long needed = pos + n;
        if (needed > Limits.MAX_ARRAY) {
            throw new CserEncodeException("message too large for a Java array: " + needed + " bytes");
        }
        int cap = (int) Math.max(needed, Math.min((long) buf.length * 2, Limits.MAX_ARRAY));
        buf = Arrays.copyOf(buf, cap);
    }

    // ---- primitives ----------------------------------------------------------------------------

    /** Writes the low 8 bits of {@code b} as one byte (e.g. a presence byte). */
    public void writeByte(int b) {
        if (pos == buf.length) {
            grow(1);
        }
        buf[pos++] = (byte) b;
    }

    /** Writes {@code len} bytes of {@code b} from {@code off} unchanged. */
    public void writeRaw(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
    }

    /**
     * Writes the unknown bytes of a record (SPEC §5.5.1) unchanged, after its known fields; the
     * generated code ORs the unknown presence bits into the record's last presence byte itself.
     */
    public void writeUnknownBytes(UnknownFields fields) {
        byte[] b = fields.bytes;
        writeRaw(b, 0, b.length);
    }

    /** Writes {@code v}, read as an unsigned 32-bit integer, as a varint. */
    public void writeVarint32(int v) {
        if (buf.length - pos < Varint.MAX_LENGTH_32) {
            grow(Varint.MAX_LENGTH_32);
        }
        pos = Varint.put32(buf, pos, v);
    }

    /** Writes {@code v}, read as an unsigned 64-bit integer, as a varint. */
    public void writeVarint64(long v) {
        if (buf.length - pos < Varint.MAX_LENGTH) {
            grow(Varint.MAX_LENGTH);
        }
        pos = Varint.put64(buf, pos, v);
    }

    /** Writes {@code 00} or {@code 01}. */
    public void writeBool(boolean v) {
        writeByte(v ? 1 : 0);
    }

    /** Writes an i8 as one two's-complement byte. */
    public void writeI8(byte v) {
        writeByte(v);
    }

    /** Writes a u8 (the unsigned bit pattern in a byte) as one byte. */
    public void writeU8(byte v) {
        writeByte(v);
    }

    /** Writes an i16 as a zigzag varint. */
    public void writeI16(short v) {
        writeVarint32(ZigZag.encode32(v));
    }

    /** Writes a u16 (the unsigned bit pattern in a short) as a varint. */
    public void writeU16(short v) {
        writeVarint32(v & 0xFFFF);
    }

    /** Writes an i32 as a zigzag varint. */
    public void writeI32(int v) {
        writeVarint32(ZigZag.encode32(v));
    }

    /** Writes a u32 (the unsigned bit pattern in an int) as a varint. */
    public void writeU32(int v) {
        writeVarint32(v);
    }

    /** Writes an i64 as a zigzag varint. */
    public void writeI64(long v) {
        writeVarint64(ZigZag.encode64(v));
    }

    /** Writes a u64 (the unsigned bit pattern in a long) as a varint. */
    public void writeU64(long v) {
        writeVarint64(v);
    }

    /** Writes the raw IEEE 754 bits of {@code v}, little-endian (NaN payloads are kept). */
    public void writeF32(float v) {
        ensure(4);
        INT_LE.set(buf, pos, Float.floatToRawIntBits(v));
        pos += 4;
    }

    /** Writes the raw IEEE 754 bits of {@code v}, little-endian (NaN payloads are kept). */
    public void writeF64(double v) {
        ensure(8);
        LONG_LE.set(buf, pos, Double.doubleToRawLongBits(v));
        pos += 8;
    }

    /**
     * Writes an enum member's number as a varint.
     *
     * @throws CserEncodeException if {@code number} is negative (numbers are 0..2³¹−1)
     */
    public void writeEnum(int number) {
        if (number < 0) {
            throw new CserEncodeException("enum number out of range: " + number);
        }
        writeVarint32(number);
    }

    /**
     * Writes an element or entry count.
     *
     * @throws CserEncodeException if {@code count} is negative
     */
    public void writeCount(int count) {
        if (count < 0) {
            throw new CserEncodeException("negative count: " + count);
        }
        writeVarint32(count);
    }

    /** Writes the length of {@code b}, then its bytes. */
    public void writeBytes(byte[] b) {
        if (b == null) {
            throw new CserEncodeException("null bytes in a non-optional position");
        }
        writeVarint32(b.length);
        writeRaw(b, 0, b.length);
    }

    // ---- strings -------------------------------------------------------------------------------

    /**
     * Writes the UTF-8 length of {@code s}, then its UTF-8 bytes.
     *
     * @throws CserEncodeException if {@code s} holds a lone surrogate (it has no UTF-8 form, and
     *     writing a replacement character would silently change the value), or is null
     */
    public void writeString(String s) {
        if (s == null) {
            throw new CserEncodeException("null string in a non-optional position");
        }
        if (Utf8.isAscii(s)) {
            writeAscii(s);
        } else {
            writeStringUtf8(s);
        }
    }

    /** Writes the length of ASCII {@code s}, then its chars as bytes. */
    private void writeAscii(String s) {
        int n = s.length();
        if (n > buf.length - pos - Varint.MAX_LENGTH_32) {
            grow(n + (long) Varint.MAX_LENGTH_32);
        }
        pos = Utf8.putAscii(s, buf, Varint.put32(buf, pos, n));
    }

    /** The general case: any string. */
    private void writeStringUtf8(String s) {
        long utf8Length = Utf8.encodedLength(s);
        if (utf8Length > Limits.MAX_ARRAY) {
            throw new CserEncodeException("string too long: " + utf8Length + " UTF-8 bytes");
        }
        int len = (int) utf8Length;
        writeVarint32(len);
        ensure(len);
        pos = Utf8.encode(s, buf, pos);
    }

    // ---- nested record bodies ------------------------------------------------------------------

    /**
     * Reserves bytes for the length of a body about to be written: as many as the last length
     * ended at the same nesting level took, one at first.
     *
     * @return the mark to pass to {@link #endLength(int)}
     */
    public int beginLength() {
        int level = openLengths++;
        int reserved = level < LENGTH_SIZE_HINTS ? lengthSizeHints[level] + 1 : 1;
        if (buf.length - pos < reserved) {
            grow(reserved);
        }
        int mark = pos;
        pos = mark + reserved;
        return mark;
    }

    /**
     * Writes the length of the body written since {@link #beginLength()} returned {@code mark}
     * into the reserved bytes, moving the body when the length takes another number of bytes.
     * Lengths must be ended in the reverse order of their beginning.
     */
    public void endLength(int mark) {
        int level = --openLengths;
        int reserved = level < LENGTH_SIZE_HINTS ? lengthSizeHints[level] + 1 : 1;
        int len = pos - mark - reserved;
        if (len < 0x80 && reserved == 1) {
            buf[mark] = (byte) len;
            return;
        }
        endLengthResized(mark, level, reserved, len);
    }

    /** The rest of {@link #endLength(int)}: a length of other than one byte, or one byte too many reserved. */
    private void endLengthResized(int mark, int level, int reserved, int len) {
        int size = Varint.size(len);
        if (size != reserved) {
            if (size > reserved) {
                ensure(size - reserved);
            }
            System.arraycopy(buf, mark + reserved, buf, mark + size, len);
            pos += size - reserved;
            if (level < LENGTH_SIZE_HINTS) {
                lengthSizeHints[level] = (byte) (size - 1);
            }
        }
        Varint.put32(buf, mark, len);
    }

    // ---- union payloads (SPEC §5.7) -------------------------------------------------------------

    /**
     * Starts the payload of a union's non-record variant: its length goes before the value
     * (a record variant is its own payload: write it as any record).
     *
     * @return the mark to pass to {@link #endPayload(int)}
     */
    public int beginPayload() {
        return beginLength();
    }

    /** Ends the payload {@link #beginPayload()} started: writes its length before it. */
    public void endPayload(int mark) {
        endLength(mark);
    }

    /**
     * Writes the payload of an unknown variant (its length, then its bytes as they were read);
     * the union writes its tag first.
     */
    public void writeUnknownPayload(UnknownVariant variant) {
        writeVarint32(variant.payload.length);
        writeRaw(variant.payload, 0, variant.payload.length);
    }

    // ---- depth ---------------------------------------------------------------------------------

    /**
     * Enters a record, struct or union value.
     *
     * @throws CserEncodeException if that is deeper than the maximum depth (a cyclic graph or a
     *     value no decoder with the same limit would accept)
     */
    public void enter() {
        if (depth >= maxDepth) {
            throw new CserEncodeException("nesting deeper than the maximum depth " + maxDepth
                    + " (a cyclic object graph?)");
        }
        depth++;
    }

    /** Leaves the value entered by the matching {@link #enter()}. */
    public void exit() {
        depth--;
    }

    // ---- packed and primitive arrays -----------------------------------------------------------

    /** Writes the count, then one {@code 00}/{@code 01} byte per element. */
    public void writeBoolArray(boolean[] a) {
        int n = requireArray(a, a == null ? 0 : a.length);
        writeVarint32(n);
        ensure(n);
        byte[] b = buf;
        int p = pos;
        for (int i = 0; i < n; i++) {
            b[p + i] = (byte) (a[i] ? 1 : 0);
        }
        pos = p + n;
    }

    /** Writes the count, then the bytes (the same encoding as {@link #writeBytes}). */
    public void writeI8Array(byte[] a) {
        writeBytes(a);
    }

    /** Writes the count, then the bytes (u8 shares i8's encoding). */
    public void writeU8Array(byte[] a) {
        writeBytes(a);
    }

    /** Writes the count, then one zigzag varint per element. */
    public void writeI16Array(short[] a) {
        writeVarint32(requireArray(a, a == null ? 0 : a.length));
        for (short v : a) {
            writeI16(v);
        }
    }

    /** Writes the count, then one varint per element. */
    public void writeU16Array(short[] a) {
        writeVarint32(requireArray(a, a == null ? 0 : a.length));
        for (short v : a) {
            writeU16(v);
        }
    }

    /** Writes the count, then one zigzag varint per element. */
    public void writeI32Array(int[] a) {
        writeVarint32(requireArray(a, a == null ? 0 : a.length));
        for (int v : a) {
            writeI32(v);
        }
    }

    /** Writes the count, then one varint per element. */
    public void writeU32Array(int[] a) {
        writeVarint32(requireArray(a, a == null ? 0 : a.length));
        for (int v : a) {
            writeVarint32(v);
        }
    }

    /** Writes the count, then one zigzag varint per element. */
    public void writeI64Array(long[] a) {
        writeVarint32(requireArray(a, a == null ? 0 : a.length));
        for (long v : a) {
            writeI64(v);
        }
    }

    /** Writes the count, then one varint per element. */
    public void writeU64Array(long[] a) {
        writeVarint32(requireArray(a, a == null ? 0 : a.length));
        for (long v : a) {
            writeVarint64(v);
        }
    }

    /** Writes the count, then 4 little-endian bytes per element (raw bits, NaN payloads kept). */
    public void writeF32Array(float[] a) {
        int n = requireArray(a, a == null ? 0 : a.length);
        writeVarint32(n);
        ensure(packedSize(n, 4));
        byte[] b = buf;
        int p = pos;
        for (int i = 0; i < n; i++) {
            INT_LE.set(b, p, Float.floatToRawIntBits(a[i]));
            p += 4;
        }
        pos = p;
    }

    /** Writes the count, then 8 little-endian bytes per element (raw bits, NaN payloads kept). */
    public void writeF64Array(double[] a) {
        int n = requireArray(a, a == null ? 0 : a.length);
        writeVarint32(n);
        ensure(packedSize(n, 8));
        byte[] b = buf;
        int p = pos;
        for (int i = 0; i < n; i++) {
            LONG_LE.set(b, p, Double.doubleToRawLongBits(a[i]));
            p += 8;
        }
        pos = p;
    }

    /** Rejects a null array (a list field is never null) before anything is written. */
    private static int requireArray(Object array, int length) {
        if (array == null) {
            throw new CserEncodeException("null list in a non-optional position");
        }
        return length;
    }

    /** The byte size of {@code n} elements of {@code width} bytes, if an array can hold it. */
    private static int packedSize(int n, int width) {
        long size = (long) n * width;
        if (size > Limits.MAX_ARRAY) {
            throw new CserEncodeException("list too long to encode: " + n + " elements");
        }
        return (int) size;
    }
}
