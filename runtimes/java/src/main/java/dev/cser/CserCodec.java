package dev.cser;

/**
 * The encoder and decoder of one root type, as streams see it. Generated code provides one per
 * record, struct and union as its static {@code CODEC}; {@link CserStreamWriter},
 * {@link CserStreamReader} and generic tools work through it.
 *
 * <p>It reads and writes a stream frame's <em>content</em> (SPEC §8): for a record, its body
 * (so that the frame, length and body, is byte for byte the record's message); for a struct or
 * union, its whole message. The stream classes add and check the frame length. To encode or
 * decode a standalone message use the generated type's own {@code encode}/{@code decode}.
 *
 * @param <T> the generated Java type
 */
public interface CserCodec<T> {
    /** The qualified schema name of the type, e.g. {@code sakai.content.ContentResource}. */
    String typeName();

    /** The stream type id (SPEC §8): the first 8 bytes, little-endian, of SHA-256 of {@link #typeName()}. */
    long typeId();

    /** The schema fingerprint (SPEC §8): the first 8 bytes, little-endian, of SHA-256 of the canonical text. */
    long fingerprint();

    /**
     * The canonical schema text of the type (SPEC §8.1): its line and those of every type it
     * reaches, which a reader compares with a writer's (§9.1, {@link KnownSchemas}). Generated
     * codecs carry it; a codec written by hand that does not returns null, and a stream reader
     * then cannot be given known schemas.
     */
    default String canonicalText() {
        return null;
    }

    /**
     * Appends the frame content of {@code value} to {@code w}: a record's body (no length
     * prefix), a struct's or union's message.
     *
     * @throws CserEncodeException if the value cannot be encoded
     */
    void encodeRoot(T value, CserWriter w);

    /**
     * Reads one frame's content: {@code r}'s limit is the end of the frame. A record reads the
     * fields it knows and keeps the rest as its unknown fields (SPEC §5.5.1), which
     * {@link #encodeRoot} writes back; a struct or union rejects bytes after its value
     * (TRAILING_BYTES).
     *
     * @throws CserDecodeException if the bytes are not a valid value of this type
     */
    T decodeRoot(CserReader r) throws CserDecodeException;
}
