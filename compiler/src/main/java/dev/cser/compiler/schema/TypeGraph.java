package dev.cser.compiler.schema;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * What a value of a declaration can hold, following fields, variants, elements, keys and values
 * (deprecated fields aside: they never hold a value in generated code).
 */
public final class TypeGraph {
    private TypeGraph() {}

    /**
     * The declarations a value of which can hold, anywhere inside, a type {@code test} accepts:
     * worked out for all of them at once, loop by loop, each loop after those it reaches (a
     * search per type was quadratic in a schema of thousands of types).
     */
    public static Set<Declaration> holders(Collection<Declaration> declarations, Predicate<Type> test) {
        Map<Declaration, List<Declaration>> edges = new IdentityHashMap<>();
        Set<Declaration> direct = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Declaration d : declarations) {
            List<Declaration> out = new ArrayList<>();
            for (Field f : members(d)) {
                if (!f.deprecated() && walk(f.type(), test, out)) {
                    direct.add(d);
                }
            }
            edges.put(d, out);
        }
        Set<Declaration> holders = Collections.newSetFromMap(new IdentityHashMap<>());
        for (List<Declaration> loop : Components.of(edges)) {
            boolean holds = false;
            for (Declaration d : loop) {
                holds |= direct.contains(d) || edges.get(d).stream().anyMatch(holders::contains);
            }
            if (holds) {
                holders.addAll(loop);
            }
        }
        return holders;
    }

    /** Whether t or a type inside it is one test accepts; the declarations it names go to out. */
    static boolean walk(Type t, Predicate<Type> test, Collection<Declaration> out) {
        boolean found = test.test(t);
        if (t instanceof Type.ListType l) {
            found |= walk(l.element(), test, out);
        } else if (t instanceof Type.MapType m) {
            found |= walk(m.key(), test, out) | walk(m.value(), test, out);
        } else if (t instanceof Type.OptionalType o) {
            found |= walk(o.inner(), test, out);
        } else if (t instanceof Type.NamedType n && n.declaration() != null) {
            out.add(n.declaration());
        }
        return found;
    }

    /**
     * Whether {@code part}, which a field or variant of {@code owner} holds inline (directly or
     * through an optional, not through a list or map, which hold their elements elsewhere), can
     * hold {@code owner} inline again: whether the two are in one loop of inline holding. Every
     * target holds such a part by reference, as a type that holds itself inline has no finite
     * size. Deprecated fields hold nothing (no target stores their values), so they close no loop.
     *
     * <p>Constant time once the linker has marked the loops ({@link #markInlineLoops}): a search
     * per field made checking a schema of a few hundred types take minutes.
     */
    public static boolean holdsInline(Declaration part, Declaration owner) {
        if (part == owner) {
            return true;
        }
        if (part.inlineLoop() != null && owner.inlineLoop() != null) {
            return part.inlineLoop() == owner.inlineLoop();
        }
        return reachesInline(part, owner, new HashSet<>()) && reachesInline(owner, part, new HashSet<>());
    }

    /**
     * Marks every declaration with its loop of inline holding: the strongly connected components
     * of the graph whose edges go from a type to those its fields and variants hold inline.
     */
    static void markInlineLoops(Collection<Declaration> declarations) {
        Map<Declaration, List<Declaration>> edges = new IdentityHashMap<>();
        for (Declaration d : declarations) {
            List<Declaration> out = new ArrayList<>();
            for (Type t : inlineTypes(d)) {
                if (t instanceof Type.NamedType n && n.declaration() != null) {
                    out.add(n.declaration());
                }
            }
            edges.put(d, out);
        }
        for (List<Declaration> loop : Components.of(edges)) {
            for (Declaration d : loop) {
                d.setInlineLoop(loop);
            }
        }
    }

    private static boolean reachesInline(Declaration from, Declaration target, Set<Declaration> seen) {
        if (from == target) {
            return true;
        }
        if (!seen.add(from)) {
            return false;
        }
        for (Type t : inlineTypes(from)) {
            if (t instanceof Type.NamedType n && n.declaration() != null && reachesInline(n.declaration(), target, seen)) {
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

    /** A record's or struct's fields, a union's variants, nothing for an enum. */
    public static List<Field> members(Declaration d) {
        return d instanceof MessageType m ? m.fields() : d instanceof UnionType u ? u.variants() : List.of();
    }
}
