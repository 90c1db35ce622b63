package dev.cser.bench;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.cser.bench.pojo.ContentResource;
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
 * W3 (the Sakai content resource of seed 002) with Kryo 5 ({@link Codecs#kryo()}: registered,
 * references off): encode into a reused {@link Output}, decode through a reused {@link Input}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class W3Kryo {
    private Kryo kryo;
    private ContentResource value;
    private byte[] bytes;
    private Output output;
    private Input input;

    @Setup
    public void setup() {
        kryo = Codecs.kryo();
        value = Data.w3Pojo();
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
    public ContentResource decode() {
        input.setBuffer(bytes);
        return kryo.readObject(input, ContentResource.class);
    }

    /** Encode, then decode what was written. */
    @Benchmark
    public ContentResource roundtrip() {
        Output out = output;
        out.reset();
        kryo.writeObject(out, value);
        input.setBuffer(out.getBuffer(), 0, out.position());
        return kryo.readObject(input, ContentResource.class);
    }
}
