package dev.cser.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.cser.CserDecodeException;
import dev.cser.fuzz.RootTypes.RootType;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Map;

/**
 * The decoders of every root type of every example and conformance schema. The first input byte
 * picks the type ({@link RootTypes}), the rest is the message. Per input, decode either throws
 * {@link CserDecodeException} or returns v, and then encode(v) = b, decode(b) equals v and
 * encodes to b again. Anything else fails: another exception or error (StackOverflowError
 * included), more than 1 s, or more than 64 bytes allocated per input byte (+ a constant; more for a package whose
 * empty record is a larger graph of zero values, {@link Limits#byteCost}).
 */
class DecodeFuzzTest {

    @FuzzTest
    void decode(byte[] input) throws Throwable {
        RootTypes.Input in = RootTypes.Input.of(input);
        if (in != null) {
            check(in.type(), in.message());
        }
    }

    /** {@link Limits#byteCost} of the generated decoders, per package. */
    private static final Map<String, Long> BYTE_COSTS = Limits.byteCosts();

    /** The bytes per input byte a generated decoder may allocate for {@code type}. */
    static long byteCost(RootType type) {
        return Limits.byteCost(type, RootType::decode, BYTE_COSTS);
    }

    static void check(RootType type, byte[] message) throws Throwable {
        long factor = byteCost(type);
        long limit = Limits.allocLimit(message.length, factor, Limits.ALLOC_CONSTANT);
        long t0 = Limits.cpuNanos();
        long a0 = Limits.allocated();
        Object v = decodeOrNull(type, message);
        long used = Limits.allocated() - a0;
        long nanos = Limits.cpuNanos() - t0;
        if (used > limit) {
            // The first decode of a type also initializes its classes: measure once more.
            a0 = Limits.allocated();
            decodeOrNull(type, message);
            used = Limits.allocated() - a0;
            if (used > limit) {
                throw new AssertionError(String.format("%s: decoding %d bytes allocated %d bytes (limit %d = %d x %d + %d): %s",
                        type.name(), message.length, used, limit, factor, message.length, Limits.ALLOC_CONSTANT,
                        hex(message)));
            }
        }
        if (Limits.overTime(nanos, () -> decodeOrNull(type, message))) {
            throw new AssertionError(String.format("%s: decoding %d bytes took %d ms of CPU: %s",
                    type.name(), message.length, nanos / 1_000_000, hex(message)));
        }
        if (v == null) {
            return;
        }
        byte[] b = encode(type, v, message);
        Object w;
        try {
            w = type.decode(b);
        } catch (CserDecodeException e) {
            throw new AssertionError(type.name() + ": the encoding of a decoded value does not decode: " + e.getMessage()
                    + "\n input " + hex(message) + "\n encoded " + hex(b), e);
        }
        if (!v.equals(w)) {
            throw new AssertionError(type.name() + ": decode(encode(v)) != v\n input " + hex(message) + "\n encoded " + hex(b)
                    + "\n v " + v + "\n w " + w);
        }
        byte[] b2 = encode(type, w, message);
        if (!Arrays.equals(b, b2)) {
            throw new AssertionError(type.name() + ": encode(decode(b)) != b\n input " + hex(message) + "\n b  " + hex(b)
                    + "\n b2 " + hex(b2));
        }
    }

    private static Object decodeOrNull(RootType type, byte[] message) throws Throwable {
        try {
            return type.decode(message);
        } catch (CserDecodeException e) {
            if (e.kind() == null || e.offset() < 0 || e.offset() > message.length) {
                throw new AssertionError(type.name() + ": bad error " + e.kind() + " at offset " + e.offset() + ": " + hex(message), e);
            }
            return null;
        }
    }

    private static byte[] encode(RootType type, Object v, byte[] message) throws Throwable {
        try {
            return type.encode(v);
        } catch (RuntimeException e) {
            throw new AssertionError(type.name() + ": a decoded value does not encode: " + hex(message), e);
        }
    }

    static String hex(byte[] b) {
        return b.length > 512 ? HexFormat.of().formatHex(b, 0, 512) + "... (" + b.length + " bytes)" : HexFormat.of().formatHex(b);
    }
}
