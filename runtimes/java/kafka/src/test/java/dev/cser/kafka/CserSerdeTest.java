package dev.cser.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.message.Message;
import dev.cser.CserDecodeException;
import dev.cser.DecodeErrorKind;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import spec.examples.Circle;
import spec.examples.I32Value;
import spec.examples.Point3;
import spec.examples.Shape;

/** SPEC §8.2's framing, without a broker: value bytes, headers, and each way a record is rejected. */
class CserSerdeTest {
    private static final String TOPIC = "orders";
    private final Message message = new Message(3, true, "ada", 42, "hello");

    private static byte[] le(long v) {
        return CserHeaders.toLittleEndian(v);
    }

    private static CserSerializationException rejected(CserDeserializer<?> d, Headers headers, byte[] value) {
        return assertThrows(CserSerializationException.class, () -> d.deserialize(TOPIC, headers, value));
    }

    @Test
    void valueIsTheMessageAndHeadersCarryTypeIdAndFingerprint() {
        Headers headers = new RecordHeaders();
        byte[] value = new CserSerializer<>(Message.CODEC).serialize(TOPIC, headers, message);
        assertArrayEquals(message.encode(), value);
        assertArrayEquals(le(Message.CODEC.typeId()), headers.lastHeader("cser.type").value());
        assertArrayEquals(le(Message.CODEC.fingerprint()), headers.lastHeader("cser.fingerprint").value());
        assertEquals(2, headers.toArray().length);
        // u64 little-endian: the low byte first.
        assertEquals((byte) Message.CODEC.typeId(), headers.lastHeader("cser.type").value()[0]);
    }

    @Test
    void everyRecordGetsItsOwnBytesThoughTheThreadsWriterIsReused() {
        CserSerializer<Message> serializer = new CserSerializer<>(Message.CODEC);
        byte[] first = serializer.serialize(TOPIC, new RecordHeaders(), message);
        // A value far above the writer the thread keeps (64 KiB), then a small one again.
        Message big = new Message(1, false, "x".repeat(100_000), 7, "y".repeat(100_000));
        byte[] second = serializer.serialize(TOPIC, new RecordHeaders(), big);
        byte[] third = serializer.serialize(TOPIC, new RecordHeaders(), new Message(2, true, "bo", 8, ""));
        assertArrayEquals(message.encode(), first);
        assertArrayEquals(big.encode(), second);
        assertArrayEquals(new Message(2, true, "bo", 8, "").encode(), third);
    }

    @Test
    void withoutHeadersTheValueIsTheBareMessageAndStaleCserHeadersGo() {
        Headers headers = new RecordHeaders();
        headers.add("trace", new byte[] {1});
        headers.add("cser.type", le(Point3.CODEC.typeId())); // copied from another record
        byte[] value = new CserSerializer<>(Message.CODEC).withoutHeaders().serialize(TOPIC, headers, message);
        assertArrayEquals(message.encode(), value);
        assertEquals(1, headers.toArray().length);
        assertEquals("trace", headers.toArray()[0].key());
        assertEquals(message, new CserDeserializer<>(Message.CODEC).deserialize(TOPIC, headers, value));
        CserSerializationException e = rejected(new CserDeserializer<>(Message.CODEC).requireHeaders(true), headers, value);
        assertEquals(DecodeErrorKind.WRONG_TYPE, e.kind());

        CserSerializer<Message> configured = new CserSerializer<>();
        configured.configure(Map.of(CserSerdeConfig.VALUE_TYPE, Message.class.getName(),
                CserSerdeConfig.WRITE_HEADERS, "false"), false);
        Headers none = new RecordHeaders();
        assertArrayEquals(message.encode(), configured.serialize(TOPIC, none, message));
        assertEquals(0, none.toArray().length);
    }

