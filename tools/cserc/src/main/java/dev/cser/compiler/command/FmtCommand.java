package dev.cser.compiler.command;

import dev.cser.compiler.diag.ErrorCollector;
import dev.cser.compiler.diag.ErrorType;
import dev.cser.compiler.diag.Location;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.format.SchemaFormatter;
import dev.cser.compiler.parse.SchemaParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code cserc fmt [--check] FILE...}: rewrites schema files in the canonical layout
 * ({@link SchemaFormatter}), or with {@code --check} lists those that are not in it. A file that
 * does not parse gets the parser's errors and is left alone; imports are not read, so a file is
 * formatted on its own.
 */
public final class FmtCommand implements Command {
    private static final String USAGE = """
            usage: cserc fmt [--check] FILE.cser|DIR...

            Rewrites each schema file in the canonical layout (compiler/README.md): two-space
            indentation, one member per line (a declaration written on one line may stay so),
            the '=' signs of consecutive members aligned, one blank line between declarations,
            every comment kept. Only files that change are written. A directory stands for
            every .cser file under it. A file that does not parse gets its errors, exit status
            1, and is not changed.

              --check            change nothing: print the files that are not formatted, one per
                                 line, and exit with status 1 if there are any (for CI)
            """;

    @Override
    public String name() {
        return "fmt";
    }

    @Override
    public String summary() {
        return "format schema files in the canonical layout (--check: list those that are not)";
    }

    @Override
    public String usage() {
        return USAGE;
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        boolean check = false;
        List<Path> operands = new ArrayList<>();
        for (String a : args) {
            switch (a) {
                case "-h", "--help" -> {
                    out.print(USAGE);
                    return 0;
                }
                case "--check" -> check = true;
                default -> {
                    if (a.startsWith("-")) {
                        return Reporting.usageError(this, err, "unknown option " + a);
                    }
                    operands.add(Path.of(a));
                }
            }
        }
        if (operands.isEmpty()) {
            return Reporting.usageError(this, err, "no schema files given");
        }
        List<Path> files = new ArrayList<>();
        for (Path p : operands) {
            if (Files.isDirectory(p)) {
                try {
                    files.addAll(CompatCommand.schemaFilesUnder(p));
                } catch (IOException e) {
                    err.println("cserc: cannot list " + e.getMessage());
                    return 2;
                }
            } else {
                files.add(p);
            }
        }
        int errors = 0;
        boolean unformatted = false;
        Map<String, List<String>> sources = new LinkedHashMap<>();
        for (Path file : files) {
            try {
                Outcome outcome = format(file, check, out, sources);
                unformatted |= outcome == Outcome.CHANGED;
            } catch (SchemaException e) {
                Reporting.schemaErrors(err, sources, e.diagnostics());
                errors += e.diagnostics().size();
            } catch (IOException e) {
                err.println("cserc: cannot write " + file + ": " + e.getMessage());
                return 2;
            }
        }
        if (errors > 0) {
            Reporting.errorCount(err, errors);
            return 1;
        }
        return check && unformatted ? 1 : 0;
    }

    private enum Outcome { UNCHANGED, CHANGED }

    /**
     * Formats one file, or lists it with {@code check}; {@code sources} gets its lines, for the
     * carets of its errors.
     */
    private static Outcome format(Path file, boolean check, PrintStream out, Map<String, List<String>> sources)
            throws SchemaException, IOException {
        String display = file.toString();
        ErrorCollector errors = new ErrorCollector();
        String raw = read(file, display, errors);
        errors.throwIfAny();
        // A byte order mark is not part of the text (as for the compiler); the formatted file has none.
        String text = raw.startsWith("\uFEFF") ? raw.substring(1) : raw;
        sources.put(display, text.lines().toList());
        SchemaParser.parse(display, text, errors);
        errors.throwIfAny();
        String formatted = SchemaFormatter.format(text);
        if (formatted.equals(raw)) {
            return Outcome.UNCHANGED;
        }
        if (check) {
            out.println(display);
        } else {
            Files.writeString(file, formatted, StandardCharsets.UTF_8);
        }
        return Outcome.CHANGED;
    }

    /** The file's text, or null with an error collected. */
    private static String read(Path file, String display, ErrorCollector errors) {
        if (!Files.isRegularFile(file)) {
            errors.at(Location.ofFile(display), ErrorType.FILE_NOT_READABLE, display, "no such file");
            return null;
        }
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            errors.at(Location.ofFile(display), ErrorType.FILE_NOT_READABLE, display, "it is not valid UTF-8");
        } catch (IOException e) {
            errors.at(Location.ofFile(display), ErrorType.FILE_NOT_READABLE, display, e.getMessage());
        }
        return null;
    }
}
