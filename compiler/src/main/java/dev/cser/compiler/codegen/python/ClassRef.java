package dev.cser.compiler.codegen.python;

/**
 * A generated class as another generated module names it: its name, and the alias of its
 * module when it is declared in another package ({@code _pkg_chem.Atom}); python.stg's
 * {@code qualified} template spells it, with a prefix for the module-level helpers that go with
 * the class ({@code _M_Size}, {@code _to_json_Image}, {@code _zero_Expr}).
 *
 * @param module the module alias, or null for the same module
 */
public record ClassRef(String module, String name) {}
