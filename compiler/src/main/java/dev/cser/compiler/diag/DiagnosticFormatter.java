package dev.cser.compiler.diag;

import java.util.List;
import java.util.Map;

/**
 * Renders diagnostics the way compilers do: {@code path:line:col: error: message}, then the
 * source line and a caret under the column. Tabs before the column are kept in the caret line
 * so the caret lines up in any editor.
 */
public final class DiagnosticFormatter {
    private final Map<String, List<String>> sources;

    /** @param sources the lines of every file read, by the path used in locations */
    public DiagnosticFormatter(Map<String, List<String>> sources) {
        this.sources = sources;
    }

    public String format(Diagnostic d) {
        return format(d.location(), "error", d.message());
    }

    /**
     * Renders any located message the same way, with its own severity word: {@code error},
     * {@code warning} or {@code note} ({@code cserc compat} reports all three).
     */
    public String format(Location loc, String severity, String message) {
        StringBuilder out = new StringBuilder();
        out.append(loc).append(": ").append(severity).append(": ").append(message).append('\n');
        List<String> lines = sources.get(loc.path());
        if (lines != null && loc.line() >= 1 && loc.line() <= lines.size()) {
            String line = lines.get(loc.line() - 1);
            out.append(line).append('\n');
            int col = Math.min(Math.max(loc.column() - 1, 0), line.length());
            for (int i = 0; i < col; i++) {
                out.append(line.charAt(i) == '\t' ? '\t' : ' ');
            }
            out.append("^\n");
        }
        return out.toString();
    }

    public String formatAll(List<Diagnostic> diagnostics) {
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : diagnostics) {
            out.append(format(d));
        }
        return out.toString();
    }
}
