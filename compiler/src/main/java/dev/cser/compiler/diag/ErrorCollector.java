package dev.cser.compiler.diag;

import java.util.ArrayList;
import java.util.List;

/**
 * Gathers every error of a compilation so that the user sees all of them at once. Passes call
 * {@link #at(Location, ErrorType, Object...)} and carry on; {@link #throwIfAny()} ends the run.
 */
public final class ErrorCollector {
    private final List<Diagnostic> diagnostics = new ArrayList<>();

    /** Records an error of the given type at a location. */
    public void at(Location location, ErrorType type, Object... args) {
        diagnostics.add(new Diagnostic(location, type, type.format(args)));
    }

    public boolean hasErrors() {
        return !diagnostics.isEmpty();
    }

    /** Throws one exception holding every error so far, sorted by location, if there is any. */
    public void throwIfAny() throws SchemaException {
        if (!diagnostics.isEmpty()) {
            List<Diagnostic> sorted = new ArrayList<>(diagnostics);
            sorted.sort(null);
            throw new SchemaException(sorted.stream().distinct().toList());
        }
    }
}
