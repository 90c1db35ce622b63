package dev.cser.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
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
 * cser and one peer on one workload in the same fork, taking turns iteration by iteration: cser
 * runs the even iterations (warm-up and measured alike, counted from the first), the peer the
 * odd ones ({@link Turns} splits them and pairs each peer iteration with the cser iteration
 * before it).
 *
 * <p>Why turns: the host of the 2-core benchmark machine changes the speed of the same code by
 * up to 2-3× for a second or a few at a time, so a library timed in a fork of its own, seconds
 * before or after cser's, lands in another state of the host, and a quick run's ratios to cser
 * did not repeat the full run's (benchmarks/notes.md, "The host's swings, and turns").
 * Iterations of 0.1 s taken in turns see the same states. The price is that the two libraries
 * share a JVM: the call site of {@link Peer#encode()} here sees two classes (bimorphic, inlined
 * both ways), and the JDK methods both call share their profiles.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 40, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 20, time = 100, timeUnit = TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class PairBench {
    /** The library taking turns with cser. */
    @Param({"fory-fastest", "protobuf", "kryo", "jdk-serializable", "jdk-externalizable", "data-stream",
            "fory-compatible", "jackson"})
    public String peer;

    @Param({"W2", "W3", "W4", "W6"})
    public String workload;

    /** cser, then the peer: the library of iteration i is {@code peers[i % 2]}. */
    private Peer[] peers;
    private Peer active;
    private int iteration;

    @Setup
    public void setup() {
        peers = new Peer[] {Peer.create("cser", workload), Peer.create(peer, workload)};
    }

    /** Hands the next iteration, warm-up or measured, to the other library. */
    @Setup(Level.Iteration)
    public void nextTurn() {
        active = peers[iteration++ % 2];
    }

    /** Object graph to bytes, into the library's reused buffer. */
    @Benchmark
    public void encode(Blackhole bh) throws Exception {
        Peer p = active;
        bh.consume(p.encode());
        bh.consume(p.buffer());
    }

    /** Bytes to the fully built object graph. */
    @Benchmark
    public Object decode() throws Exception {
        return active.decode();
    }
}
