package dev.cser.compiler.compat;

import dev.cser.compiler.diag.DiagnosticFormatter;
import java.util.List;

/**
 * What {@code cserc compat} prints and the exit status it returns, given every finding: a mode
 * shows the findings about its directions, notes only with --verbose; errors fail, and warnings
 * too with --strict.
 */
public final class CompatReport {
    private final Mode mode;
    private final boolean strict;
    private final boolean verbose;
    private final List<Finding> shown;

    public CompatReport(List<Finding> findings, Mode mode, boolean strict, boolean verbose) {
        this.mode = mode;
        this.strict = strict;
        this.verbose = verbose;
        this.shown = findings.stream()
                .filter(f -> mode.covers(f.direction()))
                .filter(f -> verbose || f.severity() != Severity.NOTE)
                .toList();
    }

    /** The findings this mode and these flags show, in print order. */
    public List<Finding> shown() {
        return shown;
    }

    private long count(Severity s) {
        return shown.stream().filter(f -> f.severity() == s).count();
    }

    /** Whether the change passes: no error, and with --strict no warning. */
    public boolean compatible() {
        return count(Severity.ERROR) == 0 && !(strict && count(Severity.WARNING) > 0);
    }

    /** 0 when the change passes, 1 when it does not. */
    public int exitStatus() {
        return compatible() ? 0 : 1;
    }

    /**
     * Each finding in the compiler's format, with its source line and a caret, then a count, e.g.
     * {@code mode full: 1 error, 0 warnings}. Nothing at all when nothing is shown (unless --verbose).
     */
    public String text(DiagnosticFormatter oldSources, DiagnosticFormatter newSources) {
        StringBuilder out = new StringBuilder();
        for (Finding f : shown) {
            DiagnosticFormatter sources = f.side() == Side.OLD ? oldSources : newSources;
            out.append(sources.format(f.location(), f.severity().word(), f.message()));
        }
        if (!shown.isEmpty() || verbose) {
            out.append("mode ").append(mode.word()).append(": ")
                    .append(plural(count(Severity.ERROR), "error")).append(", ")
                    .append(plural(count(Severity.WARNING), "warning"));
            if (verbose) {
                out.append(", ").append(plural(count(Severity.NOTE), "note"));
            }
            if (strict && count(Severity.ERROR) == 0 && count(Severity.WARNING) > 0) {
                out.append(" (--strict: warnings fail)");
            }
            out.append('\n');
        }
        return out.toString();
    }

    private static String plural(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }

    /** One JSON object: the mode, the verdict, the counts and every finding shown, one per line. */
    public String json() {
        StringBuilder out = new StringBuilder();
        out.append("{\"mode\": ").append(quote(mode.word()))
                .append(", \"strict\": ").append(strict)
                .append(", \"compatible\": ").append(compatible())
                .append(", \"errors\": ").append(count(Severity.ERROR))
                .append(", \"warnings\": ").append(count(Severity.WARNING))
                .append(", \"notes\": ").append(count(Severity.NOTE))
                .append(", \"findings\": [");
        String separator = "\n  ";
        for (Finding f : shown) {
            out.append(separator);
            separator = ",\n  ";
            out.append("{\"severity\": ").append(quote(f.severity().word()))
                    .append(", \"rule\": ").append(quote(f.rule().name()))
                    .append(", \"direction\": ").append(quote(f.direction().word()))
                    .append(", \"schema\": ").append(quote(f.side() == Side.OLD ? "old" : "new"))
                    .append(", \"file\": ").append(quote(f.location().path()))
                    .append(", \"line\": ").append(f.location().line())
                    .append(", \"column\": ").append(f.location().column())
                    .append(", \"type\": ").append(quote(f.type()))
                    .append(", \"field\": ").append(f.member() == null ? "null" : quote(f.member()))
                    .append(", \"message\": ").append(quote(f.message()))
                    .append('}');
        }
        out.append(shown.isEmpty() ? "]}\n" : "\n]}\n");
        return out.toString();
    }

    /** A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped. */
    static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }
}
