package dev.cser.compiler.compat;

import dev.cser.compiler.diag.Location;

/**
 * One thing {@code cserc compat} found about a schema change.
 *
 * @param side the schema the location is in: NEW, or OLD for something NEW no longer has
 * @param type the qualified name of the declaration it is about (in that schema)
 * @param member the field, variant or enum member it is about, or null for the declaration itself
 * @param message the rendered message
 */
public record Finding(Rule rule, Side side, Location location, String type, String member, String message)
        implements Comparable<Finding> {

    /** How much it matters when checking for {@code category}. */
    public Severity severity(Category category) {
        return rule.severity(category);
    }

    public Direction direction() {
        return rule.direction();
    }

    /** NEW before OLD, then by location and message: the order they are printed in. */
    @Override
    public int compareTo(Finding o) {
        int c = side.compareTo(o.side);
        if (c != 0) {
            return c;
        }
        c = location.compareTo(o.location);
        return c != 0 ? c : message.compareTo(o.message);
    }
}
