package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.Generator;
import dev.cser.compiler.codegen.Names;
import dev.cser.compiler.codegen.OutputFile;
import dev.cser.compiler.codegen.PackageGroup;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.UnionType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The Python target: a module per schema package ({@code bench/media.py}, or
 * {@code a/b/__init__.py} when other packages nest inside {@code a.b}), and an empty
 * {@code __init__.py} for each directory on the way that holds no package of its own.
 */
public final class PythonGenerator implements Generator {
    private final PythonTarget target = new PythonTarget();

    @Override
    public PythonTarget target() {
        return target;
    }

    @Override
    public List<OutputFile> outputModel(Schema schema) {
        List<PackageGroup> packages = PackageGroup.of(schema);
        Set<String> packagePaths = new HashSet<>();
        packages.forEach(p -> packagePaths.add(String.join("/", target.modulePath(p.name()))));
        List<OutputFile> out = new ArrayList<>();
        Set<String> directories = new TreeSet<>();
        for (PackageGroup p : packages) {
            List<String> path = target.modulePath(p.name());
            String slashed = String.join("/", path);
            boolean hasChildren = packagePaths.stream().anyMatch(q -> q.startsWith(slashed + "/"));
            for (int i = 1; i < path.size(); i++) {
                directories.add(String.join("/", path.subList(0, i)));
            }
            out.add(new OutputFile(target.moduleFile(p.name(), hasChildren), module(p)));
        }
        for (String dir : directories) {
            if (!packagePaths.contains(dir)) {
                out.add(new OutputFile(target.packageInit(dir), new PackageInit()));
            }
        }
        return out;
    }

    private ModuleFile module(PackageGroup p) {
        List<Declaration> decls = p.declarations();
        Set<String> imports = new TreeSet<>();
        PythonItemBuilder builder = new PythonItemBuilder(target, new PythonTypeMapper(target, p.name(), imports), decls);
        List<Object> items = new ArrayList<>();
        List<Object> descriptors = new ArrayList<>();
        List<String> codecNames = new ArrayList<>();
        // Enums first: a field's default (`kind: Kind = Kind.PLAIN`) is evaluated when its class
        // is defined, and a schema may use a type before declaring it (SPEC §1).
        decls.stream().filter(d -> d instanceof EnumType).forEach(d -> items.add(builder.classOf(d)));
        for (Declaration d : decls) {
            if (!(d instanceof EnumType)) {
                items.add(builder.classOf(d));
                descriptors.add(builder.descriptorOf(d));
                codecNames.add(target.className(d.name()));
            }
        }
        List<ModuleFile.Import> importList = imports.stream()
                .map(q -> new ModuleFile.Import(target.moduleName(q), target.moduleAlias(q)))
                .toList();
        return new ModuleFile(p.name(), p.sources(), confusablesAllowed(p), target.docLines(p.doc()), importList,
                decls.stream().anyMatch(d -> d instanceof EnumType), !codecNames.isEmpty(),
                decls.stream().anyMatch(d -> d instanceof UnionType || d instanceof MessageType m && !m.isStruct()),
                codecNames, items,
                descriptors);
    }

    /**
     * Whether the module's text holds a character outside ASCII (other than those doc text
     * writes as escapes, Names.isEscapedInDoc): doc text (docstrings) or a
     * source file's name (the header comment). Ruff's RUF001-RUF003 flag characters that look
     * like ASCII ones (NO-BREAK SPACE, an EN DASH, a lone Cyrillic o), by a table and a per-word
     * rule of ruff's own that change between its versions; the doc text is the user's and stays
     * as written, so such a module starts with a file-level exemption from those rules (and from
     * RUF100, which would flag the exemption in a module whose characters ruff does not flag).
     */
    private static boolean confusablesAllowed(PackageGroup p) {
        List<String> texts = new ArrayList<>(p.sources());
        texts.add(p.doc());
        for (Declaration d : p.declarations()) {
            texts.add(d.doc());
            if (d instanceof MessageType m) {
                m.fields().forEach(f -> texts.add(f.doc()));
            } else if (d instanceof EnumType e) {
                e.members().forEach(x -> texts.add(x.doc()));
            } else if (d instanceof dev.cser.compiler.schema.UnionType u) {
                u.variants().forEach(v -> texts.add(v.doc()));
            }
        }
        return texts.stream().anyMatch(t -> t != null && t.codePoints().anyMatch(c -> c > 0x7E && !Names.isEscapedInDoc(c)));
    }
}
