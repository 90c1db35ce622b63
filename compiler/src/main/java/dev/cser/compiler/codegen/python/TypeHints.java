package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.ModelElement;

/** How a schema type is annotated (SPEC §12.3), one record per shape; python.stg spells each. */
public sealed interface TypeHints {
    /** A builtin: {@code int}, {@code str}, {@code bytes}, {@code float}, {@code bool}. */
    record BuiltinHint(String name) implements TypeHints {}

    /** A generated class: {@code Image}, {@code _pkg_chem.Atom}. */
    record ClassHint(ClassRef cls) implements TypeHints {}

    record ListHint(@ModelElement TypeHints element) implements TypeHints {}

    record DictHint(@ModelElement TypeHints key, @ModelElement TypeHints value) implements TypeHints {}

    /** {@code T | None}: an optional field, or an absent element or map value. */
    record OptionalHint(@ModelElement TypeHints inner) implements TypeHints {}
}
