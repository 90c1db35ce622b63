package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;
import java.util.List;
import java.util.Map;

/**
 * One generated file: the items of one schema package, included as a module by
 * {@link ModulesFile}. Its templates spell a standard name
 * by its full path where the package declares a type of that name ({@code shadowed}).
 *
 * @param sources the schema files declaring the package
 * @param runtimeImports the runtime names the file imports: those of {@code DecodeError},
 *     {@code Reader} and {@code Writer} that its items use and no type of the package shadows
 * @param items {@link MessageItem}s, {@link EnumItem}s and {@link UnionItem}s in declaration order
 */
public record PackageFile(List<String> sources, Map<String, Boolean> shadowed, List<String> runtimeImports,
        @ModelElement List<Object> items) {}
