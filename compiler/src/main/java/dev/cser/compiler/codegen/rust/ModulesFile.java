package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;
import java.util.List;

/**
 * {@code cser_modules.rs}: a module per package segment, each including its package's file,
 * and with {@code --json} the registry of every record, struct and union.
 *
 * @param recursionLimit the {@code #![recursion_limit]} the including crate needs, or null when
 *     rustc's default does ({@link RecursionLimit})
 */
public record ModulesFile(@ModelElement List<Module> modules, @ModelElement List<JsonTypeEntry> jsonTypes,
        Integer recursionLimit) {

    /**
     * A module: a package segment, with the file of the package of that name if there is one.
     *
     * @param include the package file it includes, or null
     * @param complexTypes whether that file spells a type clippy's type_complexity flags
     * @param selfNamedConstructor whether it declares a type named like its constructor decode
     */
    public record Module(String name, boolean notSnakeCase, boolean complexTypes, boolean selfNamedConstructor,
            List<String> doc, String include,
            @ModelElement List<Module> children) {}

    /**
     * A record, struct or union in the JSON registry: its schema name and its path from the root.
     *
     * @param record whether it is a record (which keeps unknown fields, SPEC §5.5.1)
     * @param union whether it is a union (which has no fields to patch)
     */
    public record JsonTypeEntry(String name, boolean record, boolean union, @ModelElement TypePath path) {}
}
