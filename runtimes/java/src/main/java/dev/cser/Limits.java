package dev.cser;

/**
 * The bounds that keep decoding safe on any input (SPEC §7, §8, §10), in one place: default
 * depth and message size, how many elements the bytes that remain can hold, and how far a
 * count read off the wire may pre-size a collection.
 */
public final class Limits {
    /** Default maximum nesting depth of records, structs and unions (SPEC §7); the root is at depth 1. */
    public static final int DEFAULT_MAX_DEPTH = 64;

    /** Default maximum length of a stream frame (SPEC §8): 64 MiB. */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 64 << 20;

    /** The largest array the JVM reliably allocates. */
    static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    /**
     * Decoders size maps from a count read off the wire; above this many entries they let the map
     * grow as entries really arrive, so a forged count cannot make them allocate a huge table.
     */
    static final int MAX_PRESIZED_ENTRIES = 1 << 16;

    private Limits() {}

    /**
     * The most elements of at least {@code width} bytes each that {@code remaining} bytes hold: a
     * larger count is LENGTH_TOO_LARGE before anything is allocated (every element of a list or
     * map takes at least one byte; packed f32 and f64 elements 4 and 8).
     */
    static int maxCount(int remaining, int width) {
        return remaining / width;
    }

    /**
     * The most elements of a list or map of optionals that {@code remaining} bytes hold: an absent
     * element takes one presence bit, so eight per byte.
     */
    static long maxOptionalCount(int remaining) {
        return Math.min(8L * remaining, Integer.MAX_VALUE);
    }

    /** An initial {@code HashMap} capacity that holds {@code count} entries without rehashing, bounded. */
    public static int capacityFor(int count) {
        int n = Math.min(Math.max(count, 0), MAX_PRESIZED_ENTRIES);
        return (int) ((n * 4L + 2) / 3) + 1;
    }

    /** Checks a maximum depth set by a user: at least 1 (the root). */
    static int requireMaxDepth(int maxDepth) {
        if (maxDepth < 1) {
            throw new IllegalArgumentException("max depth must be at least 1: " + maxDepth);
        }
        return maxDepth;
    }
}
