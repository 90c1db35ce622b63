package dev.cser.compiler.codegen.python;

/** The {@code __init__.py} of a directory of nested schema packages that is no package itself. */
public record PackageInit() {}
