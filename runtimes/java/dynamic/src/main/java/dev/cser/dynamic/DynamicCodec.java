package dev.cser.dynamic;

import dev.cser.CserCodec;
import dev.cser.CserDecodeException;
import dev.cser.CserReader;
import dev.cser.CserWriter;
import java.nio.ByteBuffer;
import java.util.Objects;

/**
 * Encodes and decodes values of one record, struct or union by its descriptor: the dynamic
 * counterpart of a generated class's {@code encode}/{@code decode} and {@code CODEC}. It writes
 * the same canonical bytes and fails on the same input with the same {@link CserDecodeException}
 * (kind, offset, field path) as generated Java, under the same limits (SPEC §7, §10); records keep
 * their unknown fields (SPEC §5.5.1).
 *
 * <pre>{@code
 * DynamicCodec codec = DynamicCodec.of(schema.root("sakai.content.ContentResource"));
 * DynamicRecord r = (DynamicRecord) codec.decode(bytes);
 * r.set("id", "/group/x");
 * byte[] again = codec.encode(r);
 * try (var in = new CserStreamReader<>(file, codec)) { ... }     // streams (SPEC §8)
 * }</pre>
 *
 * Immutable and thread-safe.
 */
public final class DynamicCodec implements CserCodec<DynamicValue> {
    private final RootDescriptor type;

    private DynamicCodec(RootDescriptor type) {
        this.type = type;
    }

    /** The codec of {@code type}, a record, struct or union of a built {@link DynamicSchema}. */
    public static DynamicCodec of(RootDescriptor type) {
        return new DynamicCodec(Objects.requireNonNull(type, "type"));
    }

    /** The type it reads and writes. */
    public RootDescriptor type() {
        return type;
    }

    // ---- messages ------------------------------------------------------------------------------

    /**
     * Encodes {@code value} as a whole message (SPEC §5.8).
     *
     * @throws dev.cser.CserEncodeException if the value is not of this type, does not fit it, or
     *     cannot be encoded (a lone surrogate, nesting past the depth limit)
     */
    public byte[] encode(DynamicValue value) {
        CserWriter w = new CserWriter();
        encodeTo(value, w);
        return w.toByteArray();
    }

    /** Appends {@code value} to {@code w} as a whole message; reuse {@code w} to encode many. */
    public void encodeTo(DynamicValue value, CserWriter w) {
        requireOwnType(value);
        DynamicEncoder.writeMessage(value, w);
    }

    /** Decodes a whole message. */
    public DynamicValue decode(byte[] bytes) throws CserDecodeException {
        return decode(new CserReader(bytes));
    }

    /** Decodes a whole message of {@code length} bytes at {@code offset} in {@code bytes}. */
    public DynamicValue decode(byte[] bytes, int offset, int length) throws CserDecodeException {
        return decode(new CserReader(bytes, offset, length));
    }

    /** Decodes the remaining bytes of {@code buffer} as a whole message. */
    public DynamicValue decode(ByteBuffer buffer) throws CserDecodeException {
        return decode(CserReader.of(buffer));
    }

    /** Decodes the rest of {@code r} as a whole message; set a depth limit on {@code r} with {@code withMaxDepth}. */
    public DynamicValue decode(CserReader r) throws CserDecodeException {
        return DynamicDecoder.readMessage(type, r, null);
    }

    /**
     * Decodes a whole message, reporting each piece read to {@code trace} (offsets from the start
     * of the message, paths of fields), for an annotated dump of the bytes. On bad bytes the
     * trace has had everything before the error, then the error is thrown as by {@link #decode(byte[])}.
     */
    public DynamicValue decode(byte[] bytes, DecodeTrace trace) throws CserDecodeException {
        return decode(new CserReader(bytes), trace);
    }

    /** {@link #decode(byte[], DecodeTrace)} from the rest of {@code r}. */
    public DynamicValue decode(CserReader r, DecodeTrace trace) throws CserDecodeException {
        return DynamicDecoder.readMessage(type, r, Objects.requireNonNull(trace, "trace"));
    }

    // ---- streams (CserCodec) -------------------------------------------------------------------

    @Override
    public String typeName() {
        return type.qualifiedName();
    }

    @Override
    public long typeId() {
        return type.typeId();
    }

    @Override
    public long fingerprint() {
        return type.fingerprint();
    }

    @Override
    public void encodeRoot(DynamicValue value, CserWriter w) {
        requireOwnType(value);
        DynamicEncoder.writeFrame(value, w);
    }

    @Override
    public DynamicValue decodeRoot(CserReader r) throws CserDecodeException {
        return DynamicDecoder.readFrame(type, r);
    }

    private void requireOwnType(DynamicValue value) {
        Objects.requireNonNull(value, "value");
        if (value.type() != type) {
            throw new dev.cser.CserEncodeException("a value of " + value.type() + " given to the codec of " + type);
        }
    }

    @Override
    public String toString() {
        return "DynamicCodec[" + type + "]";
    }
}
