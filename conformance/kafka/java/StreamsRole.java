package dev.cser.conformance.kafka;

import dev.cser.kafka.CserSerializer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import sakai.content.ContentResource;

/**
 * Java's part in conformance/kafka's Streams test (streams.py):
 *
 * <pre>
 *   StreamsRole produce TOPIC COUNT   W3 entity n = StreamsInput.entity(n), key its id, n = 0..COUNT-1
 *   StreamsRole run FROM TO STATE_DIR the AccessModeCounts topology from FROM to TO until stdin ends
 * </pre>
 *
 * The broker is BOOTSTRAP_SERVERS (environment). produce is idempotent with acks=all and prints
 * {@code java produce TOPIC: N entities in S s (R entities/s)}. run processes exactly once
 * ({@code exactly_once_v2}: a total is committed together with the input offsets it covers, so a
 * crash and restart neither loses nor double-counts an entity), keeps its state in STATE_DIR, and
 * when its standard input reaches end of file (streams.py closes it once the checker is done)
 * closes the topology and prints {@code java streams run FROM -> TO: ran S s, closed cleanly}. Exits 1 with the
 * reason on stderr when the topology fails.
 */
public final class StreamsRole {
    /** The Streams application id: the prefix of its consumer group and internal topics. */
    static final String APPLICATION_ID = "cser-access-mode-counts";

    private StreamsRole() {}

    public static void main(String[] args) throws Exception {
        String bootstrap = System.getenv("BOOTSTRAP_SERVERS");
        boolean produce = args.length == 3 && args[0].equals("produce");
        boolean run = args.length == 4 && args[0].equals("run");
        if (bootstrap == null || bootstrap.isEmpty() || !(produce || run)) {
            System.err.println("usage: BOOTSTRAP_SERVERS=HOST:PORT StreamsRole produce TOPIC COUNT | run FROM TO STATE_DIR");
            System.exit(2);
        }
        String failure;
        try {
            failure = produce ? produce(bootstrap, args[1], Integer.parseInt(args[2]))
                    : run(bootstrap, args[1], args[2], Path.of(args[3]));
        } catch (KafkaException e) {
            failure = e + (e.getCause() == null ? "" : ": " + e.getCause());
        }
        if (failure != null) {
            System.err.println("java " + args[0] + ": " + failure);
            System.exit(1);
        }
    }

    private static String produce(String bootstrap, String topic, int count) {
        Properties p = ChainRole.producerProps(bootstrap);
        AtomicReference<Exception> failed = new AtomicReference<>();
        long start = System.nanoTime();
        try (KafkaProducer<String, ContentResource> producer =
                new KafkaProducer<>(p, new StringSerializer(), new CserSerializer<>(ContentResource.CODEC))) {
            for (int n = 0; n < count; n++) {
                ContentResource entity = StreamsInput.entity(n);
                producer.send(new ProducerRecord<>(topic, entity.getId(), entity), (meta, e) -> {
                    if (e != null) {
                        failed.compareAndSet(null, e);
                    }
                });
            }
            producer.flush();
        }
        if (failed.get() != null) {
            return "a record was not acknowledged: " + failed.get();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("java produce %s: %d entities in %.2f s (%.0f entities/s)%n", topic, count, seconds,
                count / seconds);
        return null;
    }

    private static String run(String bootstrap, String from, String to, Path stateDir)
            throws IOException, InterruptedException {
        Properties s = new Properties();
        s.put(StreamsConfig.APPLICATION_ID_CONFIG, APPLICATION_ID);
        s.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        s.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        s.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
        // One replica: the test broker is a single node.
        s.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, 1);
        AtomicReference<Throwable> died = new AtomicReference<>();
        long start = System.nanoTime();
        try (KafkaStreams streams = new KafkaStreams(AccessModeCounts.topology(from, to), s)) {
            streams.setUncaughtExceptionHandler(e -> {
                died.compareAndSet(null, e);
                return StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
            });
            streams.start();
            waitForEndOfInput(System.in);
            if (!streams.close(Duration.ofSeconds(60))) {
                return "the topology did not close within 60 s";
            }
            if (died.get() != null) {
                return "the topology failed: " + died.get();
            }
            System.out.printf("java streams run %s -> %s: ran %.1f s, closed cleanly%n", from, to,
                    (System.nanoTime() - start) / 1e9);
        }
        return null;
    }

    /** Reads (and drops) standard input until it ends. */
    private static void waitForEndOfInput(InputStream in) throws IOException, InterruptedException {
        byte[] buffer = new byte[256];
        while (in.read(buffer) >= 0) {
            TimeUnit.MILLISECONDS.sleep(10);
        }
    }
}
