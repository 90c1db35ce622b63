package dev.cser.compiler.codegen;

import dev.cser.compiler.codegen.java.JavaModelBuilder;
import dev.cser.compiler.codegen.java.JavaNames;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.Schema;
import java.util.ArrayList;
import java.util.List;

/** The Java target: one source file per declaration, under a directory per package. */
public final class JavaEmitter {
    private final TemplateRenderer renderer = new TemplateRenderer("dev/cser/compiler/codegen/java/java.stg");

    /** Whether to generate the JSON mapping of values (SPEC §11) too ({@code cserc --json}). */
    private final boolean json;

    public JavaEmitter() {
        this(false);
    }

    public JavaEmitter(boolean json) {
        this.json = json;
    }

    public List<GeneratedFile> emit(Schema schema) {
        List<GeneratedFile> files = new ArrayList<>();
        for (var file : schema.files()) {
            for (Declaration d : file.declarations()) {
                Object model = JavaModelBuilder.build(d, file.path(), json);
                String path = d.packageName().replace('.', '/') + "/" + JavaNames.className(d) + ".java";
                files.add(new GeneratedFile(path, renderer.render(model)));
            }
        }
        return files;
    }
}
