package dev.cser;

/**
 * Thrown when a value cannot be encoded: a string holding a lone surrogate, a nesting deeper
 * than the writer's maximum depth (a cyclic object graph), a null where the schema has no
 * optional, or a message too large for a Java array.
 *
 * <p>It is unchecked because it signals a bug in the value being written, not bad input.
 */
public class CserEncodeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** Creates an exception with the given message. */
    public CserEncodeException(String message) {
        super(message);
    }

    /** Creates an exception with the given message and cause. */
    public CserEncodeException(String message, Throwable cause) {
        super(message, cause);
    }
}
