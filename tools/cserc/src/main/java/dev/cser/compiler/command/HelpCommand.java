package dev.cser.compiler.command;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;

/** {@code cserc help [COMMAND]}: the list of commands, or one command's usage. */
public final class HelpCommand implements Command {
    private static final String USAGE = """
            usage: cserc help [COMMAND]

            Without COMMAND, lists the commands; with one, prints its usage (as 'cserc COMMAND --help').
            """;

    @Override
    public String name() {
        return "help";
    }

    @Override
    public String summary() {
        return "list the commands, or print one command's usage";
    }

    @Override
    public String usage() {
        return USAGE;
    }

    /** What {@code cserc help} and {@code cserc --help} print: the commands of the registry. */
    public static String overview() {
        StringBuilder text = new StringBuilder("""
                usage: cserc [--java-out DIR] [--rust-out DIR] [--python-out DIR] [--json] [-I DIR]... FILE.cser...
                       cserc COMMAND [ARGUMENT]...
                       cserc --version

                commands:
                """);
        int width = Commands.ALL.stream().mapToInt(c -> c.name().length()).max().orElse(0);
        for (Command c : Commands.ALL) {
            text.append("  ").append(c.name()).append(" ".repeat(width - c.name().length() + 2))
                    .append(c.summary()).append('\n');
        }
        text.append("""

                Run 'cserc help COMMAND' or 'cserc COMMAND --help' for a command's options.
                Exit status: 0 success, 1 the input has errors (schema errors are printed as
                path:line:col: error: ... with the line and a caret), 2 the command line is wrong.
                """);
        return text.toString();
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        if (args.isEmpty()) {
            out.print(overview());
            return 0;
        }
        if (args.size() > 1) {
            return Reporting.usageError(this, err, "help takes one command, not " + args.size());
        }
        String name = args.get(0);
        if (name.equals("-h") || name.equals("--help")) {
            out.print(USAGE);
            return 0;
        }
        Command command = Commands.byName(name);
        if (command == null) {
            return Reporting.usageError(this, err, "unknown command '" + name + "'");
        }
        out.print(command.usage());
        return 0;
    }
}
