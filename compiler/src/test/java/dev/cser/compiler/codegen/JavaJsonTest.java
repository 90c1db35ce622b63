package dev.cser.compiler.codegen;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.TestPaths;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.schema.Schema;
import java.util.List;
import org.junit.jupiter.api.Test;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code cserc --json}: every generated type gets toJson/fromJson; without it nothing changes. */
class JavaJsonTest {
    private static List<GeneratedFile> emit(boolean json) throws Exception {
        Schema schema = new SchemaCompiler(List.of()).compile(
                List.of(TestPaths.asTyped(TestPaths.EXAMPLES.resolve("edge_cases.cser"))));
        return new Emitter(new JavaGenerator()).emit(schema, new GeneratorOptions(json));
    }

    @Test
    void jsonAddsBothDirectionsToEveryType() throws Exception {
        List<GeneratedFile> plain = emit(false);
        List<GeneratedFile> json = emit(true);
        assertEquals(plain.size(), json.size());
        for (int i = 0; i < json.size(); i++) {
            String text = json.get(i).content();
            assertTrue(text.contains("Object toJson()"), json.get(i).relativePath());
            assertTrue(text.contains(" fromJson(Object json)"), json.get(i).relativePath());
            assertFalse(plain.get(i).content().contains("dev.cser.json"), plain.get(i).relativePath());
        }
    }

    @Test
    void deprecatedFieldsAreIgnoredOnInputAndLeftOutOnOutput() throws Exception {
        String v2 = emit(true).stream().filter(f -> f.relativePath().endsWith("EvolvedV2.java")).findFirst()
                .orElseThrow().content();
        assertTrue(v2.contains("case \"count\":\n                        // Deprecated: ignored."), v2);
        assertFalse(v2.contains("json.put(\"count\""), v2);
    }
}
