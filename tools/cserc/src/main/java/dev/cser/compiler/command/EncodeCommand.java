package dev.cser.compiler.command;

import dev.cser.CserEncodeException;
import dev.cser.compiler.command.InspectOptions.Option;
import dev.cser.compiler.inspect.ByteText;
import dev.cser.compiler.inspect.ByteText.Encoding;
import dev.cser.dynamic.DynamicCodec;
import dev.cser.dynamic.DynamicJson;
import dev.cser.json.JsonException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.Set;

/**
 * {@code cserc encode}: the JSON form (SPEC §11) of a value of a schema's type, from a file or
 * standard input, written as the message's canonical bytes, raw, as hex or as base64.
 */
public final class EncodeCommand extends InspectCommand {
    private static final Set<Option> OPTIONS = EnumSet.of(Option.TYPE, Option.HEX, Option.BASE64);

    private static final String USAGE = """
            usage: cserc encode SCHEMA.cser --type pkg.Type [-I DIR]... [--hex|--base64] [FILE|-]

            Reads the JSON form (SPEC §11) of a value of the record, struct or union pkg.Type of
            SCHEMA.cser from FILE (standard input when FILE is - or missing) and writes its
            message's canonical bytes on standard output. A missing field takes its zero value.

              -t, --type T   the qualified name of the value's type (required)
              -I DIR         look for the schema's imports in DIR too
              --hex          write lowercase hex text and a newline instead of the bytes
              --base64       write base64 text (standard alphabet, padded) and a newline

            Raw bytes are not written to a terminal, where they would garble it: redirect the
            output (> file.bin) or use --hex or --base64.

            Exit status: 0 encoded; 1 the schema has errors, the input cannot be read, or the JSON
            is malformed or does not fit the type (the message names the field path, e.g.
            Contact.age: 4294967296 is out of range for u32); 2 the command line is wrong, --type names
            no record, struct or union of the schema, or raw bytes would go to a terminal.
            """;

    public EncodeCommand() {
        super("encode", "write a value given as JSON as its message's bytes",
                USAGE, OPTIONS);
    }

    @Override
    int inspect(InspectOptions options, InputStream in, PrintStream out, PrintStream err) throws CommandFailure {
        String input = options.singleInput();
        if (options.encoding() == Encoding.RAW && DataInputs.isTerminal(out)) {
            // As gzip does: binary on a terminal is never what was meant, and can leave it garbled.
            return Reporting.usageError(this, err,
                    "not writing raw bytes to a terminal: redirect the output (> file.bin) or use --hex or --base64");
        }
        DynamicCodec codec = DataInputs.codec(options, this, err);
        byte[] json = DataInputs.readAll(input, in, err);
        String name = DataInputs.displayName(input);
        byte[] bytes;
        try {
            bytes = codec.encode(DynamicJson.read(utf8(json), codec.type()));
        } catch (CharacterCodingException e) {
            err.println(name + ": the JSON is not valid UTF-8");
            return 1;
        } catch (JsonException | CserEncodeException e) {
            err.println(name + ": " + e.getMessage()
                    + (json.length >= 3 && (json[0] & 0xFF) == 0xEF && (json[1] & 0xFF) == 0xBB && (json[2] & 0xFF) == 0xBF
                            ? " (the file starts with a byte order mark, which JSON text must not have)" : ""));
            return 1;
        }
        switch (options.encoding()) {
            case HEX -> out.println(ByteText.hex(bytes));
            case BASE64 -> out.println(ByteText.base64(bytes));
            case RAW -> out.write(bytes, 0, bytes.length);
        }
        out.flush();
        if (out.checkError()) {
            err.println("cserc: cannot write the output");
            return 2;
        }
        return 0;
    }

    /**
     * The text of UTF-8 bytes, rejecting malformed ones rather than replacing them. A byte order
     * mark is kept, and refused by the JSON reader as every runtime refuses it (SPEC §11).
     */
    private static String utf8(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes)).toString();
    }
}
