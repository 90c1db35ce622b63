package dev.cser.compiler.schema;

import java.util.List;
import java.util.Map;

/**
 * The linked, validated schema: every file that was loaded (the ones named and the ones they
 * import), sorted by path, and every declaration by qualified name. Emitters read only this.
 */
public record Schema(List<SchemaFile> files, Map<String, Declaration> declarations) {

    /** Every declaration, sorted by qualified name. */
    public List<Declaration> allDeclarations() {
        return declarations.values().stream()
                .sorted((a, b) -> a.qualifiedName().compareTo(b.qualifiedName()))
                .toList();
    }
}
