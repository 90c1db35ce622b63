package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;
import java.util.List;

/**
 * A type's piece of its canonical text (SPEC §8.1), which the generated code carries as an impl
 * of {@code cser::Canonical}: the runtime's {@code cser::canonical_text} puts the pieces of every
 * type a root reaches together.
 *
 * @param type the Rust name of the type
 * @param line its line of canonical text, without the newline ({@code CanonicalText.lineOf})
 * @param named how this package names the other types the line names, each once, in the line's
 *     order ({@code CanonicalText.named})
 */
public record CanonicalPieces(String type, String line, @ModelElement List<TypePath> named) {}
