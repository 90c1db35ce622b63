package dev.cser.bench.kafka;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.google.protobuf.MessageLite;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The Java half of the Kafka benchmark (benchmarks/README.md, "Kafka"): for each workload, format
 * and producer compression, produces COUNT records to a fresh 1-partition topic of a running
 * broker, consumes the records back, checks every decoded value as it arrives (the check's time
 * taken off the clocks), reads the topic's log segments' size on disk, and writes one row per run
 * to a JSON file. {@code benchmarks/python/kafka_run.py}
 * starts the broker, runs this and the Python half, and merges the rows into results/kafka.json.
 *
 * <pre>
 * java -cp benchmarks.jar dev.cser.bench.kafka.KafkaBench --bootstrap HOST:PORT --data-dir BROKER_DIR/data \
 *     --w4 COUNT --w3 COUNT --out FILE [--formats cser,json,protobuf] [--compressions none,zstd] [--warmup N]
 *     [--warmup-w4 N] [--warmup-w3 N]
 * </pre>
 *
 * Before the measured runs of a (workload, format), an unmeasured run of min(N, COUNT / 5)
 * records (default N 20,000), or exactly {@code --warmup-w4}/{@code --warmup-w3} records when
 * given, to a topic of its own lets the JIT compile the paths. kafka_run.py gives the quick mode
 * the full mode's warm-up that way: a fifth of the quick counts (1,000 W3 records) measured the
 * serdes before C2 had compiled them.
 *
 * Produce and consume run one after the other (the producer has flushed, every record
 * acknowledged, before the consumer starts): end to end is the first send to the last record
 * decoded, the consumer's start included. The segment size is read after the consumer is done.
 */
public final class KafkaBench {
    /** How long the consumer may see no new record before the run fails. */
    private static final Duration STALL = Duration.ofSeconds(60);

    private KafkaBench() {}

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = options(args);
        String bootstrap = required(opt, "bootstrap");
        Path dataDir = Path.of(required(opt, "data-dir"));
        Path out = Path.of(required(opt, "out"));
        Map<String, Integer> counts = new LinkedHashMap<>();
        counts.put("W4", Integer.parseInt(opt.getOrDefault("w4", "1000000")));
        counts.put("W3", Integer.parseInt(opt.getOrDefault("w3", "100000")));
        List<String> formats = List.of(opt.getOrDefault("formats", String.join(",", KafkaFormat.FORMATS)).split(","));
        List<String> compressions = List.of(opt.getOrDefault("compressions", "none,zstd").split(","));
        int warmup = Integer.parseInt(opt.getOrDefault("warmup", "20000"));

