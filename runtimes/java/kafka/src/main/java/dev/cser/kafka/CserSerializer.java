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
    /**
     * Writers kept above this size are dropped after use, so one huge record does not pin its
     * buffer to the thread for good.
     */
    private static final int KEPT_WRITER_BYTES = 64 * 1024;

    /**
     * One writer per sending thread, reset for each record: send() may run on many threads at
     * once, and a fresh writer per record (its 256-byte array, then the copy) was most of the
     * serializer's garbage.
     */
    private static final ThreadLocal<CserWriter> WRITERS = ThreadLocal.withInitial(CserWriter::new);

    private MessageCodec<T> codec;
    private boolean isKey;
    private boolean writeHeaders = true;
    /** The headers' values (the codec's type id and fingerprint), shared by every record: Kafka never changes a header's bytes. */
    private byte[] typeIdBytes;
    private byte[] fingerprintBytes;

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

    /**
     * Writes the bare message, without the type and fingerprint headers (and removes headers of
     * those names from the record): SPEC §8.2, "Records without headers". A record then costs
     * 45 bytes less on the broker and the clients no header work, but a consumer can no longer
     * tell its type, and one that requires headers rejects it. Also {@code cser.write.headers=false}.
     *
     * @return this serializer
     */
    public CserSerializer<T> withoutHeaders() {
        this.writeHeaders = false;
        return this;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        this.isKey = isKey;
        codec = CserSerdeConfig.configuredCodec(codec, configs, isKey, "CserSerializer");
        writeHeaders = CserSerdeConfig.flag(configs, CserSerdeConfig.WRITE_HEADERS, writeHeaders);
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
        if (!writeHeaders) {
            // Headers copied from another record must not claim a type for these bytes.
            headers.remove(CserHeaders.typeHeader(isKey));
            headers.remove(CserHeaders.fingerprintHeader(isKey));
            return bytes;
        }
        if (typeIdBytes == null) {
            // Racy but benign: every thread computes the same two arrays.
            fingerprintBytes = CserHeaders.toLittleEndian(codec().codec.fingerprint());
            typeIdBytes = CserHeaders.toLittleEndian(codec().codec.typeId());
        }
        CserHeaders.write(headers, CserHeaders.typeHeader(isKey), typeIdBytes);
        CserHeaders.write(headers, CserHeaders.fingerprintHeader(isKey), fingerprintBytes);
        return bytes;
    }

    private byte[] encode(String topic, T data) {
        MessageCodec<T> c = codec();
        CserWriter writer = WRITERS.get();
        writer.reset();
        try {
            c.encode(c.type.cast(data), writer);
            return writer.toByteArray();
        } catch (CserEncodeException e) {
            throw new SerializationException("cannot serialize a " + c.codec.typeName() + " as the "
                    + (isKey ? "key" : "value") + " of a record of topic '" + topic + "': " + e.getMessage(), e);
        } finally {
            if (writer.buffer().length > KEPT_WRITER_BYTES) {
                WRITERS.remove();
            }
        }
    }

    private MessageCodec<T> codec() {
        if (codec == null) {
            throw new IllegalStateException("CserSerializer is not configured: build it with a CODEC or set "
                    + CserSerdeConfig.VALUE_TYPE + " / " + CserSerdeConfig.KEY_TYPE);
        }
        return codec;
    }
}
