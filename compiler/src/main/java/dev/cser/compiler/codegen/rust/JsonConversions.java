package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;

/**
 * The JSON mapping of values (SPEC §11, {@code cserc --json}) as the runtime's
 * {@code cser::json} functions compose it, one record per kind of type. A {@link ToJson} is an
 * expression of type {@code Value} from its {@code arg} (a {@code &T}); a {@link ToJsonFn} a
 * callable {@code Fn(&T) -> Value}. {@link FromJson} and {@link FromJsonFn} read back, as
 * {@code Result<T, JsonError>}. Scalars and named types pass their function itself, collections
 * a closure over the runtime's collection helpers.
 */
public final class JsonConversions {
    private JsonConversions() {}

    public sealed interface ToJson {}

    public sealed interface ToJsonFn {}

    public sealed interface FromJson {}

    public sealed interface FromJsonFn {}

    /** {@code f(arg)}. */
    public record ApplyToJson(@ModelElement ToJsonFn function, @ModelElement ValueRef arg) implements ToJson {}

    public record PackedToJson(String element, @ModelElement ValueRef arg) implements ToJson {}

    public record ListToJson(@ModelElement ValueRef arg, @ModelElement ToJsonFn element) implements ToJson {}

    public record OptionalListToJson(@ModelElement ValueRef arg, @ModelElement ToJsonFn element) implements ToJson {}

    public record MapToJson(@ModelElement ValueRef arg, @ModelElement ToJsonFn key, @ModelElement ToJsonFn entry)
            implements ToJson {}

    public record OptionalMapToJson(@ModelElement ValueRef arg, @ModelElement ToJsonFn key,
            @ModelElement ToJsonFn entry) implements ToJson {}

    /** {@code ::cser::json::i32_to_json}. */
    public record ScalarToJsonFn(String type) implements ToJsonFn {}

    public record StringToJsonFn() implements ToJsonFn {}

    public record BytesToJsonFn() implements ToJsonFn {}

    /** {@code Type::to_json}. */
    public record NamedToJsonFn(@ModelElement TypePath path) implements ToJsonFn {}

    /** {@code |var| <body>}. */
    public record ToJsonClosure(String var, @ModelElement ToJson body) implements ToJsonFn {}

    /** {@code f(arg)}. */
    public record ApplyFromJson(@ModelElement FromJsonFn function, @ModelElement ValueRef arg) implements FromJson {}

    /** {@code Type::from_json(arg).map(Box::new)}. */
    public record BoxedFromJson(@ModelElement TypePath path, @ModelElement ValueRef arg) implements FromJson {}

    public record PackedFromJson(String element, @ModelElement ValueRef arg) implements FromJson {}

    public record ListFromJson(@ModelElement ValueRef arg, @ModelElement FromJsonFn element) implements FromJson {}

    public record OptionalListFromJson(@ModelElement ValueRef arg, @ModelElement FromJsonFn element)
            implements FromJson {}

    public record MapFromJson(@ModelElement ValueRef arg, @ModelElement FromJsonFn key,
            @ModelElement FromJsonFn entry) implements FromJson {}

    public record OptionalMapFromJson(@ModelElement ValueRef arg, @ModelElement FromJsonFn key,
            @ModelElement FromJsonFn entry) implements FromJson {}

    public record ScalarFromJsonFn(String type) implements FromJsonFn {}

    public record StringFromJsonFn() implements FromJsonFn {}

    public record BytesFromJsonFn() implements FromJsonFn {}

    public record NamedFromJsonFn(@ModelElement TypePath path) implements FromJsonFn {}

    public record FromJsonClosure(String var, @ModelElement FromJson body) implements FromJsonFn {}
}
