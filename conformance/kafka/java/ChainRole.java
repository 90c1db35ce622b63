package dev.cser.conformance.kafka;

import bench.message.Message;
import dev.cser.examples.Workloads;
import dev.cser.kafka.CserDeadLetter;
import dev.cser.kafka.CserDeserializer;
import dev.cser.kafka.CserHeaders;
import dev.cser.kafka.CserRecordError;
import dev.cser.kafka.CserSerializationException;
import dev.cser.kafka.CserSerializer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
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
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
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
 *
 * <p>Bad records (chain.py without --fault sets these in the environment, as for chain_role.py):
 * CHAIN_INJECT=FIRST makes a writer (produce, relay) write, right after half of its messages of each
 * key, the records of {@link #injected} under that key (mid-stream in its partition); CHAIN_EXTRA=E says a consumer's
 * topic also holds the headerless W4 messages COUNT .. COUNT + E - 1, and CHAIN_BAD=B that it holds
 * B records that do not decode: each is reported on stderr ({@code java ROLE: bad record
 * TOPIC/PARTITION@OFFSET KIND -> TOPIC.dlt}), sent to TOPIC.dlt with {@link CserDeadLetter}, and
 * consuming goes on.
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

    /** An optional number from the environment (CHAIN_INJECT, CHAIN_EXTRA, CHAIN_BAD), or -1. */
    private static int setting(String name) {
        String text = System.getenv(name);
        return text == null || text.isEmpty() ? -1 : Integer.parseInt(text);
    }

    private static byte[] le(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return b;
    }

    /**
     * The records injected under key {@code user-k}, in this order, as chain_role.py's {@code injected}:
     * W4 message {@code first + k} without its last byte under W4's headers (LENGTH_TOO_LARGE), the
     * same message under W4's type id plus one (WRONG_TYPE), and the same message without headers
     * (decoded as W4, SPEC §8.2).
     */
    static List<ProducerRecord<byte[], byte[]>> injected(String topic, int first, int k) {
        byte[] key = utf8("user-" + k);
        byte[] value = Workloads.message(first + k).encode();
        RecordHeaders w4 = new RecordHeaders();
        w4.add(CserHeaders.VALUE_TYPE, le(Message.CODEC.typeId()));
        w4.add(CserHeaders.VALUE_FINGERPRINT, le(Message.CODEC.fingerprint()));
        RecordHeaders otherType = new RecordHeaders();
        otherType.add(CserHeaders.VALUE_TYPE, le(Message.CODEC.typeId() + 1));
        otherType.add(CserHeaders.VALUE_FINGERPRINT, le(Message.CODEC.fingerprint()));
        return List.of(
                new ProducerRecord<>(topic, null, key, Arrays.copyOf(value, value.length - 1), w4),
                new ProducerRecord<>(topic, null, key, value, otherType),
                new ProducerRecord<>(topic, key, value));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static Properties rawProducerProps(String bootstrap) {
        Properties p = producerProps(bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
        return p;
    }

    /**
     * Writes {@link #injected} for each key {@code k} of {@code from .. to - 1} into {@code topic} with a
     * plain bytes producer (the key's bytes are the StringSerializer's: the same partition as key k's messages).
     */
    private static void inject(KafkaProducer<byte[], byte[]> raw, String topic, int first, int from, int to)
            throws InterruptedException, ExecutionException {
        List<Future<?>> sent = new ArrayList<>();
        for (int k = from; k < to; k++) {
            for (ProducerRecord<byte[], byte[]> r : injected(topic, first, k)) {
                sent.add(raw.send(r));
            }
        }
        for (Future<?> f : sent) {
            f.get();
        }
    }

    /** After how many of its messages n < count a writer injects under key k: half of them. */
    private static int halfOfKey(int count, int k) {
        return Math.max(1, ((count - k + KEYS - 1) / KEYS) / 2);
    }

    /** Reports a record that does not decode and sends it to its topic's dead-letter topic. */
    private static void deadLettered(String role, KafkaProducer<byte[], byte[]> deadLetters, ProducerRecord<byte[], byte[]> letter,
            String where, String kind) throws InterruptedException, ExecutionException {
        System.err.println("java " + role + ": bad record " + where + " " + kind + " -> " + letter.topic());
        deadLetters.send(letter).get();
    }

    /** The chain's producer settings (idempotent, acks=all, batching), also the Streams test's producer. */
    public static Properties producerProps(String bootstrap) {
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

    private static String produce(String bootstrap, String topic, int count) throws InterruptedException, ExecutionException {
        int first = setting("CHAIN_INJECT");
        AtomicReference<Exception> failed = new AtomicReference<>();
        String rateSetting = System.getenv("CHAIN_PRODUCE_RATE");
        double rate = rateSetting == null || rateSetting.isEmpty() ? 0 : Double.parseDouble(rateSetting);
        long start = System.nanoTime();
        try (KafkaProducer<String, Message> producer =
                new KafkaProducer<>(producerProps(bootstrap), new StringSerializer(), new CserSerializer<>(Message.CODEC))) {
            for (int n = 0; n < count; n++) {
                if (n == count / 2 && first >= 0) {
                    producer.flush(); // what came before is in the topic: the injected records land mid-stream
                    try (KafkaProducer<byte[], byte[]> raw = new KafkaProducer<>(rawProducerProps(bootstrap))) {
                        inject(raw, topic, first, 0, KEYS);
                    }
                    System.out.printf("java: injected %d records into %s after message %d%n", 3 * KEYS, topic, n - 1);
                }
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

    private static String relay(String bootstrap, String from, String to, int count)
            throws InterruptedException, ExecutionException {
        AtomicReference<Exception> failed = new AtomicReference<>();
        Properties c = consumerProps(bootstrap, "cser-chain-" + from + "-" + to);
        int first = setting("CHAIN_INJECT");
        int expected = count + Math.max(0, setting("CHAIN_EXTRA"));
        int bad = Math.max(0, setting("CHAIN_BAD"));
        int relayed = 0;
        int dead = 0;
        Set<Integer> distinct = new HashSet<>();
        int[] perKey = new int[KEYS]; // messages n < count relayed per key, until the injection
        long start = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        try (KafkaConsumer<String, Message> consumer =
                        new KafkaConsumer<>(c, new StringDeserializer(), new CserDeserializer<>(Message.CODEC));
                KafkaProducer<String, Message> producer =
                        new KafkaProducer<>(producerProps(bootstrap), new StringSerializer(), new CserSerializer<>(Message.CODEC));
                KafkaProducer<byte[], byte[]> deadLetters = new KafkaProducer<>(rawProducerProps(bootstrap))) {
            consumer.subscribe(List.of(from));
            while (distinct.size() < expected || dead < bad) {
                if (System.nanoTime() > deadline) {
                    return "relayed " + distinct.size() + " of " + expected + " messages and met " + dead + " of " + bad
                            + " bad records in " + DEADLINE_SECONDS + " s";
                }
                ConsumerRecords<String, Message> records;
                try {
                    records = consumer.poll(Duration.ofMillis(500));
                } catch (RecordDeserializationException e) {
                    // The records before it came in earlier polls; skip it and go on after it.
                    deadLettered("relay", deadLetters, CserDeadLetter.of(e),
                            e.topicPartition().topic() + "/" + e.topicPartition().partition() + "@" + e.offset(),
                            String.valueOf(CserRecordError.of(e).kind()));
                    consumer.seek(e.topicPartition(), e.offset() + 1);
                    dead++;
                    continue;
                }
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
                    int n = r.value().getUserid();
                    distinct.add(n);
                    if (first >= 0 && n >= 0 && n < count && ++perKey[n % KEYS] == halfOfKey(count, n % KEYS)) {
                        producer.flush(); // what came before is in the topic: the injected records land mid-stream
                        inject(deadLetters, to, first, n % KEYS, n % KEYS + 1);
                    }
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
        if (first >= 0) {
            System.out.printf("java: injected %d records into %s, each key's after half its messages%n", 3 * KEYS, to);
        }
        report("relay " + from + " -> " + to, relayed, start);
        return null;
    }

    private static String check(String bootstrap, String topic, int count) throws InterruptedException, ExecutionException {
        int extra = Math.max(0, setting("CHAIN_EXTRA"));
        int bad = Math.max(0, setting("CHAIN_BAD"));
        byte[][] expected = new byte[count + extra][];
        for (int n = 0; n < count + extra; n++) {
            expected[n] = Workloads.message(n).encode();
        }
        // The next n expected for each key: key k gets k, k + KEYS, k + 2 * KEYS, ...
        int[] next = new int[KEYS];
        Arrays.setAll(next, k -> k);
        Set<Integer> extrasSeen = new HashSet<>();
        // Headers are required (every relay writes them) but on the headerless messages the writer of
        // this topic injected, the last KEYS of the extras.
        int ownExtras = extra == 0 ? Integer.MAX_VALUE : count + extra - KEYS;
        CserDeserializer<Message> deserializer = new CserDeserializer<>(Message.CODEC);
        Properties c = consumerProps(bootstrap, "cser-chain-check-" + topic);
        c.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
        int received = 0;
        int dead = 0;
        long start = 0;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        List<String> problems = new ArrayList<>();
        try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer());
                KafkaProducer<byte[], byte[]> deadLetters = new KafkaProducer<>(rawProducerProps(bootstrap))) {
            consumer.subscribe(List.of(topic));
            // After the last expected record, one more second of polling: a duplicate would show up.
            long quietUntil = Long.MAX_VALUE;
            while (System.nanoTime() < quietUntil) {
                if (System.nanoTime() > deadline) {
                    return "received " + received + " of " + (count + extra) + " messages and " + dead + " of " + bad
                            + " bad records in " + DEADLINE_SECONDS + " s";
                }
                ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(200));
                if (!records.isEmpty() && start == 0) {
                    start = System.nanoTime();
                }
                for (ConsumerRecord<byte[], byte[]> r : records) {
                    String where = r.topic() + "/" + r.partition() + "@" + r.offset();
                    Message m;
                    try {
                        // The headers and the value as Java's deserializer reads them (the type must be W4).
                        m = deserializer.deserialize(r.topic(), r.headers(), r.value());
                    } catch (CserSerializationException e) {
                        deadLettered("check", deadLetters, CserDeadLetter.of(r, e), where, e.kind().name());
                        dead++;
                        continue;
                    }
                    received++;
                    boolean hasType = r.headers().lastHeader(CserHeaders.VALUE_TYPE) != null;
                    String key = r.key() == null ? "" : new String(r.key(), StandardCharsets.UTF_8);
                    if (m != null && m.getUserid() >= count) { // an injected headerless message
                        int n = m.getUserid();
                        if (n >= count + extra || !extrasSeen.add(n) || !key.equals("user-" + (n - count) % KEYS)) {
                            problems.add(where + ": unexpected or repeated headerless message " + key);
                        } else if (!Arrays.equals(expected[n], r.value())) {
                            problems.add(where + ": " + key + " expected " + Arrays.toString(expected[n]) + ", got "
                                    + Arrays.toString(r.value()));
                        } else if (hasType == (n >= ownExtras)) {
                            problems.add(where + ": " + key + (hasType ? " has" : " lacks") + " cser headers");
                        }
                        continue;
                    }
                    int k = !key.startsWith("user-") ? -1 : Integer.parseInt(key.substring(5));
                    if (!hasType) {
                        problems.add(where + ": key " + key + " without cser headers");
                    } else if (k < 0 || k >= KEYS) {
                        problems.add(where + ": unexpected key " + key);
                    } else if (next[k] >= count) {
                        problems.add(where + ": a message after the last of key " + key);
                    } else {
                        int n = next[k];
                        next[k] += KEYS;
                        if (!Arrays.equals(expected[n], r.value())) {
                            problems.add(where + ": key " + key + " expected message " + n + " "
                                    + Arrays.toString(expected[n]) + ", got " + Arrays.toString(r.value()));
                        }
                    }
                    if (problems.size() >= 10) {
                        return String.join("\n", problems);
                    }
                }
                if (received >= count + extra && dead >= bad && quietUntil == Long.MAX_VALUE) {
                    report("check " + topic, received, start);
                    quietUntil = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
                }
            }
            consumer.commitSync();
        }
        if (received != count + extra || extrasSeen.size() != extra) {
            problems.add("received " + received + " messages (" + extrasSeen.size() + " headerless), expected "
                    + (count + extra) + " (" + extra + " headerless)");
        }
        if (dead != bad) {
            problems.add(dead + " records did not decode, expected " + bad);
        }
        return problems.isEmpty() ? null : String.join("\n", problems);
    }
}
