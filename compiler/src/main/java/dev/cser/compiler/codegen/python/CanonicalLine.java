package dev.cser.compiler.codegen.python;

import java.util.List;

/**
 * A type's piece of canonical schema text (SPEC §8.1), which its class returns from
 * {@code _cser_canonical()} for {@code cser.canonical_text}: its own line, without the newline
 * ({@code CanonicalText.lineOf}), and the classes of the other types that line names, each once,
 * in line order ({@code CanonicalText.named}). The classes are named in a function body, evaluated
 * only when called: they may be defined later in the module, or in a module still importing.
 */
public record CanonicalLine(String line, List<ClassRef> named) {}
