package dev.cser.compiler.diag;

/** One error: where, what kind, and the rendered message. */
public record Diagnostic(Location location, ErrorType type, String message)
        implements Comparable<Diagnostic> {

    @Override
    public int compareTo(Diagnostic o) {
        int c = location.compareTo(o.location);
        return c != 0 ? c : message.compareTo(o.message);
    }
}
