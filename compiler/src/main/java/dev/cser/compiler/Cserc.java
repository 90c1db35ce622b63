package dev.cser.compiler;

import dev.cser.compiler.command.Command;
import dev.cser.compiler.command.Commands;
import dev.cser.compiler.command.HelpCommand;
import dev.cser.compiler.command.Reporting;
import dev.cser.compiler.command.Version;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The {@code cserc} entry point: dispatches to the subcommand its first argument names
 * ({@link Commands}), or compiles when it names none. Exit status: 0 success, 1 the input has
 * errors (each printed as {@code path:line:col: error: ...} with the line and a caret) or
 * {@code compat} finds the change incompatible, 2 the command line is wrong or an output cannot
 * be written.
 */
public final class Cserc {
    /** What {@code cserc --help} prints. */
    static final String USAGE = HelpCommand.overview();

    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    Cserc(InputStream in, PrintStream out, PrintStream err) {
        this.in = in;
        this.out = out;
        this.err = err;
    }

    Cserc(PrintStream out, PrintStream err) {
        this(InputStream.nullInputStream(), out, err);
    }

    public static void main(String[] args) {
        int status = new Cserc(System.in, System.out, System.err).run(args);
        // Exit only on failure, so that build tools running cserc in-process carry on after success.
        if (status != 0) {
            System.exit(status);
        }
    }

    /** Runs the command and returns the exit status. */
    int run(String[] args) {
        List<String> all = Arrays.asList(args);
        if (all.isEmpty()) {
            return Commands.DEFAULT.run(all, in, out, err);
        }
        String first = all.get(0);
        switch (first) {
            case "--version", "-V" -> {
                if (all.size() > 1) {
                    return Reporting.usageError(Commands.DEFAULT, err, first + " takes no arguments");
                }
                out.println("cserc " + Version.get());
                return 0;
            }
            case "-h", "--help" -> {
                out.print(USAGE);
                return 0;
            }
            default -> { }
        }
        Command command = Commands.byName(first);
        if (command != null) {
            return command.run(all.subList(1, all.size()), in, out, err);
        }
        if (looksLikeACommand(first)) {
            err.println("cserc: unknown command '" + first + "'");
            err.print(USAGE);
            return 2;
        }
        return Commands.DEFAULT.run(all, in, out, err);
    }

    /**
     * A bare word that is no file ({@code cserc decod x.cser}): reported as an unknown command,
     * not compiled as a schema named "decod".
     */
    private static boolean looksLikeACommand(String word) {
        if (!word.matches("[a-z][a-z-]*")) {
            return false;
        }
        try {
            return !Files.exists(Path.of(word));
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
