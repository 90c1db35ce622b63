package dev.cser.json;

import java.util.ArrayList;
import java.util.List;

/**
 * A JSON text that is not well-formed, or a JSON value that does not fit a schema type (SPEC §11).
 * The message names the path of fields leading to the error, e.g.
 * {@code MediaContent.images[1].width: 4294967296 is out of range for i32}.
 */
public class JsonException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String reason;
    /** Path segments, innermost first (they are added while unwinding). */
    private final List<String> segments = new ArrayList<>(4);

    public JsonException(String reason) {
        super(reason);
        this.reason = reason;
    }

    public JsonException(String reason, Throwable cause) {
        super(reason, cause);
        this.reason = reason;
    }

    /** What is wrong, without the path. */
    public String reason() {
        return reason;
    }

    /**
     * The path of fields leading to the error, e.g. {@code MediaContent.images[1].width}, or the
     * empty string when the error is not inside a field.
     */
    public String path() {
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

    /**
     * Prepends a field segment, {@code "Type.field"}, while unwinding.
     *
     * @return this exception, so generated code can write {@code throw e.pushField(...)}
     */
    public JsonException pushField(String segment) {
        segments.add(segment);
        return this;
    }

    /**
     * Prepends an array index while unwinding.
     *
     * @return this exception
     */
    public JsonException pushIndex(long index) {
        segments.add("[" + index + "]");
        return this;
    }

    /** {@code path: reason}, or the reason alone outside any field. */
    @Override
    public String getMessage() {
        String p = path();
        return p.isEmpty() ? reason : p + ": " + reason;
    }
}