        List<Map<String, Object>> rows = new ArrayList<>();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            for (var e : counts.entrySet()) {
                if (e.getValue() == 0) {
                    continue;
                }
                for (String format : formats) {
                    KafkaFormat f = KafkaFormat.of(format, e.getKey());
                    String exact = opt.get("warmup-" + e.getKey().toLowerCase(java.util.Locale.ROOT));
                    int warm = exact != null ? Integer.parseInt(exact) : Math.min(warmup, e.getValue() / 5);
                    if (warm > 0) {
                        // The JIT compiles the clients' and the codecs' paths before the measured runs.
                        run(admin, bootstrap, dataDir, f, "none", warm, "warmup");
                    }
                    for (String compression : compressions) {
                        Map<String, Object> row = run(admin, bootstrap, dataDir, f, compression, e.getValue(), "run");
                        System.out.printf("java %s %-8s %-4s %,9d records: %,10.0f msg/s end to end, %,12d bytes on the broker,"
                                + " ser %.0f ns, deser %.0f ns%n", e.getKey(), format, compression, e.getValue(),
                                row.get("msgs_per_s"), row.get("broker_bytes"), row.get("ser_ns"), row.get("deser_ns"));
                        rows.add(row);
                    }
                }
            }
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("language", "java");
        doc.put("versions", versions());
        doc.put("timer_ns", timerNanos());
        doc.put("rows", rows);
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(), doc);
    }

    private static Map<String, Object> run(Admin admin, String bootstrap, Path dataDir, KafkaFormat f,
            String compression, int count, String purpose) throws Exception {
        String topic = String.join("-", "bench-java", f.workload, f.format, compression, purpose);
        admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();

        Object[] values = new Object[count];
        for (int i = 0; i < count; i++) {
            values[i] = f.value.apply(i);
        }
        TimedSerializer<Object> ser = new TimedSerializer<>(f.serializer);
        AtomicReference<Exception> failure = new AtomicReference<>();
        AtomicLong acked = new AtomicLong();
        AtomicLong valueBytes = new AtomicLong();
        long start;
        long produced;
        try (KafkaProducer<byte[], Object> producer = new KafkaProducer<>(producerProps(bootstrap, compression),
                new ByteArraySerializer(), ser)) {
            producer.partitionsFor(topic); // the topic's metadata, before the clock
            start = System.nanoTime();
            for (Object v : values) {
                producer.send(new ProducerRecord<>(topic, 0, null, v), (md, ex) -> {
                    if (ex != null) {
                        failure.compareAndSet(null, ex);
                    } else {
                        acked.incrementAndGet();
                        valueBytes.addAndGet(md.serializedValueSize());
                    }
                });
            }
            producer.flush();
            produced = System.nanoTime();
        }
        if (failure.get() != null) {
            throw new IllegalStateException("producing to " + topic + " failed", failure.get());
        }
        if (acked.get() != count) {
            throw new IllegalStateException(topic + ": " + acked.get() + " of " + count + " records acknowledged");
        }
        values = null;

        TimedDeserializer<Object> deser = new TimedDeserializer<>(f.deserializer);
        // Each record is checked as it arrives, and the check's time is taken off the clocks:
        // holding every decoded value until the end would make the collector's work on them part
        // of the deserializer's time.
        long checkNanos = 0;
        long consumeStart;
        long end;
        TopicPartition tp = new TopicPartition(topic, 0);
        try (KafkaConsumer<byte[], Object> consumer = new KafkaConsumer<>(consumerProps(bootstrap),
                new ByteArrayDeserializer(), deser)) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            consumeStart = System.nanoTime();
            int got = 0;
            long lastProgress = consumeStart;
            while (got < count) {
                for (ConsumerRecord<byte[], Object> r : consumer.poll(Duration.ofMillis(100))) {
                    // One partition, an idempotent producer: record n is at offset n.
                    if (r.offset() != got) {
                        throw new IllegalStateException(topic + ": offset " + r.offset() + " where " + got + " was due");
                    }
                    long t0 = System.nanoTime();
                    MessageLite want = f.expected(got);
                    if (!f.comparable(r.value()).equals(want)) {
                        throw new IllegalStateException(topic + ": record " + got + " decoded to " + r.value() + ", not " + want);
                    }
                    got++;
                    lastProgress = System.nanoTime();
                    checkNanos += lastProgress - t0;
                }
                if (System.nanoTime() - lastProgress > STALL.toNanos()) {
                    throw new IllegalStateException(topic + ": " + got + " of " + count + " records consumed, then nothing for "
                            + STALL.toSeconds() + " s");
                }
            }
            end = System.nanoTime() - checkNanos;
        }
        // Read after the clock stopped (the consumer writes nothing to the log): the settling wait
        // is not in the end-to-end time.
        long brokerBytes = settledSegmentBytes(dataDir.resolve(topic + "-0"));
        if (ser.calls() != count || deser.calls() != count) {
            throw new IllegalStateException(topic + ": " + ser.calls() + " serializations and " + deser.calls()
                    + " deserializations for " + count + " records");
        }

        Map<String, Object> row = new LinkedHashMap<>();
        row.put("language", "java");
        row.put("workload", f.workload);
        row.put("format", f.format);
        row.put("compression", compression);
        row.put("count", count);
        row.put("partitions", 1);
        row.put("msgs_per_s", count / ((end - start) / 1e9));
        row.put("produce_msgs_per_s", count / ((produced - start) / 1e9));
        row.put("consume_msgs_per_s", count / ((end - consumeStart) / 1e9));
        row.put("e2e_s", (end - start) / 1e9);
        row.put("broker_bytes", brokerBytes);
        row.put("value_bytes", valueBytes.get());
        row.put("ser_ns", ser.nanosPerCall());
        row.put("deser_ns", deser.nanosPerCall());
        return row;
    }

    /**
     * Throughput-minded and the same for every format (and for the Python half): acks=all with
     * idempotence, batches of up to 256 KiB gathered for up to 10 ms.
     */
    static Properties producerProps(String bootstrap, String compression) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "10");
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, "262144");
        p.put(ProducerConfig.BUFFER_MEMORY_CONFIG, String.valueOf(128L << 20));
        p.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, compression);
        return p;
    }

    /** No consumer group (the partition is assigned); fetches of up to 8 MiB. */
    static Properties consumerProps(String bootstrap) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, String.valueOf(8 << 20));
        p.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "10000");
        return p;
    }

    /**
     * The bytes of the partition's {@code *.log} segment files, once two readings 200 ms apart
     * agree (every record is acknowledged with acks=all before this, so the broker has appended
     * them; the wait guards against a late write).
     */
    static long settledSegmentBytes(Path partitionDir) throws IOException, InterruptedException {
        long last = -1;
        for (int i = 0; i < 50; i++) {
            long now = segmentBytes(partitionDir);
            if (now == last && now > 0) {
                return now;
            }
            last = now;
            Thread.sleep(200);
        }
        throw new IllegalStateException("the segments of " + partitionDir + " did not stop changing (" + last + " bytes)");
    }

    private static long segmentBytes(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException(dir + " is not a partition directory of the broker");
        }
        try (Stream<Path> s = Files.list(dir)) {
            long sum = 0;
            for (Path p : (Iterable<Path>) s.filter(p -> p.getFileName().toString().endsWith(".log"))::iterator) {
                sum += Files.size(p);
            }
            return sum;
        }
    }

    /** What one {@code System.nanoTime()} pair costs here, included in ser_ns and deser_ns. */
    private static double timerNanos() {
        int n = 2_000_000;
        long sink = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            long a = System.nanoTime();
            sink += System.nanoTime() - a;
        }
        double perPair = (double) (System.nanoTime() - t0) / n;
        return sink < 0 ? -1 : perPair;
    }

    private static Map<String, String> versions() throws IOException {
        Properties p = new Properties();
        try (InputStream in = KafkaBench.class.getResourceAsStream("/versions.properties")) {
            p.load(in);
        }
        Map<String, String> v = new LinkedHashMap<>();
        for (String k : List.of("cser", "kafka-clients", "jackson", "protobuf")) {
            v.put(k, p.getProperty(k));
        }
        v.put("java", System.getProperty("java.version"));
        return v;
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (!args[i].startsWith("--") || i + 1 == args.length) {
                throw new IllegalArgumentException("usage: KafkaBench --bootstrap H:P --data-dir DIR --out FILE"
                        + " [--w4 N] [--w3 N] [--formats ...] [--compressions ...] [--warmup N]"
                        + " [--warmup-w4 N] [--warmup-w3 N]; got " + Arrays.toString(args));
            }
            m.put(args[i].substring(2), args[++i]);
        }
        return m;
    }

    private static String required(Map<String, String> opt, String name) {
        String v = opt.get(name);
        if (v == null) {
            throw new IllegalArgumentException("KafkaBench needs --" + name);
        }
        return v;
    }
}
