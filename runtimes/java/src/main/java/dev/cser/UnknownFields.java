package dev.cser;

import java.util.Arrays;
import java.util.Locale;

/**
 * The unknown fields of a record value (SPEC §5.5.1): what a writer with a newer schema put in
 * the record's body that the reader's schema does not describe, kept so that encoding the value
 * writes it back.
 *
 * <ul>
 *   <li>{@link #presenceBits()}, the unknown presence bits: the bits of the body's last presence
 *       byte that belong to optional fields appended to the record's last presence group;
 *   <li>{@link #bytes()}, the unknown bytes: every byte of the body after the last field the
 *       reader knows, unparsed.
 * </ul>
 *
 * <p>Immutable; equal when both parts are equal. Generated record classes hold one (or null while
 * there are none) behind {@code hasUnknownFields()}, {@code getUnknownFields()},
 * {@code setUnknownFields(...)} and {@code clearUnknownFields()}. {@link #toString()} shows the
 * presence bits and the size, never the bytes.
 */
public final class UnknownFields {
    /** No unknown fields: what every value a program builds holds. */
    public static final UnknownFields NONE = new UnknownFields(0, new byte[0]);

    private final int presenceBits;
    /** Never changed and never handed out: {@link #bytes()} copies it. */
    final byte[] bytes;

    /** Takes {@code bytes} without copying: the caller hands it over. */
    UnknownFields(int presenceBits, byte[] bytes) {
        this.presenceBits = presenceBits;
        this.bytes = bytes;
    }

    /**
     * Unknown fields with these presence bits (a byte, 0..255) and a copy of these bytes;
     * {@link #NONE} when the bits are 0 and the bytes empty.
     *
     * @throws IllegalArgumentException if {@code presenceBits} is not 0..255
     * @throws NullPointerException if {@code bytes} is null
     */
    public static UnknownFields of(int presenceBits, byte[] bytes) {
        if ((presenceBits & ~0xFF) != 0) {
            throw new IllegalArgumentException("presence bits are a byte, not " + presenceBits);
        }
        if (presenceBits == 0 && bytes.length == 0) {
            return NONE;
        }
        return new UnknownFields(presenceBits, bytes.clone());
    }

    /**
     * What a generated record stores for {@code fields}: null when it is null or empty, else
     * {@code fields} itself. Used by the generated {@code setUnknownFields}.
     *
     * @param presenceMask the presence bits the record keeps as unknown: those of its last
     *     presence byte past its own slots, 0 when it has no such byte (SPEC §5.5.1)
     * @throws IllegalArgumentException if {@code fields} has a presence bit outside
     *     {@code presenceMask}: encoding would OR it into a bit of a field the record knows, or
     *     would have no byte to write it in
     */
    public static UnknownFields forRecord(UnknownFields fields, int presenceMask) {
        if (fields == null || fields.isEmpty()) {
            return null;
        }
        if ((fields.presenceBits & ~presenceMask) != 0) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "unknown presence bits %02x: this record keeps only the bits %02x (its last presence "
                            + "byte's bits past its own optional fields)", fields.presenceBits, presenceMask));
        }
        return fields;
    }

    /** The unknown presence bits, 0..255: ORed into the record's last presence byte when encoding. */
    public int presenceBits() {
        return presenceBits;
    }

    /** A copy of the unknown bytes: written after the record's known fields when encoding. */
    public byte[] bytes() {
        return bytes.clone();
    }

    /** How many unknown bytes there are. */
    public int size() {
        return bytes.length;
    }

    /** Whether there are no unknown presence bits and no unknown bytes. */
    public boolean isEmpty() {
        return presenceBits == 0 && bytes.length == 0;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof UnknownFields)) {
            return false;
        }
        UnknownFields that = (UnknownFields) o;
        return presenceBits == that.presenceBits && Arrays.equals(bytes, that.bytes);
    }

    @Override
    public int hashCode() {
        return 31 * presenceBits + Arrays.hashCode(bytes);
    }

    /** {@code UnknownFields{presenceBits=02, size=2}}: the bits in hex, the number of bytes. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "UnknownFields{presenceBits=%02x, size=%d}", presenceBits, bytes.length);
    }
}
