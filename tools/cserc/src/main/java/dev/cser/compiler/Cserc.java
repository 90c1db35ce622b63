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
 * be written, 3 an internal error (a bug in cserc: one line naming the input, never a stack
 * trace).
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

    /**
     * The stack of the thread commands run on. The front end recurses per level of a type
     * expression and the code generators per level of nesting; the schema limits (SPEC §2.1)
     * bound both far below what this holds, and it leaves room to report a schema far past them
     * with a located error rather than a StackOverflowError.
     */
    private static final long STACK_BYTES = 512L << 20;

    /** Exit status of an internal error. */
    static final int INTERNAL_ERROR = 3;

    /** Runs the command and returns the exit status. */
    int run(String[] args) {
        return guarded(args, () -> dispatch(args));
    }

    /**
     * Runs {@code body} on a thread with a large stack and returns its status; any exception or
     * error it throws (a bug, or a resource the JVM ran out of) is one line on stderr naming the
     * inputs, and exit status 3, never a stack trace.
     */
    int guarded(String[] args, java.util.function.IntSupplier body) {
        int[] status = {INTERNAL_ERROR};
        Throwable[] failure = {null};
        Thread thread = new Thread(null, () -> {
            try {
                status[0] = body.getAsInt();
            } catch (Throwable t) { // NOPMD: whatever happens, one line and an exit status
                failure[0] = t;
            }
        }, "cserc", STACK_BYTES);
        thread.start();
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (failure[0] != null) {
            out.flush();
            err.println("cserc: internal error" + inputsOf(args) + ": " + describe(failure[0])
                    + " (a bug in cserc: please report it with the schema)");
            return INTERNAL_ERROR;
        }
        return status[0];
    }

    /** " while reading a.cser, b.cser": the arguments that name files, or nothing. */
    private static String inputsOf(String[] args) {
        List<String> files = new java.util.ArrayList<>();
        for (String arg : args) {
            if (arg.endsWith(".cser") || arg.endsWith(".json") || arg.endsWith(".bin")) {
                files.add(arg);
            }
        }
        return files.isEmpty() ? "" : " while reading " + String.join(", ", files);
    }

    /** The exception's class and the first line of its message, at most 200 characters of it. */
    private static String describe(Throwable t) {
        String message = t.getMessage() == null ? "" : t.getMessage().strip().lines().findFirst().orElse("");
        if (message.length() > 200) {
            message = message.substring(0, 200) + "...";
        }
        return t.getClass().getName() + (message.isEmpty() ? "" : ": " + message);
    }

    private int dispatch(String[] args) {
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
