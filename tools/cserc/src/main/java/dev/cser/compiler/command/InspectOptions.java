package dev.cser.compiler.command;

import dev.cser.compiler.inspect.ByteText.Encoding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The arguments of the commands that read and write data with a schema ({@code decode},
 * {@code encode}, {@code cat}, {@code explain}): the schema file, {@code -I}, and the options
 * each command accepts (others are misuse). {@link #parse} throws IllegalArgumentException on misuse.
 *
 * @param inputs the operands after the schema: data files, {@code -} for standard input
 */
record InspectOptions(boolean help, Path schema, List<Path> includeDirs, String type, Encoding encoding,
        boolean compact, boolean count, boolean offsets, List<String> inputs) {

    /** The options a command takes besides {@code -I} and {@code --help}. */
    enum Option { TYPE, HEX, BASE64, COMPACT, COUNT, OFFSETS }

    static InspectOptions parse(List<String> args, Set<Option> accepted) {
        boolean help = false;
        String type = null;
        Set<Option> given = EnumSet.noneOf(Option.class);
        List<Path> includes = new ArrayList<>();
        List<String> operands = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            Option option = switch (a) {
                case "--type", "-t" -> Option.TYPE;
                case "--hex" -> Option.HEX;
                case "--base64" -> Option.BASE64;
                case "--compact" -> Option.COMPACT;
                case "--count" -> Option.COUNT;
                case "--offsets" -> Option.OFFSETS;
                default -> null;
            };
            if (option != null) {
                if (!accepted.contains(option)) {
                    throw new IllegalArgumentException("unknown option " + a);
                }
                if (option == Option.HEX && given.contains(Option.BASE64)
                        || option == Option.BASE64 && given.contains(Option.HEX)) {
                    throw new IllegalArgumentException("--hex and --base64 exclude each other");
                }
                given.add(option);
                if (option == Option.TYPE) {
                    type = Arguments.value(args, ++i, a);
                }
                continue;
            }
            switch (a) {
                case "-h", "--help" -> help = true;
                case "-I" -> includes.add(Path.of(Arguments.value(args, ++i, a)));
                case "-" -> operands.add(a);
                default -> {
                    if (a.startsWith("-I") && a.length() > 2) {
                        includes.add(Path.of(a.substring(2)));
                    } else if (a.startsWith("-")) {
                        throw new IllegalArgumentException("unknown option " + a);
                    } else {
                        operands.add(a);
                    }
                }
            }
        }
        Encoding encoding = given.contains(Option.HEX) ? Encoding.HEX
                : given.contains(Option.BASE64) ? Encoding.BASE64 : Encoding.RAW;
        boolean compact = given.contains(Option.COMPACT);
        boolean count = given.contains(Option.COUNT);
        boolean offsets = given.contains(Option.OFFSETS);
        if (help) {
            return new InspectOptions(true, null, List.of(), null, encoding, compact, count, offsets, List.of());
        }
        if (operands.isEmpty()) {
            throw new IllegalArgumentException("no schema file given");
        }
        if (accepted.contains(Option.TYPE) && type == null) {
            throw new IllegalArgumentException("no --type given: name the record, struct or union the bytes hold");
        }
        if (count && offsets) {
            throw new IllegalArgumentException("--count and --offsets exclude each other");
        }
        return new InspectOptions(false, Path.of(operands.get(0)), List.copyOf(includes), type, encoding, compact,
                count, offsets, List.copyOf(operands.subList(1, operands.size())));
    }

    /** The one input of a command that reads one (standard input when none is named). */
    String singleInput() {
        if (inputs.size() > 1) {
            throw new IllegalArgumentException("one input file at most, not " + inputs.size());
        }
        return inputs.isEmpty() ? "-" : inputs.get(0);
    }
}
