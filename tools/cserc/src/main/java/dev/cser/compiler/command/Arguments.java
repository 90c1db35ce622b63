package dev.cser.compiler.command;

import java.nio.file.Path;
import java.util.List;

/** What every {@code cserc} command line parses alike; misuse throws IllegalArgumentException. */
public final class Arguments {
    private Arguments() {}

    /** The value of {@code option}, the argument at {@code i}. */
    public static String value(List<String> args, int i, String option) {
        if (i >= args.size()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args.get(i);
    }

    /**
     * An argument no option claimed: {@code -IDIR} (an import directory, added to
     * {@code includes}), an unknown option, or an operand (added to {@code operands}).
     */
    public static void other(String arg, List<Path> includes, List<Path> operands) {
        if (arg.startsWith("-I") && arg.length() > 2) {
            includes.add(Path.of(arg.substring(2)));
        } else if (arg.startsWith("-")) {
            throw new IllegalArgumentException("unknown option " + arg);
        } else {
            operands.add(Path.of(arg));
        }
    }
}
