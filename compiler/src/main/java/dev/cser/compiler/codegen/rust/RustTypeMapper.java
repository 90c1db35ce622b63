package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.rust.RustType.Kind;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Primitive;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.TypeGraph;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Maps the schema types used by one declaration to {@link RustType}s (SPEC §12.2): numbers and
 * bool to Rust primitives, string to String, bytes to a Vec of u8, lists of numbers to packed
 * Vecs, lists to Vec, maps to cser::IndexMap (insertion order), named types to their path, boxed
 * where the declaration would otherwise hold itself inline.
 */
final class RustTypeMapper {
    private final RustTarget target;
    private final String fromPackage;
    private final Declaration owner;

    RustTypeMapper(RustTarget target, Declaration owner) {
        this.target = target;
        this.fromPackage = owner.packageName();
        this.owner = owner;
    }

    /** The type of a field or variant; an optional maps to its inner type (the field says optional). */
    RustType map(Type type) {
        Type inner = type instanceof Type.OptionalType o ? o.inner() : type;
        return map(inner, 0, true);
    }

    /**
     * How code in this package names {@code d}: its bare name in the same package, otherwise a
     * path up to the root of the generated modules and down again.
     */
    TypePath path(Declaration d) {
        List<String> segments = new ArrayList<>();
        if (!d.packageName().equals(fromPackage)) {
            target.modulePath(fromPackage).forEach(s -> segments.add("super"));
            segments.addAll(target.modulePath(d.packageName()));
        }
        return new TypePath(segments, target.typeName(d.name()));
    }

    private RustType map(Type type, int depth, boolean direct) {
        if (type instanceof Type.PrimitiveType p) {
            return scalar(p.kind(), depth);
        }
        if (type instanceof Type.ListType l) {
            if (l.element() instanceof Type.PrimitiveType p && (p.kind().isFixedWidth() || p.kind().isInteger())) {
                return new RustType(Kind.PACKED, primitive(p.kind()), null, false, false, depth, null, null, null);
            }
            if (l.element() instanceof Type.OptionalType o) {
                RustType el = map(o.inner(), depth + 1, false);
                return new RustType(Kind.OPTIONAL_LIST, null, null, false, false, depth, el, null, null);
            }
            RustType el = map(l.element(), depth + 1, false);
            return new RustType(Kind.LIST, null, null, false, false, depth, el, null, null);
        }
        if (type instanceof Type.MapType m) {
            RustType key = map(m.key(), depth + 1, false);
            boolean optional = m.value() instanceof Type.OptionalType;
            Type valueType = optional ? ((Type.OptionalType) m.value()).inner() : m.value();
            RustType value = map(valueType, depth + 1, false);
            Kind kind = optional ? Kind.OPTIONAL_MAP : Kind.MAP;
            return new RustType(kind, null, null, false, false, depth, null, key, value);
        }
        if (type instanceof Type.OptionalType o) {
            // Only fields are optional at the top (SPEC §5.4); map(Type) unwraps those.
            throw new IllegalArgumentException("optional below a field: " + o.canonical());
        }
        Declaration d = ((Type.NamedType) type).declaration();
        if (d instanceof EnumType) {
            return new RustType(Kind.ENUM, null, path(d), false, true, depth, null, null, null);
        }
        boolean boxed = direct && TypeGraph.holdsInline(d, owner);
        return new RustType(Kind.MESSAGE, null, path(d), boxed, false, depth, null, null, null);
    }

    private static RustType scalar(Primitive p, int depth) {
        if (p == Primitive.STRING) {
            return new RustType(Kind.STRING, null, null, false, false, depth, null, null, null);
        }
        if (p == Primitive.BYTES) {
            return new RustType(Kind.BYTES, null, null, false, false, depth, null, null, null);
        }
        return new RustType(Kind.SCALAR, primitive(p), null, false, true, depth, null, null, null);
    }

    private static String primitive(Primitive p) {
        return p.name().toLowerCase(Locale.ROOT);
    }
}
