package dev.cser.compiler.compat;

import java.util.Locale;

/**
 * What a schema change must not break, as {@code buf breaking}'s rule categories name it: WIRE,
 * the bytes (SPEC §4–§8); WIRE_JSON, also the names the JSON mapping of SPEC §11 writes and reads
 * (fields, enum members, union variants), the default; SOURCE, also the names of the generated
 * API (types, packages). Each category includes the ones before it.
 */
public enum Category {
    WIRE,
    WIRE_JSON,
    SOURCE;

    /** The default of {@code cserc compat}. */
    public static final Category DEFAULT = WIRE_JSON;

    /** As written on the command line and in a config file: {@code wire}, {@code wire-json}, {@code source}. */
    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The category spelled {@code word}, or null. */
    public static Category byWord(String word) {
        for (Category c : values()) {
            if (c.word().equals(word)) {
                return c;
            }
        }
        return null;
    }
}
