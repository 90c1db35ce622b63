package dev.cser.compiler.schema;

import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * Which declared types can hold a finite value (SPEC §2): a least fixed point. Built-ins,
 * enums, lists, maps and optionals always can; a record or struct can when every field can; a
 * union can when at least one variant can. Whatever is left once nothing changes is infinite,
 * e.g. a record holding itself directly.
 */
final class FiniteValues {
    private final Set<Declaration> finite = new HashSet<>();

    /**
     * @param assumedFinite declarations with a member whose type did not resolve: their error is
     *     already reported, so they are taken to be finite rather than report types that use them
     */
    FiniteValues(Collection<Declaration> declarations, Set<Declaration> assumedFinite) {
        finite.addAll(assumedFinite);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Declaration d : declarations) {
                if (!finite.contains(d) && canBeFinite(d)) {
                    finite.add(d);
                    changed = true;
                }
            }
        }
    }

    boolean isFinite(Declaration d) {
        return finite.contains(d);
    }

    /** The lowest-id variant that can be finite (the union's zero value). */
    Field zeroVariant(UnionType union) {
        return union.variants().stream().filter(v -> isFinite(v.type())).findFirst().orElse(null);
    }

    /** A sentence saying why {@code d} is infinite, for the error message. */
    String why(Declaration d) {
        if (d instanceof MessageType m) {
            for (Field f : m.fields()) {
                if (!isFinite(f.type())) {
                    return "its field '" + f.name() + "' holds a " + f.type().canonical() + ", and a "
                            + f.type().canonical() + " can never be finite; make the field optional, a list or a map";
                }
            }
        }
        return "none of its variants can hold a finite value";
    }

    private boolean canBeFinite(Declaration d) {
        if (d instanceof MessageType m) {
            return m.fields().stream().allMatch(f -> isFinite(f.type()));
        }
        if (d instanceof UnionType u) {
            return u.variants().stream().anyMatch(v -> isFinite(v.type()));
        }
        return true;
    }

    private boolean isFinite(Type type) {
        if (type instanceof Type.NamedType n) {
            return finite.contains(n.declaration());
        }
        return true;
    }
}
