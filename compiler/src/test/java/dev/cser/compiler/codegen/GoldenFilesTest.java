package dev.cser.compiler.codegen;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.TestPaths;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.codegen.python.PythonGenerator;
import dev.cser.compiler.codegen.rust.RustGenerator;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Schema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Each emitter's output for two example schemas, checked against files under
 * src/test/resources/golden/&lt;target&gt;, so that a template change shows up as a readable diff.
 * After an intended change, regenerate them with {@code -Dgolden.update=true} and review the
 * diff before committing.
 */
class GoldenFilesTest {
    private static final List<Path> SCHEMAS = List.of(
            TestPaths.asTyped(TestPaths.EXAMPLES.resolve("media.cser")),
            TestPaths.asTyped(TestPaths.EXAMPLES.resolve("edge_cases.cser")));

    private static List<GeneratedFile> emit(String target) throws SchemaException {
        Schema schema = new SchemaCompiler(List.of()).compile(SCHEMAS);
        return switch (target) {
            case "java" -> new Emitter(new JavaGenerator()).emit(schema, GeneratorOptions.DEFAULT);
            case "rust" -> new Emitter(new RustGenerator()).emit(schema, GeneratorOptions.DEFAULT);
            default -> new Emitter(new PythonGenerator()).emit(schema, GeneratorOptions.DEFAULT);
        };
    }

    @ParameterizedTest
    @ValueSource(strings = {"java", "rust", "python"})
    void generatedCodeMatchesGoldenFiles(String target) throws Exception {
        Path golden = TestPaths.RESOURCES.resolve("golden").resolve(target);
        List<GeneratedFile> files = emit(target);
        if (Boolean.getBoolean("golden.update")) {
            for (GeneratedFile f : files) {
                Path file = golden.resolve(f.relativePath());
                Files.createDirectories(file.getParent());
                Files.writeString(file, f.content(), StandardCharsets.UTF_8);
            }
        }
        for (GeneratedFile f : files) {
            Path expected = golden.resolve(f.relativePath());
            assertTrue(Files.exists(expected), "no golden file " + expected + " (run with -Dgolden.update=true)");
            assertSameText(Files.readString(expected, StandardCharsets.UTF_8), f.content(), f.relativePath());
        }
        try (Stream<Path> walk = Files.walk(golden)) {
            List<String> stale = walk.filter(Files::isRegularFile)
                    .map(p -> golden.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> files.stream().noneMatch(f -> f.relativePath().equals(p)))
                    .collect(Collectors.toList());
            assertEquals(List.of(), stale, "golden files no schema generates any more");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"java", "rust", "python"})
    void compilingTwiceGivesIdenticalOutput(String target) throws SchemaException {
        List<GeneratedFile> first = emit(target);
        List<GeneratedFile> second = emit(target);
        assertEquals(first, second);
    }

    /** Fails with the first differing line, which is what a reader needs to see. */
    private static void assertSameText(String expected, String actual, String name) {
        if (expected.equals(actual)) {
            return;
        }
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        for (int i = 0; i < Math.max(e.length, a.length); i++) {
            String el = i < e.length ? e[i] : "<end of file>";
            String al = i < a.length ? a[i] : "<end of file>";
            if (!el.equals(al)) {
                fail(name + " differs from its golden file at line " + (i + 1) + ":\n  expected: " + el
                        + "\n  actual:   " + al + "\n(if intended, rerun with -Dgolden.update=true)");
            }
        }
    }
}
