package dev.cser.compiler.command;

import dev.cser.CserDecodeException;
import dev.cser.compiler.command.InspectOptions.Option;
import dev.cser.dynamic.DynamicJson;
import dev.cser.dynamic.DynamicValue;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.EnumSet;
import java.util.Set;

/**
 * {@code cserc decode}: one message (SPEC §5.8) of a schema's type, from a file or standard
 * input, printed as its JSON form (SPEC §11), with the schema-driven codec (cser-dynamic): what
 * {@code protoc --decode} is to protobuf.
 */
public final class DecodeCommand extends InspectCommand {
    private static final Set<Option> OPTIONS = EnumSet.of(Option.TYPE, Option.HEX, Option.BASE64, Option.COMPACT);

    private static final String USAGE = """
            usage: cserc decode SCHEMA.cser --type pkg.Type [-I DIR]... [--hex|--base64] [--compact] [FILE|-]

            Reads one message of the record, struct or union pkg.Type of SCHEMA.cser from FILE
            (standard input when FILE is - or missing) and prints its JSON form (SPEC §11), with
            no generated code. A stream file (it starts with CSER) is read with 'cserc cat'.

              -t, --type T   the qualified name of the message's type (required)
              -I DIR         look for the schema's imports in DIR too
              --hex          the input is hex text, as SQL clients show a blob: either case,
                             whitespace anywhere, an optional 0x, \\x or X'...' around it
              --base64       the input is base64 text (standard or URL-safe, padding optional)
              --compact      one line of JSON instead of indented JSON

            Exit status: 0 decoded; 1 the schema has errors, the input cannot be read or is not
            hex/base64, or the bytes do not decode (the runtime's error, KIND: reason at offset N
            in path, e.g. "TRUNCATED: input ends inside a varint at offset 7 in Contact.age"); 2 the
            command line is wrong or --type names no record, struct or union of the schema (the
            message lists the ones it has).
            """;

    public DecodeCommand() {
        super("decode", "print a message's bytes as JSON, driven by its schema (like protoc --decode)",
                USAGE, OPTIONS);
    }

    @Override
    int inspect(InspectOptions options, InputStream in, PrintStream out, PrintStream err) throws CommandFailure {
        DataInputs.Message message = DataInputs.message(options, this, in, err);
        DynamicValue value;
        try {
            value = message.codec().decode(message.bytes());
        } catch (CserDecodeException e) {
            err.println(DataInputs.displayName(message.input()) + ": " + DataInputs.describe(e));
            return 1;
        }
        out.println(DynamicJson.write(value, !options.compact()));
        return 0;
    }
}
