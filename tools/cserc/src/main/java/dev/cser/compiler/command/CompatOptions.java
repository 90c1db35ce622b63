package dev.cser.compiler.command;

import dev.cser.compiler.compat.Category;
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
 * @param category {@code --category}, or null: the config file's, else the default
 * @param mode {@code --mode}, or null: the config file's, else full
 * @param config {@code --config}: the config file, or null
 * @param against {@code --against}: the git revision whose schemas are OLD, or null
 * @param oldPath a schema file, or a directory of them (null with {@code --against})
 * @param newPath a schema file, or a directory of them (null with {@code --against})
 * @param paths with {@code --against}: the schema files and directories, as they are now and at
 *     the revision
 */
public record CompatOptions(
        boolean help, Category category, Mode mode, boolean strict, boolean verbose, boolean json,
        Path config, String against, List<Path> includes, List<Path> oldIncludes, List<Path> newIncludes,
        Path oldPath, Path newPath, List<Path> paths) {

    public static CompatOptions parse(List<String> args) {
        boolean help = false;
        Category category = null;
        Mode mode = null;
        Path config = null;
        String against = null;
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
                case "--category" -> {
                    String word = Arguments.value(args, ++i, a);
                    category = Category.byWord(word);
                    if (category == null) {
                        throw new IllegalArgumentException("--category must be wire, wire-json or source, not '"
                                + word + "'");
                    }
                }
                case "--config" -> config = Path.of(Arguments.value(args, ++i, a));
                case "--against" -> against = Arguments.value(args, ++i, a);
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
        if (help) {
            return new CompatOptions(true, category, mode, strict, verbose, json, config, against, List.of(),
                    List.of(), List.of(), null, null, List.of());
        }
        if (against != null) {
            if (schemas.isEmpty()) {
                throw new IllegalArgumentException("--against " + against
                        + " compares schema files or directories with themselves at that revision: none given");
            }
            if (!oldIncludes.isEmpty() || !newIncludes.isEmpty()) {
                throw new IllegalArgumentException("--old-include and --new-include cannot go with --against:"
                        + " each -I directory is read at the revision for OLD and as it is for NEW");
            }
            return new CompatOptions(false, category, mode, strict, verbose, json, config, against,
                    List.copyOf(includes), List.of(), List.of(), null, null, List.copyOf(schemas));
        }
        if (schemas.size() != 2) {
            throw new IllegalArgumentException("compat compares two schemas, OLD and NEW: "
                    + (schemas.isEmpty() ? "none" : schemas.size() == 1 ? "only one" : schemas.size()) + " given");
        }
        return new CompatOptions(false, category, mode, strict, verbose, json, config, null, List.copyOf(includes),
                List.copyOf(oldIncludes), List.copyOf(newIncludes), schemas.get(0), schemas.get(1), List.of());
    }
}
