package dev.cser.dynamic;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * The declared types of a schema, by qualified name, with every reference between them bound:
 * what a {@link DynamicCodec} reads and writes values of. Immutable once built.
 *
 * <pre>{@code
 * DynamicSchema schema = DynamicSchema.builder().add(pointDescriptor).add(shapeDescriptor).build();
 * DynamicCodec codec = DynamicCodec.of(schema.root("geo.Shape"));
 * }</pre>
 *
 * The compiler builds one from {@code .cser} files ({@code dev.cser.compiler.dynamic.DynamicSchemas}).
 */
public final class DynamicSchema {
    /** The scalars a map key can be, besides an enum (SPEC §2). */
    private static final Set<Scalar> KEY_SCALARS = EnumSet.of(Scalar.I8, Scalar.I16, Scalar.I32, Scalar.I64, Scalar.U8,
            Scalar.U16, Scalar.U32, Scalar.U64, Scalar.STRING);

    private final Map<String, TypeDescriptor> types;

    private DynamicSchema(Map<String, TypeDescriptor> types) {
        this.types = Collections.unmodifiableMap(types);
    }

    /** A builder to add descriptors to. */
    public static Builder builder() {
        return new Builder();
    }

    /** Every type, sorted by qualified name. */
    public Collection<TypeDescriptor> types() {
        return types.values();
    }

    /** The type named {@code qualifiedName}, or null. */
    public TypeDescriptor type(String qualifiedName) {
        return types.get(qualifiedName);
    }

    /** The records, structs and unions (the types a message or stream can hold), sorted by name. */
    public List<RootDescriptor> roots() {
        List<RootDescriptor> roots = new ArrayList<>();
        for (TypeDescriptor t : types.values()) {
            if (t instanceof RootDescriptor r) {
                roots.add(r);
            }
        }
        return roots;
    }

    /**
     * The record, struct or union named {@code qualifiedName}.
     *
     * @throws IllegalArgumentException if the schema has no such type, or it is an enum; the
     *     message lists the types it has
     */
    public RootDescriptor root(String qualifiedName) {
        TypeDescriptor t = types.get(qualifiedName);
        if (t instanceof RootDescriptor r) {
            return r;
        }
        List<String> names = roots().stream().map(RootDescriptor::qualifiedName).toList();
        throw new IllegalArgumentException((t == null ? "no type " + qualifiedName + " in the schema"
                : qualifiedName + " is an enum, not a record, struct or union") + "; its records, structs and unions: "
                + (names.isEmpty() ? "none" : String.join(", ", names)));
    }

    /** The record, struct or union whose stream type id (SPEC §8) is {@code typeId}, or null. */
    public RootDescriptor rootByTypeId(long typeId) {
        for (RootDescriptor r : roots()) {
            if (r.typeId() == typeId) {
                return r;
            }
        }
        return null;
    }

    /** Collects descriptors; {@link #build()} binds their references and checks them. */
    public static final class Builder {
        private final Map<String, TypeDescriptor> types = new TreeMap<>();

        private Builder() {}

        /**
         * Adds a type.
         *
         * @throws DescriptorException if the builder has a type of that name already
         */
        public Builder add(TypeDescriptor type) {
            Objects.requireNonNull(type, "type");
            if (types.putIfAbsent(type.qualifiedName(), type) != null) {
                throw new DescriptorException("two types named " + type.qualifiedName());
            }
            return this;
        }

        /**
         * Binds every named reference to its type and checks what the descriptors alone cannot:
         * every referenced type is here, map keys are integers, strings or enums, no optional is
         * nested in an optional or used as a map key.
         *
         * @throws DescriptorException on the first problem found
         */
        public DynamicSchema build() {
            for (TypeDescriptor t : types.values()) {
                if (t instanceof MessageDescriptor m) {
                    for (FieldDescriptor f : m.fields()) {
                        bind(f.type(), m.qualifiedName() + "." + f.name());
                    }
                } else if (t instanceof UnionDescriptor u) {
                    for (VariantDescriptor v : u.variants()) {
                        bind(v.type(), u.qualifiedName() + "." + v.name());
                    }
                }
            }
            requireFiniteZeros();
            return new DynamicSchema(new TreeMap<>(types));
        }

        /**
         * Every record, struct and union must have a finite zero value (SPEC §3), or building
         * one would never end: a least fixed point over the types whose zero is known to be
         * finite (a union's is its zero variant's).
         */
        private void requireFiniteZeros() {
            Set<TypeDescriptor> finite = new HashSet<>();
            boolean grew = true;
            while (grew) {
                grew = false;
                for (TypeDescriptor t : types.values()) {
                    if (!finite.contains(t) && finiteZero(t, finite)) {
                        finite.add(t);
                        grew = true;
                    }
                }
            }
            for (TypeDescriptor t : types.values()) {
                if (!finite.contains(t)) {
                    throw new DescriptorException(t + ": its zero value would be infinite (it holds itself through "
                            + "fields that are not optional, lists or maps, or through the zero variant of a union)");
                }
            }
        }

        private static boolean finiteZero(TypeDescriptor t, Set<TypeDescriptor> finite) {
            if (t instanceof MessageDescriptor m) {
                return m.fields().stream().allMatch(f -> finiteZero(f.type(), finite));
            }
            if (t instanceof UnionDescriptor u) {
                return finiteZero(u.zeroVariant().type(), finite);
            }
            return true;
        }

        private static boolean finiteZero(ValueType type, Set<TypeDescriptor> finite) {
            return !(type instanceof ValueType.NamedType n) || n.target() instanceof EnumDescriptor
                    || finite.contains(n.target());
        }

        private void bind(ValueType type, String where) {
            if (type instanceof ValueType.NamedType n) {
                TypeDescriptor target = types.get(n.name());
                if (target == null) {
                    throw new DescriptorException(where + ": no type " + n.name() + " in the schema");
                }
                n.bind(target);
            } else if (type instanceof ValueType.ListType l) {
                bind(l.element(), where);
            } else if (type instanceof ValueType.MapType m) {
                bind(m.key(), where);
                bind(m.value(), where);
                boolean keyOk = m.key() instanceof ValueType.ScalarType s ? KEY_SCALARS.contains(s.scalar())
                        : m.key() instanceof ValueType.NamedType k && k.target() instanceof EnumDescriptor;
                if (!keyOk) {
                    throw new DescriptorException(where + ": a map key must be an integer type, string or an enum, not "
                            + m.key().schemaText());
                }
            } else if (type instanceof ValueType.OptionalType o) {
                if (o.inner() instanceof ValueType.OptionalType) {
                    throw new DescriptorException(where + ": optional<optional<T>> is not a type");
                }
                bind(o.inner(), where);
            }
        }
    }
}
