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
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * W3 (the Sakai content resource of seed 002) with the generated cser code: encode into a reused
 * {@link CserWriter}, decode through a reused {@link CserReader} (both garbage-free apart from
 * the decoded objects).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class W3Cser {
    private sakai.content.ContentResource value;
    private byte[] bytes;
    private CserWriter writer;
    private CserReader reader;

    @Setup
    public void setup() {
        value = Data.w3Cser();
        bytes = value.encode();
        writer = new CserWriter();
        reader = new CserReader(bytes);
    }

    /** Object to bytes, into the reused writer. */
    @Benchmark
    public void encode(Blackhole bh) {
        CserWriter w = writer;
        w.reset();
        value.encodeTo(w);
        bh.consume(w.buffer());
        bh.consume(w.size());
    }

    /** Bytes to a fully built object. */
    @Benchmark
    public sakai.content.ContentResource decode() throws CserDecodeException {
        return sakai.content.ContentResource.decode(reader.reset(bytes, 0, bytes.length));
    }

    /** Encode, then decode what was written. */
    @Benchmark
    public sakai.content.ContentResource roundtrip() throws CserDecodeException {
        CserWriter w = writer;
        w.reset();
        value.encodeTo(w);
        return sakai.content.ContentResource.decode(reader.reset(w.buffer(), 0, w.size()));
    }
}
