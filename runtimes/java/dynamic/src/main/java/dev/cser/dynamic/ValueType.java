package dev.cser.dynamic;

import java.util.Objects;

/**
 * The type of a field, variant, element, key or value: a scalar, a collection, an optional, or a
 * reference to a declared type ({@link NamedType}, bound to its descriptor when the
 * {@link DynamicSchema} is built, so types may refer to each other and to themselves).
 */
public sealed interface ValueType {

    /** How the type is written in a schema ({@code map<string, list<a.b.Image>>}). */
    String schemaText();

    /** A built-in scalar. */
    record ScalarType(Scalar scalar) implements ValueType {
        public ScalarType {
            Objects.requireNonNull(scalar, "scalar");
        }

        @Override
        public String schemaText() {
            return scalar.schemaName();
        }
    }

    /** {@code list<T>}. */
    record ListType(ValueType element) implements ValueType {
        public ListType {
            Objects.requireNonNull(element, "element");
        }

        @Override
        public String schemaText() {
            return "list<" + element.schemaText() + ">";
        }
    }

    /** {@code map<K, V>}. */
    record MapType(ValueType key, ValueType value) implements ValueType {
        public MapType {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String schemaText() {
            return "map<" + key.schemaText() + ", " + value.schemaText() + ">";
        }
    }

    /** {@code optional<T>}. */
    record OptionalType(ValueType inner) implements ValueType {
        public OptionalType {
            Objects.requireNonNull(inner, "inner");
        }

        @Override
        public String schemaText() {
            return "optional<" + inner.schemaText() + ">";
        }
    }

    /**
     * A record, struct, enum or union, by qualified name. The descriptor it names is bound once,
     * when the schema holding it is built; until then {@link #target()} fails.
     */
    final class NamedType implements ValueType {
        private final String name;
        private TypeDescriptor target;

        public NamedType(String qualifiedName) {
            this.name = Objects.requireNonNull(qualifiedName, "qualifiedName");
        }

        /** The qualified name of the type it refers to. */
        public String name() {
            return name;
        }

        /** The descriptor of that type. */
        public TypeDescriptor target() {
            TypeDescriptor t = target;
            if (t == null) {
                throw new IllegalStateException("type " + name + " is not bound: build a DynamicSchema first");
            }
            return t;
        }

        /** Binds the reference; a NamedType belongs to one schema. */
        void bind(TypeDescriptor descriptor) {
            if (target != null && target != descriptor) {
                throw new DescriptorException("the reference to " + name + " is already bound to another schema's "
                        + "type: give each schema its own descriptors");
            }
            target = descriptor;
        }

        @Override
        public String schemaText() {
            return name;
        }

        @Override
        public String toString() {
            return name;
        }
    }

    // ---- shorthands --------------------------------------------------------------------------

    static ValueType scalar(Scalar s) {
        return new ScalarType(s);
    }

    static ValueType list(ValueType element) {
        return new ListType(element);
    }

    static ValueType map(ValueType key, ValueType value) {
        return new MapType(key, value);
    }

    static ValueType optional(ValueType inner) {
        return new OptionalType(inner);
    }

    static ValueType named(String qualifiedName) {
        return new NamedType(qualifiedName);
    }
}
