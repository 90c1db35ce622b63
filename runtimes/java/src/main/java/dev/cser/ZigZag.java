package dev.cser;

/**
 * ZigZag (SPEC §4): signed integers mapped to unsigned ones so that small magnitudes make short
 * varints: 0 → 0, −1 → 1, 1 → 2, −2 → 3, ... The 32-bit forms serve i16 as well (a sign-extended
 * short gives the same result).
 */
final class ZigZag {
    private ZigZag() {}

    /** The zigzag encoding of {@code v}, as an unsigned 32-bit value. */
    static int encode32(int v) {
        return (v << 1) ^ (v >> 31);
    }

    /** The zigzag encoding of {@code v}, as an unsigned 64-bit value. */
    static long encode64(long v) {
        return (v << 1) ^ (v >> 63);
    }

    /** The signed value of the zigzag-encoded {@code z}. */
    static int decode32(int z) {
        return (z >>> 1) ^ -(z & 1);
    }

    /** The signed value of the zigzag-encoded {@code z}. */
    static long decode64(long z) {
        return (z >>> 1) ^ -(z & 1);
    }
}
