package dev.cser.compiler.codegen.java;

import static dev.cser.compiler.codegen.java.JavaCodecBuilder.witness;

import dev.cser.compiler.codegen.java.JsonConversions.FromJson;
import dev.cser.compiler.codegen.java.JsonConversions.ListFromJson;
import dev.cser.compiler.codegen.java.JsonConversions.ListToJson;
import dev.cser.compiler.codegen.java.JsonConversions.MapFromJson;
import dev.cser.compiler.codegen.java.JsonConversions.MapToJson;
import dev.cser.compiler.codegen.java.JsonConversions.NamedFromJson;
import dev.cser.compiler.codegen.java.JsonConversions.OptionalListFromJson;
import dev.cser.compiler.codegen.java.JsonConversions.OptionalListToJson;
import dev.cser.compiler.codegen.java.JsonConversions.OptionalMapFromJson;
import dev.cser.compiler.codegen.java.JsonConversions.OptionalMapToJson;
import dev.cser.compiler.codegen.java.JsonConversions.PackedFromJson;
import dev.cser.compiler.codegen.java.JsonConversions.PackedToJson;
import dev.cser.compiler.codegen.java.JsonConversions.ScalarFromJson;
import dev.cser.compiler.codegen.java.JsonConversions.ScalarToJson;
import dev.cser.compiler.codegen.java.JsonConversions.ToJson;
import dev.cser.compiler.codegen.java.JsonConversions.ValueToJson;
import dev.cser.compiler.codegen.java.ValueRef.ElementVar;
import dev.cser.compiler.codegen.java.ValueRef.EntryVar;
import dev.cser.compiler.codegen.java.ValueRef.KeyVar;

/**
 * Chooses the {@link JsonConversions} records of a {@link JavaType}, by its kind: scalars and
 * packed lists through the runtime's JsonValues, generated types through their own methods,
 * collections through the runtime's helpers with a lambda per element.
 */
final class JavaJsonBuilder {
    private JavaJsonBuilder() {}

    static ToJson toJson(JavaType t, ValueRef value) {
        int d = t.depth();
        return switch (t.kind()) {
            case SCALAR -> new ScalarToJson(JavaPrimitives.lower(t.primitive()), value);
            case PACKED -> new PackedToJson(JavaPrimitives.lower(t.primitive()), value);
            case ENUM, MESSAGE, UNION -> new ValueToJson(value);
            case LIST -> new ListToJson(witness(t), value, new ElementVar(d), toJson(t.element(), new ElementVar(d)));
            case OPTIONAL_LIST ->
                new OptionalListToJson(witness(t), value, new ElementVar(d), toJson(t.element(), new ElementVar(d)));
            case MAP -> new MapToJson(witness(t), value, new KeyVar(d), new EntryVar(d), toJson(t.key(), new KeyVar(d)),
                    toJson(t.value(), new EntryVar(d)));
            case OPTIONAL_MAP -> new OptionalMapToJson(witness(t), value, new KeyVar(d), new EntryVar(d),
                    toJson(t.key(), new KeyVar(d)), toJson(t.value(), new EntryVar(d)));
        };
    }

    static FromJson fromJson(JavaType t, ValueRef json) {
        int d = t.depth();
        return switch (t.kind()) {
            case SCALAR -> new ScalarFromJson(JavaPrimitives.method(t.primitive()), json);
            case PACKED -> new PackedFromJson(JavaPrimitives.method(t.primitive()), json);
            case ENUM, MESSAGE, UNION -> new NamedFromJson(t.type(), json);
            case LIST -> new ListFromJson(witness(t), json, new ElementVar(d), fromJson(t.element(), new ElementVar(d)));
            case OPTIONAL_LIST ->
                new OptionalListFromJson(witness(t), json, new ElementVar(d), fromJson(t.element(), new ElementVar(d)));
            case MAP -> new MapFromJson(witness(t), json, new KeyVar(d), new EntryVar(d), fromJson(t.key(), new KeyVar(d)),
                    fromJson(t.value(), new EntryVar(d)));
            case OPTIONAL_MAP -> new OptionalMapFromJson(witness(t), json, new KeyVar(d), new EntryVar(d),
                    fromJson(t.key(), new KeyVar(d)), fromJson(t.value(), new EntryVar(d)));
        };
    }
}
