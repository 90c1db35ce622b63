package dev.cser.compiler.command;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.Emitter;
import dev.cser.compiler.codegen.GeneratedFile;
import dev.cser.compiler.codegen.Generator;
import dev.cser.compiler.codegen.GeneratorOptions;
import dev.cser.compiler.codegen.OutputDirectory;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.codegen.python.PythonGenerator;
import dev.cser.compiler.codegen.rust.RustGenerator;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code cserc [compile]}: compiles the schemas and writes the code of every target asked for;
 * {@code cserc check}: the same front end, nothing written. Schema errors are printed all at
 * once in the compiler's format, exit status 1.
 */
public final class CompileCommand implements Command {
    private static final String OPTIONS = """
              --java-out DIR     write Java sources under DIR (one directory per package)
              --rust-out DIR     write Rust sources under DIR
              --python-out DIR   write Python packages under DIR
              --json             also generate the JSON mapping of values (SPEC §11) for every type
              -I DIR             also look for imports in DIR (after the importing file's directory)
              --dependency-out FILE
                                 write the path of every schema file read (the given files and
                                 their imports), one per line, for build tools to watch

            A generated file's header names its schema relative to the deepest of the current
            directory and the -I directories that hold it, else by its file name alone: never by
            an absolute path, so the output is the same on every machine.
            """;

    private static final String COMPILE_USAGE = """
            usage: cserc [compile] [--java-out DIR] [--rust-out DIR] [--python-out DIR] [--json]
                                   [-I DIR]... [--dependency-out FILE] FILE.cser...

            Compiles the schemas (and the files they import) and writes the code of each target
            asked for; at least one of --java-out, --rust-out, --python-out. 'compile' may be left
            out: it is what cserc does when its first argument names no other command.

            """ + OPTIONS;

    private static final String CHECK_USAGE = """
            usage: cserc check [-I DIR]... [--dependency-out FILE] FILE.cser...

            Parses, links and validates the schemas and writes nothing (the output options of
            'compile' are accepted and ignored). Silent and exit status 0 when they are valid.

              -I DIR             also look for imports in DIR (after the importing file's directory)
              --dependency-out FILE
                                 write the path of every schema file read, one per line
            """;

    private final boolean checkOnly;
    /** Where this run's messages go; set by {@link #run}, read by {@link #write}. */
    private PrintStream err;

    CompileCommand(boolean checkOnly) {
        this.checkOnly = checkOnly;
    }

    @Override
    public String name() {
        return checkOnly ? "check" : "compile";
    }

    @Override
    public String summary() {
        return checkOnly ? "validate schemas, write nothing"
                : "generate Java, Rust or Python code (the default: 'compile' may be left out)";
    }

    @Override
    public String usage() {
        return checkOnly ? CHECK_USAGE : COMPILE_USAGE;
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        this.err = err;
        CompileOptions cl;
        try {
            cl = CompileOptions.parse(args, checkOnly);
        } catch (IllegalArgumentException e) {
            return Reporting.usageError(this, err, e.getMessage());
        }
        if (cl.help()) {
            out.print(usage());
            return 0;
        }
        SchemaCompiler compiler = new SchemaCompiler(cl.includeDirs());
        Schema schema;
        try {
            schema = compiler.compile(cl.files());
        } catch (SchemaException e) {
            Reporting.schemaErrors(err, compiler.sources(), e.diagnostics());
            Reporting.errorCount(err, e.diagnostics().size());
            return 1;
        }
        if (cl.dependencyOut() != null && !writeDependencies(cl.dependencyOut(), compiler.sources().keySet())) {
            return 2;
        }
        if (checkOnly) {
            return 0;
        }
        GeneratorOptions options = new GeneratorOptions(cl.json());
        List<GeneratedFile> outputs = new ArrayList<>();
        for (Output o : List.of(new Output(cl.javaOut(), new JavaGenerator()),
                new Output(cl.rustOut(), new RustGenerator()), new Output(cl.pythonOut(), new PythonGenerator()))) {
            if (o.dir() != null) {
                outputs.addAll(write(o.dir(), o.generator().target().name(), new Emitter(o.generator()).emit(schema, options)));
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

    private List<GeneratedFile> write(Path root, String target, List<GeneratedFile> files) {
        // Rewrites only changed files and removes the ones no schema produces any more, even when
        // the target produces nothing now (OutputDirectory).
        var result = OutputDirectory.write(root, target, files);
        result.problems().forEach(p -> err.println("cserc: " + p));
        return result.files();
    }
}
