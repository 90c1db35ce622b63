package dev.cser.compiler.codegen;

import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.schema.Schema;
import java.util.List;

/** The Java target's files for a schema (see {@link JavaGenerator}). */
public final class JavaEmitter {
    private final GeneratorOptions options;

    public JavaEmitter() {
        this(false);
    }

    /** @param json also generate the JSON mapping of values (SPEC §11, {@code cserc --json}) */
    public JavaEmitter(boolean json) {
        this.options = new GeneratorOptions(json);
    }

    public List<GeneratedFile> emit(Schema schema) {
        return new Emitter(new JavaGenerator()).emit(schema, options);
    }
}
