package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.java.TypeSpelling.ClassType;

/**
 * The JSON mapping of values (SPEC §11, {@code cserc --json}) as the runtime's
 * {@code dev.cser.json.JsonValues} composes it, one record per kind of type. A {@link ToJson} is
 * an expression turning {@code value} into its JSON form; a {@link FromJson} one reading
 * {@code json} back. Collections convert each element in a lambda over {@code var} (or
 * {@code keyVar} and {@code entryVar}) with the element's own record.
 */
public final class JsonConversions {
    private JsonConversions() {}

    public sealed interface ToJson {}

    public sealed interface FromJson {}

    /** {@code JsonValues.i32(value)}: {@code type} is {@code i32}. */
    public record ScalarToJson(String type, @ModelElement ValueRef value) implements ToJson {}

    /** {@code JsonValues.i32Array(value)}: {@code element} is {@code i32}. */
    public record PackedToJson(String element, @ModelElement ValueRef value) implements ToJson {}

    /** An enum, record, struct or union: its own {@code toJson()}. */
    public record ValueToJson(@ModelElement ValueRef value) implements ToJson {}

    public record ListToJson(@ModelElement Witness witness, @ModelElement ValueRef value, @ModelElement ValueRef var, @ModelElement ToJson element)
            implements ToJson {}

    /** Absent elements are JSON null. */
    public record OptionalListToJson(@ModelElement Witness witness, @ModelElement ValueRef value, @ModelElement ValueRef var,
            @ModelElement ToJson element) implements ToJson {}

    public record MapToJson(@ModelElement Witness witness, @ModelElement ValueRef value, @ModelElement ValueRef keyVar,
            @ModelElement ValueRef entryVar, @ModelElement ToJson key, @ModelElement ToJson entry) implements ToJson {}

    /** Absent values are JSON null. */
    public record OptionalMapToJson(@ModelElement Witness witness, @ModelElement ValueRef value, @ModelElement ValueRef keyVar,
            @ModelElement ValueRef entryVar, @ModelElement ToJson key, @ModelElement ToJson entry) implements ToJson {}

    /** {@code JsonValues.asI32(json)}: {@code method} is {@code I32}. */
    public record ScalarFromJson(String method, @ModelElement ValueRef json) implements FromJson {}

    /** {@code JsonValues.asI32Array(json)}: {@code element} is {@code I32}. */
    public record PackedFromJson(String element, @ModelElement ValueRef json) implements FromJson {}

    /** An enum, record, struct or union: its class's {@code fromJson}. */
    public record NamedFromJson(@ModelElement ClassType type, @ModelElement ValueRef json) implements FromJson {}

    public record ListFromJson(@ModelElement Witness witness, @ModelElement ValueRef json, @ModelElement ValueRef var,
            @ModelElement FromJson element) implements FromJson {}

    /** JSON null elements are absent. */
    public record OptionalListFromJson(@ModelElement Witness witness, @ModelElement ValueRef json, @ModelElement ValueRef var,
            @ModelElement FromJson element) implements FromJson {}

    public record MapFromJson(@ModelElement Witness witness, @ModelElement ValueRef json, @ModelElement ValueRef keyVar,
            @ModelElement ValueRef entryVar, @ModelElement FromJson key, @ModelElement FromJson entry)
            implements FromJson {}

    /** JSON null values are absent. */
    public record OptionalMapFromJson(@ModelElement Witness witness, @ModelElement ValueRef json, @ModelElement ValueRef keyVar,
            @ModelElement ValueRef entryVar, @ModelElement FromJson key, @ModelElement FromJson entry)
            implements FromJson {}
}
