package dev.cser.compiler.parse;

import dev.cser.compiler.diag.Location;
import java.util.List;

/** One parsed schema file: its package, its imports and its declarations, in source order. */
public record FileElement(
        String path,
        String packageName,
        List<Location> packagePartLocations,
        String doc,
        List<ImportElement> imports,
        List<TypeElement> types) {

    /** An {@code import "x.cser";} line; {@code path} is the text between the quotes. */
    public record ImportElement(Location location, String path) {}
}
