package dev.cser;

/**
 * What went wrong while decoding (SPEC §10). Every decode failure of the runtime and of
 * generated code is a {@link CserDecodeException} carrying one of these kinds.
 *
 * <p>The offset each kind reports is documented per constant. Offsets are byte offsets from
 * the start of the message (or, for a stream, from the start of the stream).
 */
public enum DecodeErrorKind {
    /**
     * The input ended inside a value: a varint, a fixed-width value, a field cut in the middle
     * of a record body, a stream header or a stream frame. The offset is where more input was
     * needed: the end of the enclosing message or record body.
     */
    TRUNCATED,

    /**
     * A varint that is not minimal: its last byte is {@code 00} but it has more than one byte
     * (e.g. {@code 80 00}). The offset is that last byte.
     */
    OVERLONG_VARINT,

    /**
     * A varint longer than 10 bytes, or whose 10th byte is above {@code 01} (it would not fit
     * 64 bits). The offset is the 10th byte.
     */
    BAD_VARINT,

    /**
     * A well-formed integer that does not fit the type read: a u16 above 65535, a zigzag i32
     * outside the int range, an enum number above 2³¹−1. The offset is the first byte of the
     * varint.
     */
    OUT_OF_RANGE,

    /** A bool byte other than {@code 00} or {@code 01}. The offset is that byte. */
    BAD_BOOL,

    /**
     * A string that is not well-formed UTF-8 (overlong form, surrogate, above U+10FFFF,
     * truncated sequence, stray continuation byte). The offset is the first byte of the
     * ill-formed sequence, as Rust's {@code Utf8Error.valid_up_to} and Python's
     * {@code UnicodeDecodeError.start} report it.
     */
    BAD_UTF8,

    /**
     * A length or element count larger than the bytes that remain in the enclosing message or
     * record body (checked before anything is allocated). The offset is the first byte of the
     * length or count varint.
     */
    LENGTH_TOO_LARGE,

    /** A map whose key repeats an earlier one. The offset is just after the repeated entry. */
    DUPLICATE_MAP_KEY,

    /**
     * A presence byte of a struct, list or map with a bit set for a slot that does not exist.
     * The offset is the presence byte.
     */
    BAD_PRESENCE,

    /**
     * A record, struct or union nested deeper than the reader's maximum depth (default 64,
     * root at depth 1). The offset is where the too-deep value's fields start (after a record's
     * length prefix, at a union's tag).
     */
    DEPTH_EXCEEDED,

    /**
     * A union tag of 0: variant ids start at 1, and a tag of 1 or more the schema does not know
     * is kept as an unknown variant (SPEC §5.7). The offset is just after the tag.
     */
    UNKNOWN_UNION_TAG,

    /**
     * Bytes left over after a message's value (SPEC §5.8), or after the struct or union of a
     * stream frame. (Bytes at the end of a record body are kept as its unknown fields instead,
     * for evolution, SPEC §5.5.1.) The offset is the first left-over byte.
     */
    TRAILING_BYTES,

    /**
     * A stream whose header does not start with the magic {@code CSER} and version {@code 02}.
     * The offset is the first byte that differs.
     */
    BAD_STREAM_HEADER,

    /**
     * A stream holding another root type than the reader's (its type id differs), or, when the
     * reader requires it, written with another schema fingerprint. The offset is the start of
     * the differing header field (5 for the type id, 13 for the fingerprint).
     */
    WRONG_TYPE,

    /**
     * A stream frame whose declared length is above the reader's maximum message size
     * (checked before anything is allocated). The offset is the first byte of the frame length.
     */
    MESSAGE_TOO_LARGE,

    /**
     * A stream written with a schema that the reader knows (SPEC §9.1) and that would make it
     * misread or reject values: the message names the first difference. Also a stream of a
     * schema the reader does not know when it requires a known one. The offset is 13, the
     * header's fingerprint.
     */
    INCOMPATIBLE_SCHEMA
}
