package dev.cser.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.Emitter;
import dev.cser.compiler.codegen.GeneratorOptions;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.codegen.python.PythonGenerator;
import dev.cser.compiler.codegen.rust.RustGenerator;
import dev.cser.compiler.diag.Diagnostic;
import dev.cser.compiler.diag.DiagnosticFormatter;
import dev.cser.compiler.diag.ErrorCollector;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.format.SchemaFormatter;
import dev.cser.compiler.parse.SchemaParser;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The compiler front end and its three emitters, in-process, over any schema text: the input is
 * written to a file and compiled as {@code cserc} would. It must either succeed (and then every
 * emitter must produce its code) or throw {@link SchemaException} whose every diagnostic is
 * located in the file ({@code path:line:col: error: ...}), except the one whole-file error of a
 * file that cannot be read (not UTF-8), which has no line. An uncaught exception or an error, or
 * more than 1 s for one input, fails. A text that parses also goes through {@code cserc fmt}'s
 * formatter, whose output must parse and format to itself.
 */
class CompilerFuzzTest {
    private static final Path DIR;
    private static final Path FILE;

    static {
        try {
            DIR = Files.createTempDirectory("cser-compiler-fuzz");
            FILE = DIR.resolve("fuzz.cser");
            DIR.toFile().deleteOnExit();
            FILE.toFile().deleteOnExit();
            // Warm up (ANTLR's and StringTemplate's first use is slow): the 1 s limit is about the input.
            compileOnce("package warm.up;\nrecord A { string s = 1; optional<list<A>> a = 2; }\n".getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @FuzzTest
    void compile(byte[] schemaText) throws IOException {
        long t0 = Limits.cpuNanos();
        compileOnce(schemaText);
        checkTime("compiling", schemaText, Limits.cpuNanos() - t0, () -> compileOnce(schemaText));
        // Timed on its own, so that the limit stays one per job.
        long t1 = Limits.cpuNanos();
        formatOnce(schemaText);
        checkTime("formatting", schemaText, Limits.cpuNanos() - t1, () -> formatOnce(schemaText));
    }

    private static void checkTime(String what, byte[] schemaText, long nanos, Limits.Work again) {
        if (Limits.overTime(nanos, again)) {
            throw new AssertionError(what + " " + schemaText.length + " bytes took " + nanos / 1_000_000 + " ms of CPU:\n"
                    + new String(schemaText, StandardCharsets.UTF_8));
        }
    }

    private static void compileOnce(byte[] schemaText) throws IOException {
        Files.write(FILE, schemaText);
        SchemaCompiler compiler = new SchemaCompiler(List.of());
        Schema schema;
        try {
            schema = compiler.compile(List.of(FILE));
        } catch (SchemaException e) {
            checkLocated(e.diagnostics(), new DiagnosticFormatter(compiler.sources()));
            return;
        }
        new Emitter(new JavaGenerator()).emit(schema, new GeneratorOptions(true));
        new Emitter(new RustGenerator()).emit(schema, new GeneratorOptions(true));
        new Emitter(new PythonGenerator()).emit(schema, new GeneratorOptions(true));
    }

    private static void formatOnce(byte[] schemaText) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(schemaText)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            return; // cserc fmt reports such a file as unreadable, as the compiler does
        }
        ErrorCollector errors = new ErrorCollector();
        SchemaParser.parse("fuzz.cser", text, errors);
        if (errors.hasErrors()) {
            return;
        }
        String formatted = SchemaFormatter.format(text);
        ErrorCollector again = new ErrorCollector();
        SchemaParser.parse("fuzz.cser", formatted, again);
        if (again.hasErrors() || !SchemaFormatter.format(formatted).equals(formatted)) {
            throw new AssertionError("the formatted text does not parse or is not a fixed point:\n" + text
                    + "\n--- formatted:\n" + formatted);
        }
    }

    private static void checkLocated(List<Diagnostic> diagnostics, DiagnosticFormatter formatter) {
        if (diagnostics.isEmpty()) {
            throw new AssertionError("a SchemaException without diagnostics");
        }
        Pattern located = Pattern.compile(Pattern.quote(FILE.toString()) + ":[1-9][0-9]*:[1-9][0-9]*: error: \\S.*");
        for (Diagnostic d : diagnostics) {
            String text = formatter.format(d);
            String first = text.lines().findFirst().orElse("");
            // A file that cannot be read at all (not UTF-8: malformed/not_utf8.cser) is the one
            // error reported for the whole file, without a line.
            boolean wholeFile = d.location().line() == 0 && d.message().startsWith("cannot read ");
            if (!wholeFile && !located.matcher(first).matches()) {
                throw new AssertionError("a diagnostic not located in the file: " + text);
            }
        }
    }
}
