package dev.cser.compiler.compat;

import java.util.Locale;

/**
 * Which readers a change affects. BACKWARD: new readers of old data (a program built from NEW
 * reads what one built from OLD wrote); FORWARD: old readers of new data; BOTH: either.
 */
public enum Direction {
    BACKWARD,
    FORWARD,
    BOTH;

    /** As printed in JSON: {@code backward}, {@code forward}, {@code both}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
