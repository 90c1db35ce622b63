package dev.cser.fuzz;

import dev.cser.CserWriter;
import dev.cser.fuzz.RootTypes.RootType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Writes the seed corpora where Jazzer looks for each target's inputs directory (resources
 * {@code <Class>Inputs/<method>/} on the test class path), run by the build at
 * process-test-classes: {@code SeedCorpus ROOT TEST_CLASSES}.
 *
 * <ul>
 *   <li>decode (and the dynamic codec's decode): every conformance vector with bytes (valid and
 *       invalid), the type selector byte of its type prepended, so that the fuzzer mutates valid
 *       encodings;
 *   <li>stream: every vector that decodes, as one stream frame (selector, then frame);
 *   <li>compile: every example and conformance schema and the compiler's malformed-schema corpus.
 * </ul>
 */
public final class SeedCorpus {
    private static final Pattern FIELD = Pattern.compile("\"(name|schema|type|hex)\":\"([^\"]*)\"");

    private SeedCorpus() {}

    public static void main(String[] args) throws Throwable {
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        Path out = Path.of(args[1]).resolve("dev/cser/fuzz");
        Path decode = fresh(out.resolve("DecodeFuzzTestInputs/decode"));
        Path dynamicDecode = fresh(out.resolve("DynamicDecodeFuzzTestInputs/decode"));
        Path stream = fresh(out.resolve("StreamFuzzTestInputs/stream"));
        Path compile = fresh(out.resolve("CompilerFuzzTestInputs/compile"));
        int nDecode = 0;
        int nStream = 0;
        int nCompile = 0;
        List<Path> vectorFiles;
        try (Stream<Path> s = Files.list(root.resolve("conformance/vectors"))) {
            vectorFiles = s.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList();
        }
        for (Path file : vectorFiles) {
            String set = file.getFileName().toString().replace(".jsonl", "");
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String name = null;
                String schema = null;
                String type = null;
                String hex = null;
                Matcher m = FIELD.matcher(line);
                while (m.find()) {
                    switch (m.group(1)) {
                        case "name" -> name = name == null ? m.group(2) : name;
                        case "schema" -> schema = schema == null ? m.group(2) : schema;
                        case "type" -> type = type == null ? m.group(2) : type;
                        default -> hex = hex == null ? m.group(2) : hex;
                    }
                }
                if (name == null || schema == null || type == null || hex == null) {
                    continue;
                }
                if (schema.endsWith("evolution_v2.cser")) {
                    type = type.replace("conf.evolution.", "conf.evolution.v2."); // see pom.xml
                }
                int selector = RootTypes.selectorOf(type);
                if (selector < 0) {
                    continue;
                }
                byte[] message = HexFormat.of().parseHex(hex);
                String base = (set + "-" + name).replaceAll("[^A-Za-z0-9_.-]", "_");
                Files.write(decode.resolve(base), prepend(selector, message));
                Files.write(dynamicDecode.resolve(base), prepend(selector, message));
                nDecode++;
                byte[] frame = frame(RootTypes.ALL.get(selector), message);
                if (frame != null) {
                    Files.write(stream.resolve(base), prepend(selector, frame));
                    nStream++;
                }
            }
        }
        for (String dir : List.of("schema/examples", "conformance/schemas", "tools/cserc/src/test/resources/malformed",
                "compiler/src/test/resources/valid")) {
            Path d = root.resolve(dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(d)) {
                for (Path p : s.filter(p -> p.toString().endsWith(".cser")).sorted().toList()) {
                    String base = root.relativize(p).toString().replaceAll("[^A-Za-z0-9_.-]", "_");
                    Files.copy(p, compile.resolve(base));
                    nCompile++;
                }
            }
        }
        // Read by ./run; the build stays quiet.
        Files.writeString(out.resolve("seed-counts.txt"), String.format("seed corpora: decode %d, stream %d, compile %d inputs (%d root types)%n",
                nDecode, nStream, nCompile, RootTypes.ALL.size()));
    }

    /** The stream frame of a message that decodes (length, then the codec's frame content), or null. */
    private static byte[] frame(RootType type, byte[] message) throws Throwable {
        Object v;
        try {
            v = type.decode(message);
        } catch (IOException e) {
            return null;
        }
        CserWriter content = new CserWriter();
        type.codec().encodeRoot(v, content);
        CserWriter w = new CserWriter();
        w.writeVarint32(content.size());
        w.writeRaw(content.toByteArray(), 0, content.size());
        return w.toByteArray();
    }

    private static byte[] prepend(int selector, byte[] b) {
        byte[] r = new byte[b.length + 1];
        r[0] = (byte) selector;
        System.arraycopy(b, 0, r, 1, b.length);
        return r;
    }

    private static Path fresh(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : s.toList()) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(dir);
    }
}
