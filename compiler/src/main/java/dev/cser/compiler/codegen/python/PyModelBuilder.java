package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.ZeroBytes;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.SchemaFile;
import dev.cser.compiler.schema.UnionType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Builds the Python output model: a {@link ModuleFile} per package, and an empty
 * {@code __init__.py} for every directory on the way that holds no package of its own. A package
 * is a module file ({@code bench/media.py}) unless another package nests inside it, in which
 * case it is the directory's {@code __init__.py}.
 */
public final class PyModelBuilder {
    private final Schema schema;
    /** Whether the classes get the JSON mapping of values (SPEC §11, {@code cserc --json}). */
    private final boolean json;

    public PyModelBuilder(Schema schema) {
        this(schema, false);
    }

    public PyModelBuilder(Schema schema, boolean json) {
        this.schema = schema;
        this.json = json;
    }

    public List<ModuleFile> modules() {
        Map<String, List<SchemaFile>> byPackage = byPackage();
        Set<String> packagePaths = new HashSet<>();
        byPackage.keySet().forEach(p -> packagePaths.add(String.join("/", PyNames.modulePath(p))));
        List<ModuleFile> out = new ArrayList<>();
        Set<String> directories = new TreeSet<>();
        for (var entry : byPackage.entrySet()) {
            List<String> path = PyNames.modulePath(entry.getKey());
            String slashed = String.join("/", path);
            boolean hasChildren = packagePaths.stream().anyMatch(p -> p.startsWith(slashed + "/"));
            String fileName = hasChildren ? slashed + "/__init__.py" : slashed + ".py";
            for (int i = 1; i < path.size(); i++) {
                directories.add(String.join("/", path.subList(0, i)));
            }
            out.add(module(entry.getKey(), entry.getValue(), fileName));
        }
        for (String dir : directories) {
            if (!packagePaths.contains(dir)) {
                out.add(new ModuleFile(dir + "/__init__.py", null, List.of(), List.of(), List.of(), List.of(),
                        false, false, false));
            }
        }
        return out;
    }

    private ModuleFile module(String pkg, List<SchemaFile> files, String fileName) {
        List<Declaration> decls = files.stream().flatMap(f -> f.declarations().stream()).toList();
        Set<String> declared = new HashSet<>();
        decls.forEach(d -> declared.add(PyNames.typeName(d)));
        Set<String> imports = new TreeSet<>();
        PyTypeMapper mapper = new PyTypeMapper(pkg, imports);
        List<Object> items = new ArrayList<>();
        // Enums first: a field's default (`kind: Kind = Kind.PLAIN`) is evaluated when its class
        // is defined, and a schema may use a type before declaring it (SPEC §1).
        for (Declaration d : decls) {
            if (d instanceof EnumType) {
                items.add(item(d, mapper, declared));
            }
        }
        for (Declaration d : decls) {
            if (!(d instanceof EnumType)) {
                items.add(item(d, mapper, declared));
            }
        }
        List<ModuleFile.Import> importList = imports.stream()
                .map(p -> new ModuleFile.Import(PyNames.moduleName(p), PyNames.moduleAlias(p)))
                .toList();
        boolean usesEnum = decls.stream().anyMatch(d -> d instanceof EnumType);
        boolean usesCodec = decls.stream().anyMatch(d -> !(d instanceof EnumType));
        return new ModuleFile(fileName, pkg, files.stream().map(SchemaFile::path).toList(),
                PyNames.doc(files.get(0).doc()), importList, items, usesEnum, usesCodec,
                json && usesCodec);
    }

    private Map<String, List<SchemaFile>> byPackage() {
        Map<String, List<SchemaFile>> byPackage = new LinkedHashMap<>();
        schema.files().stream()
                .sorted((a, b) -> a.packageName().compareTo(b.packageName()))
                .forEach(f -> byPackage.computeIfAbsent(f.packageName(), k -> new ArrayList<>()).add(f));
        return byPackage;
    }

    private Object item(Declaration d, PyTypeMapper mapper, Set<String> declared) {
        String name = PyNames.typeName(d);
        List<String> doc = PyNames.doc(d.doc());
        if (d instanceof EnumType e) {
            List<EnumClass.Member> members = e.members().stream()
                    .map(m -> new EnumClass.Member(PyNames.className(m.name()), m.value(), PyNames.doc(m.doc())))
                    .toList();
            return new EnumClass(name, d.qualifiedName(), doc, members);
        }
        if (d instanceof UnionType u) {
            List<PyField> variants = new ArrayList<>();
            PyField zero = null;
            for (int i = 0; i < u.variants().size(); i++) {
                Field v = u.variants().get(i);
                String className = variantClass(name, v.name(), declared);
                PyField f = new PyField(v.name(), className, v.id(), d.name() + "." + v.name(),
                        mapper.map(v.type(), "x" + i), false, false, null, PyNames.doc(v.doc()), -1);
                variants.add(f);
                if (v == u.zeroVariant()) {
                    zero = f;
                }
            }
            return new UnionClass(name, d.qualifiedName(), d.name(), doc, variants, zero,
                    hex(CanonicalText.typeId(d)), hex(CanonicalText.fingerprint(d)), json);
        }
        MessageType m = (MessageType) d;
        List<Field> fs = m.fields();
        List<String> names = PyNames.unique(fs.stream().map(f -> PyNames.field(f.name())).toList(),
                fs.stream().map(Field::id).toList());
        List<PyField> fields = new ArrayList<>();
        for (int i = 0; i < fs.size(); i++) {
            Field f = fs.get(i);
            fields.add(new PyField(f.name(), names.get(i), f.id(), d.name() + "." + f.name(),
                    mapper.map(f.type(), "x" + i), f.isOptional(), f.deprecated(),
                    f.deprecated() ? bytesLiteral(ZeroBytes.of(f.type())) : null, PyNames.doc(f.doc()),
                    f.optionalSlot()));
        }
        return new MessageClass(name, d.qualifiedName(), d.name(), m.isStruct(), doc, fields,
                hex(CanonicalText.typeId(d)), hex(CanonicalText.fingerprint(d)), json);
    }

    /** {@code Expr} + {@code lit} → {@code ExprLit}; a suffix if that names a declared type. */
    private static String variantClass(String union, String variant, Set<String> declared) {
        String n = union + PyNames.pascal(variant);
        return declared.contains(n) ? n + "Variant" : n;
    }

    /** A Python bytes literal: {@code b"\x00\x01"}. */
    private static String bytesLiteral(byte[] bytes) {
        StringBuilder b = new StringBuilder("b\"");
        for (byte x : bytes) {
            b.append(String.format("\\x%02x", x & 0xFF));
        }
        return b.append('"').toString();
    }

    private static String hex(long v) {
        return String.format("0x%016X", v);
    }
}
