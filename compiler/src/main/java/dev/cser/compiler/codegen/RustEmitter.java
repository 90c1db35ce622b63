package dev.cser.compiler.codegen;

import dev.cser.compiler.codegen.rust.PackageFile;
import dev.cser.compiler.codegen.rust.RustModelBuilder;
import dev.cser.compiler.schema.Schema;
import java.util.ArrayList;
import java.util.List;

/**
 * The Rust target: a file per schema package ({@code sakai.content.rs}) and
 * {@code cser_modules.rs}, the module tree that includes them ({@code cser::include_generated!()}).
 */
public final class RustEmitter {
    /** The file that includes every package file, nested as the packages are. */
    public static final String MODULES_FILE = "cser_modules.rs";

    private final TemplateRenderer renderer = new TemplateRenderer("dev/cser/compiler/codegen/rust/rust.stg");

    /** Whether to generate the JSON mapping of values (SPEC §11) too ({@code cserc --json}). */
    private final boolean json;

    public RustEmitter() {
        this(false);
    }

    public RustEmitter(boolean json) {
        this.json = json;
    }

    public List<GeneratedFile> emit(Schema schema) {
        RustModelBuilder builder = new RustModelBuilder(schema, json);
        List<GeneratedFile> files = new ArrayList<>();
        for (PackageFile p : builder.packages()) {
            files.add(new GeneratedFile(p.getFileName(), renderer.render(p)));
        }
        files.add(new GeneratedFile(MODULES_FILE, renderer.render(builder.modules())));
        return files;
    }
}
