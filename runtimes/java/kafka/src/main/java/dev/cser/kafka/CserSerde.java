package dev.cser.kafka;

import dev.cser.CserCodec;
import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A {@link CserSerializer} and a {@link CserDeserializer} of one generated type, as Kafka Streams
 * takes them: {@code Consumed.with(Serdes.String(), new CserSerde<>(Order.CODEC))}, or by class
 * name ({@code default.value.serde=dev.cser.kafka.CserSerde} with {@code cser.value.type}).
 * A Streams application that meets a bad record gets the {@link CserSerializationException} in its
 * {@code DeserializationExceptionHandler}, whose context gives the topic, partition and offset.
 */
public class CserSerde<T> implements Serde<T> {
    private final CserSerializer<T> serializer;
    private final CserDeserializer<T> deserializer;

    /** For Kafka's configuration by class name: the type comes from {@code cser.value.type} / {@code cser.key.type}. */
    public CserSerde() {
        this.serializer = new CserSerializer<>();
        this.deserializer = new CserDeserializer<>();
    }

    /** The serde of the generated type whose {@code CODEC} this is. */
    public CserSerde(CserCodec<T> codec) {
        this.serializer = new CserSerializer<>(codec);
        this.deserializer = new CserDeserializer<>(codec);
    }

    /**
     * Makes this a key serde (headers {@code cser.key.*}) without waiting for {@code configure}.
     *
     * @return this serde
     */
    public CserSerde<T> forKeys() {
        serializer.forKeys();
        deserializer.forKeys();
        return this;
    }

    @Override
    public void configure(Map<String, ?> configs, boolean isKey) {
        serializer.configure(configs, isKey);
        deserializer.configure(configs, isKey);
    }

    @Override
    public Serializer<T> serializer() {
        return serializer;
    }

    @Override
    public Deserializer<T> deserializer() {
        return deserializer;
    }
}
