package dev.cser.compiler.command;

import dev.cser.CserDecodeException;
import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.dynamic.DynamicSchemas;
import dev.cser.compiler.inspect.ByteText;
import dev.cser.compiler.inspect.ByteText.Encoding;
import dev.cser.dynamic.DynamicCodec;
import dev.cser.dynamic.DynamicSchema;
import dev.cser.dynamic.RootDescriptor;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code decode}, {@code encode}, {@code cat} and {@code explain} do alike before and
 * after the codec runs: compile the schema (errors in the compiler's format, exit 1), find the
 * {@code --type} (an unknown one lists the schema's types, exit 2), read a file or standard
 * input, and guard a terminal against raw bytes.
 */
final class DataInputs {
    private DataInputs() {}

    /**
     * The message of a decode error of one message, as decode and explain print it: where the
     * runtime's hint (bytes starting with the stream magic) names the Java stream reader, the
     * command line's user reads a stream with {@code cserc cat}.
     */
    static String describe(CserDecodeException e) {
        return e.describe(e.hint() == null ? null : STREAM_HINT);
    }

    /** The hint of {@link #describe} for bytes that start with the stream magic. */
    static final String STREAM_HINT = "the bytes start with \"CSER\", the magic of a stream (SPEC §8): "
            + "read them with cserc cat, not as one message";

    /** The system property the {@code bin/cserc} launcher sets when its standard output is a terminal. */
    static final String STDOUT_TERMINAL = "cserc.stdout.terminal";

    /** The schema's types, or a failure (exit 1) after its errors are printed. */
    static DynamicSchema schema(InspectOptions options, PrintStream err) throws CommandFailure {
        SchemaCompiler compiler = new SchemaCompiler(options.includeDirs());
        try {
            return DynamicSchemas.compile(compiler, List.of(options.schema()));
        } catch (SchemaException e) {
            Reporting.schemaErrors(err, compiler.sources(), e.diagnostics());
            Reporting.errorCount(err, e.diagnostics().size());
            throw new CommandFailure(1);
        }
    }

    /**
     * The record, struct or union {@code --type} names; else a failure with exit status 2 (the
     * command line names what the schema does not have) after a message listing the types it has.
     */
    static RootDescriptor type(DynamicSchema schema, InspectOptions options, Command command, PrintStream err)
            throws CommandFailure {
        try {
            return schema.root(options.type());
        } catch (IllegalArgumentException e) {
            err.println("cserc: " + options.schema() + ": " + e.getMessage());
            err.println("run 'cserc " + command.name() + " --help' for the options");
            throw new CommandFailure(2);
        }
    }

    /** The codec of the type {@code --type} names in the schema: {@link #schema}, then {@link #type}. */
    static DynamicCodec codec(InspectOptions options, Command command, PrintStream err) throws CommandFailure {
        return DynamicCodec.of(type(schema(options, err), options, command, err));
    }

    /** The one message {@code decode} and {@code explain} read: where from, its type's codec, its bytes. */
    record Message(String input, DynamicCodec codec, byte[] bytes) {}

    /**
     * The one input of a command that reads a single message, the codec of its {@code --type},
     * and the input's bytes (raw, hex or base64 as the options say), in that order: a command
     * line error before a schema error, a schema error before an unreadable input.
     */
    static Message message(InspectOptions options, Command command, InputStream stdin, PrintStream err)
            throws CommandFailure {
        String input = options.singleInput();
        DynamicCodec codec = codec(options, command, err);
        return new Message(input, codec, readBytes(input, options.encoding(), stdin, err));
    }

    /** How an input is named in messages: its path, or {@code <stdin>}. */
    static String displayName(String input) {
        return input.equals("-") ? "<stdin>" : input;
    }

    /** Every byte of the file, or of standard input for {@code -}; a failure (exit 1) if it cannot be read. */
    static byte[] readAll(String input, InputStream stdin, PrintStream err) throws CommandFailure {
        try {
            if (input.equals("-")) {
                return stdin.readAllBytes();
            }
            return Files.readAllBytes(Path.of(input));
        } catch (NoSuchFileException e) {
            err.println("cserc: cannot read " + input + ": no such file");
        } catch (IOException e) {
            err.println("cserc: cannot read " + input + ": " + e.getMessage());
        }
        throw new CommandFailure(1);
    }

    /** The bytes of an input written with {@code encoding}; a failure (exit 1) naming the bad character. */
    static byte[] readBytes(String input, Encoding encoding, InputStream stdin, PrintStream err) throws CommandFailure {
        byte[] raw = readAll(input, stdin, err);
        if (encoding == Encoding.RAW) {
            return raw;
        }
        String text = new String(raw, StandardCharsets.UTF_8);
        try {
            return encoding == Encoding.HEX ? ByteText.parseHex(text) : ByteText.parseBase64(text);
        } catch (IllegalArgumentException e) {
            err.println(displayName(input) + ": " + e.getMessage());
            throw new CommandFailure(1);
        }
    }

    /**
     * Whether raw bytes written to {@code out} would land on a terminal, where they garble the
     * screen: told by the launcher ({@code [ -t 1 ]}), else by the JVM's console (Java 17 has
     * one only when both standard input and output are terminals).
     */
    static boolean isTerminal(PrintStream out) {
        if (out != System.out) {
            return false;
        }
        String told = System.getProperty(STDOUT_TERMINAL);
        return told != null ? Boolean.parseBoolean(told) : System.console() != null;
    }
}
