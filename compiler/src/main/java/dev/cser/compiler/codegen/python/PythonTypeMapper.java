package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.python.PythonType.Kind;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Primitive;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.UnionType;
import java.math.BigInteger;
import java.util.Set;

/**
 * Maps schema types to {@link PythonType}s for one generated module (SPEC §12.3): integers to
 * {@code int} with their range, floats to {@code float}, string to {@code str}, bytes to
 * {@code bytes}, lists to {@code list}, maps to {@code dict} (insertion order), named types to
 * their class, qualified by the module alias when declared in another package.
 */
final class PythonTypeMapper {
    private final PythonTarget target;
    private final String fromPackage;
    /** Collects the packages whose modules the generated module must import. */
    private final Set<String> imports;

    PythonTypeMapper(PythonTarget target, String fromPackage, Set<String> imports) {
        this.target = target;
        this.fromPackage = fromPackage;
        this.imports = imports;
    }

    /**
     * The type of a field or variant; an optional maps to its inner type (the field says
     * optional). {@code base} names the locals that hold its values.
     */
    PythonType map(Type type, String base) {
        Type inner = type instanceof Type.OptionalType o ? o.inner() : type;
        return map(inner, 0, "x", base);
    }

    /** The class of a declaration, as this module names it; imports its module when needed. */
    ClassRef classOf(Declaration d) {
        String module = null;
        if (!d.packageName().equals(fromPackage)) {
            imports.add(d.packageName());
            module = target.moduleAlias(d.packageName());
        }
        return new ClassRef(module, target.className(d.name()));
    }

    private PythonType map(Type type, int depth, String role, String base) {
        String var = depth == 0 ? base : base + "_" + role + depth;
        String name = type.canonical();
        if (type instanceof Type.PrimitiveType p) {
            return scalar(p.kind(), name, var);
        }
        if (type instanceof Type.ListType l) {
            if (l.element() instanceof Type.PrimitiveType p && (p.kind().isFixedWidth() || p.kind().isInteger())) {
                // The element's own type: the JSON mapping converts packed elements one by one.
                PythonType el = scalar(p.kind(), p.kind().schemaName(), base + "_x" + (depth + 1));
                return new PythonType(Kind.PACKED, name, null, null, null, null, null, false, var, el, null, null);
            }
            boolean optional = l.element() instanceof Type.OptionalType;
            Type elementType = optional ? ((Type.OptionalType) l.element()).inner() : l.element();
            PythonType el = map(elementType, depth + 1, "x", base);
            return new PythonType(optional ? Kind.OPTIONAL_LIST : Kind.LIST, name, null, null, null, null, null, false,
                    var, el, null, null);
        }
        if (type instanceof Type.MapType m) {
            boolean optional = m.value() instanceof Type.OptionalType;
            Type valueType = optional ? ((Type.OptionalType) m.value()).inner() : m.value();
            PythonType key = map(m.key(), depth + 1, "k", base);
            PythonType value = map(valueType, depth + 1, "x", base);
            return new PythonType(optional ? Kind.OPTIONAL_MAP : Kind.MAP, name, null, null, null, null, null, false, var,
                    null, key, value);
        }
        if (type instanceof Type.NamedType n) {
            Declaration d = n.declaration();
            if (d instanceof EnumType e) {
                return new PythonType(Kind.ENUM, name, null, null, null, classOf(d), e.zeroMember().name(), false, var,
                        null, null, null);
            }
            return new PythonType(Kind.MESSAGE, name, null, null, null, classOf(d), null, d instanceof UnionType, var,
                    null, null, null);
        }
        // Only fields are optional at the top (SPEC §5.4); map(Type, String) unwraps those.
        throw new IllegalArgumentException("optional below a field: " + type.canonical());
    }

    private PythonType scalar(Primitive p, String name, String var) {
        return switch (p) {
            case BOOL -> simple(Kind.BOOL, name, "bool", var);
            case F32 -> simple(Kind.F32, name, "float", var);
            case F64 -> simple(Kind.F64, name, "float", var);
            case STRING -> simple(Kind.STRING, name, "str", var);
            case BYTES -> simple(Kind.BYTES, name, "bytes", var);
            default -> {
                int bits = switch (p) {
                    case I8, U8 -> 8;
                    case I16, U16 -> 16;
                    case I32, U32 -> 32;
                    default -> 64;
                };
                boolean signed = p == Primitive.I8 || p == Primitive.I16 || p == Primitive.I32 || p == Primitive.I64;
                BigInteger lo = signed ? BigInteger.ONE.shiftLeft(bits - 1).negate() : BigInteger.ZERO;
                BigInteger hi = BigInteger.ONE.shiftLeft(signed ? bits - 1 : bits).subtract(BigInteger.ONE);
                yield new PythonType(Kind.INT, name, "int", target.intLiteral(lo), target.intLiteral(hi), null, null,
                        false, var, null, null, null);
            }
        };
    }

    private static PythonType simple(Kind kind, String name, String builtin, String var) {
        return new PythonType(kind, name, builtin, null, null, null, null, false, var, null, null, null);
    }
}
