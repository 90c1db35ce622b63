package dev.cser.compiler.command;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of {@code cserc [compile]} and {@code cserc check} (those after the command's
 * name); {@link #parse} throws IllegalArgumentException on misuse.
 */
record CompileOptions(
        boolean help, Path javaOut, Path rustOut, Path pythonOut, Path dependencyOut,
        boolean json, List<Path> includeDirs, List<Path> files) {

    static CompileOptions parse(List<String> args, boolean checkOnly) {
        boolean help = false;
        Path javaOut = null;
        Path rustOut = null;
        Path pythonOut = null;
        Path dependencyOut = null;
        boolean json = false;
        List<Path> includes = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (Commands.byName(a) != null) {
                // `cserc -I x check a.cser`: a command word among the operands is a mistake, not a file.
                throw new IllegalArgumentException("'" + a + "' must come first");
            }
            switch (a) {
                case "-h", "--help" -> help = true;
                case "--java-out" -> javaOut = Path.of(Arguments.value(args, ++i, a));
                case "--rust-out" -> rustOut = Path.of(Arguments.value(args, ++i, a));
                case "--python-out" -> pythonOut = Path.of(Arguments.value(args, ++i, a));
                case "--dependency-out" -> dependencyOut = Path.of(Arguments.value(args, ++i, a));
                case "--json" -> json = true;
                case "-I" -> includes.add(Path.of(Arguments.value(args, ++i, a)));
                default -> Arguments.other(a, includes, files);
            }
        }
        if (!help && files.isEmpty()) {
            throw new IllegalArgumentException("no schema files given");
        }
        if (!help && !checkOnly && javaOut == null && rustOut == null && pythonOut == null) {
            throw new IllegalArgumentException("no output given: use --java-out, --rust-out or --python-out, or 'check'");
        }
        return new CompileOptions(help, javaOut, rustOut, pythonOut, dependencyOut, json, List.copyOf(includes),
                List.copyOf(files));
    }
}
