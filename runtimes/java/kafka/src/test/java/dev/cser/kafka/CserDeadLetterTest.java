package dev.cser.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.message.Message;
import dev.cser.examples.Workloads;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.errors.RecordDeserializationException.DeserializationExceptionOrigin;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

/**
 * Dead letters without a broker (SPEC §8.2 "Dead letters"): the failed record's key, value and
 * headers byte for byte, then the error headers, exactly. The Rust (tests/dead_letter.rs) and
 * Python (test_kafka_dead_letter.py) tests build the same records and expect the same headers.
 */
class CserDeadLetterTest {
    private static final byte[] MESSAGE_TYPE = {0x65, (byte) 0xe4, 0x3d, 0x17, (byte) 0xa9, 0x6b, 0x7f, (byte) 0xcb};

    /** W4 message 7: type 3, inactive, "User_7", userid 7, "data 7" (as in the Rust and Python tests). */
    private static byte[] sample() {
        return Workloads.message(7).encode();
    }

    private static byte[] le(long v) {
        return ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    private static ConsumerRecord<byte[], byte[]> record(byte[] key, byte[] value, Headers headers) {
        return new ConsumerRecord<>("orders", 2, 42, 0L, TimestampType.CREATE_TIME, -1, -1, key, value, headers,
                Optional.empty());
    }

    private static CserSerializationException failed(CserDeserializer<Message> d, ConsumerRecord<byte[], byte[]> r,
            boolean isKey) {
        return assertThrows(CserSerializationException.class,
                () -> d.deserialize(r.topic(), r.headers(), isKey ? r.key() : r.value()));
    }

    /** Name and value (UTF-8 where it is text, else as bytes) of each header, in order. */
    private static List<String> pairs(Headers headers) {
        List<String> out = new ArrayList<>();
        for (Header h : headers) {
            out.add(h.key() + "=" + (h.value() == null ? "null"
                    : h.key().startsWith("cser.error.") ? new String(h.value(), StandardCharsets.UTF_8)
                    : Arrays.toString(h.value())));
        }
        return out;
    }

    @Test
    void theDefaultTopicAppendsDlt() {
        assertEquals("orders.dlt", CserDeadLetter.topicFor("orders"));
    }

    @Test
    void aCorruptValueKeepsKeyValueAndHeadersAndAddsTheErrorHeaders() {
        // The message without its last byte: its length says one byte more than remains.
        byte[] value = Arrays.copyOf(sample(), sample().length - 1);
        assertArrayEquals(MESSAGE_TYPE, le(Message.CODEC.typeId()));
        RecordHeaders original = new RecordHeaders();
        original.add("trace", "abc".getBytes(StandardCharsets.UTF_8));
        original.add(CserHeaders.VALUE_TYPE, MESSAGE_TYPE);
        original.add(CserHeaders.VALUE_FINGERPRINT, le(Message.CODEC.fingerprint()));
        original.add("trace", null);
        ConsumerRecord<byte[], byte[]> bad = record("user-7".getBytes(StandardCharsets.UTF_8), value, original);
        CserSerializationException error = failed(new CserDeserializer<>(Message.CODEC), bad, false);
        String message = error.decodeError().getMessage();
        assertTrue(message.startsWith("LENGTH_TOO_LARGE: ") && message.endsWith(" at offset 0"), message);

        ProducerRecord<byte[], byte[]> letter = CserDeadLetter.of(bad, error);
        assertEquals("orders.dlt", letter.topic());
        assertNull(letter.partition());
        assertNull(letter.timestamp());
        assertArrayEquals("user-7".getBytes(StandardCharsets.UTF_8), letter.key());
        assertArrayEquals(value, letter.value());
        List<String> expected = new ArrayList<>(pairs(original));
        expected.addAll(List.of("cser.error.topic=orders", "cser.error.partition=2", "cser.error.offset=42",
                "cser.error.origin=VALUE", "cser.error.kind=LENGTH_TOO_LARGE", "cser.error.byte.offset=0",
                "cser.error.message=" + message));
        assertEquals(expected, pairs(letter.headers()));
        assertEquals(4, original.toArray().length, "the consumed record's headers stay as they were");
    }

    @Test
    void anotherTypeIsWrongTypeAtOffset0AndANullKeyStaysNull() {
        byte[] value = sample();
        RecordHeaders original = new RecordHeaders();
        // W4's type id plus one: a type that is not Message.
        original.add(CserHeaders.VALUE_TYPE, le(Message.CODEC.typeId() + 1));
        original.add(CserHeaders.VALUE_FINGERPRINT, le(Message.CODEC.fingerprint()));
        ConsumerRecord<byte[], byte[]> bad = record(null, value, original);
        ProducerRecord<byte[], byte[]> letter = CserDeadLetter.of(bad, failed(new CserDeserializer<>(Message.CODEC), bad,
                false), "rejected");
        assertEquals("rejected", letter.topic());
        assertNull(letter.key());
        assertArrayEquals(value, letter.value());
        List<String> got = pairs(letter.headers());
        assertEquals(pairs(original), got.subList(0, 2));
        assertEquals(List.of("cser.error.topic=orders", "cser.error.partition=2", "cser.error.offset=42",
                "cser.error.origin=VALUE", "cser.error.kind=WRONG_TYPE", "cser.error.byte.offset=0"), got.subList(2, 8));
        assertTrue(got.get(8).startsWith("cser.error.message=WRONG_TYPE: "), got.get(8));
        assertEquals(9, got.size());
    }

    @Test
    void aFailedKeyFromPollIsOriginKeyWithItsByteOffset() {
        byte[] key = sample();
        key[3] = 0x7f; // the username's length, larger than what remains
        ConsumerRecord<byte[], byte[]> bad = record(key, "v".getBytes(StandardCharsets.UTF_8), new RecordHeaders());
        CserSerializationException cause = failed(new CserDeserializer<>(Message.CODEC).forKeys(), bad, true);
        // What KafkaConsumer.poll throws for it: the location, the buffers, the headers, and cser's error.
        RecordDeserializationException e = new RecordDeserializationException(DeserializationExceptionOrigin.KEY,
                new TopicPartition("orders", 2), 42, 0L, TimestampType.CREATE_TIME, ByteBuffer.wrap(key),
                ByteBuffer.wrap(bad.value()), bad.headers(), "Error deserializing key", cause);
        ProducerRecord<byte[], byte[]> letter = CserDeadLetter.of(e);
        assertEquals("orders.dlt", letter.topic());
        assertArrayEquals(key, letter.key());
        assertArrayEquals("v".getBytes(StandardCharsets.UTF_8), letter.value());
        assertEquals(List.of("cser.error.topic=orders", "cser.error.partition=2", "cser.error.offset=42",
                "cser.error.origin=KEY", "cser.error.kind=LENGTH_TOO_LARGE", "cser.error.byte.offset=3",
                "cser.error.message=" + cause.decodeError().getMessage()), pairs(letter.headers()));
    }

    @Test
    void aFailureOfAnotherDeserializerHasNoKindAndTheCausesMessage() {
        RecordDeserializationException e = new RecordDeserializationException(DeserializationExceptionOrigin.VALUE,
                new TopicPartition("orders", 0), 5, 0L, TimestampType.CREATE_TIME, null, ByteBuffer.wrap(new byte[] {1}),
                new RecordHeaders(), "Error deserializing value", new IllegalStateException("not JSON"));
        ProducerRecord<byte[], byte[]> letter = CserDeadLetter.of(e);
        assertNull(letter.key());
        assertArrayEquals(new byte[] {1}, letter.value());
        assertEquals(List.of("cser.error.topic=orders", "cser.error.partition=0", "cser.error.offset=5",
                "cser.error.origin=VALUE", "cser.error.message=not JSON"), pairs(letter.headers()));
    }
}
