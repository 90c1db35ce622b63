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

    public final List<Module> modules;

    ModulesFile(List<Module> modules) {
        this.modules = modules;
    }
}
