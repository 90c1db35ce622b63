package dev.cser.compiler.codegen.rust;

import java.util.ArrayList;
import java.util.List;

/** {@code cser_modules.rs}: the module tree of every package, each including its file. */
public final class ModulesFile {
    /** A module: a package segment, with the file of the package of that name if there is one. */
    public static final class Module {
        public final String name;
        public List<String> doc = List.of();
        public String include;
        public final List<Module> children = new ArrayList<>();

        Module(String name) {
            this.name = name;
        }

        public String getName() {
            return name;
        }

        Module child(String segment) {
            for (Module m : children) {
                if (m.name.equals(segment)) {
                    return m;
                }
            }
            Module m = new Module(segment);
            children.add(m);
            return m;
        }
    }

    /** A record, struct or union in the JSON registry: its schema name and its path from the root. */
    public record JsonType(String name, String path) {
        public String getName() {
            return name;
        }

        public String getPath() {
            return path;
        }
    }

    public final List<Module> modules;
    /** Whether to generate the registry {@code JSON_TYPES} ({@code cserc --json}). */
    public final boolean json;
    /** Every record, struct and union of every package, in package then declaration order. */
    public final List<JsonType> jsonTypes;

    ModulesFile(List<Module> modules, boolean json, List<JsonType> jsonTypes) {
        this.modules = modules;
        this.json = json;
        this.jsonTypes = jsonTypes;
    }
}
