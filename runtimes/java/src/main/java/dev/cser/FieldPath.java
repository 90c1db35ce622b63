package dev.cser;

import java.io.Serializable;
import java.util.ArrayList;

/**
 * The path of fields leading to an error, e.g. {@code MediaContent.media.persons[1]}: the one
 * path type of decode errors ({@link CserDecodeException}) and JSON errors
 * ({@code dev.cser.json.JsonException}).
 *
 * <p>It is built while the code that failed unwinds, so segments arrive innermost first: each
 * record, struct or union pushes {@code "Type.field"}, each list element its index and each map
 * value its key. Only the outermost segment keeps its type name; the others are implied by the
 * field before them. Rendering is lazy: nothing is joined unless the path is asked for.
 */
public final class FieldPath implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Segments in the order they were pushed (innermost first). */
    private final ArrayList<String> segments = new ArrayList<>(4);

    /** Adds a field segment, {@code "Type.field"} or a bare field name. */
    public void pushField(String segment) {
        segments.add(segment);
    }

    /** Adds a list index. */
    public void pushIndex(long index) {
        segments.add("[" + index + "]");
    }

    /** Adds a map key; string keys are quoted. */
    public void pushKey(Object key) {
        segments.add(key instanceof String ? "[\"" + key + "\"]" : "[" + key + "]");
    }

    /** Whether no segment has been pushed. */
    public boolean isEmpty() {
        return segments.isEmpty();
    }

    /** The path, outermost first, e.g. {@code MediaContent.media.persons[1]}; empty when there is none. */
    @Override
    public String toString() {
        int n = segments.size();
        if (n == 0) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = n - 1; i >= 0; i--) {
            String s = segments.get(i);
            if (s.startsWith("[") || sb.length() == 0) {
                sb.append(s);
            } else {
                // "Type.field" after a field: the type is implied by that field, keep the name.
                sb.append('.').append(s, s.lastIndexOf('.') + 1, s.length());
            }
        }
        return sb.toString();
    }
}
