package dev.cser.conformance.kafka;

import dev.cser.kafka.CserSerde;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;
import sakai.content.ContentResource;
import sakai.counts.AccessModeCount;

/**
 * The Kafka Streams topology of conformance/kafka's Streams test: W3 entities
 * ({@link ContentResource}, any key) grouped by access mode, counted and their content lengths
 * summed; every update of a total goes to the output topic as an {@link AccessModeCount} keyed by
 * the mode's name (a string, e.g. {@code "PUBLIC"}). cser serdes throughout: the input, the
 * repartition topic (each entity becomes an AccessModeCount of one, so the repartition carries a
 * few bytes instead of the whole entity), the state store and its changelog, and the output.
 */
public final class AccessModeCounts {
    /** The name of the totals' state store (and of its changelog topic). */
    public static final String STORE = "access-mode-counts";

    private AccessModeCounts() {}

    /** The topology from {@code input} to {@code output}. */
    public static Topology topology(String input, String output) {
        CserSerde<AccessModeCount> counts = new CserSerde<>(AccessModeCount.CODEC);
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(input, Consumed.with(Serdes.ByteArray(), new CserSerde<>(ContentResource.CODEC)))
                .mapValues(AccessModeCounts::one)
                .groupBy((key, one) -> one.getMode().name(), Grouped.with("by-access-mode", Serdes.String(), counts))
                .reduce(AccessModeCounts::add, Materialized.<String, AccessModeCount, KeyValueStore<Bytes, byte[]>>as(STORE)
                        .withKeySerde(Serdes.String())
                        .withValueSerde(counts))
                .toStream()
                .to(output, Produced.with(Serdes.String(), counts));
        return builder.build();
    }

    /** One entity as a total of one. */
    static AccessModeCount one(ContentResource entity) {
        return new AccessModeCount(entity.getAccess(), 1, entity.getContentLength());
    }

    /** The sum of two totals of the same mode; a new object, as Streams may still hold {@code total}. */
    static AccessModeCount add(AccessModeCount total, AccessModeCount more) {
        return new AccessModeCount(total.getMode(), total.getCount() + more.getCount(),
                total.getTotalContentLength() + more.getTotalContentLength());
    }
}
