package dev.cser.compiler.command;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.compat.Category;
import dev.cser.compiler.compat.CompatChecker;
import dev.cser.compiler.compat.CompatConfig;
import dev.cser.compiler.compat.CompatReport;
import dev.cser.compiler.compat.GitSnapshot;
import dev.cser.compiler.compat.Mode;
import dev.cser.compiler.diag.DiagnosticFormatter;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * {@code cserc compat}: compiles OLD and NEW (reporting their errors as {@code check} does), or
 * the given paths now and at a git revision ({@link GitSnapshot}), compares them (compat/) and
 * prints the findings, in text or JSON, on stdout.
 */
public final class CompatCommand implements Command {
    private static final String USAGE = """
            usage: cserc compat [-I DIR]... [--old-include DIR]... [--new-include DIR]...
                                [--category wire|wire-json|source] [--mode backward|forward|full]
                                [--config FILE] [--strict] [--verbose] [--format text|json]
                                OLD NEW
                   cserc compat --against REV [-I DIR]... [options] PATH...

            Checks that schema NEW can replace schema OLD (SPEC §9): each a .cser file, or a
            directory whose .cser files are compared as one schema. With --against, NEW is each
            PATH (a file or directory) as it is now and OLD the same PATH at git revision REV.
            Exit status 0 when the change is compatible in the category and mode, 1 when it is not
            or a schema or the config file has errors.

              -I DIR             look for the imports of both schemas in DIR too (with --against,
                                 DIR at REV for OLD)
              --old-include DIR, --new-include DIR
                                 look for the imports of OLD (or NEW) in DIR too, after each -I
              --against REV      compare with the schemas at git revision REV (a commit, branch or
                                 tag, e.g. main or HEAD~1), read with git from the repository
                                 the first PATH is in
              --category C       what must not break: wire (the bytes), wire-json (also the names
                                 the JSON mapping uses; the default) or source (also the generated
                                 API's names)
              --mode M           backward: new readers read old data; forward: old readers read new
                                 data; full: both (the default)
              --config FILE      settings and ignored findings, checked in (compiler/README.md:
                                 'category', 'mode' and 'ignore RULE TARGET REASON' lines); the
                                 flags override its category and mode
              --strict           fail on warnings too
              --verbose          also print notes (the compatible changes) and ignored findings
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
        // The config file first: its errors are the user's to fix before anything is compared.
        CompatConfig config = CompatConfig.NONE;
        Map<String, List<String>> configSource = Map.of();
        if (options.config() != null) {
            String shown = options.config().toString();
            String text;
            try {
                text = Files.readString(options.config(), StandardCharsets.UTF_8);
            } catch (NoSuchFileException e) {
                err.println(shown + ": error: cannot read the config file: no such file");
                return 1;
            } catch (IOException e) {
                err.println(shown + ": error: cannot read the config file: " + e.getMessage());
                return 1;
            }
            List<CompatConfig.Problem> problems = new ArrayList<>();
            config = CompatConfig.parse(shown, text, problems);
            configSource = Map.of(shown, text.lines().toList());
            if (!problems.isEmpty()) {
                DiagnosticFormatter f = new DiagnosticFormatter(configSource);
                problems.forEach(p -> err.print(f.format(p.location(), "error", p.message())));
                Reporting.errorCount(err, problems.size());
                return 1;
            }
        }
        Category category = options.category() != null ? options.category()
                : config.category() != null ? config.category() : Category.DEFAULT;
        Mode mode = options.mode() != null ? options.mode() : config.mode() != null ? config.mode() : Mode.FULL;
        if (options.against() != null) {
            try (GitSnapshot snapshot = GitSnapshot.of(options.against(), options.paths())) {
                GitSnapshot.Sides sides = snapshot.sides(options.paths(), options.includes());
                if (sides.oldFiles().isEmpty()) {
                    out.println("nothing to compare: " + options.against() + " has no schema at "
                            + options.paths().stream().map(Path::toString).collect(Collectors.joining(", ")));
                    return 0;
                }
                return compare(new Side(new SchemaCompiler(sides.oldIncludes(), snapshot::display), sides.oldFiles()),
                        new Side(new SchemaCompiler(sides.newIncludes()), sides.newFiles()), category, mode, options,
                        config, configSource, out, err);
            } catch (IOException e) {
                err.println("cserc: compat --against " + options.against() + ": " + e.getMessage());
                return 1;
            }
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
        return compare(new Side(new SchemaCompiler(oldIncludes), oldFiles),
                new Side(new SchemaCompiler(newIncludes), newFiles), category, mode, options, config, configSource,
                out, err);
    }

    /** One of the two schemas: the compiler that reads it, with its import directories, and its files. */
    private record Side(SchemaCompiler compiler, List<Path> files) {}

    private static int compare(Side old, Side now, Category category, Mode mode, CompatOptions options,
            CompatConfig config, Map<String, List<String>> configSource, PrintStream out, PrintStream err) {
        // Both are compiled, so that the errors of both are reported at once.
        Schema oldSchema = null;
        Schema newSchema = null;
        int errors = 0;
        try {
            oldSchema = old.compiler().compile(old.files());
        } catch (SchemaException e) {
            Reporting.schemaErrors(err, old.compiler().sources(), e.diagnostics());
            errors += e.diagnostics().size();
        }
        try {
            newSchema = now.compiler().compile(now.files());
        } catch (SchemaException e) {
            Reporting.schemaErrors(err, now.compiler().sources(), e.diagnostics());
            errors += e.diagnostics().size();
        }
        if (errors > 0) {
            Reporting.errorCount(err, errors);
            return 1;
        }
        CompatReport report = new CompatReport(CompatChecker.check(oldSchema, newSchema), category, mode,
                options.strict(), options.verbose(), config);
        out.print(options.json() ? report.json()
                : report.text(new DiagnosticFormatter(old.compiler().sources()),
                        new DiagnosticFormatter(now.compiler().sources()), new DiagnosticFormatter(configSource)));
        return report.exitStatus();
    }

    /** Every {@code .cser} file under a directory, sorted, as paths under it. */
    static List<Path> schemaFilesUnder(Path dir) throws IOException {
        return GitSnapshot.schemaFilesUnder(dir);
    }
}
