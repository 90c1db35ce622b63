package dev.cser.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import bench.message.Message;
import dev.cser.CserDecodeException;
import dev.cser.DecodeErrorKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.DeserializationExceptionHandler;
import org.apache.kafka.streams.errors.ErrorHandlerContext;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import spec.examples.Point3;

/**
 * CserSerde as Kafka Streams uses it (TopologyTestDriver, no broker): named by class as the
 * default value serde, passed to {@code Produced.with}, and a bad record handed to the
 * DeserializationExceptionHandler with its topic, partition and offset, then skipped.
 */
class StreamsSerdeTest {
    /** What the handler saw, for the test to check: the context's location and the exception. */
    record Failure(String topic, int partition, long offset, Exception exception) {
    }

    private static final List<Failure> FAILURES = new ArrayList<>();

    /** Records each failure and lets the topology continue, as LogAndContinueExceptionHandler does. */
    public static final class RecordingHandler implements DeserializationExceptionHandler {
        @Override
        public DeserializationHandlerResponse handle(ErrorHandlerContext context, ConsumerRecord<byte[], byte[]> record,
                Exception exception) {
            synchronized (FAILURES) {
                FAILURES.add(new Failure(context.topic(), context.partition(), context.offset(), exception));
            }
            return DeserializationHandlerResponse.CONTINUE;
        }

        @Override
        public void configure(Map<String, ?> configs) {
        }
    }

    @Test
    void topologyReadsAndWritesCserValuesAndSkipsBadOnes() throws Exception {
        FAILURES.clear();
        StreamsBuilder builder = new StreamsBuilder();
        builder.<String, Message>stream("in")
                .filter((k, v) -> v.isActive())
                .mapValues(v -> new Message(v.getType(), true, v.getUsername(), v.getUserid(),
                        v.getData().toUpperCase(Locale.ROOT)))
                .to("out", Produced.with(Serdes.String(), new CserSerde<>(Message.CODEC)));
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "cser-streams-test");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9");
        props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class.getName());
        props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, CserSerde.class.getName());
        props.put(CserSerdeConfig.VALUE_TYPE, Message.class.getName());
        props.put(StreamsConfig.DESERIALIZATION_EXCEPTION_HANDLER_CLASS_CONFIG, RecordingHandler.class.getName());

        Message a = new Message(1, true, "ada", 1, "first");
        Message b = new Message(2, false, "bob", 2, "inactive");
        Message c = new Message(3, true, "cy", 3, "third");
        byte[] cut = Arrays.copyOf(c.encode(), 5);
        try (TopologyTestDriver driver = new TopologyTestDriver(builder.build(), props)) {
            TestInputTopic<String, Message> in = driver.createInputTopic("in", new StringSerializer(),
                    new CserSerializer<>(Message.CODEC));
            TestInputTopic<String, byte[]> raw = driver.createInputTopic("in", new StringSerializer(),
                    new ByteArraySerializer());
            in.pipeInput("a", a);                                     // offset 0
            Headers pointHeaders = new RecordHeaders();
            byte[] point = new CserSerializer<>(Point3.CODEC).serialize("in", pointHeaders, new Point3(1, 2, 3));
            raw.pipeInput(new TestRecord<>("p", point, pointHeaders));   // offset 1: another type
            in.pipeInput("b", b);                                     // offset 2: filtered out
            raw.pipeInput(new TestRecord<>("x", cut, new RecordHeaders()));  // offset 3: cut short
            in.pipeInput("c", c);                                     // offset 4

            TestOutputTopic<String, Message> out = driver.createOutputTopic("out", new StringDeserializer(),
                    new CserDeserializer<>(Message.CODEC).requireHeaders(true).requireFingerprint(true));
            List<TestRecord<String, Message>> results = out.readRecordsToList();
            assertEquals(List.of("a", "c"), results.stream().map(TestRecord::key).toList());
            assertEquals("FIRST", results.get(0).value().getData());
            assertEquals(new Message(3, true, "cy", 3, "THIRD"), results.get(1).value());
            assertArrayEquals(CserHeaders.toLittleEndian(Message.CODEC.typeId()),
                    results.get(1).headers().lastHeader("cser.type").value());
        }

        CserDecodeException cutError = org.junit.jupiter.api.Assertions.assertThrows(CserDecodeException.class,
                () -> Message.decode(cut));
        assertEquals(2, FAILURES.size(), FAILURES.toString());
        Failure wrong = FAILURES.get(0);
        assertEquals("in", wrong.topic());
        assertEquals(0, wrong.partition());
        assertEquals(1, wrong.offset());
        assertEquals(DecodeErrorKind.WRONG_TYPE,
                assertInstanceOf(CserSerializationException.class, wrong.exception()).kind());
        Failure bad = FAILURES.get(1);
        assertEquals(3, bad.offset());
        CserSerializationException e = assertInstanceOf(CserSerializationException.class, bad.exception());
        assertEquals(cutError.kind(), e.kind());
        assertEquals(cutError.getMessage(), e.decodeError().getMessage());
    }
}
