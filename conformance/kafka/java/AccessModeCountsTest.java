package dev.cser.conformance.kafka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.kafka.CserHeaders;
import dev.cser.kafka.CserSerde;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TestOutputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.Test;
import sakai.content.AccessMode;
import sakai.content.ContentResource;
import sakai.counts.AccessModeCount;

/**
 * The Streams test's topology (AccessModeCounts) without a broker: 1,000 of the test's W3
 * entities in, the last update of each mode out equal to totals counted here, every update a
 * cser record of AccessModeCount with its headers, and all three modes present.
 */
class AccessModeCountsTest {
    private static final int ENTITIES = 1000;

    @Test
    void countsEveryAccessModeAndWritesCserRecords() {
        Properties props = new Properties();
        props.put(StreamsConfig.APPLICATION_ID_CONFIG, "cser-access-mode-counts-test");
        props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:9");
        Map<String, long[]> expected = new HashMap<>();
        Map<String, AccessModeCount> last = new HashMap<>();
        try (TopologyTestDriver driver = new TopologyTestDriver(AccessModeCounts.topology("entities", "counts"), props)) {
            TestInputTopic<byte[], ContentResource> in = driver.createInputTopic("entities", new ByteArraySerializer(),
                    new CserSerde<>(ContentResource.CODEC).serializer());
            TestOutputTopic<String, AccessModeCount> out = driver.createOutputTopic("counts", new StringDeserializer(),
                    new CserSerde<>(AccessModeCount.CODEC).deserializer());
            for (int n = 0; n < ENTITIES; n++) {
                ContentResource entity = StreamsInput.entity(n);
                in.pipeInput(entity.getId().getBytes(StandardCharsets.UTF_8), entity);
                long[] total = expected.computeIfAbsent(entity.getAccess().name(), k -> new long[2]);
                total[0]++;
                total[1] += entity.getContentLength();
            }
            List<TestRecord<String, AccessModeCount>> updates = out.readRecordsToList();
            assertEquals(ENTITIES, updates.size(), "the test driver does not cache: one update per entity");
            for (TestRecord<String, AccessModeCount> update : updates) {
                assertEquals(update.key(), update.value().getMode().name());
                assertArrayEquals(le(AccessModeCount.CODEC.typeId()), value(update, CserHeaders.VALUE_TYPE));
                assertArrayEquals(le(AccessModeCount.CODEC.fingerprint()), value(update, CserHeaders.VALUE_FINGERPRINT));
                last.put(update.key(), update.value());
            }
            assertEquals(AccessMode.values().size(), last.size(), "every access mode occurs: " + last.keySet());
            for (Map.Entry<String, long[]> e : expected.entrySet()) {
                AccessModeCount got = last.get(e.getKey());
                assertEquals(e.getValue()[0], got.getCount(), e.getKey() + " count");
                assertEquals(e.getValue()[1], got.getTotalContentLength(), e.getKey() + " total content length");
            }
            // n % 10 == 0 is GROUPED and n % 4 == 1 PUBLIC (StreamsInput): 100 and 250 of 1,000.
            assertEquals(100, last.get("GROUPED").getCount());
            assertEquals(250, last.get("PUBLIC").getCount());
            assertEquals(last.get("INHERITED"), driver.<String, AccessModeCount>getTimestampedKeyValueStore(AccessModeCounts.STORE)
                    .get("INHERITED").value(),
                    "the state store holds the last total");
        }
    }

    private static byte[] value(TestRecord<String, AccessModeCount> record, String name) {
        Header header = record.headers().lastHeader(name);
        assertTrue(header != null, "the output record has no " + name + " header");
        return header.value();
    }

    private static byte[] le(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }
}
