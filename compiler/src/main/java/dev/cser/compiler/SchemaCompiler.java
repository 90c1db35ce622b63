package dev.cser.compiler;

import dev.cser.compiler.diag.ErrorCollector;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Linker;
import dev.cser.compiler.schema.Loader;
import dev.cser.compiler.schema.Schema;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** Loads, parses and links schema files: the front end shared by every command and target. */
public final class SchemaCompiler {
    private final List<Path> includeDirs;
    private final UnaryOperator<String> display;
    private Map<String, List<String>> sources = Map.of();

    public SchemaCompiler(List<Path> includeDirs) {
        this(includeDirs, UnaryOperator.identity());
    }

    /** @param display how file paths are shown in locations ({@link Loader#Loader(List, ErrorCollector, UnaryOperator)}) */
    public SchemaCompiler(List<Path> includeDirs, UnaryOperator<String> display) {
        this.includeDirs = List.copyOf(includeDirs);
        this.display = display;
    }

    /** Returns the linked schema, or throws one exception holding every error found. */
    public Schema compile(List<Path> files) throws SchemaException {
        ErrorCollector errors = new ErrorCollector();
        Loader loader = new Loader(includeDirs, errors, display);
        List<Loader.LoadedFile> loaded = loader.load(files);
        sources = loader.sources();
        // Syntax and import errors stop here: linking a tree the parser had to repair, or without
        // the files it imports, would only add errors that echo these.
        errors.throwIfAny();
        Schema schema = new Linker(errors).link(loaded);
        errors.throwIfAny();
        return schema;
    }

    /** The lines of every file read by the last {@link #compile}, for rendering errors. */
    public Map<String, List<String>> sources() {
        return sources;
    }
}
