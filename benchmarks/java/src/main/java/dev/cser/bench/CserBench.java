package dev.cser.bench;

import dev.cser.CserDecodeException;
import dev.cser.CserReader;
import dev.cser.CserWriter;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The generated cser code: encode into a reused {@link CserWriter}, decode through a reused
 * {@link CserReader} (both garbage-free apart from the decoded objects). Each workload runs in
 * its own fork, so the encoder and decoder chosen in {@link #setup} stay monomorphic.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class CserBench {
    /** How a generated type is written, without a common interface over generated classes. */
    interface Encoder {
        void encodeTo(Object value, CserWriter w);
    }

    /** How a generated type is read. */
    interface Decoder {
        Object decode(CserReader r) throws CserDecodeException;
    }

    /** W6: MediaContent of jvm-serializers; W3: the Sakai content resource of seed 002. */
    @Param({"W6", "W3"})
    public String workload;

    private Object value;
    private Encoder encoder;
    private Decoder decoder;
    private byte[] bytes;
    private CserWriter writer;
    private CserReader reader;

    @Setup
    public void setup() {
        if (workload.equals("W6")) {
            value = Data.w6Cser();
            encoder = (v, w) -> ((bench.media.MediaContent) v).encodeTo(w);
            decoder = bench.media.MediaContent::decode;
        } else {
            value = Data.w3Cser();
            encoder = (v, w) -> ((sakai.content.ContentResource) v).encodeTo(w);
            decoder = sakai.content.ContentResource::decode;
        }
        writer = new CserWriter();
        encoder.encodeTo(value, writer);
        bytes = writer.toByteArray();
        reader = new CserReader(bytes);
    }

    /** Object to bytes, into the reused writer. */
    @Benchmark
    public void encode(Blackhole bh) {
        CserWriter w = writer;
        w.reset();
        encoder.encodeTo(value, w);
        bh.consume(w.buffer());
        bh.consume(w.size());
    }

    /** Bytes to a fully built object. */
    @Benchmark
    public Object decode() throws CserDecodeException {
        return decoder.decode(reader.reset(bytes, 0, bytes.length));
    }

    /** Encode, then decode what was written. */
    @Benchmark
    public Object roundtrip() throws CserDecodeException {
        CserWriter w = writer;
        w.reset();
        encoder.encodeTo(value, w);
        return decoder.decode(reader.reset(w.buffer(), 0, w.size()));
    }
}
