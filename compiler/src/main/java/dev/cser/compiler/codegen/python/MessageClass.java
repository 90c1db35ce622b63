package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.python.FieldCode.FieldDecl;
import dev.cser.compiler.codegen.python.FieldCode.FieldFromJson;
import dev.cser.compiler.codegen.python.FieldCode.FieldToJson;
import dev.cser.compiler.codegen.python.FieldCode.InitAssign;
import dev.cser.compiler.codegen.python.FieldCode.InitParam;
import dev.cser.compiler.codegen.python.JsonConversions.JsonHelper;
import java.util.List;

/**
 * A record or struct: a Python class with {@code __slots__}.
 *
 * @param schemaName the type's name in the schema: the first segment of JSON error paths
 * @param slots the names of {@code __slots__}, in natural order (as ruff's RUF023 wants them): the
 *     attributes and the private slots
 * @param attributes the attributes (the fields not deprecated), in id order
 * @param keepsDeprecated whether it has deprecated fields, whose bytes it keeps in the slot
 *     {@code _cser_deprecated} (SPEC §5.5.1)
 * @param privateSlots the slots of what decoding keeps besides the fields (SPEC §5.5.1), each
 *     {@code None} in a value a program builds: {@code _cser_deprecated} if it has deprecated
 *     fields, {@code _cser_unknown} if it is a record
 * @param compared what {@code __eq__} compares: the attributes, then the private slots
 * @param declarations, params, inits, toJson what each attribute contributes to each part
 * @param fromJson every field, deprecated ones included (JSON input ignores those)
 * @param jsonHelpers the functions fromJson's deepest conversions call (PythonJsonBuilder.LAMBDA_LEVELS)
 * @param canonical the type's line of canonical text and the types it names (SPEC §8.1)
 */
public record MessageClass(String name, String qualifiedName, String schemaName, boolean struct, List<String> doc,
        String typeId, String fingerprint, List<String> slots, List<String> attributes, boolean keepsDeprecated,
        List<String> privateSlots, List<String> compared,
        @ModelElement List<FieldDecl> declarations, @ModelElement List<InitParam> params,
        @ModelElement List<InitAssign> inits, @ModelElement List<FieldToJson> toJson,
        @ModelElement List<FieldFromJson> fromJson, @ModelElement List<JsonHelper> jsonHelpers,
        @ModelElement CanonicalLine canonical) {}
