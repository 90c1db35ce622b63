package dev.cser.compiler.command;

import dev.cser.compiler.command.InspectOptions.Option;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.List;
import java.util.Set;

/**
 * What {@code cserc decode}, {@code encode}, {@code explain} and {@code cat} share: their command
 * line (InspectOptions), {@code --help}, misuse reported with the command's usage (exit 2), and
 * a {@link CommandFailure} (already reported) turned into its exit status. A subclass checks its
 * operands and does its one job in {@link #inspect}.
 */
abstract class InspectCommand implements Command {
    private final Set<Option> options;

    InspectCommand(Set<Option> options) {
        this.options = options;
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
