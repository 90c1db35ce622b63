package dev.cser.kafka;

import dev.cser.DecodeErrorKind;
import org.apache.kafka.common.errors.RecordDeserializationException;

/**
 * What a consumer reports about a record it could not deserialize: where it is (topic,
 * partition, offset, from Kafka's {@link RecordDeserializationException}) and what cser found
 * (from the {@link CserSerializationException} it wraps).
 *
 * <pre>{@code
 * try {
 *     records = consumer.poll(timeout);
 * } catch (RecordDeserializationException e) {
 *     CserRecordError error = CserRecordError.of(e);   // e.g. orders-2@17 VALUE WRONG_TYPE: ...
 *     deadLetters.send(CserDeadLetter.of(e));            // to orders.dlt: key, value, headers and the error
 *     consumer.seek(e.topicPartition(), e.offset() + 1);   // skip it, keep going
 * }
 * }</pre>
 *
 * @param topic the record's topic
 * @param partition its partition
 * @param offset its offset
 * @param isKey whether the key (true) or the value failed
 * @param kind cser's error kind, or null when the failure did not come from a cser deserializer
 * @param message cser's message (kind, reason, offset, path), or the cause's message otherwise
 */
public record CserRecordError(String topic, int partition, long offset, boolean isKey, DecodeErrorKind kind,
        String message) {

    /** Reads the location from {@code e} and cser's error from its cause. */
    public static CserRecordError of(RecordDeserializationException e) {
        boolean isKey = e.origin() == RecordDeserializationException.DeserializationExceptionOrigin.KEY;
        Throwable cause = e.getCause();
        if (cause instanceof CserSerializationException c) {
            return new CserRecordError(e.topicPartition().topic(), e.topicPartition().partition(), e.offset(), isKey,
                    c.kind(), c.decodeError().getMessage());
        }
        return new CserRecordError(e.topicPartition().topic(), e.topicPartition().partition(), e.offset(), isKey,
                null, String.valueOf(cause == null ? e.getMessage() : cause.getMessage()));
    }

    /** {@code topic-partition@offset KEY|VALUE KIND: reason at offset N in path}. */
    @Override
    public String toString() {
        return topic + "-" + partition + "@" + offset + " " + (isKey ? "KEY" : "VALUE") + " " + message;
    }
}
