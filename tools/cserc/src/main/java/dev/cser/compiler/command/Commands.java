package dev.cser.compiler.command;

import java.util.List;

/** The registry of subcommands: the dispatcher looks a command up here, {@code cserc help} lists them. */
public final class Commands {
    private Commands() {}

    /** The command run when the first argument names none: compile to the targets asked for. */
    public static final Command DEFAULT = new CompileCommand(false);

    /** Every command, in the order {@code cserc help} lists them. Add a new command here. */
    public static final List<Command> ALL = List.of(
            DEFAULT,
            new CompileCommand(true),
            new CompatCommand(),
            new CanonicalCommand(),
            new FmtCommand(),
            new DecodeCommand(),
            new EncodeCommand(),
            new CatCommand(),
            new ExplainCommand(),
            new HelpCommand());

    /** The command called {@code name}, or null. */
    public static Command byName(String name) {
        for (Command c : ALL) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }
}
