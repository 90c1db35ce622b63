package dev.cser.compiler.command;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.compat.CompatChecker;
import dev.cser.compiler.compat.CompatReport;
import dev.cser.compiler.diag.DiagnosticFormatter;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code cserc compat}: compiles OLD and NEW (reporting their errors as {@code check} does),
 * compares them (compat/) and prints the findings, in text or JSON, on stdout.
 */
public final class CompatCommand implements Command {
    private static final String USAGE = """
            usage: cserc compat [-I DIR]... [--old-include DIR]... [--new-include DIR]...
                                [--mode backward|forward|full] [--strict] [--verbose] [--format text|json]
                                OLD NEW

            Checks that schema NEW can replace schema OLD (SPEC §9): each a .cser file, or a
            directory whose .cser files are compared as one schema. Exit status 0 when the change
            is compatible in the mode, 1 when it is not or a schema has errors.

              -I DIR             look for the imports of both schemas in DIR too
              --old-include DIR, --new-include DIR
                                 look for the imports of OLD (or NEW) in DIR too, after each -I
              --mode M           backward: new readers read old data; forward: old readers read new
                                 data; full: both (the default)
              --strict           fail on warnings too
              --verbose          also print notes: the compatible changes (appended fields, renames)
              --format F         text (the default) or json
            """;

    @Override
    public String name() {
        return "compat";
    }

    @Override
    public String summary() {
        return "check that a schema change is compatible (SPEC §9), like buf breaking";
    }

    @Override
    public String usage() {
        return USAGE;
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        CompatOptions options;
        try {
            options = CompatOptions.parse(args);
        } catch (IllegalArgumentException e) {
            return Reporting.usageError(this, err, e.getMessage());
        }
        if (options.help()) {
            out.print(USAGE);
            return 0;
        }
        boolean oldIsDir = Files.isDirectory(options.oldPath());
        if (oldIsDir != Files.isDirectory(options.newPath())) {
            return Reporting.usageError(this, err, "OLD and NEW must both be schema files or both directories: "
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
            Reporting.schemaErrors(err, oldCompiler.sources(), e.diagnostics());
            errors += e.diagnostics().size();
        }
        try {
            newSchema = newCompiler.compile(newFiles);
        } catch (SchemaException e) {
            Reporting.schemaErrors(err, newCompiler.sources(), e.diagnostics());
            errors += e.diagnostics().size();
        }
        if (errors > 0) {
            Reporting.errorCount(err, errors);
            return 1;
        }
        CompatReport report = new CompatReport(CompatChecker.check(oldSchema, newSchema), options.mode(),
                options.strict(), options.verbose());
        out.print(options.json() ? report.json()
                : report.text(new DiagnosticFormatter(oldCompiler.sources()), new DiagnosticFormatter(newCompiler.sources())));
        return report.exitStatus();
    }

    /** Every {@code .cser} file under a directory, sorted, as paths under it. */
    static List<Path> schemaFilesUnder(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".cser") && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        }
    }
}
