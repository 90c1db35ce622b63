package dev.cser.compiler.compat;

import java.util.Locale;

/**
 * What {@code cserc compat --mode} guarantees, as schema registries name it: BACKWARD, new readers
 * read old data; FORWARD, old readers read new data; FULL, both (the default).
 */
public enum Mode {
    BACKWARD,
    FORWARD,
    FULL;

    /** Whether a finding about this direction matters in this mode. */
    public boolean covers(Direction d) {
        return this == FULL || d == Direction.BOTH || d.name().equals(name());
    }

    /** As written on the command line: {@code backward}, {@code forward}, {@code full}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode spelled {@code word}, or null. */
    public static Mode byWord(String word) {
        for (Mode m : values()) {
            if (m.word().equals(word)) {
                return m;
            }
        }
        return null;
    }
}
