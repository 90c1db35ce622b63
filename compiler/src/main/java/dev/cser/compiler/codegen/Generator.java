package dev.cser.compiler.codegen;

import dev.cser.compiler.schema.Schema;
import java.util.List;

/** One target language: its {@link Target} and the builder of its output model. */
public interface Generator {
    Target target();

    /** Every file to write for {@code schema}, each as the root of its output model. */
    List<OutputFile> outputModel(Schema schema);
}