    @Test
    void recordsStructsAndUnionsRoundTripAsWholeMessages() {
        Point3 point = new Point3(1, -2, 300);
        I32Value i32 = new I32Value(-7);
        Shape shape = new Shape.Circle(new Circle(1.5f));
        assertArrayEquals(new byte[] {3, 2, 3, 0}, new CserSerializer<>(Point3.CODEC).serialize(TOPIC,
                new RecordHeaders(), new Point3(1, -2, 0)));
        assertEquals(point, roundTrip(Point3.CODEC, point));
        assertEquals(i32, roundTrip(I32Value.CODEC, i32));
        assertArrayEquals(i32.encode(), new CserSerializer<>(I32Value.CODEC).serialize(TOPIC, new RecordHeaders(), i32));
        assertEquals(shape, roundTrip(Shape.CODEC, shape));
        assertArrayEquals(shape.encode(), new CserSerializer<>(Shape.CODEC).serialize(TOPIC, new RecordHeaders(), shape));
    }

    private static <T> T roundTrip(dev.cser.CserCodec<T> codec, T value) {
        Headers headers = new RecordHeaders();
        byte[] bytes = new CserSerializer<>(codec).serialize(TOPIC, headers, value);
        return new CserDeserializer<>(codec).deserialize(TOPIC, headers, bytes);
    }

