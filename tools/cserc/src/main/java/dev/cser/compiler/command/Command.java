package dev.cser.compiler.command;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;

/**
 * One {@code cserc} subcommand. A new one is a class implementing this and one line in
 * {@link Commands#ALL}; the dispatcher ({@code Cserc}) and {@code cserc help} find it there.
 */
public interface Command {
    /** The word that selects it: {@code cserc NAME ...}. */
    String name();

    /** One line for {@code cserc help}'s list of commands. */
    String summary();

    /** The whole usage text, from {@code usage: cserc NAME ...}, printed by --help and on misuse. */
    String usage();

    /**
     * Runs with the arguments after the command's name and returns the exit status: 0 success,
     * 1 the input is wrong (schema errors, in the compiler's located format), 2 the command line
     * is wrong or an output cannot be written.
     */
    int run(List<String> args, InputStream in, PrintStream out, PrintStream err);
}
