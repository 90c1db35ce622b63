package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import java.util.List;

/**
 * The explicit type arguments of a runtime collection helper's call
 * ({@code CserCollections.<Long>readList}, {@code JsonValues.<Long>asList}), given from the third
 * level of nesting on and empty above. Without them javac infers each level's type from its
 * lambda's body, attributing the lambdas below it again for every level above: a type nested 32
 * deep (SPEC §2.1) would take it minutes.
 */
public record Witness(@ModelElement List<TypeSpelling> types) {}
