package dev.cser.bench;

import dev.cser.bench.pojo.MediaContent;
import java.util.concurrent.TimeUnit;
import org.apache.fory.Fory;
import org.apache.fory.memory.MemoryBuffer;
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
 * W6 (MediaContent of jvm-serializers) with Apache Fory ({@link Codecs#foryFastest()}:
 * registered, no reference tracking, schema-consistent, no number or string compression): encode
 * into a reused {@link MemoryBuffer}, decode from a reused one.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class W6ForyFastest {
    private Fory fory;
    private MediaContent value;
    private MemoryBuffer out;
    private MemoryBuffer in;

    @Setup
    public void setup() {
        fory = Codecs.foryFastest();
        value = Data.w6Pojo();
        out = MemoryBuffer.newHeapBuffer(1024);
        in = MemoryBuffer.fromByteArray(fory.serialize(value));
    }

    /** Object to bytes, into the reused buffer. */
    @Benchmark
    public void encode(Blackhole bh) {
        MemoryBuffer b = out;
        b.writerIndex(0);
        fory.serialize(b, value);
        bh.consume(b.getHeapMemory());
        bh.consume(b.writerIndex());
    }

    /** Bytes to a fully built object. */
    @Benchmark
    public MediaContent decode() {
        in.readerIndex(0);
        return fory.deserialize(in, MediaContent.class);
    }

    /** Encode, then decode what was written. */
    @Benchmark
    public MediaContent roundtrip() {
        MemoryBuffer b = out;
        b.writerIndex(0);
        fory.serialize(b, value);
        b.readerIndex(0);
        return fory.deserialize(b, MediaContent.class);
    }
}
