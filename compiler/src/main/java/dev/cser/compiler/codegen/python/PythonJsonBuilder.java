package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.python.JsonConversions.BoolFromJson;
import dev.cser.compiler.codegen.python.JsonConversions.BytesFromJson;
import dev.cser.compiler.codegen.python.JsonConversions.BytesToJson;
import dev.cser.compiler.codegen.python.JsonConversions.CopyListToJson;
import dev.cser.compiler.codegen.python.JsonConversions.EnumFromJson;
import dev.cser.compiler.codegen.python.JsonConversions.EnumToJson;
import dev.cser.compiler.codegen.python.JsonConversions.F32FromJson;
import dev.cser.compiler.codegen.python.JsonConversions.F64FromJson;
import dev.cser.compiler.codegen.python.JsonConversions.FloatToJson;
import dev.cser.compiler.codegen.python.JsonConversions.FromJson;
import dev.cser.compiler.codegen.python.JsonConversions.HelperFromJson;
import dev.cser.compiler.codegen.python.JsonConversions.IntFromJson;
import dev.cser.compiler.codegen.python.JsonConversions.JsonHelper;
import dev.cser.compiler.codegen.python.JsonConversions.ListFromJson;
import dev.cser.compiler.codegen.python.JsonConversions.ListToJson;
import dev.cser.compiler.codegen.python.JsonConversions.MapFromJson;
import dev.cser.compiler.codegen.python.JsonConversions.MapToJson;
import dev.cser.compiler.codegen.python.JsonConversions.MessageFromJson;
import dev.cser.compiler.codegen.python.JsonConversions.MessageToJson;
import dev.cser.compiler.codegen.python.JsonConversions.OptionalFromJson;
import dev.cser.compiler.codegen.python.JsonConversions.OptionalToJson;
import dev.cser.compiler.codegen.python.JsonConversions.PlainToJson;
import dev.cser.compiler.codegen.python.JsonConversions.StrFromJson;
import dev.cser.compiler.codegen.python.JsonConversions.ToJson;

import java.util.ArrayList;
import java.util.List;

/**
 * Chooses the {@link JsonConversions} records of a {@link PythonType}, by its kind. Collections
 * convert element by element, each bound to its own local ({@link PythonType#var()}); a list whose
 * elements are their own JSON form is copied.
 */
final class PythonJsonBuilder {
    private PythonJsonBuilder() {}

    static ToJson toJson(PythonType t, ValueRef value) {
        return switch (t.kind()) {
            case BOOL, INT, STRING -> new PlainToJson(value);
            case F32, F64 -> new FloatToJson(value);
            case BYTES -> new BytesToJson(value);
            case ENUM -> new EnumToJson(t.cls(), value);
            case MESSAGE -> new MessageToJson(t.cls(), value);
            case PACKED, LIST -> list(t.element(), value, false);
            case OPTIONAL_LIST -> list(t.element(), value, true);
            case MAP, OPTIONAL_MAP -> new MapToJson(t.key().var(), t.value().var(), value,
                    toJson(t.key(), ValueRef.local(t.key().var())),
                    element(t.value(), t.kind() == PythonType.Kind.OPTIONAL_MAP));
        };
    }

    /** An optional's JSON form: {@code null} when absent; a plain value is already that. */
    static ToJson optionalToJson(PythonType t, ValueRef value) {
        return t.isJsonPlain() ? toJson(t, value) : new OptionalToJson(value, toJson(t, value));
    }

    private static ToJson list(PythonType element, ValueRef value, boolean optional) {
        if (element.isJsonPlain()) {
            return new CopyListToJson(value);
        }
        return new ListToJson(element.var(), value, element(element, optional));
    }

    private static ToJson element(PythonType t, boolean optional) {
        ValueRef var = ValueRef.local(t.var());
        return optional ? optionalToJson(t, var) : toJson(t, var);
    }

    /** Lambdas a conversion nests before the rest goes to a {@link JsonHelper}. */
    static final int LAMBDA_LEVELS = 3;

    /**
     * The functions the deep conversions of one class are split into, named
     * {@code _from_json_<Class>_<n>} (a class name has no underscore, so no other class's
     * functions can have these names).
     */
    static final class Helpers {
        private final String prefix;
        private final List<JsonHelper> functions = new ArrayList<>();

        Helpers(String className) {
            this.prefix = "_from_json_" + className + "_";
        }

        List<JsonHelper> functions() {
            return List.copyOf(functions);
        }
    }

    static FromJson fromJson(PythonType t, ValueRef value, Helpers helpers) {
        return fromJson(t, value, helpers, 0);
    }

    private static FromJson fromJson(PythonType t, ValueRef value, Helpers helpers, int lambdas) {
        boolean collection = switch (t.kind()) {
            case PACKED, LIST, OPTIONAL_LIST, MAP, OPTIONAL_MAP -> true;
            default -> false;
        };
        if (collection && lambdas == LAMBDA_LEVELS) {
            String function = helpers.prefix + (helpers.functions.size() + 1);
            // Reserved before the body is built, so that the helpers it needs number after it.
            int at = helpers.functions.size();
            helpers.functions.add(null);
            helpers.functions.set(at, new JsonHelper(function, t.var(), PythonCodecBuilder.hint(t),
                    fromJson(t, ValueRef.local(t.var()), helpers, 0)));
            return new HelperFromJson(function, value);
        }
        return switch (t.kind()) {
            case BOOL -> new BoolFromJson(value);
            case INT -> new IntFromJson(t.lo(), t.hi(), t.schemaName(), value);
            case F32 -> new F32FromJson(value);
            case F64 -> new F64FromJson(value);
            case STRING -> new StrFromJson(value);
            case BYTES -> new BytesFromJson(value);
            case ENUM -> new EnumFromJson(t.cls(), value);
            case MESSAGE -> new MessageFromJson(t.cls(), value);
            case PACKED, LIST -> new ListFromJson(t.element().var(), value,
                    elementFrom(t.element(), false, helpers, lambdas + 1));
            case OPTIONAL_LIST -> new ListFromJson(t.element().var(), value,
                    elementFrom(t.element(), true, helpers, lambdas + 1));
            case MAP, OPTIONAL_MAP -> new MapFromJson(t.key().var(), t.value().var(), value,
                    fromJson(t.key(), ValueRef.local(t.key().var()), helpers, lambdas + 1),
                    elementFrom(t.value(), t.kind() == PythonType.Kind.OPTIONAL_MAP, helpers, lambdas + 1));
        };
    }

    /** {@code None} for JSON {@code null}, else the value. */
    static FromJson optionalFromJson(PythonType t, ValueRef value, Helpers helpers) {
        return new OptionalFromJson(value, fromJson(t, value, helpers, 0));
    }

    private static FromJson elementFrom(PythonType t, boolean optional, Helpers helpers, int lambdas) {
        ValueRef var = ValueRef.local(t.var());
        return optional ? new OptionalFromJson(var, fromJson(t, var, helpers, lambdas)) : fromJson(t, var, helpers, lambdas);
    }
}
