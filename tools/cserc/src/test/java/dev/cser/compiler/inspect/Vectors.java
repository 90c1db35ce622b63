package dev.cser.compiler.inspect;

import dev.cser.compiler.TestPaths;
import dev.cser.json.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/** The conformance vectors (conformance/vectors/*.jsonl): the inputs of the inspect commands' tests. */
record Vectors(String file, List<Vector> all) {

    /** The repository root. */
    static final Path REPO = TestPaths.REPOSITORY;

    /** One vector: its schema (a path from the repository root), type, mode, bytes and, for rejects, error kind. */
    record Vector(String name, String schema, String type, String mode, String hex, String kind, Object value) {
        /** A vector whose bytes decode: example, read (by another generation) or evolve. */
        boolean decodes() {
            return mode.equals("example") || mode.equals("read") || mode.equals("evolve");
        }

        /** The schema file as an absolute path (nothing the commands print for good input names it). */
        String schemaPath() {
            return REPO.resolve(schema).toString();
        }
    }

    /** Every vector file, sorted by name. */
    static List<Vectors> load() throws IOException {
        List<Vectors> files = new ArrayList<>();
        try (Stream<Path> list = Files.list(REPO.resolve("conformance/vectors"))) {
            for (Path p : list.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
                List<Vector> vectors = new ArrayList<>();
                for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                    if (line.isBlank()) {
                        continue;
                    }
                    @SuppressWarnings("unchecked")
                    Map<String, Object> v = (Map<String, Object>) Json.parse(line);
                    vectors.add(new Vector((String) v.get("name"), (String) v.get("schema"), (String) v.get("type"),
                            (String) v.get("mode"), (String) v.get("hex"), (String) v.get("kind"), v.get("value")));
                }
                String name = p.getFileName().toString();
                files.add(new Vectors(name.substring(0, name.length() - ".jsonl".length()), vectors));
            }
        }
        return files;
    }
}
