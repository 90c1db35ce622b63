package dev.cser;

import java.io.Closeable;
import java.io.Flushable;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Objects;

/**
 * Writes a cser stream (SPEC §8): the header, then one length-prefixed frame per message.
 *
 * <p>Bytes are gathered in an internal 64 KiB buffer, so the output stream may be unbuffered
 * (a socket, a file) without costing a system call per message; call {@link #flush()} to push
 * them out. The header is buffered on construction, so even a stream with no messages has one
 * once flushed or closed. Not thread-safe.
 *
 * @param <T> the root type
 */
public final class CserStreamWriter<T> implements Closeable, Flushable {
    private static final int BUFFER_SIZE = 1 << 16;

    private final OutputStream out;
    private final CserCodec<T> codec;
    /** Reused for every message, so a long stream produces no garbage per message. */
    private final CserWriter message = new CserWriter(1024);
    private final byte[] buf = new byte[BUFFER_SIZE];
    private int count;
    private long recordCount;
    private boolean closed;

    /** Starts a stream of {@code codec}'s type on {@code out}; the header is written first. */
    public CserStreamWriter(OutputStream out, CserCodec<T> codec) {
        this.out = Objects.requireNonNull(out, "out");
        this.codec = Objects.requireNonNull(codec, "codec");
        byte[] header = CserStreamHeader.encode(codec.typeId(), codec.fingerprint());
        System.arraycopy(header, 0, buf, 0, header.length);
        count = header.length;
    }

    /**
     * Sets the maximum nesting depth of the messages written (default 64).
     *
     * @return this writer
     */
    public CserStreamWriter<T> withMaxDepth(int maxDepth) {
        message.withMaxDepth(maxDepth);
        return this;
    }

    /**
     * Appends one message. A value that fails to encode writes nothing.
     *
     * @throws CserEncodeException if {@code value} is null or cannot be encoded
     * @throws IOException if the output stream fails, or this writer is closed
     */
    public void write(T value) throws IOException {
        if (closed) {
            throw new IOException("stream writer is closed");
        }
        if (value == null) {
            throw new CserEncodeException("null message in a stream of " + codec.typeName());
        }
        message.reset();
        codec.encodeRoot(value, message);
        int len = message.size();
        if (buf.length - count < Varint.MAX_LENGTH_32) {
            flushBuffer();
        }
        count = Varint.put32(buf, count, len);
        if (len > buf.length - count) {
            flushBuffer();
        }
        if (len <= buf.length - count) {
            System.arraycopy(message.buffer(), 0, buf, count, len);
            count += len;
        } else {
            // Larger than the whole buffer: send it as it is, without a copy.
            out.write(message.buffer(), 0, len);
        }
        recordCount++;
    }

    /** The number of messages written so far. */
    public long recordCount() {
        return recordCount;
    }

    private void flushBuffer() throws IOException {
        if (count > 0) {
            out.write(buf, 0, count);
            count = 0;
        }
    }

    /** Writes out everything buffered and flushes the output stream. */
    @Override
    public void flush() throws IOException {
        if (closed) {
            return;
        }
        flushBuffer();
        out.flush();
    }

    /** Flushes, then closes the output stream. Closing twice does nothing. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        try {
            flushBuffer();
            out.flush();
        } finally {
            closed = true;
            out.close();
        }
    }
}
