package dev.cser.compiler.codegen.java;

/**
 * A value generated code reads or assigns, one record per place it can be: a field of
 * {@code this}, of the other value in {@code equals}, of the value being decoded, a union
 * variant's value, a loop or lambda variable, a JSON member. codec.stg spells each.
 */
public sealed interface ValueRef {
    /** {@code this.name}. */
    record ThisField(String name) implements ValueRef {}

    /** {@code that.name}: the other value in {@code equals}. */
    record OtherField(String name) implements ValueRef {}

    /** {@code msg.name}: a field of the value being decoded. */
    record DecodedField(String name) implements ValueRef {}

    /** {@code unused}: a deprecated field's value, read to validate it and dropped. */
    record Discarded() implements ValueRef {}

    /** {@code value}: a union variant's value (the record component, or a local of that name). */
    record VariantValue() implements ValueRef {}

    /** The other variant's value in a variant record's {@code equals}, cast from {@code o}. */
    record OtherVariantValue(String className) implements ValueRef {}

    /** The element variable of a list loop or lambda at this nesting depth. */
    record ElementVar(int depth) implements ValueRef {}

    /** The key variable of a map loop or lambda at this nesting depth. */
    record KeyVar(int depth) implements ValueRef {}

    /** The value variable of a map loop or lambda at this nesting depth. */
    record EntryVar(int depth) implements ValueRef {}

    /** The value of the JSON object member being read: {@code en.getValue()}. */
    record JsonMember() implements ValueRef {}
}
