package dev.cser.compiler.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.schema.Schema;
import java.io.File;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Generated Java at the schema limits (SPEC §2.1) builds with javac as a user runs it: the
 * default thread stack (1 MiB) and the JVM's 64 KiB of bytecode a method (SPEC §12.1, "Wide and
 * large types"). The schema generator found both broken: javac overflowed its stack on a
 * thousand {@code &&} terms of equals, {@code +} terms of toString and else-ifs of a union's
 * writer, and the readBody of a thousand nested-collection fields passed 64 KiB.
 */
class JavacDefaultsTest {
    @TempDir
    Path dir;

    private static String lines(int n, java.util.function.IntFunction<String> line) {
        return IntStream.range(0, n).mapToObj(line).collect(Collectors.joining("\n", "", "\n"));
    }

    /** Generates the schema's Java into dir/src and compiles it on a thread of javac's default stack. */
    private String compile(String schema) throws Exception {
        Path file = dir.resolve("s.cser");
        Files.writeString(file, schema, StandardCharsets.UTF_8);
        Schema s = new SchemaCompiler(List.of()).compile(List.of(file));
        List<String> sources = new ArrayList<>();
        for (GeneratedFile g : new Emitter(new JavaGenerator()).emit(s, new GeneratorOptions(false))) {
            Path out = dir.resolve("src").resolve(g.relativePath());
            Files.createDirectories(out.getParent());
            Files.writeString(out, g.content(), StandardCharsets.UTF_8);
            sources.add(out.toString());
        }
        String runtime = new File(dev.cser.CserWriter.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .getPath();
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter errors = new StringWriter();
        AtomicReference<Throwable> crash = new AtomicReference<>();
        List<String> args = new ArrayList<>(List.of("-Xlint:all", "-Werror", "-encoding", "UTF-8", "-d",
                dir.resolve("classes").toString(), "-cp", runtime));
        args.addAll(sources);
        int[] status = {-1};
        Thread t = new Thread(null, () -> {
            try {
                status[0] = javac.run(null, null, new java.io.PrintStream(new java.io.OutputStream() {
                    @Override
                    public void write(int b) {
                        errors.write(b);
                    }
                }, true, StandardCharsets.UTF_8), args.toArray(String[]::new));
            } catch (Throwable e) {
                crash.set(e);
            }
        }, "javac", 1 << 20);
        t.start();
        t.join();
        assertEquals(null, crash.get(), "javac crashed");
        assertEquals(0, status[0], errors.toString());
        return errors.toString();
    }

    @Test
    void aThousandFieldsOfNestedCollectionsBuild() throws Exception {
        String fields = lines(1000, i -> "  " + (i % 3 == 0 ? "optional<list<map<string, list<i64>>>>"
                : i % 3 == 1 ? "list<list<string>>" : "i32") + " f" + i + " = " + (i + 1) + ";");
        String errors = compile("package wide;\nrecord Wide {\n" + fields + "}\nstruct WideStruct {\n" + fields + "}\n");
        assertEquals("", errors);
        String wide = Files.readString(dir.resolve("src/wide/Wide.java"));
        assertTrue(wide.contains("private static java.util.List<java.util.Map<String, long[]>> readField0(CserReader r)"),
                "collection fields are read by methods of their own");
        assertFalse(wide.contains("readField2("), "other fields are read where they were");
    }

    @Test
    void aThousandVariantsBuild() throws Exception {
        assertEquals("", compile("package many;\nunion Many {\n"
                + lines(1000, i -> "  " + (i % 2 == 0 ? "string" : "list<i32>") + " v" + i + " = " + (i + 1) + ";") + "}\n"));
    }

    @Test
    void aNarrowRecordKeepsItsLoopsInItsMethods() throws Exception {
        compile("package narrow;\nrecord Narrow {\n" + lines(40, i -> "  list<list<string>> f" + i + " = " + (i + 1) + ";")
                + "}\n");
        assertFalse(Files.readString(dir.resolve("src/narrow/Narrow.java")).contains("readField"));
    }
}
