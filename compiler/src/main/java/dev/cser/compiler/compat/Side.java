package dev.cser.compiler.compat;

/** Which of the two schemas a finding is located in. */
public enum Side {
    /** NEW: where most findings are (the change as it now stands). */
    NEW,
    /** OLD: for what is no longer in NEW (a removed type, field, variant or member). */
    OLD
}
