package dev.cser.compiler;

import dev.cser.compiler.codegen.Emitter;
import dev.cser.compiler.codegen.GeneratedFile;
import dev.cser.compiler.codegen.Generator;
import dev.cser.compiler.codegen.GeneratorOptions;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.codegen.python.PythonGenerator;
import dev.cser.compiler.codegen.rust.RustGenerator;
import dev.cser.compiler.compat.CompatChecker;
import dev.cser.compiler.compat.CompatOptions;
import dev.cser.compiler.compat.CompatReport;
import dev.cser.compiler.diag.DiagnosticFormatter;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code cserc} command line. Exit status: 0 success, 1 the schema has errors (each printed
 * as {@code path:line:col: error: ...} with the line and a caret) or {@code compat} finds the
 * change incompatible, 2 the command line is wrong or an output cannot be written.
 */
public final class Cserc {
    static final String USAGE = """
            usage: cserc [--java-out DIR] [--rust-out DIR] [--python-out DIR] [--json] [-I DIR]... FILE.cser...
                   cserc check [-I DIR]... FILE.cser...
                   cserc compat [-I DIR]... [--old-include DIR]... [--new-include DIR]...
                                [--mode backward|forward|full] [--strict] [--verbose] [--format text|json]
                                OLD NEW

              --java-out DIR     write Java sources under DIR (one directory per package)
              --rust-out DIR     write Rust sources under DIR
              --python-out DIR   write Python packages under DIR
              --json             also generate the JSON mapping of values (SPEC §11) for every type
              -I DIR             also look for imports in DIR (after the importing file's directory)
              --dependency-out FILE
                                 write the path of every schema file read (the given files and
                                 their imports), one per line, for build tools to watch
              check              only parse and validate the schemas
              compat             check that schema NEW can replace schema OLD (SPEC §9): each a .cser
                                 file, or a directory whose .cser files are compared as one schema
                --old-include DIR, --new-include DIR
                                 look for the imports of OLD (or NEW) in DIR too, after each -I
                --mode M         backward: new readers read old data; forward: old readers read new
                                 data; full: both (the default)
                --strict         fail on warnings too
                --verbose        also print notes: the compatible changes (appended fields, renames)
                --format F       text (the default) or json
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
        if (args.length > 0 && args[0].equals("compat")) {
            return compat(Arrays.asList(args).subList(1, args.length));
        }
        CommandLine cl;
        try {
            cl = CommandLine.parse(args);
        } catch (IllegalArgumentException e) {
            return usageError(e.getMessage());
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
            printErrorCount(e.diagnostics().size());
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

    private int usageError(String message) {
        err.println("cserc: " + message);
        err.print(USAGE);
        return 2;
    }

    private void printErrorCount(int count) {
        err.println(count + (count == 1 ? " error" : " errors"));
    }

    /**
     * {@code cserc compat}: compiles OLD and NEW (reporting their errors as {@code check} does),
     * compares them and prints the findings (compat/), in text or JSON, on stdout.
     */
    private int compat(List<String> args) {
        CompatOptions options;
        try {
            options = CompatOptions.parse(args);
        } catch (IllegalArgumentException e) {
            return usageError(e.getMessage());
        }
        if (options.help()) {
            out.print(USAGE);
            return 0;
        }
        boolean oldIsDir = Files.isDirectory(options.oldPath());
        if (oldIsDir != Files.isDirectory(options.newPath())) {
            return usageError("OLD and NEW must both be schema files or both directories: "
                    + (oldIsDir ? options.oldPath() : options.newPath()) + " is a directory");
        }
        List<Path> oldIncludes = new ArrayList<>(options.includes());
        oldIncludes.addAll(options.oldIncludes());
        List<Path> newIncludes = new ArrayList<>(options.includes());
        newIncludes.addAll(options.newIncludes());
        List<Path> oldFiles;
        List<Path> newFiles;
        if (oldIsDir) {
            // A directory is also where its files' imports are looked for last, as if given with -I.
            oldIncludes.add(options.oldPath());
            newIncludes.add(options.newPath());
            try {
                oldFiles = schemaFilesUnder(options.oldPath());
                newFiles = schemaFilesUnder(options.newPath());
            } catch (IOException e) {
                err.println("cserc: cannot list " + e.getMessage());
                return 2;
            }
        } else {
            oldFiles = List.of(options.oldPath());
            newFiles = List.of(options.newPath());
        }
        SchemaCompiler oldCompiler = new SchemaCompiler(oldIncludes);
        SchemaCompiler newCompiler = new SchemaCompiler(newIncludes);
        // Both are compiled, so that the errors of both are reported at once.
        Schema oldSchema = null;
        Schema newSchema = null;
        int errors = 0;
        try {
            oldSchema = oldCompiler.compile(oldFiles);
        } catch (SchemaException e) {
            err.print(new DiagnosticFormatter(oldCompiler.sources()).formatAll(e.diagnostics()));
            errors += e.diagnostics().size();
        }
        try {
            newSchema = newCompiler.compile(newFiles);
        } catch (SchemaException e) {
            err.print(new DiagnosticFormatter(newCompiler.sources()).formatAll(e.diagnostics()));
            errors += e.diagnostics().size();
        }
        if (errors > 0) {
            printErrorCount(errors);
            return 1;
        }
        CompatReport report = new CompatReport(CompatChecker.check(oldSchema, newSchema), options.mode(),
                options.strict(), options.verbose());
        out.print(options.json() ? report.json()
                : report.text(new DiagnosticFormatter(oldCompiler.sources()), new DiagnosticFormatter(newCompiler.sources())));
        return report.exitStatus();
    }

    /** Every {@code .cser} file under a directory, sorted, as paths under it. */
    private static List<Path> schemaFilesUnder(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".cser") && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        }
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
        // Rewrites only changed files and removes the ones no schema produces any more (OutputDirectory).
        var result = dev.cser.compiler.codegen.OutputDirectory.write(root, files);
        result.problems().forEach(p -> err.println("cserc: " + p));
        return result.files();
    }
}
