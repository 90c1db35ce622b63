package dev.cser.compiler.compat;

import java.util.Locale;

/** How much a finding matters: an error fails the check, a warning only with --strict, a note never. */
public enum Severity {
    ERROR,
    WARNING,
    NOTE;

    /** As printed: {@code error}, {@code warning}, {@code note}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
