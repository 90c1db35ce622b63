package dev.cser.compiler;

import dev.cser.compiler.codegen.Emitter;
import dev.cser.compiler.codegen.GeneratedFile;
import dev.cser.compiler.codegen.Generator;
import dev.cser.compiler.codegen.GeneratorOptions;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.codegen.python.PythonGenerator;
import dev.cser.compiler.codegen.rust.RustGenerator;
import dev.cser.compiler.diag.DiagnosticFormatter;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code cserc} command line. Exit status: 0 success, 1 the schema has errors (each printed
 * as {@code path:line:col: error: ...} with the line and a caret), 2 the command line is wrong
 * or an output cannot be written.
 */
public final class Cserc {
    static final String USAGE = """
            usage: cserc [--java-out DIR] [--rust-out DIR] [--python-out DIR] [--json] [-I DIR]... FILE.cser...
                   cserc check [-I DIR]... FILE.cser...

              --java-out DIR     write Java sources under DIR (one directory per package)
              --rust-out DIR     write Rust sources under DIR
              --python-out DIR   write Python packages under DIR
              --json             also generate the JSON mapping of values (SPEC §11) for every type
              -I DIR             also look for imports in DIR (after the importing file's directory)
              --dependency-out FILE
                                 write the path of every schema file read (the given files and
                                 their imports), one per line, for build tools to watch
              check              only parse and validate the schemas
            """;

    private final PrintStream out;
    private final PrintStream err;

    Cserc(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        int status = new Cserc(System.out, System.err).run(args);
        // Exit only on failure, so that build tools running cserc in-process carry on after success.
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Runs the command and returns the exit status. */
    int run(String[] args) {
        CommandLine cl;
        try {
            cl = CommandLine.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("cserc: " + e.getMessage());
            err.print(USAGE);
            return 2;
        }
        if (cl.help()) {
            out.print(USAGE);
            return 0;
        }
        SchemaCompiler compiler = new SchemaCompiler(cl.includeDirs());
        Schema schema;
        try {
            schema = compiler.compile(cl.files());
        } catch (SchemaException e) {
            err.print(new DiagnosticFormatter(compiler.sources()).formatAll(e.diagnostics()));
            err.println(e.diagnostics().size() + (e.diagnostics().size() == 1 ? " error" : " errors"));
            return 1;
        }
        if (cl.dependencyOut() != null && !writeDependencies(cl.dependencyOut(), compiler.sources().keySet())) {
            return 2;
        }
        if (cl.checkOnly()) {
            return 0;
        }
        GeneratorOptions options = new GeneratorOptions(cl.json());
        List<GeneratedFile> outputs = new ArrayList<>();
        for (Output o : List.of(new Output(cl.javaOut(), new JavaGenerator()),
                new Output(cl.rustOut(), new RustGenerator()), new Output(cl.pythonOut(), new PythonGenerator()))) {
            if (o.dir() != null) {
                outputs.addAll(write(o.dir(), new Emitter(o.generator()).emit(schema, options)));
            }
        }
        return outputs.stream().allMatch(GeneratedFile::written) ? 0 : 2;
    }

    /** A target asked for on the command line: where its files go, and what generates them. */
    private record Output(Path dir, Generator generator) {}

    private boolean writeDependencies(Path target, java.util.Collection<String> paths) {
        try {
            if (target.getParent() != null) {
                Files.createDirectories(target.getParent());
            }
            Files.write(target, paths.stream().sorted().toList(), StandardCharsets.UTF_8);
            return true;
        } catch (IOException e) {
            err.println("cserc: cannot write " + target + ": " + e.getMessage());
            return false;
        }
    }

    private List<GeneratedFile> write(Path root, List<GeneratedFile> files) {
        List<GeneratedFile> result = new ArrayList<>();
        for (GeneratedFile f : files) {
            Path target = root.resolve(f.relativePath());
            try {
                Files.createDirectories(target.getParent());
                // Rewrite only when the content changed, so incremental builds stay incremental.
                byte[] bytes = f.content().getBytes(StandardCharsets.UTF_8);
                if (!Files.exists(target) || !java.util.Arrays.equals(Files.readAllBytes(target), bytes)) {
                    Files.write(target, bytes);
                }
                result.add(f);
            } catch (IOException e) {
                err.println("cserc: cannot write " + target + ": " + e.getMessage());
                result.add(f.failed());
            }
        }
        return result;
    }
}
