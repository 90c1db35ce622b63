package dev.cser;

import java.io.IOException;

/**
 * The one error every decode failure raises (SPEC §10): a {@link DecodeErrorKind}, the byte
 * offset where the problem was detected, and the path of fields leading to it.
 *
 * <p>The path ({@link FieldPath}) is built while the generated decoders unwind: each record,
 * struct or union pushes {@code "Type.field"} and each list element its index, so an error
 * inside the second person of {@code MediaContent.media.persons} reads
 * {@code MediaContent.media.persons[1]}.
 *
 * <p>Stack traces are kept by default, because they help to find which decoder failed. A server
 * that expects many malformed messages can make construction cheap by running with
 * {@code -Ddev.cser.decodeStackTraces=false}.
 */
public class CserDecodeException extends IOException {
    private static final long serialVersionUID = 1L;

    /** Read once: a per-exception switch would cost the check it is meant to save. */
    private static final boolean STACK_TRACES =
            !"false".equalsIgnoreCase(System.getProperty("dev.cser.decodeStackTraces"));

    private final DecodeErrorKind kind;
    private final String reason;
    private final long offset;
    private final FieldPath path = new FieldPath();
    /** Where the message sits, e.g. "record 12, frame at stream offset 3456"; null if unknown. */
    private String context;
    /** What the caller may have meant, e.g. to read a stream; null if nothing to suggest. */
    private String hint;

    /**
     * Creates a decode error.
     *
     * @param kind what went wrong
     * @param message a human-readable description, without the offset or path
     * @param offset the byte offset where the problem was detected
     */
    public CserDecodeException(DecodeErrorKind kind, String message, long offset) {
        super(message);
        this.kind = kind;
        this.reason = message;
        this.offset = offset;
    }

    /** What went wrong. */
    public DecodeErrorKind kind() {
        return kind;
    }

    /** The byte offset where the problem was detected (see each {@link DecodeErrorKind}). */
    public long offset() {
        return offset;
    }

    /** The description alone, without kind, offset or path. */
    public String reason() {
        return reason;
    }

    /**
     * The path of fields leading to the error, e.g. {@code MediaContent.media.persons[1]}, or
     * the empty string when the error is not inside a field.
     */
    public String path() {
        return path.toString();
    }

    /**
     * Adds a field segment, {@code "Type.field"} (or a bare field name), while unwinding.
     *
     * @return this exception, so generated code can write {@code throw e.pushField(...)}
     */
    public CserDecodeException pushField(String segment) {
        path.pushField(segment);
        return this;
    }

    /**
     * Adds a list index while unwinding.
     *
     * @return this exception
     */
    public CserDecodeException pushIndex(long index) {
        path.pushIndex(index);
        return this;
    }

    /**
     * Adds a map key while unwinding; string keys are quoted.
     *
     * @return this exception
     */
    public CserDecodeException pushKey(Object key) {
        path.pushKey(key);
        return this;
    }

    /**
     * A suggestion for the caller, or null: set when bytes that start with the stream magic
     * {@code CSER} (SPEC §8) fail to decode as one message, since they are probably a stream.
     * It does not change the kind or the offset.
     */
    public String hint() {
        return hint;
    }

    /** The reader adds a hint when the bytes look like something else than a message. */
    void setHint(String hint) {
        this.hint = hint;
    }

    /** The stream reader says which record of the stream failed, e.g. "record 12, frame at stream offset 3456". */
    void setContext(String where) {
        this.context = where;
    }

    /** Kind, description, offset, path, in a stream which record, and the hint if there is one. */
    @Override
    public String getMessage() {
        return describe(hint);
    }

    /**
     * The message with {@code otherHint} in place of this error's {@link #hint()} (none if null):
     * a tool that reads bytes for its user names its own way to read a stream, where the runtime's
     * hint names the Java class.
     */
    public String describe(String otherHint) {
        StringBuilder sb = new StringBuilder();
        sb.append(kind).append(": ").append(reason).append(" at offset ").append(offset);
        if (!path.isEmpty()) {
            sb.append(" in ").append(path);
        }
        if (context != null) {
            sb.append(" (").append(context).append(')');
        }
        if (otherHint != null) {
            sb.append("; hint: ").append(otherHint);
        }
        return sb.toString();
    }

    @Override
    public synchronized Throwable fillInStackTrace() {
        return STACK_TRACES ? super.fillInStackTrace() : this;
    }
}
