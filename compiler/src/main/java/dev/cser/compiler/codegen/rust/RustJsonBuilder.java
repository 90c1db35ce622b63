package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.rust.JsonConversions.ApplyFromJson;
import dev.cser.compiler.codegen.rust.JsonConversions.ApplyToJson;
import dev.cser.compiler.codegen.rust.JsonConversions.BoxedFromJson;
import dev.cser.compiler.codegen.rust.JsonConversions.BytesFromJsonFn;
import dev.cser.compiler.codegen.rust.JsonConversions.BytesToJsonFn;
import dev.cser.compiler.codegen.rust.JsonConversions.FromJson;
import dev.cser.compiler.codegen.rust.JsonConversions.FromJsonClosure;
import dev.cser.compiler.codegen.rust.JsonConversions.FromJsonFn;
import dev.cser.compiler.codegen.rust.JsonConversions.ListFromJson;
import dev.cser.compiler.codegen.rust.JsonConversions.ListToJson;
import dev.cser.compiler.codegen.rust.JsonConversions.MapFromJson;
import dev.cser.compiler.codegen.rust.JsonConversions.MapToJson;
import dev.cser.compiler.codegen.rust.JsonConversions.NamedFromJsonFn;
import dev.cser.compiler.codegen.rust.JsonConversions.NamedToJsonFn;
import dev.cser.compiler.codegen.rust.JsonConversions.OptionalListFromJson;
import dev.cser.compiler.codegen.rust.JsonConversions.OptionalListToJson;
import dev.cser.compiler.codegen.rust.JsonConversions.OptionalMapFromJson;
import dev.cser.compiler.codegen.rust.JsonConversions.OptionalMapToJson;
import dev.cser.compiler.codegen.rust.JsonConversions.PackedFromJson;
import dev.cser.compiler.codegen.rust.JsonConversions.PackedToJson;
import dev.cser.compiler.codegen.rust.JsonConversions.ScalarFromJsonFn;
import dev.cser.compiler.codegen.rust.JsonConversions.ScalarToJsonFn;
import dev.cser.compiler.codegen.rust.JsonConversions.StringFromJsonFn;
import dev.cser.compiler.codegen.rust.JsonConversions.StringToJsonFn;
import dev.cser.compiler.codegen.rust.JsonConversions.ToJson;
import dev.cser.compiler.codegen.rust.JsonConversions.ToJsonClosure;
import dev.cser.compiler.codegen.rust.JsonConversions.ToJsonFn;

/**
 * Chooses the {@link JsonConversions} records of a {@link RustType}, by its kind: scalars and
 * named types convert through their function, collections through the runtime's helpers given
 * the element's function, and a collection as a function is a closure.
 */
final class RustJsonBuilder {
    private RustJsonBuilder() {}

    static ToJson toJson(RustType t, ValueRef arg) {
        return switch (t.kind()) {
            case PACKED -> new PackedToJson(t.primitive(), arg);
            case LIST -> new ListToJson(arg, toJsonFn(t.element()));
            case OPTIONAL_LIST -> new OptionalListToJson(arg, toJsonFn(t.element()));
            case MAP -> new MapToJson(arg, toJsonFn(t.key()), toJsonFn(t.value()));
            case OPTIONAL_MAP -> new OptionalMapToJson(arg, toJsonFn(t.key()), toJsonFn(t.value()));
            default -> new ApplyToJson(toJsonFn(t), arg);
        };
    }

    static ToJsonFn toJsonFn(RustType t) {
        return switch (t.kind()) {
            case SCALAR -> new ScalarToJsonFn(t.primitive());
            case STRING -> new StringToJsonFn();
            case BYTES -> new BytesToJsonFn();
            case ENUM, MESSAGE -> new NamedToJsonFn(t.path());
            default -> new ToJsonClosure(t.jsonVar(), toJson(t, ValueRef.local(t.jsonVar())));
        };
    }

    static FromJson fromJson(RustType t, ValueRef arg) {
        return switch (t.kind()) {
            case PACKED -> new PackedFromJson(t.primitive(), arg);
            case LIST -> new ListFromJson(arg, fromJsonFn(t.element()));
            case OPTIONAL_LIST -> new OptionalListFromJson(arg, fromJsonFn(t.element()));
            case MAP -> new MapFromJson(arg, fromJsonFn(t.key()), fromJsonFn(t.value()));
            case OPTIONAL_MAP -> new OptionalMapFromJson(arg, fromJsonFn(t.key()), fromJsonFn(t.value()));
            default -> t.boxed() ? new BoxedFromJson(t.path(), arg) : new ApplyFromJson(fromJsonFn(t), arg);
        };
    }

    static FromJsonFn fromJsonFn(RustType t) {
        if (t.boxed() || t.kind().isCollection()) {
            return new FromJsonClosure(t.jsonVar(), fromJson(t, ValueRef.local(t.jsonVar())));
        }
        return switch (t.kind()) {
            case SCALAR -> new ScalarFromJsonFn(t.primitive());
            case STRING -> new StringFromJsonFn();
            case BYTES -> new BytesFromJsonFn();
            default -> new NamedFromJsonFn(t.path());
        };
    }
}
