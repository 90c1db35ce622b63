package dev.cser.compiler.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A value of each declaration worked out from the values of its parts, parts first, without
 * recursion: a chain of parts may be thousands of types long, and the compiler must not overflow
 * its stack on a valid schema. The parts must form no loop (the callers' part relations are
 * acyclic once the linker's earlier checks have passed).
 */
final class PartsFirst {
    private PartsFirst() {}

    /**
     * Puts into {@code known} the value of {@code d} and of every declaration it reaches through
     * {@code parts} that has none yet; {@code value} sees the values of the parts in {@code known}.
     */
    static <V> void compute(Declaration d, Function<Declaration, List<Declaration>> parts,
            Map<Declaration, V> known, BiFunction<Declaration, Map<Declaration, V>, V> value) {
        List<Declaration> work = new ArrayList<>(List.of(d));
        while (!work.isEmpty()) {
            Declaration top = work.get(work.size() - 1);
            if (known.containsKey(top)) {
                work.remove(work.size() - 1);
                continue;
            }
            boolean ready = true;
            for (Declaration part : parts.apply(top)) {
                if (!known.containsKey(part)) {
                    work.add(part);
                    ready = false;
                }
            }
            if (ready) {
                known.put(top, value.apply(top, known));
                work.remove(work.size() - 1);
            }
        }
    }
}
