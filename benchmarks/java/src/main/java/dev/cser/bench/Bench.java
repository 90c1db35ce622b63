package dev.cser.bench;

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
 * Every (library, workload) pair: {@code encode} writes the workload's value into the library's
 * reused buffer, {@code decode} builds the whole object graph from its bytes ({@link Peer}).
 * Each pair runs in its own fork, so the {@link Peer} and the calls inside it stay monomorphic.
 * {@link RunAll} runs them all and writes benchmarks/results/java.json; the defaults here are
 * for running the jar by hand.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class Bench {
    @Param({"cser", "jdk-serializable", "jdk-externalizable", "data-stream", "kryo", "protobuf", "fory-fastest",
            "fory-compatible", "jackson"})
    public String library;

    @Param({"W1", "W2", "W3", "W4", "W5", "W6"})
    public String workload;

    private Peer peer;

    @Setup
    public void setup() {
        peer = Peer.create(library, workload);
    }

    /** Object graph to bytes, into the library's reused buffer. */
    @Benchmark
    public void encode(Blackhole bh) throws Exception {
        Peer p = peer;
        bh.consume(p.encode());
        bh.consume(p.buffer());
    }

    /** Bytes to the fully built object graph. */
    @Benchmark
    public Object decode() throws Exception {
        return peer.decode();
    }
}
