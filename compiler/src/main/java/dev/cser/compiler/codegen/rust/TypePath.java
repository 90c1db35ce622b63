package dev.cser.compiler.codegen.rust;

import java.util.List;

/**
 * How generated code names a type: its bare name in the same package, otherwise a path up to
 * the root of the generated modules and down again ({@code super::super::sakai::common::Id}),
 * which works wherever the modules are included.
 *
 * @param segments the path's segments before the name ({@code super}, {@code self}, modules)
 * @param name the type's escaped name
 */
public record TypePath(List<String> segments, String name) {}
