package dev.cser.bench;

import java.util.concurrent.TimeUnit;
import org.apache.fory.Fory;
import org.apache.fory.memory.MemoryBuffer;
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
 * Apache Fory for Java on the peers' plain classes, in its fastest mode ({@link Codecs#foryFastest()}:
 * registered, no reference tracking, schema-consistent, no compression) and its evolvable one
 * ({@link Codecs#foryCompatible()}): encode into a reused {@link MemoryBuffer}, decode from one.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class ForyBench {
    @Param({"W6", "W3"})
    public String workload;

    @Param({"fastest", "compatible"})
    public String mode;

    private Fory fory;
    private Object value;
    private Class<?> type;
    private MemoryBuffer out;
    private MemoryBuffer in;

    @Setup
    public void setup() {
        fory = mode.equals("fastest") ? Codecs.foryFastest() : Codecs.foryCompatible();
        value = Data.pojo(workload);
        type = value.getClass();
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
    public Object decode() {
        in.readerIndex(0);
        return fory.deserialize(in, type);
    }

    /** Encode, then decode what was written. */
    @Benchmark
    public Object roundtrip() {
        MemoryBuffer b = out;
        b.writerIndex(0);
        fory.serialize(b, value);
        b.readerIndex(0);
        return fory.deserialize(b, type);
    }
}
