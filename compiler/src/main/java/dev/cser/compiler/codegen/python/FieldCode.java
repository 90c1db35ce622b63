package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.python.JsonConversions.FromJson;
import dev.cser.compiler.codegen.python.JsonConversions.ToJson;
import dev.cser.compiler.codegen.python.ZeroValues.ZeroValue;
import java.util.List;

/**
 * What a record's or struct's fields contribute to each part of its class, one record per part.
 * {@code name} is the attribute, {@code schemaName} the field's name as written in the schema.
 */
public final class FieldCode {
    private FieldCode() {}

    /** The attribute's annotation, with its doc as an attribute docstring. */
    public record FieldDecl(String name, List<String> doc, @ModelElement TypeHints hint) {}

    /**
     * A keyword parameter of {@code __init__}, defaulting to the zero value; a fresh mutable zero
     * value ({@code mutableZero}) is made in the body, so the parameter defaults to {@code None}.
     */
    public record InitParam(String name, boolean mutableZero, @ModelElement TypeHints hint,
            @ModelElement ZeroValue zero) {}

    /** Assigning the parameter in {@code __init__}, or a fresh zero value for {@code None}. */
    public record InitAssign(String name, boolean mutableZero, @ModelElement ZeroValue zero) {}

    /** A member of the object {@code to_json} returns. */
    public record FieldToJson(String schemaName, @ModelElement ToJson value) {}

    /** A member {@code from_json} reads: a deprecated one is accepted and ignored. */
    public record FieldFromJson(String name, String schemaName, boolean deprecated, @ModelElement FromJson value) {}
}