    @Test
    void byteBufferEntryPointDecodesTheRemainingBytes() {
        Headers headers = new RecordHeaders();
        byte[] bytes = new CserSerializer<>(Message.CODEC).serialize(TOPIC, headers, message);
        byte[] padded = new byte[bytes.length + 4];
        System.arraycopy(bytes, 0, padded, 2, bytes.length);
        ByteBuffer view = ByteBuffer.wrap(padded, 2, bytes.length).slice();
        assertEquals(message, new CserDeserializer<>(Message.CODEC).deserialize(TOPIC, headers, view));
        ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length).put(bytes).flip();
        assertEquals(message, new CserDeserializer<>(Message.CODEC).deserialize(TOPIC, headers, direct));
    }

    @Test
    void tombstoneStaysNullWithoutHeaders() {
        Headers headers = new RecordHeaders();
        assertNull(new CserSerializer<>(Message.CODEC).serialize(TOPIC, headers, null));
        assertEquals(0, headers.toArray().length);
        assertNull(new CserDeserializer<>(Message.CODEC).deserialize(TOPIC, headers, (byte[]) null));
    }

    @Test
    void serializerReplacesHeadersOfTheSameName() {
        Headers headers = new RecordHeaders();
        headers.add("cser.type", le(1));
        headers.add("cser.type", le(2));
        headers.add("trace", new byte[] {9});
        new CserSerializer<>(Message.CODEC).serialize(TOPIC, headers, message);
        assertEquals(1, count(headers, "cser.type"));
        assertArrayEquals(le(Message.CODEC.typeId()), headers.lastHeader("cser.type").value());
        assertArrayEquals(new byte[] {9}, headers.lastHeader("trace").value());
    }

    private static long count(Headers headers, String name) {
        return Arrays.stream(headers.toArray()).filter(h -> h.key().equals(name)).count();
    }

    @Test
    void anotherTypeIsWrongTypeNamingTopicAndBothTypes() {
        Headers headers = new RecordHeaders();
        byte[] point = new CserSerializer<>(Point3.CODEC).serialize(TOPIC, headers, new Point3(1, 2, 3));
        CserSerializationException e = rejected(new CserDeserializer<>(Message.CODEC), headers, point);
        assertEquals(DecodeErrorKind.WRONG_TYPE, e.kind());
        assertEquals(TOPIC, e.topic());
        assertInstanceOf(CserDecodeException.class, e.getCause());
        assertTrue(e.getMessage().contains("topic 'orders'"), e.getMessage());
        assertTrue(e.getMessage().contains("bench.message.Message"), e.getMessage());
        assertTrue(e.getMessage().contains(String.format("%016x", Point3.CODEC.typeId())), e.getMessage());
    }

    @Test
    void headersOfAnotherLengthAreBadStreamHeader() {
        byte[] value = message.encode();
        Headers shortType = new RecordHeaders();
        shortType.add("cser.type", new byte[] {1, 2, 3});
        CserSerializationException e = rejected(new CserDeserializer<>(Message.CODEC), shortType, value);
        assertEquals(DecodeErrorKind.BAD_STREAM_HEADER, e.kind());
        assertTrue(e.getMessage().contains("cser.type has 3 bytes, not 8"), e.getMessage());

        Headers longFingerprint = new RecordHeaders();
        longFingerprint.add("cser.type", le(Message.CODEC.typeId()));
        longFingerprint.add("cser.fingerprint", new byte[9]);
        assertEquals(DecodeErrorKind.BAD_STREAM_HEADER,
                rejected(new CserDeserializer<>(Message.CODEC), longFingerprint, value).kind());

        // Both headers' sizes come before the type (SPEC §8.2), as in Rust and Python.
        Headers otherTypeShortFingerprint = new RecordHeaders();
        otherTypeShortFingerprint.add("cser.type", le(Point3.CODEC.typeId()));
        otherTypeShortFingerprint.add("cser.fingerprint", new byte[7]);
        assertEquals(DecodeErrorKind.BAD_STREAM_HEADER,
                rejected(new CserDeserializer<>(Message.CODEC), otherTypeShortFingerprint, value).kind());
    }

    @Test
    void lastHeaderOfANameCounts() {
        Headers headers = new RecordHeaders();
        headers.add("cser.type", le(Point3.CODEC.typeId()));
        headers.add("cser.type", le(Message.CODEC.typeId()));
        assertEquals(message, new CserDeserializer<>(Message.CODEC).deserialize(TOPIC, headers, message.encode()));
        headers.add("cser.type", le(Point3.CODEC.typeId()));
        assertEquals(DecodeErrorKind.WRONG_TYPE,
                rejected(new CserDeserializer<>(Message.CODEC), headers, message.encode()).kind());
    }

    @Test
    void recordWithoutHeadersDecodesAsOwnTypeUnlessHeadersAreRequired() {
        byte[] value = message.encode();
        assertEquals(message, new CserDeserializer<>(Message.CODEC).deserialize(TOPIC, new RecordHeaders(), value));
        assertEquals(message, new CserDeserializer<>(Message.CODEC).deserialize(TOPIC, value));
        CserSerializationException e = rejected(new CserDeserializer<>(Message.CODEC).requireHeaders(true),
                new RecordHeaders(), value);
        assertEquals(DecodeErrorKind.WRONG_TYPE, e.kind());
        assertTrue(e.getMessage().contains("no cser.type header"), e.getMessage());
    }

    @Test
    void writerFingerprintIsExposedAndAnyIsAcceptedUnlessRequired() {
        long other = 0x0123456789abcdefL;
        Headers headers = new RecordHeaders();
        headers.add("cser.type", le(Message.CODEC.typeId()));
        headers.add("cser.fingerprint", le(other));
        assertEquals(OptionalLong.of(other), CserHeaders.writerFingerprint(headers));
        assertEquals(OptionalLong.empty(), CserHeaders.keyWriterFingerprint(headers));
        assertEquals(message, new CserDeserializer<>(Message.CODEC).deserialize(TOPIC, headers, message.encode()));

        CserDeserializer<Message> strict = new CserDeserializer<>(Message.CODEC).requireFingerprint(true);
        CserSerializationException e = rejected(strict, headers, message.encode());
        assertEquals(DecodeErrorKind.WRONG_TYPE, e.kind());
        assertTrue(e.getMessage().contains("0123456789abcdef"), e.getMessage());

        Headers noFingerprint = new RecordHeaders();
        noFingerprint.add("cser.type", le(Message.CODEC.typeId()));
        assertEquals(message, new CserDeserializer<>(Message.CODEC).deserialize(TOPIC, noFingerprint, message.encode()));
        assertEquals(DecodeErrorKind.WRONG_TYPE, rejected(strict, noFingerprint, message.encode()).kind());

        Headers own = new RecordHeaders();
        byte[] value = new CserSerializer<>(Message.CODEC).serialize(TOPIC, own, message);
        assertEquals(message, strict.deserialize(TOPIC, own, value));
    }

    @Test
    void corruptValuesGetTheRuntimesDecodeErrorAsCause() {
        Headers headers = new RecordHeaders();
        byte[] value = new CserSerializer<>(Message.CODEC).serialize(TOPIC, headers, message);
        byte[] cut = Arrays.copyOf(value, value.length - 1);
        CserSerializationException e = rejected(new CserDeserializer<>(Message.CODEC), headers, cut);
        CserDecodeException expected = assertThrows(CserDecodeException.class, () -> Message.decode(cut));
        assertEquals(expected.kind(), e.kind());
        assertEquals(expected.getMessage(), e.decodeError().getMessage());
        assertTrue(e.getMessage().endsWith(expected.getMessage()), e.getMessage());

        byte[] trailing = Arrays.copyOf(value, value.length + 1);
        assertEquals(DecodeErrorKind.TRAILING_BYTES,
                rejected(new CserDeserializer<>(Message.CODEC), headers, trailing).kind());

        // A string that is not UTF-8: the error names the field.
        byte[] badUtf8 = value.clone();
        int at = indexOf(badUtf8, "ada".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        badUtf8[at] = (byte) 0xC0;
        CserSerializationException utf8 = rejected(new CserDeserializer<>(Message.CODEC), headers, badUtf8);
        assertEquals(DecodeErrorKind.BAD_UTF8, utf8.kind());
        assertEquals("Message.username", utf8.decodeError().path());
        assertEquals(at, utf8.decodeError().offset());
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }

    @Test
    void keysUseTheKeyHeaders() {
        Headers headers = new RecordHeaders();
        Point3 key = new Point3(7, 8, 9);
        CserSerializer<Point3> keys = new CserSerializer<>(Point3.CODEC).forKeys();
        byte[] keyBytes = keys.serialize(TOPIC, headers, key);
        byte[] valueBytes = new CserSerializer<>(Message.CODEC).serialize(TOPIC, headers, message);
        assertArrayEquals(le(Point3.CODEC.typeId()), headers.lastHeader("cser.key.type").value());
        assertEquals(OptionalLong.of(Point3.CODEC.fingerprint()), CserHeaders.keyWriterFingerprint(headers));
        assertArrayEquals(le(Message.CODEC.typeId()), headers.lastHeader("cser.type").value());

        CserDeserializer<Point3> keyReader = new CserDeserializer<>(Point3.CODEC);
        keyReader.configure(Map.of(), true);
        assertEquals(key, keyReader.deserialize(TOPIC, headers, keyBytes));
        assertEquals(message, new CserDeserializer<>(Message.CODEC).deserialize(TOPIC, headers, valueBytes));
        // A value deserializer of Point3 reads cser.type (Message): wrong type, though the key header fits.
        CserSerializationException e = rejected(new CserDeserializer<>(Point3.CODEC), headers, keyBytes);
        assertEquals(DecodeErrorKind.WRONG_TYPE, e.kind());
        assertTrue(e.getMessage().startsWith("cannot deserialize the value"), e.getMessage());
        CserSerializationException k = rejected(new CserDeserializer<>(Message.CODEC).forKeys(), headers, valueBytes);
        assertTrue(k.isKey());
        assertTrue(k.getMessage().contains("header cser.key.type"), k.getMessage());
    }

    @Test
    void oneSerializerAndDeserializerServeManyThreads() throws Exception {
        CserSerializer<Message> serializer = new CserSerializer<>(Message.CODEC);
        CserDeserializer<Message> deserializer = new CserDeserializer<>(Message.CODEC);
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            java.util.List<java.util.concurrent.Future<Integer>> done = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(pool.submit(() -> {
                    int checked = 0;
                    for (int i = 0; i < 5000; i++) {
                        Message m = new Message(thread, i % 2 == 0, "user" + thread, i, "x".repeat(i % 50));
                        Headers headers = new RecordHeaders();
                        byte[] bytes = serializer.serialize(TOPIC, headers, m);
                        assertArrayEquals(m.encode(), bytes);
                        assertEquals(m, deserializer.deserialize(TOPIC, headers, bytes));
                        checked++;
                    }
                    return checked;
                }));
            }
            for (java.util.concurrent.Future<Integer> f : done) {
                assertEquals(5000, f.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void serdeWorksAsKafkaStreamsTakesIt() {
        CserSerde<Message> serde = new CserSerde<>(Message.CODEC);
        serde.configure(Map.of(), false);
        Headers headers = new RecordHeaders();
        byte[] bytes = serde.serializer().serialize(TOPIC, headers, message);
        assertEquals(message, serde.deserializer().deserialize(TOPIC, headers, bytes));
        CserSerde<Point3> keySerde = new CserSerde<>(Point3.CODEC).forKeys();
        keySerde.serializer().serialize(TOPIC, headers, new Point3());
        assertTrue(headers.lastHeader("cser.key.type") != null);
    }
}
