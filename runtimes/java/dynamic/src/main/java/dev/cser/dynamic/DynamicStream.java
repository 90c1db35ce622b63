package dev.cser.dynamic;

import dev.cser.CserCodec;
import dev.cser.CserDecodeException;
import dev.cser.CserReader;
import dev.cser.CserStreamHeader;
import dev.cser.CserStreamReader;
import dev.cser.CserWriter;
import dev.cser.DecodeErrorKind;
import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Locale;

/**
 * A stream (SPEC §8) whose type is not known in advance: {@link #open} reads its header, finds
 * the record, struct or union of the schema with the header's type id, and {@link #records()}
 * reads the frames as dynamic values with the runtime's {@link CserStreamReader} (same limits,
 * same errors; a corrupt record is one error and the next {@code read()} goes on after it).
 *
 * <pre>{@code
 * try (DynamicStream s = DynamicStream.open(in, schema)) {
 *     System.err.println(s.type() + " fingerprint " + s.fingerprintHex() + (s.fingerprintMatches() ? "" : " (other schema)"));
 *     CserStreamReader<DynamicValue> records = s.records();
 *     for (DynamicValue v; (v = records.read()) != null; ) { ... DynamicJson.write(v, false) ... }
 * }
 * }</pre>
 *
 * To write a stream, use {@code new CserStreamWriter<>(out, DynamicCodec.of(type))}.
 */
public final class DynamicStream implements Closeable {
    private final InputStream in;
    private final byte[] header;
    private final long typeId;
    private final long writerFingerprint;
    private final RootDescriptor type;

    private DynamicStream(InputStream in, byte[] header, long typeId, long writerFingerprint, RootDescriptor type) {
        this.in = in;
        this.header = header;
        this.typeId = typeId;
        this.writerFingerprint = writerFingerprint;
        this.type = type;
    }

    /**
     * Reads the header of the stream {@code in} and looks its type id up in {@code schema}.
     *
     * @throws CserDecodeException BAD_STREAM_HEADER or TRUNCATED for a header the runtime's
     *     stream reader rejects (with its message and offset)
     */
    public static DynamicStream open(InputStream in, DynamicSchema schema) throws IOException {
        byte[] header = in.readNBytes(CserStreamHeader.LENGTH);
        long typeId = header.length >= CserStreamHeader.FINGERPRINT_OFFSET
                ? littleEndian(header, CserStreamHeader.TYPE_ID_OFFSET) : 0;
        // The runtime's reader judges the header, so that a bad one fails as on every stream.
        try (CserStreamReader<Object> probe = new CserStreamReader<>(new ByteArrayInputStream(header),
                new HeaderProbe(typeId))) {
            long fingerprint = probe.writerFingerprint();
            return new DynamicStream(in, header, typeId, fingerprint, schema.rootByTypeId(typeId));
        }
    }

    /** The type id of the header. */
    public long typeId() {
        return typeId;
    }

    /** The fingerprint of the schema that wrote the stream. */
    public long writerFingerprint() {
        return writerFingerprint;
    }

    /** The writer's fingerprint as 16 lowercase hex digits, as stream errors print it. */
    public String fingerprintHex() {
        return String.format(Locale.ROOT, "%016x", writerFingerprint);
    }

    /** The schema's record, struct or union with the header's type id, or null when it has none. */
    public RootDescriptor type() {
        return type;
    }

    /** Whether the stream was written with this schema's version of {@link #type()} (SPEC §8: any is accepted). */
    public boolean fingerprintMatches() {
        return type != null && type.fingerprint() == writerFingerprint;
    }

    /**
     * The records, read as values of {@link #type()}.
     *
     * @throws CserDecodeException WRONG_TYPE when no type of the schema has the header's type id
     */
    public CserStreamReader<DynamicValue> records() throws CserDecodeException {
        if (type == null) {
            throw new CserDecodeException(DecodeErrorKind.WRONG_TYPE, String.format(Locale.ROOT,
                    "stream holds type id %016x, which no record, struct or union of the schema has", typeId),
                    CserStreamHeader.TYPE_ID_OFFSET);
        }
        return records(type);
    }

    /**
     * The records, read as values of {@code type}: the stream reader rejects the stream
     * (WRONG_TYPE) on its first read if it holds another type.
     */
    public CserStreamReader<DynamicValue> records(RootDescriptor type) {
        return new CserStreamReader<>(new SequenceInputStream(new ByteArrayInputStream(header), in),
                DynamicCodec.of(type));
    }

    /** Closes the underlying input. */
    @Override
    public void close() throws IOException {
        in.close();
    }

    private static long littleEndian(byte[] b, int off) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[off + i] & 0xFF);
        }
        return v;
    }

    /** A codec that accepts the type id it is given and never reads a frame: only the header is checked. */
    private record HeaderProbe(long typeId) implements CserCodec<Object> {
        @Override
        public String typeName() {
            return "(any type)";
        }

        @Override
        public long fingerprint() {
            return 0;
        }

        @Override
        public void encodeRoot(Object value, CserWriter w) {
            throw new UnsupportedOperationException("the header probe writes nothing");
        }

        @Override
        public Object decodeRoot(CserReader r) {
            throw new UnsupportedOperationException("the header probe reads no frame");
        }
    }
}
