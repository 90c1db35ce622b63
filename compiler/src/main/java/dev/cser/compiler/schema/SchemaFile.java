package dev.cser.compiler.schema;

import java.util.List;

/**
 * A linked schema file: its path as given (what errors name), its name in generated code
 * ({@link SourceName}), package, file doc and the declarations it holds.
 */
public record SchemaFile(String path, String sourceName, String packageName, String doc, List<Declaration> declarations) {}
