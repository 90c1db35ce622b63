package dev.cser.bench.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import dev.cser.bench.Codecs;
import dev.cser.bench.Data;
import dev.cser.bench.ProtoData;
import dev.cser.examples.SakaiData;
import dev.cser.kafka.CserDeserializer;
import dev.cser.kafka.CserSerializer;
import java.io.IOException;
import java.util.List;
import java.util.function.IntFunction;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;

/**
 * One format on one workload as the Kafka benchmark sends it: record n's value, the serializer
 * and deserializer the clients use, and a comparable form (the workload's protobuf message) of a
 * decoded value and of what record n must decode to.
 *
 * <ul>
 * <li>{@code cser}: the generated classes with cser-kafka's {@link CserSerializer} /
 * {@link CserDeserializer} (the record headers {@code cser.type} and {@code cser.fingerprint}
 * included);</li>
 * <li>{@code cser-bare}: the same serdes, the serializer told to write no headers
 * ({@link CserSerializer#withoutHeaders()}, SPEC §8.2 "Records without headers");</li>
 * <li>{@code json}: the peers' plain classes with Jackson ({@link Codecs#jackson()}), no headers;</li>
 * <li>{@code protobuf}: the messages of {@code workloads.proto} ({@link ProtoData}),
 * {@code toByteArray()} / {@code parser().parseFrom(bytes)}, no headers.</li>
 * </ul>
 *
 * Record n of W4 is message n of the W4 stream ({@link Data#streamCser}), of W3 Sakai entity n
 * ({@link SakaiData#entity}): every record differs, as on a real topic, so compression sees real
 * data rather than one value repeated.
 */
final class KafkaFormat {
    static final List<String> FORMATS = List.of("cser", "cser-bare", "json", "protobuf");
    static final List<String> WORKLOADS = List.of("W4", "W3");

    final String format;
    final String workload;
    final IntFunction<Object> value;
    final Serializer<Object> serializer;
    final Deserializer<Object> deserializer;

    private KafkaFormat(String format, String workload, IntFunction<Object> value, Serializer<Object> serializer,
            Deserializer<Object> deserializer) {
        this.format = format;
        this.workload = workload;
        this.value = value;
        this.serializer = serializer;
        this.deserializer = deserializer;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    static KafkaFormat of(String format, String workload) {
        boolean w4 = switch (workload) {
            case "W4" -> true;
            case "W3" -> false;
            default -> throw new IllegalArgumentException("the Kafka benchmark runs W4 and W3, not " + workload);
        };
        switch (format) {
            case "cser", "cser-bare": {
                CserSerializer s = w4 ? new CserSerializer<>(bench.message.Message.CODEC)
                        : new CserSerializer<>(sakai.content.ContentResource.CODEC);
                if (format.equals("cser-bare")) {
                    s.withoutHeaders();
                }
                Deserializer d = w4 ? new CserDeserializer<>(bench.message.Message.CODEC)
                        : new CserDeserializer<>(sakai.content.ContentResource.CODEC);
                return new KafkaFormat(format, workload, n -> cser(workload, n), s, d);
            }
            case "json": {
                ObjectMapper mapper = Codecs.jackson();
                Class<?> type = w4 ? dev.cser.bench.pojo.Message.class : dev.cser.bench.pojo.ContentResource.class;
                ObjectWriter writer = mapper.writerFor(type);
                ObjectReader reader = mapper.readerFor(type);
                Serializer<Object> s = (topic, v) -> {
                    try {
                        return writer.writeValueAsBytes(v);
                    } catch (IOException e) {
                        throw new SerializationException(e);
                    }
                };
                Deserializer<Object> d = (topic, b) -> {
                    try {
                        return reader.readValue(b);
                    } catch (IOException e) {
                        throw new SerializationException(e);
                    }
                };
                return new KafkaFormat(format, workload, n -> pojo(workload, n), s, d);
            }
            case "protobuf": {
                Parser<? extends MessageLite> parser = ProtoData.parser(workload);
                Serializer<Object> s = (topic, v) -> ((MessageLite) v).toByteArray();
                Deserializer<Object> d = (topic, b) -> {
                    try {
                        return parser.parseFrom(b);
                    } catch (InvalidProtocolBufferException e) {
                        throw new SerializationException(e);
                    }
                };
                return new KafkaFormat(format, workload, n -> proto(workload, pojo(workload, n)), s, d);
            }
            default:
                throw new IllegalArgumentException("no format " + format + " (formats: " + FORMATS + ")");
        }
    }

    /** A decoded value as the workload's protobuf message, to compare with {@link #expected}. */
    MessageLite comparable(Object decoded) {
        return switch (format) {
            case "cser", "cser-bare" -> proto(workload, workload.equals("W4") ? toPojo((bench.message.Message) decoded)
                    : Data.toPojo((sakai.content.ContentResource) decoded));
            case "json" -> proto(workload, decoded);
            default -> (MessageLite) decoded;
        };
    }

    /** What record n must decode to, in the form of {@link #comparable}. */
    MessageLite expected(int n) {
        return proto(workload, pojo(workload, n));
    }

    private static Object cser(String workload, int n) {
        return workload.equals("W4") ? Data.streamCser(n) : SakaiData.entity(n);
    }

    private static Object pojo(String workload, int n) {
        return workload.equals("W4") ? Data.streamPojo(n) : Data.toPojo(SakaiData.entity(n));
    }

    private static MessageLite proto(String workload, Object pojo) {
        return workload.equals("W4") ? ProtoData.w4((dev.cser.bench.pojo.Message) pojo)
                : ProtoData.w3((dev.cser.bench.pojo.ContentResource) pojo);
    }

    private static dev.cser.bench.pojo.Message toPojo(bench.message.Message m) {
        return new dev.cser.bench.pojo.Message(m.getType(), m.isActive(), m.getUsername(), m.getUserid(), m.getData());
    }
}
