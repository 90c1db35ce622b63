package dev.cser.compiler.command;

import dev.cser.CserDecodeException;
import dev.cser.CserStreamReader;
import dev.cser.compiler.command.InspectOptions.Option;
import dev.cser.dynamic.DynamicJson;
import dev.cser.dynamic.DynamicSchema;
import dev.cser.dynamic.DynamicStream;
import dev.cser.dynamic.DynamicValue;
import dev.cser.dynamic.RootDescriptor;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * {@code cserc cat}: the records of stream files (SPEC §8), one compact JSON line each, their
 * type found from the header's type id among the schema's types; the header and every bad
 * record reported on stderr, the records after a bad one still read.
 */
public final class CatCommand extends InspectCommand {
    private static final Set<Option> OPTIONS = EnumSet.of(Option.COUNT, Option.OFFSETS);

    private static final String USAGE = """
            usage: cserc cat SCHEMA.cser [-I DIR]... [--count|--offsets] FILE...

            Reads each FILE (- for standard input) as a cser stream (SPEC §8): prints its header
            on standard error, then one line of compact JSON (SPEC §11) per record on standard
            output. The records' type is the record, struct or union of SCHEMA.cser (or its
            imports) whose type id the header holds; the header line says whether the stream was
            written with the schema's version of it (the fingerprints match) or another one:

              FILE: conf.x.Point records (type id 6f0c..., fingerprint 1a2b..., as in the schema)
              FILE: conf.x.Point records (type id 6f0c..., fingerprint 77aa..., not the schema's 1a2b...)

            A record that does not decode is reported on standard error with its index, the
            offset of its frame and the runtime's error, and the records after it are still
            read. A bad frame length, a cut-off frame or a bad header ends the file (the framing
            cannot be trusted past it).

              -I DIR       look for the schema's imports in DIR too
              --count      print only the number of good records (with several files, "N FILE")
              --offsets    prefix each line with the record's index and the stream offset of its
                           frame, separated by tabs: INDEX<TAB>OFFSET<TAB>JSON

            Exit status: 0 every record read; 1 the schema has errors, a file cannot be read, is
            no stream of a type of the schema, or holds a bad record; 2 the command line is wrong.
            """;

    public CatCommand() {
        super("cat", "print the records of stream files as JSON lines, and their headers",
                USAGE, OPTIONS);
    }

    @Override
    void checkOperands(InspectOptions options) {
        if (options.inputs().isEmpty()) {
            throw new IllegalArgumentException("no stream files given");
        }
    }

    @Override
    int inspect(InspectOptions options, InputStream in, PrintStream out, PrintStream err) throws CommandFailure {
        DynamicSchema schema = DataInputs.schema(options, err);
        boolean allGood = true;
        for (String file : options.inputs()) {
            allGood &= cat(file, schema, options, in, out, err);
        }
        out.flush();
        return allGood ? 0 : 1;
    }

    /** Prints one stream; false if anything in it was bad. */
    private static boolean cat(String file, DynamicSchema schema, InspectOptions options, InputStream stdin,
            PrintStream out, PrintStream err) {
        String name = DataInputs.displayName(file);
        try (DynamicStream stream = DynamicStream.open(open(file, stdin), schema)) {
            RootDescriptor type = stream.type();
            String ids = String.format(Locale.ROOT, "type id %016x, fingerprint %s", stream.typeId(), stream.fingerprintHex());
            if (type == null) {
                err.println(name + ": a stream of " + ids + ": no record, struct or union of " + options.schema()
                        + " has that type id");
                return false;
            }
            err.println(name + ": " + type.qualifiedName() + " records (" + ids + ", "
                    + (stream.fingerprintMatches() ? "as in the schema"
                            : String.format(Locale.ROOT, "not the schema's %016x", type.fingerprint())) + ")");
            return records(name, stream.records(), options, out, err);
        } catch (NoSuchFileException e) {
            err.println("cserc: cannot read " + file + ": no such file");
        } catch (CserDecodeException e) {
            err.println(name + ": " + e.getMessage());
        } catch (IOException e) {
            err.println("cserc: cannot read " + file + ": " + e.getMessage());
        }
        return false;
    }

    /** Prints the records; false if any was bad. */
    private static boolean records(String name, CserStreamReader<DynamicValue> records, InspectOptions options,
            PrintStream out, PrintStream err) throws IOException {
        long good = 0;
        boolean allGood = true;
        while (true) {
            long index = records.recordIndex();
            DynamicValue value;
            try {
                value = records.read();
            } catch (CserDecodeException e) {
                err.println(name + ": " + e.getMessage());
                allGood = false;
                // A bad message is skipped (its frame was consumed); a framing error ends the stream.
                if (records.recordIndex() == index) {
                    break;
                }
                continue;
            }
            if (value == null) {
                break;
            }
            good++;
            if (options.count()) {
                continue;
            }
            if (options.offsets()) {
                out.print(index + "\t" + records.frameOffset() + "\t");
            }
            out.println(DynamicJson.write(value, false));
        }
        if (options.count()) {
            out.println(options.inputs().size() > 1 ? good + " " + name : Long.toString(good));
        }
        return allGood;
    }

    private static InputStream open(String file, InputStream stdin) throws IOException {
        return file.equals("-") ? stdin : new BufferedInputStream(Files.newInputStream(Path.of(file)));
    }
}
