package dev.cser.compiler.schema;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Tarjan's strongly connected components of a graph of declarations, without recursion: a
 * schema may chain thousands of types, and the compiler must not overflow its stack on a valid
 * one. Linear in the edges, so every caller can afford it once per schema where a search per
 * field would be quadratic.
 */
public final class Components {
    private final Map<Declaration, ? extends Collection<Declaration>> edges;
    private final Map<Declaration, Integer> index = new IdentityHashMap<>();
    private final Map<Declaration, Integer> low = new IdentityHashMap<>();
    private final Deque<Declaration> stack = new ArrayDeque<>();
    private final Set<Declaration> onStack = Collections.newSetFromMap(new IdentityHashMap<>());
    private final List<List<Declaration>> components = new ArrayList<>();

    private Components(Map<Declaration, ? extends Collection<Declaration>> edges) {
        this.edges = edges;
    }

    /**
     * The components of the graph whose nodes are the keys of {@code edges} (an edge to a
     * declaration that is not a key is ignored), each emitted after every component it reaches:
     * a single pass in this order sees each successor before its predecessors.
     */
    public static List<List<Declaration>> of(Map<Declaration, ? extends Collection<Declaration>> edges) {
        Components c = new Components(edges);
        for (Declaration d : edges.keySet()) {
            if (!c.index.containsKey(d)) {
                c.visit(d);
            }
        }
        return c.components;
    }

    private void visit(Declaration root) {
        // Each frame: a declaration and the iterator over its successors.
        Deque<Map.Entry<Declaration, Iterator<Declaration>>> frames = new ArrayDeque<>();
        open(root, frames);
        while (!frames.isEmpty()) {
            var frame = frames.peek();
            Declaration d = frame.getKey();
            if (frame.getValue().hasNext()) {
                Declaration next = frame.getValue().next();
                if (!edges.containsKey(next)) {
                    continue;
                }
                if (!index.containsKey(next)) {
                    open(next, frames);
                } else if (onStack.contains(next)) {
                    low.put(d, Math.min(low.get(d), index.get(next)));
                }
                continue;
            }
            frames.pop();
            if (!frames.isEmpty()) {
                Declaration parent = frames.peek().getKey();
                low.put(parent, Math.min(low.get(parent), low.get(d)));
            }
            if (low.get(d).equals(index.get(d))) {
                List<Declaration> component = new ArrayList<>();
                Declaration member;
                do {
                    member = stack.pop();
                    onStack.remove(member);
                    component.add(member);
                } while (member != d);
                components.add(component);
            }
        }
    }

    private void open(Declaration d, Deque<Map.Entry<Declaration, Iterator<Declaration>>> frames) {
        index.put(d, index.size());
        low.put(d, index.get(d));
        stack.push(d);
        onStack.add(d);
        frames.push(Map.entry(d, edges.get(d).iterator()));
    }
}
