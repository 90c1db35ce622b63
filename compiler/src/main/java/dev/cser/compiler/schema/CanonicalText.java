package dev.cser.compiler.schema;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The canonical text of a root type and the two stream-header numbers derived from it
 * (SPEC §8, §8.1): the type id (hash of the qualified name) and the schema fingerprint (hash of
 * the canonical text of every type reachable from the root).
 */
public final class CanonicalText {
    private CanonicalText() {}

    /** SPEC §8.1: one line per reachable type, sorted by qualified name. */
    public static String of(Declaration root) {
        TreeMap<String, Declaration> reachable = new TreeMap<>();
        Deque<Declaration> work = new ArrayDeque<>();
        work.add(root);
        while (!work.isEmpty()) {
            Declaration d = work.pop();
            if (reachable.putIfAbsent(d.qualifiedName(), d) != null) {
                continue;
            }
            for (Type t : memberTypes(d)) {
                collectNamed(t, work);
            }
        }
        StringBuilder text = new StringBuilder();
        for (Declaration d : reachable.values()) {
            text.append(line(d)).append('\n');
        }
        return text.toString();
    }

    /**
     * SPEC §8.1: the declaration's own line of canonical text, without its newline. Generated
     * code carries it, with {@link #named}, so that a runtime can put a root's text together.
     */
    public static String lineOf(Declaration d) {
        return line(d);
    }

    /**
     * The other declarations {@code d}'s line names, each once, in the order the line names them:
     * the types a runtime follows from {@code d} to put its canonical text together.
     */
    public static List<Declaration> named(Declaration d) {
        LinkedHashSet<Declaration> out = new LinkedHashSet<>();
        for (Type t : memberTypes(d)) {
            Deque<Declaration> found = new ArrayDeque<>();
            collectNamed(t, found);
            // ArrayDeque.add appends, so the order is the line's.
            out.addAll(found);
        }
        out.remove(d);
        return List.copyOf(out);
    }

    /** The stream type id: the first 8 bytes of SHA-256 of the qualified name, little-endian. */
    public static long typeId(Declaration root) {
        return first8LittleEndian(root.qualifiedName());
    }

    /**
     * The schema fingerprint: the first 8 bytes of SHA-256 of {@link #of}, little-endian. Types
     * in one loop reach the same types, so they share one; it is worked out once per loop (every
     * target asks for every type's, and a loop of thousands of types would otherwise hash its
     * whole text once per member).
     */
    public static long fingerprint(Declaration root) {
        Loop loop = root.loop();
        if (loop == null) {
            return first8LittleEndian(of(root));
        }
        if (loop.fingerprint == null) {
            loop.fingerprint = first8LittleEndian(of(root));
        }
        return loop.fingerprint;
    }

    /** The types of one loop of holding and the fingerprint they share, once known. */
    static final class Loop {
        private Long fingerprint;
    }

    /**
     * Marks every declaration with its loop: the strongly connected components of the graph from
     * each type to every type its members name, through lists, maps and optionals, deprecated
     * fields included, as in {@link #of}. Called by the linker once every type has resolved.
     */
    static void markLoops(Collection<Declaration> declarations) {
        Map<Declaration, List<Declaration>> edges = new IdentityHashMap<>();
        for (Declaration d : declarations) {
            Deque<Declaration> named = new ArrayDeque<>();
            for (Type t : memberTypes(d)) {
                collectNamed(t, named);
            }
            edges.put(d, List.copyOf(named));
        }
        for (List<Declaration> members : Components.of(edges)) {
            Loop loop = new Loop();
            for (Declaration d : members) {
                d.setLoop(loop);
            }
        }
    }

    private static String line(Declaration d) {
        if (d.canonicalLine() == null) {
            d.setCanonicalLine(makeLine(d));
        }
        return d.canonicalLine();
    }

    private static String makeLine(Declaration d) {
        StringBuilder s = new StringBuilder(d.keyword()).append(' ').append(d.qualifiedName()).append('{');
        if (d instanceof MessageType m) {
            for (Field f : m.fields()) {
                s.append(f.id()).append(f.deprecated() ? "!" : "").append(':')
                        .append(f.type().canonical()).append(' ').append(f.name()).append(';');
            }
        } else if (d instanceof UnionType u) {
            for (Field v : u.variants()) {
                s.append(v.id()).append(':').append(v.type().canonical()).append(' ').append(v.name()).append(';');
            }
        } else if (d instanceof EnumType e) {
            e.members().stream()
                    .sorted((a, b) -> Integer.compare(a.value(), b.value()))
                    .forEach(m -> s.append(m.name()).append('=').append(m.value()).append(';'));
        }
        return s.append('}').toString();
    }

    private static Iterable<Type> memberTypes(Declaration d) {
        if (d instanceof MessageType m) {
            return m.fields().stream().map(Field::type).toList();
        }
        if (d instanceof UnionType u) {
            return u.variants().stream().map(Field::type).toList();
        }
        return Set.of();
    }

    private static void collectNamed(Type t, Deque<Declaration> out) {
        TypeGraph.walk(t, x -> false, out);
    }

    private static long first8LittleEndian(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            long v = 0;
            for (int i = 7; i >= 0; i--) {
                v = (v << 8) | (hash[i] & 0xFF);
            }
            return v;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
        }
    }
}
