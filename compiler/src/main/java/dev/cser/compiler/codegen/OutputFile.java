package dev.cser.compiler.codegen;

/**
 * One file a generator will write: its path under the output root and the root object of its
 * output model, which the {@link OutputModelWalker} renders.
 */
public record OutputFile(String path, Object model) {}
