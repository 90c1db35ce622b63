package dev.cser.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.cser.CserDecodeException;
import dev.cser.CserStreamHeader;
import dev.cser.CserStreamReader;
import dev.cser.DecodeErrorKind;
import dev.cser.fuzz.RootTypes.RootType;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.EnumSet;
import java.util.Set;

/**
 * {@link CserStreamReader} over any frames. The first input byte picks the root type, the rest
 * follows a valid stream header of that type. Reading goes on until the end of the stream or a
 * framing error: a message that does not decode is skipped and reading continues, a framing error
 * (truncated frame, bad frame length, message too large) must repeat on every later read. Every
 * failure must be a {@link CserDecodeException}; time and allocation are bounded as for
 * {@link DecodeFuzzTest} (plus the reader's 64 KiB buffer).
 */
class StreamFuzzTest {
    /** A small maximum message size, so that the fuzzer reaches MESSAGE_TOO_LARGE. */
    static final int MAX_MESSAGE = 4096;

    private static final Set<DecodeErrorKind> FRAMING = EnumSet.of(DecodeErrorKind.TRUNCATED,
            DecodeErrorKind.MESSAGE_TOO_LARGE, DecodeErrorKind.OVERLONG_VARINT, DecodeErrorKind.BAD_VARINT);

    @FuzzTest
    void stream(byte[] input) throws IOException {
        if (input.length == 0) {
            return;
        }
        RootType type = RootTypes.select(input[0]);
        byte[] header = CserStreamHeader.encode(type.codec().typeId(), type.codec().fingerprint());
        byte[] stream = new byte[header.length + input.length - 1];
        System.arraycopy(header, 0, stream, 0, header.length);
        System.arraycopy(input, 1, stream, header.length, input.length - 1);

        long t0 = Limits.cpuNanos();
        long a0 = Limits.allocated();
        long reads = readAll(type, stream);
        long used = Limits.allocated() - a0;
        long nanos = Limits.cpuNanos() - t0;
        // Each read() hands the caller one value or one exception: the constant of one decode
        // per read, plus the reader's buffer.
        long limit = DecodeFuzzTest.byteCost(type) * stream.length + reads * Limits.ALLOC_CONSTANT + Limits.STREAM_BUFFER;
        if (used > limit) {
            a0 = Limits.allocated();
            readAll(type, stream);
            used = Limits.allocated() - a0;
            if (used > limit) {
                throw new AssertionError(String.format("%s: reading a %d-byte stream (%d reads) allocated %d bytes (limit %d): %s",
                        type.name(), stream.length, reads, used, limit, DecodeFuzzTest.hex(stream)));
            }
        }
        if (Limits.overTime(nanos, () -> readAll(type, stream))) {
            throw new AssertionError(String.format("%s: reading a %d-byte stream (%d reads) took %d ms of CPU",
                    type.name(), stream.length, reads, nanos / 1_000_000));
        }
    }

    /** Reads the whole stream; returns the number of read() calls. */
    private static long readAll(RootType type, byte[] stream) throws IOException {
        long reads = 0;
        try (CserStreamReader<Object> r = new CserStreamReader<>(new ByteArrayInputStream(stream), type.codec())
                .withMaxMessageSize(MAX_MESSAGE)) {
            // Every frame takes at least one byte: more reads than bytes means the reader is stuck.
            while (reads <= stream.length) {
                long indexBefore = r.recordIndex();
                Object v;
                reads++;
                try {
                    v = r.read();
                } catch (CserDecodeException e) {
                    if (e.offset() < 0 || e.offset() > stream.length) {
                        throw new AssertionError("error offset " + e.offset() + " outside the stream: " + e.getMessage(), e);
                    }
                    if (r.recordIndex() == indexBefore) {
                        // A framing error: the stream is over, and says so again.
                        if (!FRAMING.contains(e.kind())) {
                            throw new AssertionError("a framing error of kind " + e.kind() + ": " + e.getMessage(), e);
                        }
                        try {
                            r.read();
                        } catch (CserDecodeException again) {
                            if (again != e) {
                                throw new AssertionError("a framing error that does not repeat", again);
                            }
                            return reads + 1;
                        }
                        throw new AssertionError("a read after a framing error succeeded", e);
                    }
                    continue; // a bad message, skipped
                }
                if (v == null) {
                    if (r.read() != null) {
                        throw new AssertionError("a message after the end of the stream");
                    }
                    return reads + 1;
                }
            }
            throw new AssertionError("more reads than bytes in a " + stream.length + "-byte stream");
        }
    }
}
