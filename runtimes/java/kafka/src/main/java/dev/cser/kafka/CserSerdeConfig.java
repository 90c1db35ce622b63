package dev.cser.kafka;

import java.util.Locale;
import java.util.Map;

/**
 * The producer/consumer (and Streams) properties the cser serdes read in {@code configure}, so that
 * they can be named by class in {@code key.serializer}, {@code value.deserializer},
 * {@code default.value.serde} and the like.
 */
public final class CserSerdeConfig {
    /** The generated class of record values, e.g. {@code com.acme.Order}: its {@code CODEC} is used. */
    public static final String VALUE_TYPE = "cser.value.type";
    /** The generated class of record keys. */
    public static final String KEY_TYPE = "cser.key.type";
    /**
     * {@code true}: a deserializer rejects a record whose writer fingerprint is not its own, or
     * absent (WRONG_TYPE), as a stream reader told to require it does (SPEC §8.2). Default false.
     */
    public static final String REQUIRE_FINGERPRINT = "cser.require.fingerprint";
    /**
     * {@code true}: a deserializer rejects a record without the type header (WRONG_TYPE) instead of
     * decoding its bytes as its own type (SPEC §8.2). Default false.
     */
    public static final String REQUIRE_HEADERS = "cser.require.headers";
    /**
     * {@code false}: a serializer writes the bare message, without the type and fingerprint headers
     * (SPEC §8.2, "Records without headers"), for throughput over the type check. Default true.
     */
    public static final String WRITE_HEADERS = "cser.write.headers";

    private CserSerdeConfig() {
    }

    /** The type property for a key or a value serde. */
    static String typeProperty(boolean isKey) {
        return isKey ? KEY_TYPE : VALUE_TYPE;
    }

    /** The codec named by the type property, or null when it is absent. */
    static MessageCodec<?> codecFrom(Map<String, ?> configs, boolean isKey) {
        Object v = configs.get(typeProperty(isKey));
        if (v == null) {
            return null;
        }
        if (v instanceof Class<?> c) {
            return MessageCodec.of(c);
        }
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        if (loader == null) {
            loader = CserSerdeConfig.class.getClassLoader();
        }
        return MessageCodec.forName(v.toString().trim(), loader);
    }

    /**
     * The codec a serializer or deserializer works with after {@code configure}: the one it was
     * built with, else the class the type property names; {@code who} ("CserSerializer") names it
     * in the error when there is neither.
     */
    @SuppressWarnings("unchecked")
    static <T> MessageCodec<T> configuredCodec(MessageCodec<T> given, Map<String, ?> configs, boolean isKey, String who) {
        if (given != null) {
            return given;
        }
        MessageCodec<?> named = codecFrom(configs, isKey);
        if (named == null) {
            throw new IllegalArgumentException(who + " built by class name needs the property " + typeProperty(isKey)
                    + " (the generated class of the " + (isKey ? "keys" : "values") + ")");
        }
        return (MessageCodec<T>) named;
    }

    /** A boolean property given as a Boolean or a string ("true"/"false"); {@code fallback} when absent. */
    static boolean flag(Map<String, ?> configs, String name, boolean fallback) {
        Object v = configs.get(name);
        if (v == null) {
            return fallback;
        }
        if (v instanceof Boolean b) {
            return b;
        }
        String s = v.toString().trim().toLowerCase(Locale.ROOT);
        if (s.equals("true") || s.equals("false")) {
            return Boolean.parseBoolean(s);
        }
        throw new IllegalArgumentException(name + " must be true or false, not '" + v + "'");
    }
}
