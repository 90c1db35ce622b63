package dev.cser.bench.kafka;

import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Wraps the serializer the producer calls and adds up the nanoseconds spent inside it. The
 * producer serializes in {@code send()}, on the sending thread, without blocking, so the wall
 * time of the call ({@link System#nanoTime}, ~20 ns a pair) is its CPU time unless the thread is
 * preempted; the thread's CPU clock would cost more per reading than a W4 serialization.
 */
final class TimedSerializer<T> implements Serializer<T> {
    private final Serializer<T> inner;
    private long nanos;
    private long calls;

    TimedSerializer(Serializer<T> inner) {
        this.inner = inner;
    }

    @Override
    public byte[] serialize(String topic, T data) {
        long t0 = System.nanoTime();
        byte[] b = inner.serialize(topic, data);
        nanos += System.nanoTime() - t0;
        calls++;
        return b;
    }

    @Override
    public byte[] serialize(String topic, Headers headers, T data) {
        long t0 = System.nanoTime();
        byte[] b = inner.serialize(topic, headers, data);
        nanos += System.nanoTime() - t0;
        calls++;
        return b;
    }

    /** Nanoseconds per call so far. */
    double nanosPerCall() {
        return calls == 0 ? 0 : (double) nanos / calls;
    }

    long calls() {
        return calls;
    }
}
