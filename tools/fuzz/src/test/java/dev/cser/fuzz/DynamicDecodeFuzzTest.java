package dev.cser.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.cser.CserDecodeException;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.dynamic.DynamicSchemas;
import dev.cser.dynamic.DynamicCodec;
import dev.cser.dynamic.DynamicSchema;
import dev.cser.dynamic.DynamicValue;
import dev.cser.fuzz.RootTypes.RootType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The schema-driven codec (runtimes/java/dynamic) against the generated code, on the same
 * inputs as {@link DecodeFuzzTest}: the first byte picks a root type, the rest is the message.
 * Both decoders must agree: both fail with the same kind at the same offset and the same path
 * (Java appends an underscore to type names that shadow classes it uses, SPEC §12.1, so paths are
 * compared without underscores), or both succeed and encode their values to the same bytes.
 * The dynamic decoder must also stay within {@link DecodeFuzzTest}'s time and allocation bounds.
 */
class DynamicDecodeFuzzTest {
    /** The schema files the generated code was compiled from, read as one schema, as cserc read them. */
    private static final DynamicSchema SCHEMA = load();

    /** {@link Limits#byteCost} of the dynamic codec, per package. */
    private static final Map<String, Long> BYTE_COSTS = Limits.byteCosts();

    private static Object decodeDynamic(RootType type, byte[] message) throws CserDecodeException {
        return DynamicCodec.of(SCHEMA.root(type.name())).decode(message);
    }

    @FuzzTest
    void decode(byte[] input) throws Throwable {
        RootTypes.Input in = RootTypes.Input.of(input);
        if (in == null) {
            return;
        }
        RootType type = in.type();
        byte[] message = in.message();
        DynamicCodec codec = DynamicCodec.of(SCHEMA.root(type.name()));

        long limit = Limits.allocLimit(message.length, Limits.byteCost(type, DynamicDecodeFuzzTest::decodeDynamic, BYTE_COSTS),
                Limits.ALLOC_CONSTANT);
        long t0 = Limits.cpuNanos();
        long a0 = Limits.allocated();
        Outcome dynamic = Outcome.of(() -> codec.decode(message));
        long used = Limits.allocated() - a0;
        long nanos = Limits.cpuNanos() - t0;
        if (used > limit) {
            a0 = Limits.allocated();
            Outcome.of(() -> codec.decode(message));
            used = Limits.allocated() - a0;
            if (used > limit) {
                throw new AssertionError(String.format("%s: the dynamic codec decoding %d bytes allocated %d bytes "
                        + "(limit %d): %s", type.name(), message.length, used, limit, DecodeFuzzTest.hex(message)));
            }
        }
        if (Limits.overTime(nanos, () -> codec.decode(message))) {
            throw new AssertionError(String.format("%s: the dynamic codec took %d ms of CPU on %d bytes: %s", type.name(),
                    nanos / 1_000_000, message.length, DecodeFuzzTest.hex(message)));
        }
        Outcome generated = Outcome.of(() -> type.decode(message));

        if (generated.error != null || dynamic.error != null) {
            if (generated.error == null || dynamic.error == null
                    || generated.error.kind() != dynamic.error.kind()
                    || generated.error.offset() != dynamic.error.offset()
                    || !generated.error.path().replace("_", "").equals(dynamic.error.path().replace("_", ""))) {
                throw new AssertionError(type.name() + ": the decoders disagree on " + DecodeFuzzTest.hex(message)
                        + "\n generated: " + generated + "\n dynamic:   " + dynamic);
            }
            return;
        }
        byte[] fromGenerated = type.encode(generated.value);
        byte[] fromDynamic = codec.encode((DynamicValue) dynamic.value);
        if (!Arrays.equals(fromGenerated, fromDynamic)) {
            throw new AssertionError(type.name() + ": the decoded values encode differently\n input " + DecodeFuzzTest.hex(message)
                    + "\n generated " + DecodeFuzzTest.hex(fromGenerated) + "\n dynamic   " + DecodeFuzzTest.hex(fromDynamic));
        }
    }

    /** A decoder's result: its value or its decode error (anything else is thrown on). */
    private record Outcome(Object value, CserDecodeException error) {
        interface Decode {
            Object run() throws Throwable;
        }

        static Outcome of(Decode decode) throws Throwable {
            try {
                return new Outcome(decode.run(), null);
            } catch (CserDecodeException e) {
                return new Outcome(null, e);
            }
        }

        @Override
        public String toString() {
            return error != null ? error.getMessage() : "a value";
        }
    }

    private static DynamicSchema load() {
        try (InputStream in = DynamicDecodeFuzzTest.class.getResourceAsStream("schemas.txt")) {
            if (in == null) {
                throw new IllegalStateException("no schemas.txt next to the fuzz classes: build the module (pom.xml writes it)");
            }
            List<Path> files = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank()).map(Path::of).toList();
            return DynamicSchemas.load(files, List.of());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SchemaException e) {
            throw new IllegalStateException("the fuzzed schemas do not compile: " + e.diagnostics(), e);
        }
    }
}
