package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.schema.Components;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.TypeGraph;
import dev.cser.compiler.schema.UnionType;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code #![recursion_limit]} a crate needs to hold the generated types (SPEC §12.2).
 *
 * <p>rustc checks auto traits ({@code Send}, {@code Sync}, the unwind-safety traits), drop rules,
 * layouts and generic instantiations by walking a type's fields, and every level of that walk
 * counts against the crate's recursion limit (128 unless the crate root raises it): a chain of
 * 64 records each holding the next, or a loop of 40 records linked through optionals, is past
 * it. Safe Rust gives generated code no way to end those walks early, so the generator works out
 * how deep they can go and asks for a limit that covers them.
 *
 * <p>The walks never visit one type twice on their way down, so their depth is bounded by the
 * longest chain of distinct types, each holding the next: a path in the graph of records,
 * structs and unions. Each type on it costs one level plus the wrappers ({@code Vec},
 * {@code Option}, {@code IndexMap}, {@code Box}) around its deepest field; the types of a loop
 * (a strongly connected component) are all counted, as a path may pass through every one of
 * them. rustc spends up to {@link #LEVELS_PER_STEP} levels a step (measured on rustc 1.95 with
 * {@code Send + Sync + UnwindSafe + RefUnwindSafe} asked of chains and loops of records through
 * optionals, lists and boxes); the schema generator's campaign builds every schema it makes with
 * the limit computed here.
 */
public final class RecursionLimit {
    private RecursionLimit() {}

    /** rustc's limit when a crate sets none. */
    public static final int RUSTC_DEFAULT = 128;
    /** What a map counts among a field's wrappers, where a list or option counts one. */
    static final int MAP_WRAPPERS = 2;

    /** Levels of rustc's walk per step of a type path, at most (see the class comment). */
    static final int LEVELS_PER_STEP = 3;

    /**
     * The limit to ask for: 0 when rustc's default covers the types, else a power of two at
     * least {@link #LEVELS_PER_STEP} times the longest path.
     */
    public static int needed(List<Declaration> declarations) {
        long levels = (long) LEVELS_PER_STEP * longestPath(declarations);
        if (levels <= RUSTC_DEFAULT) {
            return 0;
        }
        long limit = RUSTC_DEFAULT;
        while (limit < levels) {
            limit *= 2;
        }
        return (int) Math.min(limit, 1 << 30);
    }

    /** The costliest path, a loop's types all counted (the class comment). */
    static long longestPath(List<Declaration> declarations) {
        Map<Declaration, Integer> cost = new IdentityHashMap<>();
        Map<Declaration, Set<Declaration>> edges = new IdentityHashMap<>();
        for (Declaration d : declarations) {
            if (d instanceof MessageType || d instanceof UnionType) {
                int deepest = 0;
                Set<Declaration> out = new LinkedHashSet<>();
                for (Field f : TypeGraph.members(d)) {
                    deepest = Math.max(deepest, wrappers(d, f.type(), out));
                }
                cost.put(d, 1 + deepest);
                edges.put(d, out);
            }
        }
        List<List<Declaration>> components = Components.of(edges);
        // Tarjan emits a component after every component it reaches: a single pass in that
        // order sees each successor's longest path before its predecessors need it.
        Map<Declaration, Integer> componentOf = new IdentityHashMap<>();
        for (int i = 0; i < components.size(); i++) {
            for (Declaration d : components.get(i)) {
                componentOf.put(d, i);
            }
        }
        long[] longest = new long[components.size()];
        long best = 0;
        for (int i = 0; i < components.size(); i++) {
            long weight = 0;
            long after = 0;
            for (Declaration d : components.get(i)) {
                weight += cost.get(d);
                for (Declaration next : edges.get(d)) {
                    Integer j = componentOf.get(next);
                    if (j != null && j != i) {
                        after = Math.max(after, longest[j]);
                    }
                }
            }
            longest[i] = weight + after;
            best = Math.max(best, longest[i]);
        }
        return best;
    }

    /**
     * The wrappers around the deepest part of {@code t}, a boxed reference counting one, and
     * the records, structs and unions it names added to {@code out}.
     */
    private static int wrappers(Declaration owner, Type t, Set<Declaration> out) {
        if (t instanceof Type.ListType l) {
            return 1 + wrappers(owner, l.element(), out);
        }
        if (t instanceof Type.MapType m) {
            // IndexMap holds its entries through twice the types a Vec does (Core, the entries'
            // Vec, Bucket): the limits' 32-deep map/list type went past 128 counted as one.
            return MAP_WRAPPERS + Math.max(wrappers(owner, m.key(), out), wrappers(owner, m.value(), out));
        }
        if (t instanceof Type.OptionalType o) {
            return 1 + wrappers(owner, o.inner(), out);
        }
        if (t instanceof Type.NamedType n && (n.declaration() instanceof MessageType
                || n.declaration() instanceof UnionType)) {
            out.add(n.declaration());
            return TypeGraph.holdsInline(n.declaration(), owner) ? 1 : 0;
        }
        return 0;
    }
}
