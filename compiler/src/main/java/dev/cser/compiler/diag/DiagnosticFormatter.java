package dev.cser.compiler.diag;

import java.util.List;
import java.util.Map;

/**
 * Renders diagnostics the way compilers do: {@code path:line:col: error: message}, then the
 * source line and a caret under the column. Tabs before the column are kept in the caret line
 * so the caret lines up in any editor; characters a terminal would not show as themselves are
 * shown escaped, in the message and in the line ({@link Visible}).
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
        out.append(loc).append(": ").append(severity).append(": ").append(Visible.message(message)).append('\n');
        List<String> lines = sources.get(loc.path());
        if (lines != null && loc.line() >= 1 && loc.line() <= lines.size()) {
            appendLineAndCaret(out, lines.get(loc.line() - 1), loc.column());
        }
        return out.toString();
    }

    /**
     * The source line and the caret under {@code column}, which counts code points from 1 (as the
     * parser's locations do): every code point before it adds its own width of padding, so an
     * escaped character or one outside the Basic Multilingual Plane does not move the caret.
     */
    private static void appendLineAndCaret(StringBuilder out, String line, int column) {
        StringBuilder caret = new StringBuilder();
        int index = 0;
        for (int i = 0; i < line.length(); index++) {
            int c = line.codePointAt(i);
            i += Character.charCount(c);
            String shown = c == '\t' || !Visible.isEscaped(c) ? new String(Character.toChars(c)) : Visible.escape(c);
            out.append(shown);
            if (index < column - 1) {
                caret.append(c == '\t' ? "\t" : " ".repeat(shown.codePointCount(0, shown.length())));
            }
        }
        out.append('\n').append(caret).append("^\n");
    }

    public String formatAll(List<Diagnostic> diagnostics) {
        StringBuilder out = new StringBuilder();
        for (Diagnostic d : diagnostics) {
            out.append(format(d));
        }
        return out.toString();
    }
}
