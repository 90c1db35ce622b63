package dev.cser.compiler.command;

import dev.cser.compiler.command.InspectOptions.Option;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;

/**
 * What {@code cserc decode}, {@code encode}, {@code explain} and {@code cat} share: their name,
 * summary and usage, their command line (InspectOptions), {@code --help}, misuse reported with
 * the command's usage (exit 2), and a {@link CommandFailure} (already reported) turned into its
 * exit status. A subclass checks its operands and does its one job in {@link #inspect}.
 */
abstract class InspectCommand implements Command {
    private final String name;
    private final String summary;
    private final String usage;
    private final Set<Option> options;

    /**
     * @param name the word that selects the command
     * @param summary its line in {@code cserc help}
     * @param usage its whole usage text
     * @param options the options it takes besides {@code -I} and {@code --help}
     */
    InspectCommand(String name, String summary, String usage, Set<Option> options) {
        this.name = name;
        this.summary = summary;
        this.usage = usage;
        this.options = options;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String summary() {
        return summary;
    }

    @Override
    public final String usage() {
        return usage;
    }

    @Override
    public final int run(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        InspectOptions parsed;
        try {
            parsed = InspectOptions.parse(args, options);
            if (!parsed.help()) {
                checkOperands(parsed);
            }
        } catch (IllegalArgumentException e) {
            return Reporting.usageError(this, err, e.getMessage());
        }
        if (parsed.help()) {
            out.print(usage());
            return 0;
        }
        try {
            return inspect(parsed, in, out, err);
        } catch (CommandFailure f) {
            return f.status();
        }
    }

    /**
     * Rejects operands the command cannot take (an IllegalArgumentException is misuse, exit 2);
     * by default, more than one input.
     */
    void checkOperands(InspectOptions parsed) {
        parsed.singleInput();
    }

    /** Does the command's job and returns its exit status. */
    abstract int inspect(InspectOptions options, InputStream in, PrintStream out, PrintStream err)
            throws CommandFailure;
}
