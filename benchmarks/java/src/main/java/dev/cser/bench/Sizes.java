package dev.cser.bench;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.fory.Fory;

/**
 * Prints the encoded size in bytes of each (workload, library) pair, the same bytes the
 * benchmarks decode: {@code java -cp benchmarks/java/target/benchmarks.jar dev.cser.bench.Sizes}.
 */
public final class Sizes {
    private Sizes() {}

    /** The libraries in the order they are reported. */
    public static final String[] LIBRARIES = {"cser", "kryo", "fory-fastest", "fory-compatible"};

    /** The encoded sizes of W6 by library. */
    public static Map<String, Integer> w6() {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        sizes.put("cser", Data.w6Cser().encode().length);
        sizes.put("kryo", kryoBytes(Codecs.kryo(), Data.w6Pojo()).length);
        sizes.put("fory-fastest", foryBytes(Codecs.foryFastest(), Data.w6Pojo()).length);
        sizes.put("fory-compatible", foryBytes(Codecs.foryCompatible(), Data.w6Pojo()).length);
        return sizes;
    }

    /** The encoded sizes of W3 by library. */
    public static Map<String, Integer> w3() {
        Map<String, Integer> sizes = new LinkedHashMap<>();
        sizes.put("cser", Data.w3Cser().encode().length);
        sizes.put("kryo", kryoBytes(Codecs.kryo(), Data.w3Pojo()).length);
        sizes.put("fory-fastest", foryBytes(Codecs.foryFastest(), Data.w3Pojo()).length);
        sizes.put("fory-compatible", foryBytes(Codecs.foryCompatible(), Data.w3Pojo()).length);
        return sizes;
    }

    /** Kryo's bytes of {@code value}, written as the benchmarks write it. */
    public static byte[] kryoBytes(Kryo kryo, Object value) {
        Output out = new Output(1024, -1);
        kryo.writeObject(out, value);
        return out.toBytes();
    }

    /** Fory's bytes of {@code value}, written as the benchmarks write it. */
    public static byte[] foryBytes(Fory fory, Object value) {
        return fory.serialize(value);
    }

    public static void main(String[] args) {
        Map<String, Map<String, Integer>> all = new LinkedHashMap<>();
        all.put("W6", w6());
        all.put("W3", w3());
        System.out.printf("%-8s %-16s %6s%n", "workload", "library", "bytes");
        all.forEach((workload, sizes) -> sizes.forEach(
                (library, n) -> System.out.printf("%-8s %-16s %6d%n", workload, library, n)));
    }
}
