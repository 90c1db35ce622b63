package dev.cser.compiler.codegen;

import dev.cser.compiler.codegen.python.ModuleFile;
import dev.cser.compiler.codegen.python.PyModelBuilder;
import dev.cser.compiler.schema.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * The Python target: a module per schema package ({@code bench/media.py}, or
 * {@code a/b/__init__.py} when other packages nest inside {@code a.b}), and an empty
 * {@code __init__.py} for each directory on the way.
 */
public final class PythonEmitter {
    private final TemplateRenderer renderer = new TemplateRenderer("dev/cser/compiler/codegen/python/python.stg");

    /** Whether to generate the JSON mapping of values (SPEC §11) too ({@code cserc --json}). */
    private final boolean json;

    public PythonEmitter() {
        this(false);
    }

    public PythonEmitter(boolean json) {
        this.json = json;
    }

    public List<GeneratedFile> emit(Schema schema) {
        List<GeneratedFile> files = new ArrayList<>();
        for (ModuleFile m : new PyModelBuilder(schema, json).modules()) {
            files.add(new GeneratedFile(m.fileName, renderer.render(m)));
        }
        return files;
    }
}
