package dev.cser;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * One type's line of canonical schema text (SPEC §8.1) and the types that line names: what
 * generated code carries, as each class's static {@code canonicalLine()}, so that
 * {@link #text} can put a root's canonical text together. A whole text per type would make the
 * generated code grow with the square of the schema (a type may reach every other one); lines
 * grow with the schema.
 */
public final class CanonicalLine {
    private final String line;
    private final Supplier<List<CanonicalLine>> named;

    /**
     * @param named the lines of the types this line names, asked for only when {@link #text}
     *     first meets this type (so generated classes may name each other in loops)
     * @param parts the line, without its newline, in pieces that are put together: a class file
     *     holds a string constant of at most 65,535 bytes, and a line may be longer
     */
    public CanonicalLine(Supplier<List<CanonicalLine>> named, String... parts) {
        this.named = Objects.requireNonNull(named, "named");
        this.line = parts.length == 1 ? parts[0] : String.join("", parts);
    }

    /** The line, without its newline. */
    public String line() {
        return line;
    }

    /** The qualified name the line declares: between its keyword and its brace. */
    String typeName() {
        return line.substring(line.indexOf(' ') + 1, line.indexOf('{'));
    }

    /**
     * The canonical text of {@code root} (SPEC §8.1): its line and the line of every type it
     * reaches, sorted by qualified name, each ending in a newline. Each type is followed once,
     * with a work queue rather than recursion, so a chain of any length fits the stack.
     */
    public static String text(CanonicalLine root) {
        TreeMap<String, String> lines = new TreeMap<>();
        Deque<CanonicalLine> work = new ArrayDeque<>();
        work.add(root);
        while (!work.isEmpty()) {
            CanonicalLine l = work.poll();
            if (lines.putIfAbsent(l.typeName(), l.line) == null) {
                work.addAll(l.named.get());
            }
        }
        StringBuilder text = new StringBuilder();
        for (String l : lines.values()) {
            text.append(l).append('\n');
        }
        return text.toString();
    }
}
