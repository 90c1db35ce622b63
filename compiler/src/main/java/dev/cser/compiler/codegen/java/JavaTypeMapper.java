package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.java.JavaType.Kind;
import dev.cser.compiler.codegen.java.TypeSpelling.ClassType;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Primitive;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.UnionType;

/**
 * Maps the schema types used by one generated file to {@link JavaType}s (SPEC §12.1). Lists of
 * numbers and bools become primitive arrays; other lists {@code java.util.List}; maps
 * {@code java.util.Map} backed by a LinkedHashMap (insertion order); an optional field holds its
 * type boxed, null when absent.
 */
final class JavaTypeMapper {
    private final JavaTarget target;
    private final String fromPackage;
    private final boolean qualifyAll;

    /**
     * @param qualifyAll refer to every declared type fully qualified (used inside a union, whose
     *     nested variant records could shadow a simple name)
     */
    JavaTypeMapper(JavaTarget target, String fromPackage, boolean qualifyAll) {
        this.target = target;
        this.fromPackage = fromPackage;
        this.qualifyAll = qualifyAll;
    }

    /** The type of a field or variant; an optional field's is its inner type, nullable. */
    JavaType map(Type type) {
        return type instanceof Type.OptionalType o ? map(o.inner(), 0).asNullable() : map(type, 0);
    }

    /** How this file names {@code d}: its class name in the same package, otherwise fully qualified. */
    ClassType classType(Declaration d) {
        boolean qualified = qualifyAll || !d.packageName().equals(fromPackage);
        return new ClassType(qualified ? target.packageName(d.packageName()) : null, target.className(d));
    }

    private JavaType map(Type type, int depth) {
        if (type instanceof Type.PrimitiveType p) {
            return leaf(Kind.SCALAR, p.kind(), depth);
        }
        if (type instanceof Type.ListType l) {
            if (l.element() instanceof Type.PrimitiveType p && p.kind().isNumeric()) {
                return leaf(Kind.PACKED, p.kind(), depth);
            }
            if (l.element() instanceof Type.OptionalType o) {
                return collection(Kind.OPTIONAL_LIST, depth, map(o.inner(), depth + 1), null, null);
            }
            return collection(Kind.LIST, depth, map(l.element(), depth + 1), null, null);
        }
        if (type instanceof Type.MapType m) {
            JavaType key = map(m.key(), depth + 1);
            if (m.value() instanceof Type.OptionalType o) {
                return collection(Kind.OPTIONAL_MAP, depth, null, key, map(o.inner(), depth + 1));
            }
            return collection(Kind.MAP, depth, null, key, map(m.value(), depth + 1));
        }
        if (type instanceof Type.OptionalType o) {
            // Only fields are optional at the top (SPEC §5.4); map(Type) unwraps those.
            throw new IllegalArgumentException("optional below a field: " + o.canonical());
        }
        Declaration d = ((Type.NamedType) type).declaration();
        if (d instanceof EnumType e) {
            return new JavaType(Kind.ENUM, null, classType(d), target.constant(e.zeroMember().name()), false, depth,
                    null, null, null);
        }
        Kind kind = d instanceof UnionType ? Kind.UNION : Kind.MESSAGE;
        return new JavaType(kind, null, classType(d), null, false, depth, null, null, null);
    }

    private static JavaType leaf(Kind kind, Primitive p, int depth) {
        return new JavaType(kind, p, null, null, false, depth, null, null, null);
    }

    private static JavaType collection(Kind kind, int depth, JavaType element, JavaType key, JavaType value) {
        return new JavaType(kind, null, null, null, false, depth, element, key, value);
    }
}
