package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.python.JsonConversions.FromJson;
import dev.cser.compiler.codegen.python.JsonConversions.ToJson;
import java.util.List;

/**
 * What a union's variants contribute, one record per part. {@code name} is the variant's class
 * ({@code ExprLit}), {@code schemaName} the variant's name in the schema.
 */
public final class VariantCode {
    private VariantCode() {}

    /** The subclass of the union holding the variant's value. */
    public record VariantClass(String name, String union, String schemaName, int id, List<String> doc,
            @ModelElement TypeHints hint) {}

    public record VariantToJson(String name, String schemaName, @ModelElement ToJson value) {}

    public record VariantFromJson(String name, String schemaName, @ModelElement FromJson value) {}
}
