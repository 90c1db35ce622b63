package dev.cser.kafka.chain;

import bench.message.Message;
import dev.cser.examples.Workloads;
import dev.cser.kafka.CserDeserializer;
import dev.cser.kafka.CserSerializer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Java's part in the cross-language chain (conformance/kafka/chain.py): W4 messages through topics
 * relayed by Java, Rust and Python, each decoding with its serdes and encoding again.
 *
 * <pre>
 *   ChainRole produce TOPIC COUNT     W4 message n = Workloads.message(n), key "user-" + n % 7, n = 0..COUNT-1
 *   ChainRole relay FROM TO COUNT     consume FROM, decode, produce the decoded message to TO, commit; COUNT records
 *   ChainRole check TOPIC COUNT       every message n arrived once, in order per key, byte-identical to produce's
 * </pre>
 *
 * The broker is BOOTSTRAP_SERVERS (environment). CHAIN_PRODUCE_RATE (environment, messages per
 * second, optional) paces produce, so that a broker fault (chain.py --fault) strikes while
 * records still flow through every leg. Producers are idempotent with acks=all; a relay
 * commits a batch's offsets only after every record of it was acknowledged. Prints one line
 * {@code ROLE ...: N messages in S s (R msg/s)}; exits 1 with the reason on stderr when a check fails.
 */
public final class ChainRole {
    /** Keys "user-0" .. "user-6": message n has key n % KEYS; SPEC-wise only the order per key is kept. */
    static final int KEYS = 7;
    /** How long a consumer waits for the records it expects before it gives up. */
    private static final long DEADLINE_SECONDS = 180;

    private ChainRole() {
    }

    public static void main(String[] args) throws Exception {
        String bootstrap = System.getenv("BOOTSTRAP_SERVERS");
        if (bootstrap == null || bootstrap.isEmpty() || args.length < 3) {
            System.err.println("usage: BOOTSTRAP_SERVERS=HOST:PORT ChainRole produce TOPIC COUNT"
                    + " | relay FROM TO COUNT | check TOPIC COUNT");
            System.exit(2);
        }
        String failure;
        try {
            failure = switch (args[0]) {
                case "produce" -> produce(bootstrap, args[1], Integer.parseInt(args[2]));
                case "relay" -> relay(bootstrap, args[1], args[2], Integer.parseInt(args[3]));
                case "check" -> check(bootstrap, args[1], Integer.parseInt(args[2]));
                default -> "unknown role " + args[0];
            };
        } catch (KafkaException e) {
            // A record that does not decode (with its topic, partition and offset), or the client failed.
            failure = e + (e.getCause() == null ? "" : ": " + e.getCause());
        }
        if (failure != null) {
            System.err.println("java " + args[0] + ": " + failure);
            System.exit(1);
        }
    }

    static String key(int n) {
        return "user-" + (n % KEYS);
    }

