package dev.cser.compiler.codegen;

import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.SchemaFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The schema files of one package (a package may span several files), as every target groups
 * them: packages in name order, files in path order within a package.
 *
 * @param name the package: {@code sakai.content}
 * @param files the files declaring it
 */
public record PackageGroup(String name, List<SchemaFile> files) {

    public PackageGroup {
        files = List.copyOf(files);
    }

    /** Every package of the schema, sorted by name. */
    public static List<PackageGroup> of(Schema schema) {
        Map<String, List<SchemaFile>> byPackage = new LinkedHashMap<>();
        schema.files().stream()
                .sorted((a, b) -> a.packageName().compareTo(b.packageName()))
                .forEach(f -> byPackage.computeIfAbsent(f.packageName(), k -> new ArrayList<>()).add(f));
        return byPackage.entrySet().stream().map(e -> new PackageGroup(e.getKey(), e.getValue())).toList();
    }

    /** The declarations of every file, in file then declaration order. */
    public List<Declaration> declarations() {
        return files.stream().flatMap(f -> f.declarations().stream()).toList();
    }

    /** The files, as the generated code's header names them ({@code SourceName}). */
    public List<String> sources() {
        return files.stream().map(SchemaFile::sourceName).toList();
    }

    /** The package's documentation: the doc comment of its first file's {@code package} line. */
    public String doc() {
        return files.get(0).doc();
    }
}
