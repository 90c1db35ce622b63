package dev.cser;

import java.util.Arrays;

/**
 * A union value whose variant the reader's schema does not have (SPEC §5.7): a newer writer added
 * the variant. The decoder keeps its tag and its payload, unparsed, and encoding the union value
 * writes both back unchanged, so a program built before the variant existed passes it on intact.
 *
 * <p>Every generated union has a case holding one ({@code Union.Unknown}). There is no public
 * constructor: only {@link CserReader#readUnknownVariant(int)} makes one, so a program can keep,
 * compare and write back an unknown variant but cannot make one up. Immutable; equal when tag and
 * payload are equal. {@link #toString()} shows the tag and the size, never the bytes.
 */
public final class UnknownVariant {
    private final int tag;
    /** Never changed and never handed out: {@link #payload()} copies it. */
    final byte[] payload;

    /** Takes {@code payload} without copying: the reader hands it over. */
    UnknownVariant(int tag, byte[] payload) {
        this.tag = tag;
        this.payload = payload;
    }

    /** The variant's id on the wire, an unsigned 32-bit number (1 or more) in an int's bits. */
    public int tag() {
        return tag;
    }

    /** A copy of the payload: the variant's value as a newer schema encodes it (SPEC §5.7). */
    public byte[] payload() {
        return payload.clone();
    }

    /** How many bytes the payload has. */
    public int size() {
        return payload.length;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof UnknownVariant)) {
            return false;
        }
        UnknownVariant that = (UnknownVariant) o;
        return tag == that.tag && Arrays.equals(payload, that.payload);
    }

    @Override
    public int hashCode() {
        return 31 * tag + Arrays.hashCode(payload);
    }

    /** {@code UnknownVariant{tag=4, size=3}}. */
    @Override
    public String toString() {
        return "UnknownVariant{tag=" + Integer.toUnsignedString(tag) + ", size=" + payload.length + "}";
    }
}
