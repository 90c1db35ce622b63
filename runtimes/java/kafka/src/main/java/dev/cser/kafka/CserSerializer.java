package dev.cser.kafka;

import dev.cser.CserCodec;
import dev.cser.CserEncodeException;
import dev.cser.CserWriter;
import java.util.Map;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Writes a generated cser type as a Kafka key or value (SPEC §8.2): the bytes are the value's
 * message, and the headers {@code cser.type} and {@code cser.fingerprint} ({@code cser.key.*} for a
 * key) carry its type id and schema fingerprint, replacing headers of those names. A null value (a
 * tombstone) stays null and gets no headers.
 *
 * <p>Build it from the generated type's {@code CODEC} ({@code new CserSerializer<>(Order.CODEC)}),
 * or name it in the producer's properties ({@code value.serializer=dev.cser.kafka.CserSerializer}
 * with {@code cser.value.type=com.acme.Order}; {@code cser.key.type} for a key serializer).
 * Thread-safe: a {@code KafkaProducer} shared by several threads serializes on each sender's thread.
 */
public class CserSerializer<T> implements Serializer<T> {
    private MessageCodec<T> codec;
    private boolean isKey;

    /** For Kafka's configuration by class name: the type comes from {@code cser.value.type} / {@code cser.key.type}. */
    public CserSerializer() {
    }

    /** A serializer of the generated type whose {@code CODEC} this is. */
    public CserSerializer(CserCodec<T> codec) {
        this.codec = MessageCodec.of(codec);
    }

    /**
     * Makes this a key serializer (headers {@code cser.key.type}, {@code cser.key.fingerprint}). Kafka
     * tells a serializer it names by class whether it is for keys; one passed as an instance to
     * a producer is not configured, so say it here.
     *
     * @return this serializer
     */
    public CserSerializer<T> forKeys() {
        this.isKey = true;
        return this;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        this.isKey = isKey;
        codec = CserSerdeConfig.configuredCodec(codec, configs, isKey, "CserSerializer");
    }

    /** The bytes alone: Kafka gives no headers here, so the record carries no cser headers. */
    @Override
    public byte[] serialize(String topic, T data) {
        return data == null ? null : encode(topic, data);
    }

    @Override
    public byte[] serialize(String topic, Headers headers, T data) {
        if (data == null) {
            return null;
        }
        byte[] bytes = encode(topic, data);
        CserHeaders.write(headers, CserHeaders.typeHeader(isKey), codec().codec.typeId());
        CserHeaders.write(headers, CserHeaders.fingerprintHeader(isKey), codec().codec.fingerprint());
        return bytes;
    }

    private byte[] encode(String topic, T data) {
        MessageCodec<T> c = codec();
        // A writer per record: send() may run on many threads at once.
        CserWriter writer = new CserWriter();
        try {
            c.encode(c.type.cast(data), writer);
        } catch (CserEncodeException e) {
            throw new SerializationException("cannot serialize a " + c.codec.typeName() + " as the "
                    + (isKey ? "key" : "value") + " of a record of topic '" + topic + "': " + e.getMessage(), e);
        }
        return writer.toByteArray();
    }

    private MessageCodec<T> codec() {
        if (codec == null) {
            throw new IllegalStateException("CserSerializer is not configured: build it with a CODEC or set "
                    + CserSerdeConfig.VALUE_TYPE + " / " + CserSerdeConfig.KEY_TYPE);
        }
        return codec;
    }
}
