package dev.cser.compiler.command;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code cserc canonical}: the canonical schema text (SPEC §8.1) of a record, struct or union,
 * or, with {@code --out}, one file per such type in a directory of known schemas: what a reader
 * given the writers' schemas (SPEC §9.1, {@code KnownSchemas} in every runtime) loads. Run it at
 * every release and keep the files: a reader of the next release then knows every earlier writer.
 */
public final class CanonicalCommand implements Command {
    private static final String USAGE = """
            usage: cserc canonical SCHEMA.cser... [-I DIR]... (--type pkg.Type | --out DIR)

            Prints the canonical text (SPEC §8.1) of the record, struct or union pkg.Type: one
            line per type it reaches, the text whose SHA-256 is its fingerprint. With --out, writes
            the text of every record, struct and union of the schemas into DIR, one file each,
            named pkg.Type-FINGERPRINT.canonical: a directory of known schemas, which the
            runtimes' stream readers compare a writer's schema with their own by (SPEC §9.1).
            Files already there are kept, so DIR collects the schemas of every release.

              -t, --type T   the qualified name of the type to print
              -o, --out DIR  write every type's text into DIR
              -I DIR         look for the schemas' imports in DIR too

            Exit status: 0 done; 1 the schemas have errors; 2 the command line is wrong, --type
            names no record, struct or union, or a file cannot be written.
            """;

    @Override
    public String name() {
        return "canonical";
    }

    @Override
    public String summary() {
        return "print a type's canonical schema text, or write known schemas for readers (SPEC §9.1)";
    }

    @Override
    public String usage() {
        return USAGE;
    }

    @Override
    public int run(List<String> args, InputStream in, PrintStream out, PrintStream err) {
        List<Path> includes = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        String type = null;
        Path outDir = null;
        try {
            for (int i = 0; i < args.size(); i++) {
                String a = args.get(i);
                switch (a) {
                    case "-h", "--help" -> {
                        out.print(USAGE);
                        return 0;
                    }
                    case "-t", "--type" -> type = Arguments.value(args, ++i, a);
                    case "-o", "--out" -> outDir = Path.of(Arguments.value(args, ++i, a));
                    case "-I" -> includes.add(Path.of(Arguments.value(args, ++i, a)));
                    default -> Arguments.other(a, includes, files);
                }
            }
            if (files.isEmpty()) {
                throw new IllegalArgumentException("no schema files");
            }
            if ((type == null) == (outDir == null)) {
                throw new IllegalArgumentException("give --type or --out");
            }
        } catch (IllegalArgumentException e) {
            return Reporting.usageError(this, err, e.getMessage());
        }
        SchemaCompiler compiler = new SchemaCompiler(includes);
        Schema schema;
        try {
            schema = compiler.compile(files);
        } catch (SchemaException e) {
            Reporting.schemaErrors(err, compiler.sources(), e.diagnostics());
            Reporting.errorCount(err, e.diagnostics().size());
            return 1;
        }
        if (type != null) {
            Declaration d = schema.declarations().get(type);
            if (d == null || d instanceof EnumType) {
                return Reporting.usageError(this, err, type + " is no record, struct or union of the schemas; they have "
                        + String.join(", ", roots(schema).stream().map(Declaration::qualifiedName).toList()));
            }
            out.print(CanonicalText.of(d));
            return 0;
        }
        try {
            Files.createDirectories(outDir);
            for (Declaration d : roots(schema)) {
                String text = CanonicalText.of(d);
                Path file = outDir.resolve(String.format("%s-%016x.canonical", d.qualifiedName(),
                        CanonicalText.fingerprint(d)));
                if (!Files.exists(file)) {
                    Files.writeString(file, text, StandardCharsets.UTF_8);
                }
            }
        } catch (IOException e) {
            err.println("cserc: cannot write " + outDir + ": " + e.getMessage());
            return 2;
        }
        return 0;
    }

    private static List<Declaration> roots(Schema schema) {
        return schema.allDeclarations().stream().filter(d -> !(d instanceof EnumType)).toList();
    }
}
