package dev.cser.compiler.schema;

import dev.cser.compiler.diag.ErrorCollector;
import dev.cser.compiler.diag.ErrorType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The two size limits of SPEC §2.1, both {@link Limits#SIZE_IN_PLACE} values: what a zero value
 * holds (a reader builds one for every field an older writer did not send, from no bytes at
 * all), and what a type holds in place (a Rust struct holds all of it inline). Without them two
 * fields of a type that holds two of the next, sixty levels down, are a valid schema of 2^60
 * values. Each is reported at the types past the limit whose parts are all within it, so a
 * chain of types past it gives one error, at its first.
 */
final class SizeLimits {
    private SizeLimits() {}

    static void check(Collection<Declaration> declarations, ErrorCollector errors) {
        check(declarations, errors, Linker::zeroParts, SizeLimits::zeroSize, ErrorType.ZERO_VALUE_TOO_LARGE);
        check(declarations, errors, SizeLimits::inPlaceParts, SizeLimits::sizeInPlace, ErrorType.TOO_LARGE_IN_PLACE);
    }

    /** How a size is counted: from a declaration and the (capped) sizes of its parts. */
    private interface Size {
        long of(Declaration d, Map<Declaration, Long> parts);
    }

    private static void check(Collection<Declaration> declarations, ErrorCollector errors,
            Function<Declaration, List<Declaration>> parts, Size size, ErrorType error) {
        Map<Declaration, Long> sizes = new HashMap<>();
        for (Declaration d : declarations) {
            // capped just past the limit, so that no sum overflows
            PartsFirst.compute(d, parts, sizes, (top, known) -> Math.min(size.of(top, known), Limits.SIZE_IN_PLACE + 1L));
        }
        for (Declaration d : declarations) {
            List<Declaration> own = parts.apply(d);
            if (sizes.get(d) <= Limits.SIZE_IN_PLACE || own.stream().anyMatch(p -> sizes.get(p) > Limits.SIZE_IN_PLACE)) {
                continue;
            }
            List<Declaration> largest = new ArrayList<>(new LinkedHashSet<>(own));
            largest.sort((a, b) -> Long.compare(sizes.get(b), sizes.get(a)));
            String shown = largest.stream().limit(3)
                    .map(p -> String.format(Locale.ROOT, "%s %,d", p.name(), sizes.get(p)))
                    .collect(Collectors.joining(", "))
                    + (largest.size() > 3 ? ", ..." : "");
            // The parts are within the limit, so their sizes are exact, and so is this one.
            errors.at(d.location(), error, d.keyword() + " " + d.name(), size.of(d, sizes), shown, Limits.SIZE_IN_PLACE);
        }
    }

    /**
     * 1 plus the values of the fields of d's zero value (§3): each record, struct and union held
     * directly counts its own, whether or not it can hold its owner again (zero values are
     * finite once the linker has checked them, so these parts form no loop); a union counts its
     * zero variant only.
     */
    private static long zeroSize(Declaration d, Map<Declaration, Long> sizes) {
        if (d instanceof EnumType) {
            return 1;
        }
        List<Field> fields = d instanceof MessageType m ? m.fields()
                : d instanceof UnionType u && u.zeroVariant() != null ? List.of(u.zeroVariant()) : List.of();
        long size = 1;
        for (Field f : fields) {
            size += f.type() instanceof Type.NamedType n && !(n.declaration() instanceof EnumType)
                    ? sizes.get(n.declaration()) : 1;
        }
        return size;
    }

    /**
     * 1 plus each field's values in place (a union: its largest variant's), where a record,
     * struct or union held directly or through an optional counts its own, unless it can hold d
     * again (every target holds such a one by reference), and any other type counts 1, as does
     * a deprecated field (no target stores its value).
     */
    private static long sizeInPlace(Declaration d, Map<Declaration, Long> sizes) {
        long size = 0;
        for (Field f : TypeGraph.members(d)) {
            Declaration part = inPlacePart(d, f);
            long s = part == null ? 1 : sizes.get(part);
            size = d instanceof UnionType ? Math.max(size, s) : size + s;
        }
        return 1 + size;
    }

    /** The records, structs and unions {@code owner} holds in place (see sizeInPlace). */
    private static List<Declaration> inPlaceParts(Declaration owner) {
        List<Declaration> out = new ArrayList<>();
        for (Field f : TypeGraph.members(owner)) {
            Declaration part = inPlacePart(owner, f);
            if (part != null) {
                out.add(part);
            }
        }
        return out;
    }

    /**
     * The record, struct or union field f holds in place, or null. These parts form no loop: a
     * part in a loop with its owner is held by reference, and the loops are those of the fields
     * that are not deprecated.
     */
    private static Declaration inPlacePart(Declaration owner, Field f) {
        if (f.deprecated()) {
            return null;
        }
        Type t = f.type() instanceof Type.OptionalType o ? o.inner() : f.type();
        if (t instanceof Type.NamedType n && !(n.declaration() instanceof EnumType)
                && !TypeGraph.holdsInline(n.declaration(), owner)) {
            return n.declaration();
        }
        return null;
    }
}
