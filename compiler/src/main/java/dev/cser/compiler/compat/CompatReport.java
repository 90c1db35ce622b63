package dev.cser.compiler.compat;

import dev.cser.compiler.diag.DiagnosticFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@code cserc compat} prints and the exit status it returns, given every finding: a mode
 * shows the findings about its directions, with their severity in the category checked, notes
 * only with --verbose; findings a config file ignores are not counted (--verbose shows them with
 * the reason), and an ignore that matches no finding at all is a warning, so that stale ones are
 * noticed. Errors fail, and warnings too with --strict.
 */
public final class CompatReport {
    private final Category category;
    private final Mode mode;
    private final boolean strict;
    private final boolean verbose;
    private final List<Finding> shown;
    private final List<Finding> ignored = new ArrayList<>();
    private final Map<Finding, CompatConfig.Ignore> ignoredBy = new HashMap<>();
    private final List<CompatConfig.Ignore> unused = new ArrayList<>();

    public CompatReport(List<Finding> findings, Category category, Mode mode, boolean strict, boolean verbose,
            CompatConfig config) {
        this.category = category;
        this.mode = mode;
        this.strict = strict;
        this.verbose = verbose;
        List<Finding> kept = new ArrayList<>();
        for (Finding f : findings) {
            CompatConfig.Ignore by = config.ignores().stream().filter(i -> i.matches(f)).findFirst().orElse(null);
            if (by == null) {
                kept.add(f);
            } else if (mode.covers(f.direction())) {
                ignored.add(f);
                ignoredBy.put(f, by);
            }
        }
        for (CompatConfig.Ignore i : config.ignores()) {
            if (findings.stream().noneMatch(i::matches)) {
                unused.add(i);
            }
        }
        this.shown = kept.stream()
                .filter(f -> mode.covers(f.direction()))
                .filter(f -> verbose || f.severity(category) != Severity.NOTE)
                .toList();
    }

    /** The findings this mode and these flags show, in print order. */
    public List<Finding> shown() {
        return shown;
    }

    /** The findings a config file's ignore lines took out, in print order. */
    public List<Finding> ignored() {
        return List.copyOf(ignored);
    }

    private long count(Severity s) {
        long n = shown.stream().filter(f -> f.severity(category) == s).count();
        return s == Severity.WARNING ? n + unused.size() : n;
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
     * {@code wire-json, mode full: 1 error, 0 warnings}. Nothing at all when nothing is shown (unless --verbose).
     */
    public String text(DiagnosticFormatter oldSources, DiagnosticFormatter newSources,
            DiagnosticFormatter configSource) {
        StringBuilder out = new StringBuilder();
        for (Finding f : shown) {
            DiagnosticFormatter sources = f.side() == Side.OLD ? oldSources : newSources;
            out.append(sources.format(f.location(), f.severity(category).word(), f.message()));
        }
        if (verbose) {
            for (Finding f : ignored) {
                DiagnosticFormatter sources = f.side() == Side.OLD ? oldSources : newSources;
                CompatConfig.Ignore by = ignoredBy.get(f);
                out.append(sources.format(f.location(), "ignored", f.message() + " (" + f.rule().name()
                        + ", ignored by " + by.location() + ": " + by.reason() + ")"));
            }
        }
        for (CompatConfig.Ignore i : unused) {
            out.append(configSource.format(i.location(), Severity.WARNING.word(), "this ignore matches no finding"
                    + " of " + (i.rule() == null ? "any rule" : i.rule().name()) + " about " + i.target()
                    + ": remove it, or correct its rule or target"));
        }
        if (!shown.isEmpty() || !unused.isEmpty() || verbose) {
            out.append(category.word()).append(", mode ").append(mode.word()).append(": ")
                    .append(plural(count(Severity.ERROR), "error")).append(", ")
                    .append(plural(count(Severity.WARNING), "warning"));
            if (verbose) {
                out.append(", ").append(plural(count(Severity.NOTE), "note"));
            }
            if (!ignored.isEmpty()) {
                out.append(", ").append(ignored.size()).append(" ignored");
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

    /**
     * One JSON object: the category, the mode, the verdict, the counts, every finding shown and
     * every ignore of the config file that matched nothing (counted as warnings), one per line.
     */
    public String json() {
        StringBuilder out = new StringBuilder();
        out.append("{\"category\": ").append(quote(category.word()))
                .append(", \"mode\": ").append(quote(mode.word()))
                .append(", \"strict\": ").append(strict)
                .append(", \"compatible\": ").append(compatible())
                .append(", \"errors\": ").append(count(Severity.ERROR))
                .append(", \"warnings\": ").append(count(Severity.WARNING))
                .append(", \"notes\": ").append(count(Severity.NOTE))
                .append(", \"ignored\": ").append(ignored.size())
                .append(", \"findings\": [");
        String separator = "\n  ";
        for (Finding f : shown) {
            out.append(separator);
            separator = ",\n  ";
            out.append("{\"severity\": ").append(quote(f.severity(category).word()))
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
        out.append(shown.isEmpty() ? "]" : "\n]");
        out.append(", \"unused_ignores\": [");
        separator = "\n  ";
        for (CompatConfig.Ignore i : unused) {
            out.append(separator);
            separator = ",\n  ";
            out.append("{\"file\": ").append(quote(i.location().path()))
                    .append(", \"line\": ").append(i.location().line())
                    .append(", \"rule\": ").append(i.rule() == null ? quote("*") : quote(i.rule().name()))
                    .append(", \"target\": ").append(quote(i.target()))
                    .append('}');
        }
        out.append(unused.isEmpty() ? "]}\n" : "\n]}\n");
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
