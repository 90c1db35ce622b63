package dev.cser.kafka;

import dev.cser.CserDecodeException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * Dead letters (SPEC §8.2 "Dead letters"): the record a consumer sends to a dead-letter topic
 * when a consumed record does not deserialize, the same in Java, Rust and Python. It keeps the
 * failed record's key, value and headers byte for byte and adds the {@code cser.error.*} headers
 * after them: topic, partition, offset, origin ({@code VALUE} or {@code KEY}), kind
 * ({@code WRONG_TYPE}, ...), the byte offset in the value or key, and the decode error's text,
 * each UTF-8 text. Partition and timestamp are left to the producer.
 *
 * <pre>{@code
 * try {
 *     records = consumer.poll(timeout);                 // a KafkaConsumer with a CserDeserializer
 * } catch (RecordDeserializationException e) {
 *     deadLetters.send(CserDeadLetter.of(e));           // to "orders.dlt", a KafkaProducer<byte[], byte[]>
 *     consumer.seek(e.topicPartition(), e.offset() + 1);   // skip it, keep going
 * }
 * }</pre>
 */
public final class CserDeadLetter {
    /** The failed record's topic. */
    public static final String TOPIC = "cser.error.topic";
    /** Its partition, in decimal. */
    public static final String PARTITION = "cser.error.partition";
    /** Its offset, in decimal. */
    public static final String OFFSET = "cser.error.offset";
    /** {@code VALUE} or {@code KEY}: which part of it failed. */
    public static final String ORIGIN = "cser.error.origin";
    /** The error kind's name, {@link dev.cser.DecodeErrorKind#name()}. */
    public static final String KIND = "cser.error.kind";
    /** The error's byte offset in the value (or key), in decimal. */
    public static final String BYTE_OFFSET = "cser.error.byte.offset";
    /** The decode error's text (kind, reason, offset, path). */
    public static final String MESSAGE = "cser.error.message";

    private CserDeadLetter() {
    }

    /** The default dead-letter topic of {@code topic}: {@code topic + ".dlt"}. */
    public static String topicFor(String topic) {
        return topic + ".dlt";
    }

    /**
     * The dead letter of the record a consumer's {@code poll} could not deserialize, for the topic
     * {@link #topicFor} names. When the failure did not come from a {@link CserDeserializer} (the
     * cause is not a {@link CserSerializationException}), the kind and byte offset headers are left
     * out and the message is the cause's.
     */
    public static ProducerRecord<byte[], byte[]> of(RecordDeserializationException e) {
        return of(e, topicFor(e.topicPartition().topic()));
    }

    /** As {@link #of(RecordDeserializationException)}, for the dead-letter topic {@code deadLetterTopic}. */
    public static ProducerRecord<byte[], byte[]> of(RecordDeserializationException e, String deadLetterTopic) {
        boolean isKey = e.origin() == RecordDeserializationException.DeserializationExceptionOrigin.KEY;
        CserDecodeException error = e.getCause() instanceof CserSerializationException c ? c.decodeError() : null;
        String message = error != null ? error.getMessage()
                : String.valueOf(e.getCause() == null ? e.getMessage() : e.getCause().getMessage());
        return build(deadLetterTopic, e.topicPartition().topic(), e.topicPartition().partition(), e.offset(), isKey,
                error, message, bytes(e.keyBuffer()), bytes(e.valueBuffer()), e.headers());
    }

    /**
     * The dead letter of {@code record} (consumed as bytes), which {@link CserDeserializer} failed
     * to read with {@code error}, for the topic {@link #topicFor} names.
     */
    public static ProducerRecord<byte[], byte[]> of(ConsumerRecord<byte[], byte[]> record, CserSerializationException error) {
        return of(record, error, topicFor(record.topic()));
    }

    /** As {@link #of(ConsumerRecord, CserSerializationException)}, for the dead-letter topic {@code deadLetterTopic}. */
    public static ProducerRecord<byte[], byte[]> of(ConsumerRecord<byte[], byte[]> record, CserSerializationException error,
            String deadLetterTopic) {
        return build(deadLetterTopic, record.topic(), record.partition(), record.offset(), error.isKey(),
                error.decodeError(), error.decodeError().getMessage(), record.key(), record.value(), record.headers());
    }

    private static ProducerRecord<byte[], byte[]> build(String deadLetterTopic, String topic, int partition, long offset,
            boolean isKey, CserDecodeException error, String message, byte[] key, byte[] value, Headers original) {
        // A copy: the consumed record's headers may be read-only, and stay as they were.
        RecordHeaders headers = new RecordHeaders();
        if (original != null) {
            for (Header h : original) {
                headers.add(h.key(), h.value());
            }
        }
        add(headers, TOPIC, topic);
        add(headers, PARTITION, Integer.toString(partition));
        add(headers, OFFSET, Long.toString(offset));
        add(headers, ORIGIN, isKey ? "KEY" : "VALUE");
        if (error != null) {
            add(headers, KIND, error.kind().name());
            add(headers, BYTE_OFFSET, Long.toString(error.offset()));
        }
        add(headers, MESSAGE, message);
        return new ProducerRecord<>(deadLetterTopic, null, null, key, value, headers);
    }

    private static void add(Headers headers, String name, String text) {
        headers.add(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] bytes(ByteBuffer b) {
        if (b == null) {
            return null;
        }
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }
}
