package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.python.VariantCode.VariantClass;
import dev.cser.compiler.codegen.python.VariantCode.VariantFromJson;
import dev.cser.compiler.codegen.python.VariantCode.VariantToJson;
import dev.cser.compiler.codegen.python.ZeroValues.ZeroValue;
import dev.cser.compiler.codegen.python.JsonConversions.JsonHelper;
import java.util.List;

/**
 * A union: a base class, and one subclass per variant holding its value.
 *
 * @param zeroClass the class of the zero value's variant (SPEC §3), {@code zeroSchemaName} its name
 * @param zeroValue the value that variant holds in the zero value
 * @param unknownClass the subclass holding an unknown variant (SPEC §5.7): union + {@code Unknown}
 * @param jsonHelpers the functions fromJson's deepest conversions call (PythonJsonBuilder.LAMBDA_LEVELS)
 * @param canonical the type's line of canonical text and the types it names (SPEC §8.1)
 */
public record UnionClass(String name, String qualifiedName, String schemaName, List<String> doc, String typeId,
        String fingerprint, String zeroClass, String zeroSchemaName, @ModelElement ZeroValue zeroValue,
        String unknownClass, @ModelElement List<VariantClass> variants, @ModelElement List<VariantToJson> toJson,
        @ModelElement List<VariantFromJson> fromJson, @ModelElement List<JsonHelper> jsonHelpers,
        @ModelElement CanonicalLine canonical) {}
