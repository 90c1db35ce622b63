package dev.cser.kafka;

import dev.cser.CserCodec;
import dev.cser.CserDecodeException;
import dev.cser.CserReader;
import dev.cser.DecodeErrorKind;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Reads a generated cser type from a Kafka key or value (SPEC §8.2). The headers come first: a
 * {@code cser.type} (or {@code cser.key.type}) of another type is WRONG_TYPE, a type or
 * fingerprint header that is not 8 bytes is BAD_STREAM_HEADER; a record without the type header
 * is decoded as this type unless {@link #requireHeaders} (then WRONG_TYPE); any writer fingerprint
 * is accepted unless {@link #requireFingerprint} (then another or none is WRONG_TYPE). The bytes
 * then decode as one message, and every failure is a {@link CserSerializationException} naming
 * the topic, with the {@link CserDecodeException} as its cause. The consumer adds the partition
 * and offset ({@link CserRecordError}). The writer's fingerprint is in the record's headers:
 * {@link CserHeaders#writerFingerprint}. A null value (a tombstone) deserializes to null.
 *
 * <p>Build it from a {@code CODEC} or by class name ({@code value.deserializer=dev.cser.kafka.CserDeserializer},
 * {@code cser.value.type=com.acme.Order}, and optionally {@code cser.require.headers},
 * {@code cser.require.fingerprint}).
 */
public class CserDeserializer<T> implements Deserializer<T> {
    private MessageCodec<T> codec;
    private boolean isKey;
    private boolean requireHeaders;
    private boolean requireFingerprint;

    /** For Kafka's configuration by class name: the type comes from {@code cser.value.type} / {@code cser.key.type}. */
    public CserDeserializer() {
    }

    /** A deserializer of the generated type whose {@code CODEC} this is, for values. */
    public CserDeserializer(CserCodec<T> codec) {
        this.codec = MessageCodec.of(codec);
    }

    /**
     * Rejects records without the type header instead of decoding them as this type.
     *
     * @return this deserializer
     */
    public CserDeserializer<T> requireHeaders(boolean require) {
        this.requireHeaders = require;
        return this;
    }

    /**
     * Rejects records written with another schema fingerprint than this type's, or with none.
     *
     * @return this deserializer
     */
    public CserDeserializer<T> requireFingerprint(boolean require) {
        this.requireFingerprint = require;
        return this;
    }

    /**
     * Makes this a key deserializer (headers {@code cser.key.type}, {@code cser.key.fingerprint}). Kafka
     * tells a deserializer it names by class whether it is for keys; one passed as an instance to
     * a consumer is not configured, so say it here.
     *
     * @return this deserializer
     */
    public CserDeserializer<T> forKeys() {
        this.isKey = true;
        return this;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        this.isKey = isKey;
        codec = CserSerdeConfig.configuredCodec(codec, configs, isKey, "CserDeserializer");
        requireHeaders = CserSerdeConfig.flag(configs, CserSerdeConfig.REQUIRE_HEADERS, requireHeaders);
        requireFingerprint = CserSerdeConfig.flag(configs, CserSerdeConfig.REQUIRE_FINGERPRINT, requireFingerprint);
    }

    /** The bytes without headers: treated as a record without cser headers. */
    @Override
    public T deserialize(String topic, byte[] data) {
        return deserialize(topic, null, data);
    }

    @Override
    public T deserialize(String topic, Headers headers, byte[] data) {
        return data == null ? null : read(topic, headers, new CserReader(data));
    }

    /** The consumer's own entry point in Kafka 4: decodes in place, without copying the value. */
    @Override
    public T deserialize(String topic, Headers headers, ByteBuffer data) {
        return data == null ? null : read(topic, headers, CserReader.of(data));
    }

    private T read(String topic, Headers headers, CserReader reader) {
        MessageCodec<T> c = codec();
        try {
            checkHeaders(c.codec, headers);
            return c.decode(reader);
        } catch (CserDecodeException e) {
            throw new CserSerializationException(topic, isKey, c.codec.typeName(), e);
        }
    }

    /**
     * SPEC §8.2, in its order: both headers' sizes (BAD_STREAM_HEADER), then the type, then the
     * fingerprint (WRONG_TYPE); offsets are 0 (before the value).
     */
    private void checkHeaders(CserCodec<T> c, Headers headers) throws CserDecodeException {
        String typeName = CserHeaders.typeHeader(isKey);
        String fingerprintName = CserHeaders.fingerprintHeader(isKey);
        OptionalLong typeId = header(headers, typeName);
        OptionalLong fingerprint = header(headers, fingerprintName);
        if (typeId.isEmpty()) {
            if (requireHeaders) {
                throw new CserDecodeException(DecodeErrorKind.WRONG_TYPE, "the record has no " + typeName
                        + " header, and this deserializer requires it", 0);
            }
        } else if (typeId.getAsLong() != c.typeId()) {
            throw new CserDecodeException(DecodeErrorKind.WRONG_TYPE, String.format(
                    "header %s is type id %016x, not %s (%016x)", typeName, typeId.getAsLong(), c.typeName(),
                    c.typeId()), 0);
        }
        if (requireFingerprint && (fingerprint.isEmpty() || fingerprint.getAsLong() != c.fingerprint())) {
            throw new CserDecodeException(DecodeErrorKind.WRONG_TYPE, fingerprint.isEmpty()
                    ? String.format("the record has no %s header, and this deserializer requires %016x",
                            fingerprintName, c.fingerprint())
                    : String.format("written by schema fingerprint %016x, this deserializer requires %016x",
                            fingerprint.getAsLong(), c.fingerprint()), 0);
        }
    }

    private static OptionalLong header(Headers headers, String name) throws CserDecodeException {
        try {
            return CserHeaders.read(headers, name);
        } catch (IllegalArgumentException e) {
            throw new CserDecodeException(DecodeErrorKind.BAD_STREAM_HEADER, e.getMessage(), 0);
        }
    }

    private MessageCodec<T> codec() {
        if (codec == null) {
            throw new IllegalStateException("CserDeserializer is not configured: build it with a CODEC or set "
                    + CserSerdeConfig.VALUE_TYPE + " / " + CserSerdeConfig.KEY_TYPE);
        }
        return codec;
    }
}
