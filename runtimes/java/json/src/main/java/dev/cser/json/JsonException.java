package dev.cser.json;

import dev.cser.FieldPath;

/**
 * A JSON text that is not well-formed, or a JSON value that does not fit a schema type (SPEC §11).
 * The message names the path of fields leading to the error, e.g.
 * {@code MediaContent.images[1].width: 4294967296 is out of range for i32}.
 */
public class JsonException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String reason;
    private final FieldPath path = new FieldPath();

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
        return path.toString();
    }

    /**
     * Adds a field segment, {@code "Type.field"}, while unwinding.
     *
     * @return this exception, so generated code can write {@code throw e.pushField(...)}
     */
    public JsonException pushField(String segment) {
        path.pushField(segment);
        return this;
    }

    /**
     * Adds an array index while unwinding.
     *
     * @return this exception
     */
    public JsonException pushIndex(long index) {
        path.pushIndex(index);
        return this;
    }

    /** {@code path: reason}, or the reason alone outside any field. */
    @Override
    public String getMessage() {
        return path.isEmpty() ? reason : path + ": " + reason;
    }
}
