package dev.cser.compiler.schema;

/** A resolved type: a built-in, a collection, an optional, or a reference to a declaration. */
public sealed interface Type {

    /** How the type is written in canonical schema text (SPEC §8.1): named types qualified. */
    String canonical();

    /**
     * The levels of this type expression, each {@code list}, {@code map} and {@code optional}
     * one (SPEC §2.1): {@code list<map<string, optional<list<i32>>>>} is 4. Generated code nests
     * a loop or closure a level, so the generators split or leave unformatted what nests deep.
     */
    default int nesting() {
        if (this instanceof ListType l) {
            return 1 + l.element().nesting();
        }
        if (this instanceof MapType m) {
            return 1 + Math.max(m.key().nesting(), m.value().nesting());
        }
        return this instanceof OptionalType o ? 1 + o.inner().nesting() : 0;
    }

    record PrimitiveType(Primitive kind) implements Type {
        @Override
        public String canonical() {
            return kind.schemaName();
        }
    }

    record ListType(Type element) implements Type {
        @Override
        public String canonical() {
            return "list<" + element.canonical() + ">";
        }
    }

    record MapType(Type key, Type value) implements Type {
        @Override
        public String canonical() {
            return "map<" + key.canonical() + ", " + value.canonical() + ">";
        }
    }

    record OptionalType(Type inner) implements Type {
        @Override
        public String canonical() {
            return "optional<" + inner.canonical() + ">";
        }
    }

    /** A reference to a record, struct, enum or union. Compared by the declaration's identity. */
    record NamedType(Declaration declaration) implements Type {
        @Override
        public String canonical() {
            return declaration.qualifiedName();
        }
    }
}
