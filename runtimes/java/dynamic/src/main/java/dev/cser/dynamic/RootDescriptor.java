package dev.cser.dynamic;

/**
 * A type whose values can be messages and stream records (SPEC §5.8, §8): a record, struct or
 * union, with the two numbers of its stream header.
 */
public sealed interface RootDescriptor extends TypeDescriptor permits MessageDescriptor, UnionDescriptor {

    /** The stream type id (SPEC §8): the first 8 bytes, little-endian, of SHA-256 of the qualified name. */
    long typeId();

    /** The schema fingerprint (SPEC §8): the first 8 bytes, little-endian, of SHA-256 of the canonical text. */
    long fingerprint();
}
