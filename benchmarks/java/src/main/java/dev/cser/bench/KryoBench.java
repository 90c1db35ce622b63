package dev.cser.bench;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
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
 * Kryo 5 ({@link Codecs#kryo()}: registered, references off) on the peers' plain classes:
 * encode into a reused {@link Output}, decode through a reused {@link Input}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class KryoBench {
    @Param({"W6", "W3"})
    public String workload;

    private Kryo kryo;
    private Object value;
    private Class<?> type;
    private byte[] bytes;
    private Output output;
    private Input input;

    @Setup
    public void setup() {
        kryo = Codecs.kryo();
        value = Data.pojo(workload);
        type = value.getClass();
        output = new Output(1024, -1);
        input = new Input();
        kryo.writeObject(output, value);
        bytes = output.toBytes();
    }

    /** Object to bytes, into the reused output. */
    @Benchmark
    public void encode(Blackhole bh) {
        Output out = output;
        out.reset();
        kryo.writeObject(out, value);
        bh.consume(out.getBuffer());
        bh.consume(out.position());
    }

    /** Bytes to a fully built object. */
    @Benchmark
    public Object decode() {
        input.setBuffer(bytes);
        return kryo.readObject(input, type);
    }

    /** Encode, then decode what was written. */
    @Benchmark
    public Object roundtrip() {
        Output out = output;
        out.reset();
        kryo.writeObject(out, value);
        input.setBuffer(out.getBuffer(), 0, out.position());
        return kryo.readObject(input, type);
    }
}
