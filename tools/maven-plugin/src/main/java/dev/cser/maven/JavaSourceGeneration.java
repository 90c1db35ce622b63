package dev.cser.maven;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.Emitter;
import dev.cser.compiler.codegen.GeneratedFile;
import dev.cser.compiler.codegen.GeneratorOptions;
import dev.cser.compiler.codegen.OutputDirectory;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.diag.DiagnosticFormatter;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Schema;
import java.nio.file.Path;
import java.util.List;

/**
 * One run of the compiler, in-process, as {@code cserc --java-out}: the schemas are parsed,
 * linked and rendered to Java, and the files written through the compiler's
 * {@link OutputDirectory} (only changed files rewritten, files no schema produces any more
 * removed).
 */
final class JavaSourceGeneration {
    private JavaSourceGeneration() {}

    /** What a run wrote, and every file the compiler read (the schemas and their imports). */
    record Outcome(OutputDirectory.Result written, List<Path> filesRead) {}

    /** The schemas have errors: {@link #getMessage()} is the compiler's report of them. */
    static final class SchemaErrors extends Exception {
        private static final long serialVersionUID = 1L;

        SchemaErrors(String report) {
            super(report, null, false, false); // a report for people, not a program failure: no stack trace
        }
    }

    /**
     * Compiles {@code schemas} (imports looked up next to the importing file, then in each of
     * {@code includeDirs}) and writes the Java sources under {@code outputDirectory}.
     *
     * @throws SchemaErrors with every error, each as {@code path:line:col: error: message}, the
     *     source line and a caret, then the count
     */
    static Outcome run(List<Path> schemas, List<Path> includeDirs, boolean json, Path outputDirectory) throws SchemaErrors {
        SchemaCompiler compiler = new SchemaCompiler(includeDirs);
        Schema schema;
        try {
            schema = compiler.compile(schemas);
        } catch (SchemaException e) {
            int count = e.diagnostics().size();
            throw new SchemaErrors(new DiagnosticFormatter(compiler.sources()).formatAll(e.diagnostics())
                    + count + (count == 1 ? " error" : " errors"));
        }
        List<GeneratedFile> files = new Emitter(new JavaGenerator()).emit(schema, new GeneratorOptions(json));
        OutputDirectory.Result written = OutputDirectory.write(outputDirectory, "java", files);
        List<Path> read = compiler.sources().keySet().stream().map(p -> Path.of(p).toAbsolutePath().normalize()).toList();
        return new Outcome(written, read);
    }
}