    private static Properties producerProps(String bootstrap) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        // Batching is what makes 100,000 small records quick.
        p.put(ProducerConfig.LINGER_MS_CONFIG, 20);
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return p;
    }

    private static Properties consumerProps(String bootstrap, String group) {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        c.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        c.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return c;
    }

    private static void report(String what, int count, long startNanos) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        System.out.printf("java %s: %d messages in %.2f s (%.0f msg/s)%n", what, count, seconds, count / seconds);
    }

    private static String produce(String bootstrap, String topic, int count) throws InterruptedException {
        AtomicReference<Exception> failed = new AtomicReference<>();
        String rateSetting = System.getenv("CHAIN_PRODUCE_RATE");
        double rate = rateSetting == null || rateSetting.isEmpty() ? 0 : Double.parseDouble(rateSetting);
        long start = System.nanoTime();
        try (KafkaProducer<String, Message> producer =
                new KafkaProducer<>(producerProps(bootstrap), new StringSerializer(), new CserSerializer<>(Message.CODEC))) {
            for (int n = 0; n < count; n++) {
                if (rate > 0 && n % 100 == 0) {
                    long due = start + (long) (n * 1e9 / rate);
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        TimeUnit.NANOSECONDS.sleep(wait);
                    }
                }
                producer.send(new ProducerRecord<>(topic, key(n), Workloads.message(n)), (meta, e) -> {
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
        report("produce " + topic, count, start);
        return null;
    }

    private static String relay(String bootstrap, String from, String to, int count) {
        AtomicReference<Exception> failed = new AtomicReference<>();
        Properties c = consumerProps(bootstrap, "cser-chain-" + from + "-" + to);
        int relayed = 0;
        long start = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        try (KafkaConsumer<String, Message> consumer =
                        new KafkaConsumer<>(c, new StringDeserializer(), new CserDeserializer<>(Message.CODEC));
                KafkaProducer<String, Message> producer =
                        new KafkaProducer<>(producerProps(bootstrap), new StringSerializer(), new CserSerializer<>(Message.CODEC))) {
            consumer.subscribe(List.of(from));
            while (relayed < count) {
                if (System.nanoTime() > deadline) {
                    return "relayed " + relayed + " of " + count + " records in " + DEADLINE_SECONDS + " s";
                }
                ConsumerRecords<String, Message> records = consumer.poll(Duration.ofMillis(500));
                if (records.isEmpty()) {
                    continue;
                }
                if (start == 0) {
                    start = System.nanoTime();
                }
                for (ConsumerRecord<String, Message> r : records) {
                    // The decoded message, encoded again by the serializer: not the bytes consumed.
                    producer.send(new ProducerRecord<>(to, r.key(), r.value()), (meta, e) -> {
                        if (e != null) {
                            failed.compareAndSet(null, e);
                        }
                    });
                }
                // At-least-once: the offsets are committed once the relayed records are acknowledged.
                producer.flush();
                if (failed.get() != null) {
                    return "a relayed record was not acknowledged: " + failed.get();
                }
                consumer.commitSync();
                relayed += records.count();
            }
        }
        if (relayed != count) {
            return "relayed " + relayed + " records, expected " + count;
        }
        report("relay " + from + " -> " + to, relayed, start);
        return null;
    }

    private static String check(String bootstrap, String topic, int count) {
        byte[][] expected = new byte[count][];
        for (int n = 0; n < count; n++) {
            expected[n] = Workloads.message(n).encode();
        }
        // The next n expected for each key: key k gets k, k + KEYS, k + 2 * KEYS, ...
        int[] next = new int[KEYS];
        Arrays.setAll(next, k -> k);
        CserDeserializer<Message> deserializer = new CserDeserializer<>(Message.CODEC).requireHeaders(true);
        Properties c = consumerProps(bootstrap, "cser-chain-check-" + topic);
        int received = 0;
        long start = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        List<String> problems = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(c, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            // After the last expected record, one more second of polling: a duplicate would show up.
            long quietUntil = Long.MAX_VALUE;
            while (System.nanoTime() < quietUntil) {
                if (System.nanoTime() > deadline) {
                    return "received " + received + " of " + count + " messages in " + DEADLINE_SECONDS + " s";
                }
                ConsumerRecords<String, byte[]> records = consumer.poll(Duration.ofMillis(200));
                if (!records.isEmpty() && start == 0) {
                    start = System.nanoTime();
                }
                for (ConsumerRecord<String, byte[]> r : records) {
                    received++;
                    String where = r.topic() + "/" + r.partition() + "@" + r.offset();
                    // The headers and the value as Java's deserializer reads them (the type must be W4).
                    deserializer.deserialize(r.topic(), r.headers(), r.value());
                    int k = r.key() == null || !r.key().startsWith("user-") ? -1 : Integer.parseInt(r.key().substring(5));
                    if (k < 0 || k >= KEYS) {
                        problems.add(where + ": unexpected key " + r.key());
                    } else if (next[k] >= count) {
                        problems.add(where + ": a message after the last of key " + r.key());
                    } else {
                        int n = next[k];
                        next[k] += KEYS;
                        if (!Arrays.equals(expected[n], r.value())) {
                            problems.add(where + ": key " + r.key() + " expected message " + n + " "
                                    + Arrays.toString(expected[n]) + ", got " + Arrays.toString(r.value()));
                        }
                    }
                    if (problems.size() >= 10) {
                        return String.join("\n", problems);
                    }
                }
                if (received >= count && quietUntil == Long.MAX_VALUE) {
                    report("check " + topic, received, start);
                    quietUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                }
            }
            consumer.commitSync();
        }
        if (received != count) {
            problems.add("received " + received + " messages, expected " + count);
        }
        return problems.isEmpty() ? null : String.join("\n", problems);
    }
}
