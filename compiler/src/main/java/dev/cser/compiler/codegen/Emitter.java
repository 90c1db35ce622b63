package dev.cser.compiler.codegen;

import dev.cser.compiler.schema.Schema;
import java.util.ArrayList;
import java.util.List;

/** Renders a generator's output model into files, with the options of the command line. */
public final class Emitter {
    private final Generator generator;
    private final OutputModelWalker walker;

    public Emitter(Generator generator) {
        this.generator = generator;
        this.walker = new OutputModelWalker(generator.target().templateGroup());
    }

    public List<GeneratedFile> emit(Schema schema, GeneratorOptions options) {
        List<GeneratedFile> files = new ArrayList<>();
        for (OutputFile f : generator.outputModel(schema)) {
            files.add(new GeneratedFile(generator.target().name(), f.path(), walker.render(f.model(), options)));
        }
        return files;
    }
}
