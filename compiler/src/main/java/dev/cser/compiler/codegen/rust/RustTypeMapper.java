package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Primitive;
import dev.cser.compiler.schema.Type;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * Maps schema types to {@link RustType} nodes for one generated module (SPEC §12): numbers and
 * bool to Rust primitives, string to String, bytes to Vec of u8, lists to Vec, maps to
 * cser::IndexMap (insertion order), optional to Option, named types to their path.
 */
final class RustTypeMapper {
    private final String fromPackage;
    /** Whether a named type at a field or variant must be boxed (recursion without a collection). */
    private final Predicate<Declaration> needsBox;

    RustTypeMapper(String fromPackage, Predicate<Declaration> needsBox) {
        this.fromPackage = fromPackage;
        this.needsBox = needsBox;
    }

    /** The type of a field or variant; an optional maps to its inner type (the field says optional). */
    RustType map(Type type) {
        Type inner = type instanceof Type.OptionalType o ? o.inner() : type;
        return map(inner, 0, true);
    }

    private RustType map(Type type, int depth, boolean direct) {
        if (type instanceof Type.PrimitiveType p) {
            return scalar(p.kind(), depth);
        }
        if (type instanceof Type.ListType l) {
            if (l.element() instanceof Type.PrimitiveType p && (p.kind().isFixedWidth() || p.kind().isInteger())) {
                String name = rustPrimitive(p.kind());
                return new RustType("packed", "packed", name, name, false, false, depth, null, null, null);
            }
            if (l.element() instanceof Type.OptionalType o) {
                RustType el = map(o.inner(), depth + 1, false);
                return new RustType("optlist", "optlist", null, null, false, false, depth, el, null, null);
            }
            RustType el = map(l.element(), depth + 1, false);
            return new RustType("list", "list", null, null, false, false, depth, el, null, null);
        }
        if (type instanceof Type.MapType m) {
            RustType key = map(m.key(), depth + 1, false);
            boolean optional = m.value() instanceof Type.OptionalType;
            Type valueType = optional ? ((Type.OptionalType) m.value()).inner() : m.value();
            RustType value = map(valueType, depth + 1, false);
            String kind = optional ? "optmap" : "map";
            return new RustType(kind, kind, null, null, false, false, depth, null, key, value);
        }
        if (type instanceof Type.OptionalType o) {
            // Only fields are optional at the top (SPEC §5.4); map() unwraps those.
            throw new IllegalArgumentException("optional below a field: " + o.canonical());
        }
        Declaration d = ((Type.NamedType) type).declaration();
        String path = RustNames.typePath(d, fromPackage);
        if (d instanceof EnumType) {
            return new RustType("enum", "atom", path, null, false, true, depth, null, null, null);
        }
        boolean boxed = direct && needsBox.test(d);
        return new RustType("message", boxed ? "boxed" : "atom", path, null, boxed, false, depth, null, null, null);
    }

    private static RustType scalar(Primitive p, int depth) {
        if (p == Primitive.STRING) {
            return new RustType("string", "string", null, null, false, false, depth, null, null, null);
        }
        if (p == Primitive.BYTES) {
            return new RustType("bytes", "bytes", null, null, false, false, depth, null, null, null);
        }
        String name = rustPrimitive(p);
        return new RustType("scalar", "atom", name, name, false, true, depth, null, null, null);
    }

    private static String rustPrimitive(Primitive p) {
        return p.name().toLowerCase(Locale.ROOT);
    }
}
