package dev.cser.bench;

/**
 * Prints the encoded size in bytes of each (workload, library) pair, the same bytes the
 * benchmarks decode: {@code java -cp benchmarks/java/target/benchmarks.jar dev.cser.bench.Sizes}.
 */
public final class Sizes {
    private Sizes() {}

    public static void main(String[] args) {
        System.out.printf("%-8s %-18s %10s%n", "workload", "library", "bytes");
        for (String w : Data.WORKLOADS) {
            for (String l : Peer.LIBRARIES) {
                System.out.printf("%-8s %-18s %,10d%n", w, l, Peer.create(l, w).bytes().length);
            }
        }
    }
}
