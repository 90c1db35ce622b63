package dev.cser.compiler;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The parsed arguments of {@code cserc}; {@link #parse} throws IllegalArgumentException on misuse. */
record CommandLine(
        boolean help, boolean checkOnly, Path javaOut, Path rustOut, Path pythonOut, Path dependencyOut,
        boolean json, List<Path> includeDirs, List<Path> files) {

    static CommandLine parse(String[] argv) {
        List<String> args = List.of(argv);
        boolean help = false;
        boolean check = false;
        Path javaOut = null;
        Path rustOut = null;
        Path pythonOut = null;
        Path dependencyOut = null;
        boolean json = false;
        List<Path> includes = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "-h", "--help" -> help = true;
                case "check" -> {
                    if (i != 0) {
                        throw new IllegalArgumentException("'check' must come first");
                    }
                    check = true;
                }
                case "compat" -> throw new IllegalArgumentException("'compat' must come first");
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
        if (!help && !check && javaOut == null && rustOut == null && pythonOut == null) {
            throw new IllegalArgumentException("no output given: use --java-out, --rust-out or --python-out, or 'check'");
        }
        return new CommandLine(help, check, javaOut, rustOut, pythonOut, dependencyOut, json, List.copyOf(includes),
                List.copyOf(files));
    }
}
