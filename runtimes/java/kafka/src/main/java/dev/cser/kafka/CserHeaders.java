package dev.cser.kafka;

import java.util.OptionalLong;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The record headers of SPEC §8.2: {@code cser.type} and {@code cser.fingerprint} for a value,
 * {@code cser.key.type} and {@code cser.key.fingerprint} for a key, each a u64 little-endian in
 * 8 bytes. Use {@link #writerFingerprint(Headers)} to learn which schema wrote a consumed record.
 */
public final class CserHeaders {
    /** The value's root type id (SPEC §8). */
    public static final String VALUE_TYPE = "cser.type";
    /** The fingerprint of the schema that wrote the value. */
    public static final String VALUE_FINGERPRINT = "cser.fingerprint";
    /** The key's root type id. */
    public static final String KEY_TYPE = "cser.key.type";
    /** The fingerprint of the schema that wrote the key. */
    public static final String KEY_FINGERPRINT = "cser.key.fingerprint";

    private CserHeaders() {
    }

    /** The name of the type header for a key or a value. */
    public static String typeHeader(boolean isKey) {
        return isKey ? KEY_TYPE : VALUE_TYPE;
    }

    /** The name of the fingerprint header for a key or a value. */
    public static String fingerprintHeader(boolean isKey) {
        return isKey ? KEY_FINGERPRINT : VALUE_FINGERPRINT;
    }

    /**
     * The fingerprint of the schema that wrote a record's value, from its {@code cser.fingerprint}
     * header (the last one, as Kafka's {@code lastHeader}); empty when the record has none.
     *
     * @throws IllegalArgumentException if the header is not 8 bytes long
     */
    public static OptionalLong writerFingerprint(Headers headers) {
        return read(headers, VALUE_FINGERPRINT);
    }

    /** As {@link #writerFingerprint(Headers)}, for the key ({@code cser.key.fingerprint}). */
    public static OptionalLong keyWriterFingerprint(Headers headers) {
        return read(headers, KEY_FINGERPRINT);
    }

    /**
     * The u64 of header {@code name} (the last one of that name), or empty when there is none.
     *
     * @throws IllegalArgumentException if its value is not 8 bytes long
     */
    public static OptionalLong read(Headers headers, String name) {
        Header h = headers == null ? null : headers.lastHeader(name);
        if (h == null) {
            return OptionalLong.empty();
        }
        byte[] v = h.value();
        if (v == null || v.length != 8) {
            throw new IllegalArgumentException("header " + name + " has " + (v == null ? "no value" : v.length + " bytes")
                    + ", not 8");
        }
        return OptionalLong.of(fromLittleEndian(v));
    }

    /** Replaces every header {@code name} with one holding {@code value}, u64 little-endian. */
    public static void write(Headers headers, String name, long value) {
        write(headers, name, toLittleEndian(value));
    }

    /** Replaces every header {@code name} with one holding {@code value} (8 bytes, not copied). */
    static void write(Headers headers, String name, byte[] value) {
        headers.remove(name);
        headers.add(name, value);
    }

    static byte[] toLittleEndian(long v) {
        byte[] b = new byte[8];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (v >>> (8 * i));
        }
        return b;
    }

    static long fromLittleEndian(byte[] b) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (b[i] & 0xFF);
        }
        return v;
    }
}
