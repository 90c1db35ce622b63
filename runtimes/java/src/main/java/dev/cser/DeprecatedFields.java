package dev.cser;

import java.util.Arrays;

/**
 * The bytes a record's or struct's deprecated fields were read from (SPEC §5.5.1, "Deprecated
 * fields are kept as read"), which encoding writes back in their place, so that pass-through is
 * byte-identical whatever a newer writer's version of the field's type holds. Generated code
 * keeps them in a {@code byte[][]} with a slot per deprecated field, null while nothing is kept (a
 * value the program builds), and calls these methods; nothing else sees them.
 */
public final class DeprecatedFields {
    private DeprecatedFields() {}

    /**
     * Keeps the bytes a deprecated field was just read from, {@code [start, r.position())}.
     *
     * @param kept the value's kept bytes, or null
     * @param slots how many deprecated fields the type has
     * @param zero the zero value's bytes, which are not kept (so equal values encode alike); null
     *     for an optional field, whose bytes are read only when it is present and always kept
     * @return the kept bytes to store in the value: {@code kept}, or a new array when it was null
     */
    public static byte[][] keep(byte[][] kept, int slots, int slot, CserReader r, int start, byte[] zero) {
        if (zero != null && r.bytesSinceEqual(start, zero)) {
            return kept;
        }
        byte[][] k = kept != null ? kept : new byte[slots][];
        k[slot] = r.bytesSince(start);
        return k;
    }

    /** Whether an optional deprecated field was present: its presence bit is written as read. */
    public static boolean isKept(byte[][] kept, int slot) {
        return kept != null && kept[slot] != null;
    }

    /** Writes a deprecated field: its kept bytes, or else {@code zero} (for an optional field, nothing). */
    public static void write(CserWriter w, byte[][] kept, int slot, byte[] zero) {
        byte[] b = kept != null && kept[slot] != null ? kept[slot] : zero;
        if (b != null) {
            w.writeRaw(b, 0, b.length);
        }
    }

    /** Equality of two values' kept bytes: part of the value, as unknown fields are. */
    public static boolean equal(byte[][] a, byte[][] b) {
        return Arrays.deepEquals(a, b);
    }

    /** A hash that follows {@link #equal}. */
    public static int hash(byte[][] kept) {
        return Arrays.deepHashCode(kept);
    }
}
