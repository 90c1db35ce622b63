package dev.cser.compiler.schema;

import java.util.List;

/** A linked schema file: its path, package, file doc and the declarations it holds. */
public record SchemaFile(String path, String packageName, String doc, List<Declaration> declarations) {}
