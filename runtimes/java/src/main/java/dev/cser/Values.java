package dev.cser;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Helpers that generated {@code equals} and {@code hashCode} call: Java's collections
 * compare arrays by identity, so lists and maps that hold arrays (bytes, packed lists) are compared
 * and hashed here by content.
 */
public final class Values {
    private Values() {
    }

    /**
     * An initial {@code HashMap} capacity that holds {@code count} entries without rehashing,
     * bounded so that a forged count cannot allocate a huge table ({@link Limits#capacityFor}).
     * Code generated before {@link CserCollections} read maps calls it; kept for that code.
     */
    public static int mapCapacity(int count) {
        return Limits.capacityFor(count);
    }

    /**
     * Whether {@code a} and {@code b} are equal, comparing arrays by content and descending into
     * lists and maps. Floats compare as {@link Float#equals} does (NaN equals NaN, -0.0 differs
     * from 0.0), like the generated field comparisons.
     */
    public static boolean deepEquals(Object a, Object b) {
        if (a == b) {
            return true;
        }
        if (a == null || b == null) {
            return false;
        }
        if (a instanceof List && b instanceof List) {
            List<?> x = (List<?>) a;
            List<?> y = (List<?>) b;
            if (x.size() != y.size()) {
                return false;
            }
            Iterator<?> i = x.iterator();
            Iterator<?> j = y.iterator();
            while (i.hasNext()) {
                if (!deepEquals(i.next(), j.next())) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Map && b instanceof Map) {
            Map<?, ?> x = (Map<?, ?>) a;
            Map<?, ?> y = (Map<?, ?>) b;
            if (x.size() != y.size()) {
                return false;
            }
            // Same rule as Map.equals: entries, not their order.
            for (Map.Entry<?, ?> e : x.entrySet()) {
                Object v = y.get(e.getKey());
                if (v == null && !y.containsKey(e.getKey())) {
                    return false;
                }
                if (!deepEquals(e.getValue(), v)) {
                    return false;
                }
            }
            return true;
        }
        // Arrays by content (Objects.deepEquals covers every primitive array type); else equals().
        return java.util.Objects.deepEquals(a, b);
    }

    /** A hash code consistent with {@link #deepEquals}. */
    public static int deepHashCode(Object a) {
        if (a == null) {
            return 0;
        }
        if (a instanceof List) {
            int h = 1;
            for (Object e : (List<?>) a) {
                h = 31 * h + deepHashCode(e);
            }
            return h;
        }
        if (a instanceof Map) {
            int h = 0;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) a).entrySet()) {
                h += java.util.Objects.hashCode(e.getKey()) ^ deepHashCode(e.getValue());
            }
            return h;
        }
        if (a instanceof Object[]) {
            return Arrays.deepHashCode((Object[]) a);
        }
        if (a instanceof byte[]) {
            return Arrays.hashCode((byte[]) a);
        }
        if (a instanceof boolean[]) {
            return Arrays.hashCode((boolean[]) a);
        }
        if (a instanceof short[]) {
            return Arrays.hashCode((short[]) a);
        }
        if (a instanceof int[]) {
            return Arrays.hashCode((int[]) a);
        }
        if (a instanceof long[]) {
            return Arrays.hashCode((long[]) a);
        }
        if (a instanceof float[]) {
            return Arrays.hashCode((float[]) a);
        }
        if (a instanceof double[]) {
            return Arrays.hashCode((double[]) a);
        }
        if (a instanceof char[]) {
            return Arrays.hashCode((char[]) a);
        }
        return a.hashCode();
    }
}
