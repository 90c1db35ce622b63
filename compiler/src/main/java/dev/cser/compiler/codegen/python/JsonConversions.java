package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.ModelElement;

/**
 * The JSON mapping of values (SPEC §11, {@code cserc --json}) as Python expressions, one record
 * per kind of type. A {@link ToJson} turns its {@code value} into its JSON form; a
 * {@link FromJson} reads its {@code value} (a JSON value as {@code json.loads} returns it) back,
 * elements, keys and values through a lambda whose parameter is their local ({@code var}). The
 * scalar conversions are in the runtime's {@code cser.json} (imported as {@code _j}).
 */
public final class JsonConversions {
    private JsonConversions() {}

    public sealed interface ToJson {}

    public sealed interface FromJson {}

    /** A bool, integer or string: its own JSON form. */
    public record PlainToJson(@ModelElement ValueRef value) implements ToJson {}

    public record FloatToJson(@ModelElement ValueRef value) implements ToJson {}

    public record BytesToJson(@ModelElement ValueRef value) implements ToJson {}

    public record EnumToJson(ClassRef cls, @ModelElement ValueRef value) implements ToJson {}

    public record MessageToJson(ClassRef cls, @ModelElement ValueRef value) implements ToJson {}

    /** {@code list(x)}: a list whose elements are their own JSON form. */
    public record CopyListToJson(@ModelElement ValueRef value) implements ToJson {}

    /** {@code [<element> for var in x]}. */
    public record ListToJson(String var, @ModelElement ValueRef value, @ModelElement ToJson element)
            implements ToJson {}

    /** {@code [[<key>, <entry>] for k, v in x.items()]}. */
    public record MapToJson(String keyVar, String valueVar, @ModelElement ValueRef value, @ModelElement ToJson key,
            @ModelElement ToJson entry) implements ToJson {}

    /** {@code None if x is None else <present>}. */
    public record OptionalToJson(@ModelElement ValueRef value, @ModelElement ToJson present) implements ToJson {}

    public record BoolFromJson(@ModelElement ValueRef value) implements FromJson {}

    /** An integer in {@code lo..hi}, {@code schemaName} naming the type in errors. */
    public record IntFromJson(String lo, String hi, String schemaName, @ModelElement ValueRef value)
            implements FromJson {}

    public record F32FromJson(@ModelElement ValueRef value) implements FromJson {}

    public record F64FromJson(@ModelElement ValueRef value) implements FromJson {}

    public record StrFromJson(@ModelElement ValueRef value) implements FromJson {}

    public record BytesFromJson(@ModelElement ValueRef value) implements FromJson {}

    public record EnumFromJson(ClassRef cls, @ModelElement ValueRef value) implements FromJson {}

    public record MessageFromJson(ClassRef cls, @ModelElement ValueRef value) implements FromJson {}

    /**
     * A conversion nested past {@link PythonJsonBuilder#LAMBDA_LEVELS} lambdas: a call of a generated
     * function, {@link JsonHelper}. mypy checks a lambda passed to a generic function (such as
     * {@code list_from_json}) twice, so nested lambdas take it time exponential in their depth:
     * a type nested 8 levels took minutes, one nested 32 (SPEC §2.1) never ended.
     */
    public record HelperFromJson(String function, @ModelElement ValueRef value) implements FromJson {}

    /** {@code def function(var: Any) -> hint: return body}, at module level. */
    public record JsonHelper(String function, String var, @ModelElement TypeHints hint, @ModelElement FromJson body) {}

    public record ListFromJson(String var, @ModelElement ValueRef value, @ModelElement FromJson element)
            implements FromJson {}

    public record MapFromJson(String keyVar, String valueVar, @ModelElement ValueRef value,
            @ModelElement FromJson key, @ModelElement FromJson entry) implements FromJson {}

    /** {@code None if x is None else <present>}. */
    public record OptionalFromJson(@ModelElement ValueRef value, @ModelElement FromJson present)
            implements FromJson {}
}
