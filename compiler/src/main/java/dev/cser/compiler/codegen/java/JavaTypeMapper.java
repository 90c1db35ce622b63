package dev.cser.compiler.codegen.java;

import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Primitive;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.UnionType;
import java.util.Locale;

/**
 * Maps schema types to {@link JavaType} nodes for one generated file (SPEC §12). Lists of
 * numbers and bools become primitive arrays; other lists {@code java.util.List}; maps
 * {@code java.util.Map} backed by a LinkedHashMap (insertion order).
 */
final class JavaTypeMapper {
    private final String fromPackage;
    private final boolean qualifyAll;

    /**
     * @param qualifyAll refer to every declared type fully qualified (used inside a union, whose
     *     nested variant records could shadow a simple name)
     */
    JavaTypeMapper(String fromPackage, boolean qualifyAll) {
        this.fromPackage = fromPackage;
        this.qualifyAll = qualifyAll;
    }

    JavaType map(Type type) {
        return map(type, 0);
    }

    private JavaType map(Type type, int depth) {
        if (type instanceof Type.PrimitiveType p) {
            return scalar(p.kind(), depth);
        }
        if (type instanceof Type.ListType l) {
            if (l.element() instanceof Type.PrimitiveType p && p.kind().isNumeric()) {
                return new JavaType("packed", "array", javaPrimitive(p.kind()), null, false, arrayRuntimeName(p.kind()),
                        null, null, "array", "array", "array", depth, null, null, null, jsonName(p.kind()) + "Array");
            }
            if (l.element() instanceof Type.OptionalType o) {
                JavaType inner = map(o.inner(), depth + 1);
                return new JavaType("optlist", "list", null, null, false, null, null, null, cmpOfContainer(inner),
                        "list", "plain", depth, inner, null, null, null);
            }
            JavaType element = map(l.element(), depth + 1);
            return new JavaType("list", "list", null, null, false, null, null, null, cmpOfContainer(element), "list",
                    "plain", depth, element, null, null, null);
        }
        if (type instanceof Type.MapType m) {
            JavaType key = map(m.key(), depth + 1);
            boolean optional = m.value() instanceof Type.OptionalType;
            Type valueType = optional ? ((Type.OptionalType) m.value()).inner() : m.value();
            JavaType value = map(valueType, depth + 1);
            return new JavaType(optional ? "optmap" : "map", "map", null, null, false, null, null, null,
                    cmpOfContainer(value), "map", "plain", depth, null, key, value, null);
        }
        if (type instanceof Type.OptionalType o) {
            // A record-level optional: the field holds the inner type, nullable (boxed).
            JavaType inner = map(o.inner(), depth);
            return new JavaType(inner.kind, inner.shape, inner.atom, inner.boxedAtom, true, inner.runtimeName,
                    inner.typeRef,
                    inner.zeroMember, inner.cmp.equals("prim") || inner.cmp.equals("float") || inner.cmp.equals("double")
                            ? "ref" : inner.cmp,
                    inner.zero, "plain", depth, inner.element, inner.mapKey, inner.mapValue, inner.jsonName);
        }
        Declaration d = ((Type.NamedType) type).declaration();
        String ref = JavaNames.typeRef(d, fromPackage, qualifyAll);
        if (d instanceof EnumType e) {
            return new JavaType("enum", "atom", ref, null, false, null, ref,
                    JavaNames.constant(e.zeroMember().name()), "ref",
                    "enum", "plain", depth, null, null, null, null);
        }
        if (d instanceof UnionType) {
            return new JavaType("union", "atom", ref, null, false, null, ref, null, "ref", "union", "plain", depth,
                    null, null, null, null);
        }
        String kind = ((MessageType) d).isStruct() ? "struct" : "record";
        return new JavaType(kind, "atom", ref, null, false, null, ref, null, "ref", "message", "plain", depth,
                null, null, null, null);
    }

    private static JavaType scalar(Primitive p, int depth) {
        String java = javaPrimitive(p);
        String boxed = switch (p) {
            case BOOL -> "Boolean";
            case I8, U8 -> "Byte";
            case I16, U16 -> "Short";
            case I32, U32 -> "Integer";
            case I64, U64 -> "Long";
            case F32 -> "Float";
            case F64 -> "Double";
            default -> null;
        };
        String cmp = switch (p) {
            case F32 -> "float";
            case F64 -> "double";
            case STRING -> "ref";
            case BYTES -> "array";
            default -> "prim";
        };
        String zero = switch (p) {
            case STRING -> "string";
            case BYTES -> "array";
            default -> "none";
        };
        String show = switch (p) {
            case U8 -> "u8";
            case U16 -> "u16";
            case U32 -> "u32";
            case U64 -> "u64";
            case BYTES -> "array";
            default -> "plain";
        };
        String runtime = p == Primitive.STRING ? "String" : p == Primitive.BYTES ? "Bytes" : p.name().charAt(0)
                + p.name().substring(1).toLowerCase(Locale.ROOT);
        return new JavaType("scalar", "atom", java, boxed, false, runtime, null, null, cmp, zero, show, depth, null,
                null, null, jsonName(p));
    }

    /** The dev.cser.json.JsonValues name of a primitive's conversion: {@code i32}, {@code u64}, {@code string}. */
    private static String jsonName(Primitive p) {
        return p.name().toLowerCase(Locale.ROOT);
    }

    private static String javaPrimitive(Primitive p) {
        return switch (p) {
            case BOOL -> "boolean";
            case I8, U8 -> "byte";
            case I16, U16 -> "short";
            case I32, U32 -> "int";
            case I64, U64 -> "long";
            case F32 -> "float";
            case F64 -> "double";
            case STRING -> "String";
            case BYTES -> "byte[]";
        };
    }

    /** The runtime's array method suffix; u8 shares i8's (the bytes are the same). */
    private static String arrayRuntimeName(Primitive p) {
        String base = p == Primitive.U8 ? "I8" : p == Primitive.BOOL ? "Bool" : p.name();
        return base + "Array";
    }

    /** Containers compare with equals(), unless they (transitively) hold arrays: then deeply. */
    private static String cmpOfContainer(JavaType inner) {
        return inner.cmp.equals("array") || inner.cmp.equals("deep") ? "deep" : "ref";
    }
}
