package dev.cser.compiler.schema;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a value of a declaration can hold, following fields, variants, elements, keys and values
 * (deprecated fields aside: they never hold a value in generated code).
 */
public final class TypeGraph {
    private TypeGraph() {}

    /** Whether a value of {@code d} can hold, anywhere inside, a type {@code test} accepts. */
    public static boolean holds(Declaration d, Predicate<Type> test) {
        return holds(d, test, new HashSet<>());
    }

    /**
     * Whether a value of {@code from} can hold a {@code target} inline: through fields, optionals
     * and union variants, not through a list or map (which already hold their elements
     * elsewhere). A declaration that reaches itself this way has no finite in-line size.
     */
    public static boolean holdsInline(Declaration from, Declaration target) {
        return holdsInline(from, target, new HashSet<>());
    }

    private static boolean holds(Declaration d, Predicate<Type> test, Set<Declaration> seen) {
        if (!seen.add(d)) {
            return false;
        }
        for (Field f : members(d)) {
            if (!f.deprecated() && holds(f.type(), test, seen)) {
                return true;
            }
        }
        return false;
    }

    private static boolean holds(Type t, Predicate<Type> test, Set<Declaration> seen) {
        if (test.test(t)) {
            return true;
        }
        if (t instanceof Type.ListType l) {
            return holds(l.element(), test, seen);
        }
        if (t instanceof Type.MapType m) {
            return holds(m.key(), test, seen) || holds(m.value(), test, seen);
        }
        if (t instanceof Type.OptionalType o) {
            return holds(o.inner(), test, seen);
        }
        return t instanceof Type.NamedType n && holds(n.declaration(), test, seen);
    }

    private static boolean holdsInline(Declaration from, Declaration target, Set<Declaration> seen) {
        if (from == target) {
            return true;
        }
        if (!seen.add(from)) {
            return false;
        }
        for (Type t : inlineTypes(from)) {
            if (t instanceof Type.NamedType n && holdsInline(n.declaration(), target, seen)) {
                return true;
            }
        }
        return false;
    }

    /** The types a declaration holds inline: field and variant types, optionals unwrapped. */
    private static List<Type> inlineTypes(Declaration d) {
        List<Type> out = new ArrayList<>();
        for (Field f : members(d)) {
            if (!f.deprecated()) {
                out.add(f.type() instanceof Type.OptionalType o ? o.inner() : f.type());
            }
        }
        return out;
    }

    private static List<Field> members(Declaration d) {
        return d instanceof MessageType m ? m.fields() : d instanceof UnionType u ? u.variants() : List.of();
    }
}
