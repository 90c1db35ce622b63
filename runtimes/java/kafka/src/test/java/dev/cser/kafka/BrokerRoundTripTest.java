package dev.cser.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.message.Message;
import dev.cser.CserDecodeException;
import dev.cser.DecodeErrorKind;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import spec.examples.Point3;

/**
 * W4 messages through a real broker (conformance/kafka/broker): produced with the serializer
 * named by class (idempotent, acks=all) to a 3-partition topic, with a corrupt value, a value of
 * another type and a value without cser headers injected mid-stream by a producer of raw bytes;
 * consumed back with the deserializer named by class, which reports the two bad records (topic,
 * partition, offset, kind), sends them to a dead-letter topic and keeps going.
 */
@Tag("broker")
class BrokerRoundTripTest {
    private static final String TOPIC = "w4";
    private static final String DEAD_LETTERS = "w4.dlt";
    private static final int COUNT = 4000;
    private static final int KEYS = 7;

    private static TestBroker broker;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = TestBroker.start();
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 3, (short) 1), new NewTopic(DEAD_LETTERS, 1, (short) 1)))
                    .all().get(60, TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static String key(int i) {
        return "user-" + (i % KEYS);
    }

    private static Message message(int i) {
        return new Message(i % KEYS, i % 2 == 0, key(i), i, "payload " + i + " \u00e9\u4e16");
    }

    private static Properties producerProps() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.LINGER_MS_CONFIG, 5);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return p;
    }

    @Test
    void messagesCrossTheBrokerAndBadRecordsAreReportedAndSkipped() throws Exception {
        byte[][] sent = new byte[COUNT][];
        int half = COUNT / 2;
        // The bad and the headerless records, each with where the broker put it.
        byte[] corrupt;
        byte[] otherType;
        RecordMetadata corruptAt;
        RecordMetadata otherTypeAt;

        Properties cser = producerProps();
        cser.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, CserSerializer.class.getName());
        cser.put(CserSerdeConfig.VALUE_TYPE, Message.class.getName());
        Properties raw = producerProps();
        raw.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        try (KafkaProducer<String, Message> producer = new KafkaProducer<>(cser);
                KafkaProducer<String, byte[]> rawProducer = new KafkaProducer<>(raw)) {
            for (int i = 0; i < half; i++) {
                sent[i] = message(i).encode();
                producer.send(new ProducerRecord<>(TOPIC, key(i), message(i)));
            }
            producer.flush();

            // Mid-stream: a Message cut short (with its correct headers), a Point3 (its own headers),
            // then message `half` with no cser headers at all, as a tool that knows nothing of cser writes.
            Headers good = new RecordHeaders();
            byte[] whole = new CserSerializer<>(Message.CODEC).serialize(TOPIC, good, message(half));
            corrupt = Arrays.copyOf(whole, whole.length - 3);
            Headers pointHeaders = new RecordHeaders();
            otherType = new CserSerializer<>(Point3.CODEC).serialize(TOPIC, pointHeaders, new Point3(1, 2, 3));
            corruptAt = rawProducer.send(new ProducerRecord<>(TOPIC, null, key(3), corrupt, good)).get();
            otherTypeAt = rawProducer.send(new ProducerRecord<>(TOPIC, null, key(5), otherType, pointHeaders)).get();
            sent[half] = message(half).encode();
            rawProducer.send(new ProducerRecord<>(TOPIC, key(half), sent[half])).get();

            for (int i = half + 1; i < COUNT; i++) {
                sent[i] = message(i).encode();
                producer.send(new ProducerRecord<>(TOPIC, key(i), message(i)));
            }
            producer.flush();
        }

        Map<String, List<Integer>> perKey = new HashMap<>();
        Map<Integer, Headers> headersOf = new HashMap<>();
        List<CserRecordError> errors = new ArrayList<>();
        int received = consume(perKey, headersOf, errors);

        assertEquals(COUNT, received, "every good message arrives, those after the bad ones too");
        // In order per key, each exactly once: key k gets k, k+7, k+14, ...
        for (int k = 0; k < KEYS; k++) {
            List<Integer> expected = new ArrayList<>();
            for (int i = k; i < COUNT; i += KEYS) {
                expected.add(i);
            }
            assertEquals(expected, perKey.get("user-" + k), "messages of user-" + k);
        }
        // The writer's fingerprint is exposed; the headerless record has none and decoded all the same.
        assertEquals(OptionalLong.of(Message.CODEC.fingerprint()), CserHeaders.writerFingerprint(headersOf.get(0)));
        assertEquals(OptionalLong.empty(), CserHeaders.writerFingerprint(headersOf.get(half)));

        CserDecodeException expectedCut = assertThrows(CserDecodeException.class, () -> Message.decode(corrupt));
        assertEquals(2, errors.size(), errors.toString());
        Map<Long, CserRecordError> byOffset = new LinkedHashMap<>();
        for (CserRecordError e : errors) {
            assertEquals(TOPIC, e.topic());
            assertFalse(e.isKey());
            byOffset.put(((long) e.partition() << 40) | e.offset(), e);
        }
        CserRecordError cut = byOffset.get(((long) corruptAt.partition() << 40) | corruptAt.offset());
        CserRecordError wrong = byOffset.get(((long) otherTypeAt.partition() << 40) | otherTypeAt.offset());
        assertNotNull(cut, "the corrupt record is reported at its partition and offset: " + errors);
        assertNotNull(wrong, "the Point3 record is reported at its partition and offset: " + errors);
        assertEquals(expectedCut.kind(), cut.kind());
        assertEquals(expectedCut.getMessage(), cut.message());
        assertEquals(DecodeErrorKind.WRONG_TYPE, wrong.kind());
        assertTrue(wrong.message().contains("spec.examples") || wrong.message().contains(
                String.format("%016x", Point3.CODEC.typeId())), wrong.message());

        // Byte-identical: what arrived re-encodes to what was first produced (cser's encoding is canonical),
        // and the raw bytes on the topic are those bytes too.
        assertRawBytes(sent, corrupt, otherType);
        assertDeadLetters(corrupt, otherType);
    }

    /** Consumes TOPIC to the end with the deserializer named by class; bad records go to DEAD_LETTERS. */
    private static int consume(Map<String, List<Integer>> perKey, Map<Integer, Headers> headersOf,
            List<CserRecordError> errors) throws Exception {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, "cser-roundtrip");
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, CserDeserializer.class.getName());
        c.put(CserSerdeConfig.VALUE_TYPE, Message.class.getName());
        int received = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        try (KafkaConsumer<String, Message> consumer = new KafkaConsumer<>(c);
                KafkaProducer<byte[], byte[]> deadLetters = new KafkaProducer<>(deadLetterProps())) {
            consumer.subscribe(List.of(TOPIC));
            while ((received < COUNT || errors.size() < 2) && System.nanoTime() < deadline) {
                ConsumerRecords<String, Message> records;
                try {
                    records = consumer.poll(Duration.ofMillis(500));
                } catch (RecordDeserializationException e) {
                    errors.add(CserRecordError.of(e));
                    deadLetters.send(CserDeadLetter.of(e, DEAD_LETTERS)).get();
                    consumer.seek(e.topicPartition(), e.offset() + 1);
                    continue;
                }
                for (ConsumerRecord<String, Message> r : records) {
                    Message m = r.value();
                    perKey.computeIfAbsent(r.key(), k -> new ArrayList<>()).add(m.getUserid());
                    headersOf.put(m.getUserid(), r.headers());
                    assertEquals(message(m.getUserid()), m);
                    received++;
                }
                consumer.commitSync();
            }
        }
        return received;
    }

    private static Properties deadLetterProps() {
        Properties p = producerProps();
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }

    /** Reads TOPIC again as raw bytes: every good record's value is the message first produced. */
    private static void assertRawBytes(byte[][] sent, byte[] corrupt, byte[] otherType) throws CserDecodeException {
        int seen = 0;
        int bad = 0;
        try (KafkaConsumer<String, byte[]> consumer = rawConsumer("cser-raw")) {
            consumer.subscribe(List.of(TOPIC));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (seen < sent.length + 2 && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    seen++;
                    if (Arrays.equals(r.value(), corrupt) || Arrays.equals(r.value(), otherType)) {
                        bad++;
                        continue;
                    }
                    Message m = Message.decode(r.value());
                    assertArrayEquals(sent[m.getUserid()], r.value(), "message " + m.getUserid());
                    assertArrayEquals(sent[m.getUserid()], m.encode());
                }
            }
        }
        assertEquals(sent.length + 2, seen, "the topic holds every good record and the two bad ones");
        assertEquals(2, bad);
    }

    private static void assertDeadLetters(byte[] corrupt, byte[] otherType) {
        List<byte[]> values = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = rawConsumer("cser-dlt")) {
            consumer.subscribe(List.of(DEAD_LETTERS));
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (values.size() < 2 && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(500))) {
                    values.add(r.value());
                    // CserDeadLetter's headers (SPEC §8.2 "Dead letters"), through the broker.
                    assertEquals(TOPIC, new String(r.headers().lastHeader(CserDeadLetter.TOPIC).value(),
                            StandardCharsets.UTF_8));
                    kinds.add(new String(r.headers().lastHeader(CserDeadLetter.KIND).value(),
                            StandardCharsets.UTF_8));
                }
            }
        }
        assertEquals(2, values.size());
        assertTrue(values.stream().anyMatch(v -> Arrays.equals(v, corrupt)), "the corrupt value is a dead letter");
        assertTrue(values.stream().anyMatch(v -> Arrays.equals(v, otherType)), "the Point3 value is a dead letter");
        assertTrue(kinds.contains("WRONG_TYPE"), "the Point3 value is WRONG_TYPE: " + kinds);
    }

    private static KafkaConsumer<String, byte[]> rawConsumer(String group) {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        c.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        return new KafkaConsumer<>(c);
    }
}
