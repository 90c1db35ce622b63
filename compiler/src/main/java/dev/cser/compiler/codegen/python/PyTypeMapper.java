package dev.cser.compiler.codegen.python;

import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Primitive;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.UnionType;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Set;

/**
 * Maps schema types to {@link PyType} nodes for one generated module: integers to {@code int}
 * with their range, floats to {@code float}, string to {@code str}, bytes to {@code bytes},
 * lists to {@code list}, maps to {@code dict} (insertion order), optionals to {@code T | None},
 * named types to their class, qualified by the module alias when declared in another package.
 */
final class PyTypeMapper {
    private final String fromPackage;
    /** Collects the packages whose modules the generated module must import. */
    private final Set<String> imports;

    PyTypeMapper(String fromPackage, Set<String> imports) {
        this.fromPackage = fromPackage;
        this.imports = imports;
    }

    /**
     * The type of a field or variant; an optional maps to its inner type (the field says
     * optional). {@code base} names the locals that hold its values.
     */
    PyType map(Type type, String base) {
        Type inner = type instanceof Type.OptionalType o ? o.inner() : type;
        return map(inner, 0, "x", base);
    }

    private PyType map(Type type, int depth, String role, String base) {
        PyType.Builder b;
        if (type instanceof Type.PrimitiveType p) {
            b = scalar(p.kind(), depth);
        } else if (type instanceof Type.ListType l) {
            b = list(l, depth, base);
        } else if (type instanceof Type.MapType m) {
            boolean optional = m.value() instanceof Type.OptionalType;
            Type valueType = optional ? ((Type.OptionalType) m.value()).inner() : m.value();
            b = new PyType.Builder(optional ? "optmap" : "map", depth);
            b.shape = b.kind;
            b.key = map(m.key(), depth + 1, "k", base);
            b.value = map(valueType, depth + 1, "x", base);
        } else if (type instanceof Type.NamedType n) {
            b = named(n.declaration(), depth);
        } else {
            // Only fields are optional at the top (SPEC §5.4); map(Type) unwraps those.
            throw new IllegalArgumentException("optional below a field: " + type.canonical());
        }
        b.schemaName = type.canonical();
        b.role = role;
        b.base = base;
        return b.build();
    }

    private PyType.Builder list(Type.ListType l, int depth, String base) {
        if (l.element() instanceof Type.PrimitiveType p && (p.kind().isFixedWidth() || p.kind().isInteger())) {
            PyType.Builder b = new PyType.Builder("packed", depth);
            PyType.Builder el = scalar(p.kind(), depth + 1);
            b.atom = el.atom;
            b.shape = "packedList";
            b.elementName = p.kind().schemaName();
            // The element's own node: the JSON mapping converts packed elements one by one.
            el.schemaName = p.kind().schemaName();
            el.role = "x";
            el.base = base;
            b.element = el.build();
            return b;
        }
        boolean optional = l.element() instanceof Type.OptionalType;
        Type elementType = optional ? ((Type.OptionalType) l.element()).inner() : l.element();
        PyType.Builder b = new PyType.Builder(optional ? "optlist" : "list", depth);
        b.shape = b.kind;
        b.element = map(elementType, depth + 1, "x", base);
        return b;
    }

    private PyType.Builder named(Declaration d, int depth) {
        String module = "";
        if (!d.packageName().equals(fromPackage)) {
            imports.add(d.packageName());
            module = PyNames.moduleAlias(d.packageName()) + ".";
        }
        String className = PyNames.typeName(d);
        PyType.Builder b;
        if (d instanceof EnumType e) {
            b = new PyType.Builder("enum", depth);
            b.zeroMember = e.zeroMember().name();
        } else {
            b = new PyType.Builder("message", depth);
            b.union = d instanceof UnionType;
        }
        b.module = module;
        b.className = className;
        b.atom = module + className;
        return b;
    }

    private static PyType.Builder scalar(Primitive p, int depth) {
        PyType.Builder b;
        switch (p) {
            case BOOL -> {
                b = new PyType.Builder("bool", depth);
                b.atom = "bool";
            }
            case I8, U8 -> {
                b = new PyType.Builder(p == Primitive.I8 ? "i8" : "u8", depth);
                b.atom = "int";
                b.lo = p == Primitive.I8 ? "-0x80" : "0";
                b.hi = p == Primitive.I8 ? "0x7F" : "0xFF";
            }
            case I16, I32, I64 -> {
                int bits = p == Primitive.I16 ? 16 : p == Primitive.I32 ? 32 : 64;
                b = new PyType.Builder("sint", depth);
                b.atom = "int";
                b.lo = "-0x" + pow2Hex(bits - 1);
                b.hi = hex(bits - 1);
            }
            case U16, U32, U64 -> {
                int bits = p == Primitive.U16 ? 16 : p == Primitive.U32 ? 32 : 64;
                b = new PyType.Builder("uint", depth);
                b.atom = "int";
                b.lo = "0";
                b.hi = hex(bits);
            }
            case F32, F64 -> {
                b = new PyType.Builder(p == Primitive.F32 ? "f32" : "f64", depth);
                b.atom = "float";
            }
            case STRING -> {
                b = new PyType.Builder("string", depth);
                b.atom = "str";
            }
            default -> {
                b = new PyType.Builder("bytes", depth);
                b.atom = "bytes";
            }
        }
        return b;
    }

    /** {@code 2^bits - 1} in hex: {@code hex(32)} is {@code 0xFFFFFFFF}. */
    private static String hex(int bits) {
        return "0x" + BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE).toString(16).toUpperCase(Locale.ROOT);
    }

    private static String pow2Hex(int bits) {
        return BigInteger.ONE.shiftLeft(bits).toString(16).toUpperCase(Locale.ROOT);
    }
}
