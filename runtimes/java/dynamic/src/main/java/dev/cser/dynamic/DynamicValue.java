package dev.cser.dynamic;

/**
 * A value of a record, struct or union, as the dynamic codec reads and writes it: a
 * {@link DynamicRecord} (records and structs) or a {@link DynamicUnion}.
 */
public sealed interface DynamicValue permits DynamicRecord, DynamicUnion {

    /** Its type. */
    RootDescriptor type();
}
