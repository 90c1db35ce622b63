package dev.cser.compiler.command;

import dev.cser.CserDecodeException;
import dev.cser.compiler.command.InspectOptions.Option;
import dev.cser.compiler.inspect.AnnotatedDump;
import java.io.InputStream;
import java.io.PrintStream;
import java.util.EnumSet;
import java.util.Set;

/**
 * {@code cserc explain}: an annotated hex dump of one message, a line per piece the schema-driven
 * codec reads (its offset, bytes, field path and meaning), for debugging bytes by hand; on bad
 * bytes, everything read before the error, the bytes not read, then the error.
 */
public final class ExplainCommand extends InspectCommand {
    private static final Set<Option> OPTIONS = EnumSet.of(Option.TYPE, Option.HEX, Option.BASE64);

    private static final String USAGE = """
            usage: cserc explain SCHEMA.cser --type pkg.Type [-I DIR]... [--hex|--base64] [FILE|-]

            Prints an annotated hex dump of one message of the record, struct or union pkg.Type
            of SCHEMA.cser, read from FILE (standard input when FILE is - or missing): one line
            per piece of the encoding (SPEC §5) — a record's length, a presence byte, a count, a
            union tag, a value, unknown fields — with its offset (decimal, as decode errors count
            offsets), its bytes in hex, its field path and its meaning:

              offset  bytes                    path          meaning
                   0  06                       Contact       length 6
                   1  03 41 6e 6e              Contact.name  "Ann"
                   5  02                       Contact       presence 00000010
                   6  1e                       Contact.age   30

            A piece longer than 32 bytes shows its first 24 and how many more there are; a value
            longer than 60 characters is cut. When the bytes do not decode, the dump shows every
            piece read before the error and the bytes not read, then the error on standard error.

              -t, --type T   the qualified name of the message's type (required)
              -I DIR         look for the schema's imports in DIR too
              --hex          the input is hex text (either case, whitespace, optional 0x, \\x or X'...')
              --base64       the input is base64 text

            Exit status: 0 the bytes decode; 1 the schema has errors, the input cannot be read or
            is not hex/base64, or the bytes do not decode; 2 the command line is wrong or --type
            names no record, struct or union of the schema.
            """;

    public ExplainCommand() {
        super("explain", "print an annotated hex dump of a message (like flatc --annotate)",
                USAGE, OPTIONS);
    }

    @Override
    int inspect(InspectOptions options, InputStream in, PrintStream out, PrintStream err) throws CommandFailure {
        DataInputs.Message message = DataInputs.message(options, this, in, err);
        byte[] bytes = message.bytes();
        AnnotatedDump dump = new AnnotatedDump();
        CserDecodeException error = null;
        try {
            message.codec().decode(bytes, dump);
        } catch (CserDecodeException e) {
            error = e;
        }
        out.println(message.codec().type().qualifiedName() + ", " + bytes.length
                + (bytes.length == 1 ? " byte" : " bytes"));
        out.print(dump.render(bytes));
        out.flush();
        if (error != null) {
            err.println(DataInputs.displayName(message.input()) + ": " + DataInputs.describe(error));
            return 1;
        }
        return 0;
    }
}
