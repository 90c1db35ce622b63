package dev.cser.bench.kafka;

import java.nio.ByteBuffer;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Wraps the deserializer the consumer calls and adds up the nanoseconds spent inside it (see
 * {@link TimedSerializer} for why wall time per call). The Kafka 4 consumer calls the
 * {@link ByteBuffer} variant; it is passed on as it is, so cser's deserializer decodes in place
 * while a deserializer that only implements the {@code byte[]} variant pays for Kafka's copy, as
 * it would in an application.
 */
final class TimedDeserializer<T> implements Deserializer<T> {
    private final Deserializer<T> inner;
    private long nanos;
    private long calls;

    TimedDeserializer(Deserializer<T> inner) {
        this.inner = inner;
    }

    @Override
    public T deserialize(String topic, byte[] data) {
        long t0 = System.nanoTime();
        T v = inner.deserialize(topic, data);
        nanos += System.nanoTime() - t0;
        calls++;
        return v;
    }

    @Override
    public T deserialize(String topic, Headers headers, byte[] data) {
        long t0 = System.nanoTime();
        T v = inner.deserialize(topic, headers, data);
        nanos += System.nanoTime() - t0;
        calls++;
        return v;
    }

    @Override
    public T deserialize(String topic, Headers headers, ByteBuffer data) {
        long t0 = System.nanoTime();
        T v = inner.deserialize(topic, headers, data);
        nanos += System.nanoTime() - t0;
        calls++;
        return v;
    }

    double nanosPerCall() {
        return calls == 0 ? 0 : (double) nanos / calls;
    }

    long calls() {
        return calls;
    }
}
