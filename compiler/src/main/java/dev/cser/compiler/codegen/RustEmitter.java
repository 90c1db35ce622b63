package dev.cser.compiler.codegen;

import dev.cser.compiler.codegen.rust.RustGenerator;
import dev.cser.compiler.schema.Schema;
import java.util.List;

/** The Rust target's files for a schema (see {@link RustGenerator}). */
public final class RustEmitter {
    private final GeneratorOptions options;

    public RustEmitter() {
        this(false);
    }

    public RustEmitter(boolean json) {
        this.options = new GeneratorOptions(json);
    }

    public List<GeneratedFile> emit(Schema schema) {
        return new Emitter(new RustGenerator()).emit(schema, options);
    }
}
