package dev.cser.dynamic;

import dev.cser.UnknownFields;
import dev.cser.UnknownVariant;

/**
 * What {@link DynamicCodec#decode(byte[], DecodeTrace)} reports while it reads, in byte order:
 * each piece of the message with its offset (from the start of the message), its size in bytes
 * and the path of fields leading to it ({@code MediaContent.images[1].width}; the root type's
 * name for the root's own length). Enough for an annotated dump of the bytes, the way
 * {@code protoc --decode_raw} or {@code flatc --annotate} show them. Every method does nothing
 * unless overridden. When decoding fails, everything read before the error has been reported.
 */
public interface DecodeTrace {

    /**
     * A scalar or enum value, or a whole list of bool or number elements (read in one piece, as
     * generated code reads it into an array).
     */
    default void value(String path, int offset, int size, ValueType type, Object value) {}

    /** A record's length prefix: the body of {@code length} bytes follows. */
    default void length(String path, int offset, int size, int length) {}

    /** A presence byte (SPEC §5.4) of a record, struct, list or map. */
    default void presence(String path, int offset, int bits) {}

    /** The element count of a list or the entry count of a map. */
    default void count(String path, int offset, int size, int count) {}

    /**
     * A union's tag; {@code variant} is null for a tag the union does not have: an unknown variant
     * ({@link #unknownVariant} follows) or tag 0 (an error follows).
     */
    default void tag(String path, int offset, int size, int tag, VariantDescriptor variant) {}

    /** The length of a union's payload (SPEC §5.7), for a variant that is not a record. */
    default void payload(String path, int offset, int size, int length) {}

    /**
     * A union's unknown variant (SPEC §5.7): its payload's length takes {@code size} bytes at
     * {@code offset}, and its {@code variant.size()} bytes follow, kept unparsed.
     */
    default void unknownVariant(String path, int offset, int size, UnknownVariant variant) {}

    /** A record's unknown fields (SPEC §5.5.1): its last {@code fields.size()} bytes, from {@code offset}. */
    default void unknown(String path, int offset, UnknownFields fields) {}
}
