package dev.cser.compiler.codegen;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.codegen.python.PythonGenerator;
import dev.cser.compiler.codegen.rust.RustGenerator;
import dev.cser.compiler.schema.Schema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Doc text as each target writes it (SPEC §12: controls, bidi characters and separators as
 * visible escapes, then the target's own comment escapes), and package names escaped one by
 * one so that distinct packages stay distinct in every target.
 */
class DocAndPackageNamesTest {
    @TempDir
    Path dir;

    private List<GeneratedFile> emit(Generator g, String... files) throws Exception {
        List<Path> paths = new java.util.ArrayList<>();
        for (int i = 0; i < files.length; i++) {
            Path p = dir.resolve("f" + i + ".cser");
            Files.writeString(p, files[i], StandardCharsets.UTF_8);
            paths.add(p);
        }
        Schema s = new SchemaCompiler(List.of()).compile(paths);
        return new Emitter(g).emit(s, GeneratorOptions.DEFAULT);
    }

    private static String file(List<GeneratedFile> files, String path) {
        return files.stream().filter(f -> f.relativePath().equals(path)).findFirst().orElseThrow().content();
    }

    private static final String DOC = "/// a\u0000b\u202Ec\u2028d\te \\ \" \"\"\" */ <i> @x\n";

    @Test
    void controlsBecomeVisibleEscapesThenEachTargetEscapesItsComments() throws Exception {
        String schema = DOC + "package d;\n" + DOC + "record R {\n  " + DOC + "  i32 n = 1;\n}\n";
        String java = file(emit(new JavaGenerator(), schema), "d/R.java");
        assertTrue(java.contains(" * a&#92;u{0}b&#92;u{202E}c&#92;u{2028}d&#92;u{9}e &#92; \" \"\"\" *&#47; &lt;i&gt;"
                + " &#64;x\n"), java);
        String python = file(emit(new PythonGenerator(), schema), "d.py");
        assertTrue(python.contains("\"\"\"a\\\\u{0}b\\\\u{202E}c\\\\u{2028}d\\\\u{9}e \\\\ \" \\\"\\\"\\\" */ <i> @x\"\"\""),
                python);
        String rust = file(emit(new RustGenerator(), schema), "d.rs");
        assertTrue(rust.contains("/// a\\u{0}b\\u{202E}c\\u{2028}d\\u{9}e \\ \" \"\"\" */ <i> @x\n"), rust);
        for (String text : List.of(java, python, rust)) {
            assertTrue(text.codePoints().noneMatch(c -> c != '\n' && Names.isEscapedInDoc(c)));
        }
    }

    @Test
    void packageSegmentsAreEscapedOneByOneAndStayDistinct() throws Exception {
        String[] files = {"package static;\nrecord A { i32 n = 1; }\n", "package static_;\nrecord A { i32 n = 1; }\n",
            "package java.x;\nrecord A { i32 n = 1; }\n", "package r;\nrecord A { i32 n = 1; }\n",
            "package class.self;\nrecord A { i32 n = 1; }\n", "package class_.self_;\nrecord A { i32 n = 1; }\n",
            "package a.b;\nrecord A { i32 n = 1; }\n", "package a_b;\nrecord A { i32 n = 1; }\n",
            "package cser;\nrecord A { i32 n = 1; }\n"};
        Set<String> java = Set.copyOf(emit(new JavaGenerator(), files).stream().map(GeneratedFile::relativePath).toList());
        assertEquals(Set.of("static_/A.java", "static__/A.java", "java_/x/A.java", "r_/A.java", "class_/self/A.java",
                "class__/self_/A.java", "a/b/A.java", "a_b/A.java", "cser/A.java"), java);
        List<GeneratedFile> py = emit(new PythonGenerator(), files);
        Set<String> python = Set.copyOf(py.stream().map(GeneratedFile::relativePath).toList());
        assertTrue(python.containsAll(Set.of("static.py", "static_.py", "java/x.py", "r.py", "class_/self_.py",
                "class__/self__.py", "a/b.py", "a_b.py", "cser_.py")), python.toString());
        String rust = file(emit(new RustGenerator(), files), "cser_modules.rs");
        for (String module : List.of("pub mod r#static {", "pub mod static_ {", "pub mod self_ {", "pub mod self__ {",
                "pub mod a_b {", "pub mod cser {")) {
            assertTrue(rust.contains(module), module + "\n" + rust);
        }
        // Python's aliases keep a.b and a_b apart.
        String user = file(emit(new PythonGenerator(), "package a.b;\nrecord X { i32 n = 1; }\n",
                "package a_b;\nrecord X { i32 n = 1; }\n", "package u;\nimport \"f0.cser\";\nimport \"f1.cser\";\n"
                        + "record Both { a.b.X x = 1; a_b.X y = 2; }\n"), "u.py");
        assertTrue(user.contains("import a.b as _pkg_a_b\n"), user);
        assertTrue(user.contains("import a_b as _pkg_a__b\n"), user);
        assertFalse(user.contains("_b.bind(("), user);
        assertTrue(user.contains("_b.bind_when_ready(1, lambda: ("), user);
    }
}
