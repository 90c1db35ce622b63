package dev.cser.kafka;

import dev.cser.CserDecodeException;
import dev.cser.DecodeErrorKind;
import org.apache.kafka.common.errors.SerializationException;

/**
 * A record's key or value that a {@link CserDeserializer} could not read: wrong or malformed
 * headers (SPEC §8.2) or bytes that do not decode (SPEC §10). Its cause is always the
 * {@link CserDecodeException} (kind, offset in the value, field path). A deserializer is told
 * only the topic; the consumer wraps this exception in a
 * {@link org.apache.kafka.common.errors.RecordDeserializationException} that adds the partition
 * and offset ({@link CserRecordError} reads both together).
 */
public class CserSerializationException extends SerializationException {
    private static final long serialVersionUID = 1L;

    private final String topic;
    private final boolean isKey;

    CserSerializationException(String topic, boolean isKey, String typeName, CserDecodeException cause) {
        super("cannot deserialize the " + (isKey ? "key" : "value") + " of a record of topic '" + topic + "' as "
                + typeName + ": " + cause.getMessage(), cause);
        this.topic = topic;
        this.isKey = isKey;
    }

    /** The topic of the record. */
    public String topic() {
        return topic;
    }

    /** Whether the key (true) or the value failed. */
    public boolean isKey() {
        return isKey;
    }

    /** What went wrong (SPEC §10): e.g. WRONG_TYPE, BAD_STREAM_HEADER, TRUNCATED. */
    public DecodeErrorKind kind() {
        return decodeError().kind();
    }

    /** cser's error: kind, offset within the key or value, field path. */
    public CserDecodeException decodeError() {
        return (CserDecodeException) getCause();
    }
}
