package dev.cser;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a cser stream (SPEC §8): checks the header, then decodes one message per frame.
 *
 * <p>Input is read in large chunks into an internal buffer, so an unbuffered input stream (a
 * socket) costs no system call per message. The buffer grows only as bytes actually arrive, so
 * a frame that declares a huge length and then ends costs no more memory than its bytes. A frame
 * longer than the maximum message size (default 64 MiB) is rejected before anything is read.
 *
 * <p>The header is read on the first {@link #read()} (or {@link #writerFingerprint()}), so the
 * {@code with...} options can be set first. A message that fails to decode does not break the
 * framing: its frame is skipped and the next {@link #read()} goes on with the next message.
 * Errors in the framing itself (a truncated frame, a bad header) end the stream: every later
 * {@code read()} throws the same error. Not thread-safe.
 *
 * <p>Untrusted input: every failure is a {@link CserDecodeException} whose {@code offset()} is
 * counted from the start of the stream and whose message names the record, e.g. {@code (record 7,
 * frame at stream offset 1234)}: its index (the count of frames before it, {@link #recordIndex()})
 * and where its frame starts. A stream cut anywhere yields every complete record before the cut,
 * then TRUNCATED. A corrupt record is one error, and the next {@code read()} returns the record
 * after it; a corrupt frame <em>length</em> cannot be told from a good one, so the frames after it
 * are read from wherever it points (and usually fail). Memory is bounded by the maximum message
 * size, whatever lengths the input declares.
 *
 * @param <T> the root type
 */
public final class CserStreamReader<T> implements Closeable, Iterable<T> {
    /** Default maximum frame length: 64 MiB ({@link Limits#DEFAULT_MAX_MESSAGE_SIZE}). */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = Limits.DEFAULT_MAX_MESSAGE_SIZE;

    private static final int BUFFER_SIZE = 1 << 16;

    private final InputStream in;
    private final CserCodec<T> codec;
    private final CserReader reader = new CserReader(new byte[0]);
    private int maxMessageSize = DEFAULT_MAX_MESSAGE_SIZE;
    private boolean requireFingerprint;
    private KnownSchemas knownSchemas;
    private boolean requireKnownSchema;

    /** Bytes read but not yet consumed are {@code buf[pos..end)}. */
    private byte[] buf = new byte[BUFFER_SIZE];
    private int pos;
    private int end;
    /** The stream offset of {@code buf[0]}. */
    private long bufStart;
    private boolean eof;
    private boolean headerRead;
    private boolean closed;
    /** A framing error: the stream cannot go on after it. */
    private CserDecodeException broken;
    private long writerFingerprint;
    private long recordIndex;
    private long frameOffset = -1;

    /** Reads a stream of {@code codec}'s type from {@code in}. */
    public CserStreamReader(InputStream in, CserCodec<T> codec) {
        this.in = Objects.requireNonNull(in, "in");
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    /**
     * Sets the largest frame accepted (default 64 MiB); longer ones fail with MESSAGE_TOO_LARGE.
     *
     * @return this reader
     */
    public CserStreamReader<T> withMaxMessageSize(int maxMessageSize) {
        if (maxMessageSize < 0) {
            throw new IllegalArgumentException("negative max message size: " + maxMessageSize);
        }
        this.maxMessageSize = maxMessageSize;
        return this;
    }

    /**
     * Sets the maximum nesting depth of each message (default 64).
     *
     * @return this reader
     */
    public CserStreamReader<T> withMaxDepth(int maxDepth) {
        reader.withMaxDepth(maxDepth);
        return this;
    }

    /**
     * Whether to reject (WRONG_TYPE) a stream written with another schema fingerprint than the
     * codec's. Off by default: a compatible older or newer schema may have written it (SPEC §9).
     *
     * @return this reader
     */
    public CserStreamReader<T> requireFingerprint(boolean require) {
        this.requireFingerprint = require;
        return this;
    }

    /**
     * Reads the stream as written with this schema when its header's fingerprint is this text's
     * (SPEC §9.1): the same as {@link #withKnownSchemas} with this one text.
     *
     * @param canonicalText the writer's canonical schema text (SPEC §8.1)
     * @return this reader
     * @throws IllegalArgumentException if it is not a canonical text
     * @throws IllegalStateException if the codec carries no canonical text of its own
     */
    public CserStreamReader<T> withWriterSchema(String canonicalText) {
        return withKnownSchemas(KnownSchemas.of(canonicalText));
    }

    /**
     * Compares the writer's schema with the codec's before reading a frame, when the header's
     * fingerprint is another one that {@code known} holds (SPEC §9.1): an incompatible writer is
     * rejected (INCOMPATIBLE_SCHEMA, naming the first difference), so no value is decoded with the
     * wrong schema. A fingerprint {@code known} does not hold is read as before, unless
     * {@link #requireKnownSchema} is set.
     *
     * @return this reader
     * @throws IllegalStateException if the codec carries no canonical text of its own
     */
    public CserStreamReader<T> withKnownSchemas(KnownSchemas known) {
        if (codec.canonicalText() == null) {
            throw new IllegalStateException("the codec of " + codec.typeName()
                    + " carries no canonical schema text to compare a writer's with");
        }
        this.knownSchemas = Objects.requireNonNull(known, "known");
        return this;
    }

    /**
     * Whether to reject (INCOMPATIBLE_SCHEMA) a stream written with a schema fingerprint that is
     * neither the codec's nor one of the known schemas'. Off by default.
     *
     * @return this reader
     */
    public CserStreamReader<T> requireKnownSchema(boolean require) {
        this.requireKnownSchema = require;
        return this;
    }

    /** The fingerprint of the schema that wrote the stream (reads the header if not yet read). */
    public long writerFingerprint() throws IOException {
        ensureOpen();
        readHeader();
        return writerFingerprint;
    }

    /** The index of the next record: the number of frames consumed so far. */
    public long recordIndex() {
        return recordIndex;
    }

    /**
     * The stream offset of the frame (its length prefix) that the last {@link #read()} returned
     * or failed in, as error messages print it; -1 before the first frame. For tools that list
     * records by where they sit ({@code cserc cat --offsets}).
     */
    public long frameOffset() {
        return frameOffset;
    }

    /**
     * Reads the next message.
     *
     * @return the message, or null at the end of the stream (end of input on a frame boundary)
     * @throws CserDecodeException on a bad header, a truncated or too large frame, or a message
     *     that does not decode (its offset is counted from the start of the stream)
     * @throws IOException if the input stream fails or this reader is closed
     */
    public T read() throws IOException {
        ensureOpen();
        readHeader();
        long index = recordIndex;
        long frameStart = bufStart + pos;
        frameOffset = frameStart;
        int len;
        try {
            shrinkBuffer();
            if (!fill(1)) {
                return null; // end of input on a frame boundary: the stream is over
            }
            long length = readFrameLength();
            if (Long.compareUnsigned(length, maxMessageSize) > 0) {
                throw new CserDecodeException(DecodeErrorKind.MESSAGE_TOO_LARGE, "frame length "
                        + Long.toUnsignedString(length) + " exceeds the maximum message size " + maxMessageSize,
                        frameStart);
            }
            len = (int) length;
            if (!fill(len)) {
                throw new CserDecodeException(DecodeErrorKind.TRUNCATED, "stream ends inside a frame of "
                        + len + " bytes", bufStart + end);
            }
        } catch (CserDecodeException e) {
            e.setContext("record " + index + ", frame at stream offset " + frameStart);
            broken = e;
            throw e;
        }
        int bodyPos = pos;
        // Consume the frame before decoding: a bad message leaves the framing intact.
        pos += len;
        recordIndex++;
        reader.reset(buf, bodyPos, len).withBaseOffset(bufStart + bodyPos).asStreamFrame();
        try {
            return codec.decodeRoot(reader);
        } catch (CserDecodeException e) {
            e.setContext("record " + index + ", frame at stream offset " + frameStart);
            throw e;
        }
    }

    /**
     * Reads the varint length of the next frame, consuming it; at least one byte is available.
     * Waits for the bytes of the varint only (up to its last byte, or 10), never for more.
     *
     * @return the length, unsigned (a forged one may have bit 63 set)
     */
    private long readFrameLength() throws IOException {
        for (int i = 0; i < Varint.MAX_LENGTH - 1 && buf[pos + i] < 0; i++) {
            if (!fill(i + 2)) {
                throw new CserDecodeException(DecodeErrorKind.TRUNCATED, "stream ends inside a frame length",
                        bufStart + end);
            }
        }
        reader.reset(buf, pos, end - pos).withBaseOffset(bufStart + pos).asStreamFrame();
        long length;
        try {
            length = reader.readVarint64();
        } catch (CserDecodeException e) {
            throw new CserDecodeException(e.kind(), "frame length: " + e.reason(), e.offset());
        }
        pos += reader.position();
        return length;
    }

    private void readHeader() throws IOException {
        if (broken != null) {
            throw broken;
        }
        if (headerRead) {
            return;
        }
        try {
            int n = CserStreamHeader.LENGTH;
            boolean complete = fill(n);
            // pos is 0 here: the header is the first thing read.
            int bad = CserStreamHeader.firstBadPrefixByte(buf, Math.min(end, n));
            if (bad == CserStreamHeader.VERSION_OFFSET) {
                throw new CserDecodeException(DecodeErrorKind.BAD_STREAM_HEADER, "a cser stream of format version "
                        + (buf[bad] & 0xFF) + ": this reader reads format version " + CserStreamHeader.VERSION
                        + " only (SPEC §8)", bad);
            }
            if (bad >= 0) {
                throw new CserDecodeException(DecodeErrorKind.BAD_STREAM_HEADER,
                        "not a cser stream of format version " + CserStreamHeader.VERSION
                                + " (bad magic or version)", bad);
            }
            if (!complete) {
                throw new CserDecodeException(DecodeErrorKind.TRUNCATED, "stream ends inside its " + n
                        + "-byte header", end);
            }
            long typeId = CserStreamHeader.getLongLe(buf, CserStreamHeader.TYPE_ID_OFFSET);
            if (typeId != codec.typeId()) {
                throw new CserDecodeException(DecodeErrorKind.WRONG_TYPE, String.format(
                        "stream holds type id %016x, not %s (%016x)", typeId, codec.typeName(), codec.typeId()),
                        CserStreamHeader.TYPE_ID_OFFSET);
            }
            writerFingerprint = CserStreamHeader.getLongLe(buf, CserStreamHeader.FINGERPRINT_OFFSET);
            if (requireFingerprint && writerFingerprint != codec.fingerprint()) {
                throw new CserDecodeException(DecodeErrorKind.WRONG_TYPE, String.format(
                        "stream written by schema fingerprint %016x, this reader requires %016x",
                        writerFingerprint, codec.fingerprint()), CserStreamHeader.FINGERPRINT_OFFSET);
            }
            checkWriterSchema();
            pos += n;
            headerRead = true;
        } catch (CserDecodeException e) {
            broken = e;
            throw e;
        }
    }

    /** SPEC §9.1: an incompatible writer, or an unknown one where a known one is required, ends the stream. */
    private void checkWriterSchema() throws CserDecodeException {
        if (writerFingerprint == codec.fingerprint()) {
            return;
        }
        if (knownSchemas != null && knownSchemas.contains(writerFingerprint)) {
            Optional<String> difference = knownSchemas.difference(writerFingerprint, codec);
            if (difference.isPresent()) {
                throw new CserDecodeException(DecodeErrorKind.INCOMPATIBLE_SCHEMA, String.format(
                        "the writer's schema (fingerprint %016x) is not compatible with the reader's (SPEC §9.1): %s",
                        writerFingerprint, difference.get()), CserStreamHeader.FINGERPRINT_OFFSET);
            }
        } else if (requireKnownSchema) {
            throw new CserDecodeException(DecodeErrorKind.INCOMPATIBLE_SCHEMA, String.format(
                    "stream written by schema fingerprint %016x, which this reader does not know", writerFingerprint),
                    CserStreamHeader.FINGERPRINT_OFFSET);
        }
    }

    /**
     * Makes at least {@code n} unconsumed bytes available, reading as needed.
     *
     * @return false if the input ends first
     */
    private boolean fill(int n) throws IOException {
        while (end - pos < n) {
            if (eof) {
                return false;
            }
            if (end == buf.length) {
                if (pos > 0) {
                    compact();
                } else {
                    // The buffer is full of bytes that really arrived: growing now at most
                    // doubles what the input has sent, whatever length a frame declares.
                    byte[] bigger = new byte[(int) Math.min(2L * buf.length, n)];
                    System.arraycopy(buf, 0, bigger, 0, end);
                    buf = bigger;
                }
            }
            int r = in.read(buf, end, buf.length - end);
            if (r < 0) {
                eof = true;
                return false;
            }
            end += r;
        }
        return true;
    }

    private void compact() {
        int n = end - pos;
        System.arraycopy(buf, pos, buf, 0, n);
        bufStart += pos;
        pos = 0;
        end = n;
    }

    /** Gives back the memory of a large message once the bytes left fit the normal buffer. */
    private void shrinkBuffer() {
        if (buf.length > BUFFER_SIZE && end - pos <= BUFFER_SIZE / 2) {
            byte[] small = new byte[BUFFER_SIZE];
            System.arraycopy(buf, pos, small, 0, end - pos);
            bufStart += pos;
            end -= pos;
            pos = 0;
            buf = small;
        }
    }

    private void ensureOpen() throws IOException {
        if (closed) {
            throw new IOException("stream reader is closed");
        }
    }

    /**
     * Iterates over the remaining messages. I/O and decode errors surface as
     * {@link UncheckedIOException} (wrapping the {@link CserDecodeException}). The stream is read
     * once: a second iterator continues where the first stopped.
     */
    @Override
    public Iterator<T> iterator() {
        return new Iterator<>() {
            private T next;
            private boolean done;

            @Override
            public boolean hasNext() {
                if (next == null && !done) {
                    try {
                        next = read();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    done = next == null;
                }
                return next != null;
            }

            @Override
            public T next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                T t = next;
                next = null;
                return t;
            }
        };
    }

    /** Closes the input stream. */
    @Override
    public void close() throws IOException {
        if (!closed) {
            closed = true;
            in.close();
        }
    }
}
