package dev.cser.compiler.inspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.CserStreamWriter;
import dev.cser.compiler.CsercRun;
import dev.cser.compiler.TestPaths;
import dev.cser.compiler.dynamic.DynamicSchemas;
import dev.cser.compiler.inspect.Vectors.Vector;
import dev.cser.dynamic.DynamicCodec;
import dev.cser.dynamic.DynamicSchema;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden outputs of {@code cserc decode}, {@code explain} and {@code cat} over every conformance
 * vector (src/test/resources/inspect/COMMAND/FILE.txt, one per vector file): each vector's
 * exit status, standard output and standard error, good bytes and rejected ones alike; for
 * {@code cat}, a stream of each type's decodable vectors. Regenerate with
 * {@code -Dgolden.update=true}, then review every diff.
 */
class InspectGoldenTest {
    private static final Path GOLDEN = TestPaths.RESOURCES.resolve("inspect");

    /**
     * The vector files whose explain dumps are golden: all but the deep nesting ones
     * (recursion, generations), whose megabytes of dump lines no one would review; their
     * dumps are checked for tiling the bytes by {@link #explainCoversEveryByte}.
     */
    private static final List<String> EXPLAIN_NOT_GOLDEN = List.of("recursion", "generations");

    static Stream<Vectors> vectorFiles() throws Exception {
        return Vectors.load().stream();
    }

    static Stream<Vectors> explainFiles() throws Exception {
        return Vectors.load().stream().filter(f -> !EXPLAIN_NOT_GOLDEN.contains(f.file()));
    }

    static Stream<Vectors> streamFiles() throws Exception {
        return Vectors.load().stream().filter(f -> f.all().stream().anyMatch(Vector::decodes));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectorFiles")
    void decode(Vectors file) throws Exception {
        check("decode", file, v -> CsercRun.run(v.hex(), "decode", v.schemaPath(), "--type", v.type(), "--hex",
                "--compact"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("explainFiles")
    void explain(Vectors file) throws Exception {
        check("explain", file, v -> CsercRun.run(v.hex(), "explain", v.schemaPath(), "--type", v.type(), "--hex"));
    }

    /** A stream of each type's decodable vectors, in their order, read back with --offsets. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("streamFiles")
    void cat(Vectors file) throws Exception {
        Map<String, List<Vector>> byType = new LinkedHashMap<>();
        for (Vector v : file.all()) {
            if (v.decodes()) {
                byType.computeIfAbsent(v.schema() + " " + v.type(), k -> new java.util.ArrayList<>()).add(v);
            }
        }
        StringBuilder actual = new StringBuilder();
        for (List<Vector> group : byType.values()) {
            Vector first = group.get(0);
            DynamicSchema schema = DynamicSchemas.load(List.of(Path.of(first.schemaPath())), List.of());
            DynamicCodec codec = DynamicCodec.of(schema.root(first.type()));
            ByteArrayOutputStream stream = new ByteArrayOutputStream();
            try (CserStreamWriter<dev.cser.dynamic.DynamicValue> w = new CserStreamWriter<>(stream, codec)) {
                for (Vector v : group) {
                    w.write(codec.decode(HexFormat.of().parseHex(v.hex())));
                }
            }
            CsercRun run = CsercRun.run(stream.toByteArray(), "cat", first.schemaPath(), "--offsets", "-");
            actual.append("## ").append(first.schema()).append(' ').append(first.type()).append(": ")
                    .append(group.stream().map(Vector::name).toList()).append('\n').append(run.transcript());
        }
        compare("cat", file.file(), actual.toString());
    }

    /**
     * The dumps not kept as golden files: every decodable vector explains with exit 0, and its
     * lines' offsets and byte counts tile the message (the last piece ends at its last byte).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("vectorFiles")
    void explainCoversEveryByte(Vectors file) {
        for (Vector v : file.all()) {
            if (!v.decodes()) {
                continue;
            }
            CsercRun run = CsercRun.run(v.hex(), "explain", v.schemaPath(), "--type", v.type(), "--hex");
            assertEquals(0, run.status(), v.name() + ": " + run.err());
            int next = 0;
            for (String line : run.stdout().lines().skip(2).toList()) {
                String offset = line.substring(0, 6).strip();
                if (offset.isEmpty()) { // "... N more bytes (M in all)"
                    next += Integer.parseInt(line.strip().split(" ")[1]);
                    continue;
                }
                int bytes = line.substring(8, Math.min(line.length(), 31)).strip().split(" ").length;
                assertEquals(next, Integer.parseInt(offset), v.name() + ": a gap or overlap before " + line);
                next = Integer.parseInt(offset) + bytes;
            }
            assertEquals(v.hex().length() / 2, next, v.name() + ": the last piece ends at the last byte");
        }
    }

    private static void check(String command, Vectors file, Function<Vector, CsercRun> run) throws Exception {
        StringBuilder actual = new StringBuilder();
        for (Vector v : file.all()) {
            if (v.hex() == null) {
                continue;
            }
            actual.append("## ").append(v.name()).append(" (").append(v.type()).append(", ").append(v.mode()).append(")\n")
                    .append(run.apply(v).transcript());
        }
        compare(command, file.file(), actual.toString());
    }

    private static void compare(String command, String file, String actual) throws Exception {
        Path golden = GOLDEN.resolve(command).resolve(file + ".txt");
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(golden.getParent());
            Files.writeString(golden, actual, StandardCharsets.UTF_8);
        }
        assertTrue(Files.exists(golden), "no golden file " + golden + " (run with -Dgolden.update=true)");
        String expected = Files.readString(golden, StandardCharsets.UTF_8);
        if (!expected.equals(actual)) {
            String[] e = expected.split("\n", -1);
            String[] a = actual.split("\n", -1);
            for (int i = 0; i < Math.min(e.length, a.length); i++) {
                assertEquals(e[i], a[i], golden + " line " + (i + 1) + " (if intended, rerun with -Dgolden.update=true)");
            }
            assertEquals(e.length, a.length, golden + ": line count (if intended, rerun with -Dgolden.update=true)");
        }
    }
}
