package dev.cser.compiler.diag;

import java.util.List;

/** Thrown when a schema has errors; holds every one of them. */
public final class SchemaException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient List<Diagnostic> diagnostics;

    public SchemaException(List<Diagnostic> diagnostics) {
        super(diagnostics.size() + " error(s), first: " + diagnostics.get(0).message());
        this.diagnostics = List.copyOf(diagnostics);
    }

    public List<Diagnostic> diagnostics() {
        return diagnostics;
    }
}
