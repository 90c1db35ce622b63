package dev.cser.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.message.Message;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * conformance/kafka/broker's crash and restart, which the fault tests rely on: messages
 * acknowledged (acks=all) before a SIGKILL are all there after `broker restart`, on the same
 * address, and the broker takes new ones.
 */
@Tag("broker")
class BrokerRestartTest {
    private static final String TOPIC = "restart";

    @Test
    void acknowledgedMessagesSurviveAKillAndRestartOnTheSameAddress() throws Exception {
        try (TestBroker broker = TestBroker.start()) {
            try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG,
                    broker.bootstrapServers))) {
                admin.createTopics(List.of(new NewTopic(TOPIC, 2, (short) 1))).all().get(60, TimeUnit.SECONDS);
            }
            produce(broker, 0, 300);
            broker.kill();
            // Nothing answers now: a producer's send times out.
            Properties quick = producerProps(broker);
            quick.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 2000);
            quick.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 3000);
            quick.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, 1000);
            try (KafkaProducer<String, Message> producer = new KafkaProducer<>(quick)) {
                assertThrows(ExecutionException.class, () -> producer.send(
                        new ProducerRecord<>(TOPIC, "k", new Message())).get(10, TimeUnit.SECONDS));
            }
            assertEquals("bootstrap.servers=" + broker.bootstrapServers, broker.restart());
            produce(broker, 300, 600);

            List<Integer> seen = new ArrayList<>();
            Properties c = new Properties();
            c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers);
            c.put(ConsumerConfig.GROUP_ID_CONFIG, "restart-check");
            c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            try (KafkaConsumer<String, Message> consumer = new KafkaConsumer<>(c, new StringDeserializer(),
                    new CserDeserializer<>(Message.CODEC))) {
                consumer.subscribe(List.of(TOPIC));
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
                while (seen.size() < 600 && System.nanoTime() < deadline) {
                    for (ConsumerRecord<String, Message> r : consumer.poll(Duration.ofMillis(500))) {
                        seen.add(r.value().getUserid());
                    }
                }
            }
            seen.sort(null);
            List<Integer> expected = new ArrayList<>();
            for (int i = 0; i < 600; i++) {
                expected.add(i);
            }
            assertEquals(expected, seen);
        }
    }

    private static Properties producerProps(TestBroker broker) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, broker.bootstrapServers);
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, CserSerializer.class.getName());
        p.put(CserSerdeConfig.VALUE_TYPE, Message.class.getName());
        return p;
    }

    /** Sends messages from..to-1 and waits for every acknowledgement. */
    private static void produce(TestBroker broker, int from, int to) throws Exception {
        try (KafkaProducer<String, Message> producer = new KafkaProducer<>(producerProps(broker))) {
            List<java.util.concurrent.Future<?>> acks = new ArrayList<>();
            for (int i = from; i < to; i++) {
                acks.add(producer.send(new ProducerRecord<>(TOPIC, "k" + (i % 5),
                        new Message(i % 5, true, "u", i, "d" + i))));
            }
            for (java.util.concurrent.Future<?> ack : acks) {
                ack.get(60, TimeUnit.SECONDS);
            }
        }
    }
}
