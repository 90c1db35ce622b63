package dev.cser.compiler.command;

import dev.cser.compiler.compat.Mode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of {@code cserc compat} (those after the word {@code compat});
 * {@link #parse} throws IllegalArgumentException on misuse.
 *
 * @param includes {@code -I}: import directories of both schemas
 * @param oldIncludes {@code --old-include}: import directories of OLD only, after {@code includes}
 * @param newIncludes {@code --new-include}: import directories of NEW only, after {@code includes}
 * @param oldPath a schema file, or a directory of them
 * @param newPath a schema file, or a directory of them
 */
public record CompatOptions(
        boolean help, Mode mode, boolean strict, boolean verbose, boolean json, List<Path> includes,
        List<Path> oldIncludes, List<Path> newIncludes, Path oldPath, Path newPath) {

    public static CompatOptions parse(List<String> args) {
        boolean help = false;
        Mode mode = Mode.FULL;
        boolean strict = false;
        boolean verbose = false;
        boolean json = false;
        List<Path> includes = new ArrayList<>();
        List<Path> oldIncludes = new ArrayList<>();
        List<Path> newIncludes = new ArrayList<>();
        List<Path> schemas = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            switch (a) {
                case "-h", "--help" -> help = true;
                case "--strict" -> strict = true;
                case "--verbose", "-v" -> verbose = true;
                case "--mode" -> {
                    String word = Arguments.value(args, ++i, a);
                    mode = Mode.byWord(word);
                    if (mode == null) {
                        throw new IllegalArgumentException("--mode must be backward, forward or full, not '" + word + "'");
                    }
                }
                case "--format" -> {
                    String word = Arguments.value(args, ++i, a);
                    if (!word.equals("text") && !word.equals("json")) {
                        throw new IllegalArgumentException("--format must be text or json, not '" + word + "'");
                    }
                    json = word.equals("json");
                }
                case "-I" -> includes.add(Path.of(Arguments.value(args, ++i, a)));
                case "--old-include" -> oldIncludes.add(Path.of(Arguments.value(args, ++i, a)));
                case "--new-include" -> newIncludes.add(Path.of(Arguments.value(args, ++i, a)));
                default -> Arguments.other(a, includes, schemas);
            }
        }
        if (!help && schemas.size() != 2) {
            throw new IllegalArgumentException("compat compares two schemas, OLD and NEW: "
                    + (schemas.isEmpty() ? "none" : schemas.size() == 1 ? "only one" : schemas.size()) + " given");
        }
        return new CompatOptions(help, mode, strict, verbose, json, List.copyOf(includes), List.copyOf(oldIncludes),
                List.copyOf(newIncludes), help ? null : schemas.get(0), help ? null : schemas.get(1));
    }
}
