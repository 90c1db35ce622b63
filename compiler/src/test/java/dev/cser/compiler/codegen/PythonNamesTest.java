package dev.cser.compiler.codegen;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.python.PythonGenerator;
import dev.cser.compiler.schema.Schema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Python names that would break the generated code are escaped, and clashes are avoided. */
class PythonNamesTest {
    @TempDir
    Path dir;

    private String emit(String schema) throws Exception {
        Path file = dir.resolve("n.cser");
        Files.writeString(file, schema, StandardCharsets.UTF_8);
        Schema s = new SchemaCompiler(List.of()).compile(List.of(file));
        List<GeneratedFile> files = new Emitter(new PythonGenerator()).emit(s, GeneratorOptions.DEFAULT);
        assertEquals(1, files.size());
        return files.get(0).content();
    }

    @Test
    void keywordsBuiltinsAndGeneratedMembersGetAnUnderscore() throws Exception {
        String py = emit("package n;\nrecord R { string class = 1; i32 list = 2; bool self = 3; string encode = 4;"
                + " string id = 5; }\n");
        assertTrue(py.contains("    class_: str\n"), py);
        assertTrue(py.contains("    list_: int\n"), py);
        assertTrue(py.contains("    self_: bool\n"), py);
        assertTrue(py.contains("    encode_: str\n"), py);
        // Names that break nothing are kept as written.
        assertTrue(py.contains("    id: str\n"), py);
        assertTrue(py.contains("__slots__ = (\"class_\", \"encode_\", \"id\", \"list_\", \"self_\",)"), py);
    }

    @Test
    void aVariantClassNamedLikeADeclaredTypeGetsASuffix() throws Exception {
        String py = emit("package n;\nrecord UA { i32 x = 1; }\nunion U { string a = 1; UA b = 2; }\n");
        assertTrue(py.contains("class UAVariant(U):"), py);
        assertTrue(py.contains("class UB(U):"), py);
        assertTrue(py.contains("class UA:"), py);
    }

    @Test
    void aTypeNamedLikeAPythonKeywordIsEscaped() throws Exception {
        String py = emit("package n;\nrecord None { i32 x = 1; }\nrecord R { None o = 1; }\n");
        assertTrue(py.contains("class None_:"), py);
        assertTrue(py.contains("    o: None_\n"), py);
    }
}
