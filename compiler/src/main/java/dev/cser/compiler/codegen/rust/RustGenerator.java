package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.Generator;
import dev.cser.compiler.codegen.OutputFile;
import dev.cser.compiler.codegen.PackageGroup;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.UnionType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The Rust target: a file per schema package ({@code sakai.content.rs}) and
 * {@code cser_modules.rs}, the module tree that includes them ({@code cser::include_generated!()}).
 */
public final class RustGenerator implements Generator {
    /**
     * The standard names generated code uses. A schema may declare a type called {@code String},
     * {@code Option} or {@code Result} (SPEC only forbids the names of its own built-in types); in
     * that package the generated code spells the standard one by its full path (rust.stg's
     * {@code std}), so the schema's type keeps its name.
     */
    private static final Set<String> STD_NAMES = Set.of("String", "Vec", "Option", "Some", "None", "Box", "Result",
            "Ok", "Err", "Default", "DecodeError", "Reader", "Writer");

    /** The runtime names a package file imports unless a type of the package shadows them. */
    private static final List<String> RUNTIME_IMPORTS = List.of("DecodeError", "Reader", "Writer");

    private final RustTarget target = new RustTarget();

    @Override
    public RustTarget target() {
        return target;
    }

    @Override
    public List<OutputFile> outputModel(Schema schema) {
        List<PackageGroup> packages = PackageGroup.of(schema);
        RustItemBuilder items = new RustItemBuilder(target, schema);
        List<OutputFile> files = new ArrayList<>();
        for (PackageGroup p : packages) {
            List<Declaration> decls = p.declarations();
            Map<String, Boolean> shadowed = new TreeMap<>();
            for (Declaration d : decls) {
                String name = target.typeName(d.name());
                if (STD_NAMES.contains(name)) {
                    shadowed.put(name, true);
                }
            }
            List<Object> rendered = decls.stream().map(items::item).toList();
            boolean usesCodec = decls.stream().anyMatch(d -> !(d instanceof EnumType));
            List<String> imports = usesCodec
                    ? RUNTIME_IMPORTS.stream().filter(n -> !shadowed.containsKey(n)).toList() : List.of();
            files.add(new OutputFile(target.packageFile(p.name()),
                    new PackageFile(p.sources(), shadowed, imports, rendered)));
        }
        files.add(new OutputFile(RustTarget.MODULES_FILE, modules(packages)));
        return files;
    }

    /**
     * Every associated function without a receiver that the Rust templates write: clippy's
     * {@code self_named_constructors} goes by such a function's name and a return type that holds
     * Self ({@code values() -> &[Self]} too: schemagen seed 399, an enum {@code Values}). One that
     * returns no Self costs only an allow; LintCleanCodeTest reads the templates and checks that
     * none is missing.
     */
    private static final List<String> CONSTRUCTORS = List.of("canonical_named", "decode", "decode_content", "default",
            "from_json", "from_number", "read_body", "read_nested", "values", "variant_path");

    /** {@link #CONSTRUCTORS}, for the test that holds it to the templates. */
    public static List<String> receiverlessFunctions() {
        return CONSTRUCTORS;
    }

    /**
     * Whether clippy's {@code self_named_constructors} calls a generated constructor of {@code d}
     * self-named: its Rust name lowercased is the constructor's, with or without its underscores.
     */
    private boolean namedLikeAConstructor(Declaration d) {
        String lower = target.typeName(d.name()).toLowerCase(java.util.Locale.ROOT);
        return CONSTRUCTORS.stream().anyMatch(c -> c.equals(lower) || c.replace("_", "").equals(lower));
    }

    /** The recursion limit the types need, or null for rustc's default (RecursionLimit). */
    private static Integer recursionLimit(List<PackageGroup> packages) {
        int limit = RecursionLimit.needed(packages.stream().flatMap(p -> p.declarations().stream()).toList());
        return limit == 0 ? null : limit;
    }

    /** The module tree: a module per package segment, docs from the package's first file. */
    private ModulesFile modules(List<PackageGroup> packages) {
        ModuleNode top = new ModuleNode("");
        List<ModulesFile.JsonTypeEntry> jsonTypes = new ArrayList<>();
        for (PackageGroup p : packages) {
            List<String> modulePath = target.modulePath(p.name());
            List<String> fromRoot = new ArrayList<>();
            fromRoot.add("self");
            fromRoot.addAll(modulePath);
            for (Declaration d : p.declarations()) {
                if (!(d instanceof EnumType)) {
                    jsonTypes.add(new ModulesFile.JsonTypeEntry(d.qualifiedName(),
                            d instanceof MessageType m && !m.isStruct(), d instanceof UnionType,
                            new TypePath(fromRoot, target.typeName(d.name()))));
                }
            }
            ModuleNode m = top;
            for (String segment : modulePath) {
                m = m.child(segment);
            }
            m.include = target.packageFile(p.name());
            m.complexTypes = complexTypes(p);
            // clippy's self_named_constructors: a type named like a constructor of the generated
            // API (Decode and its decode, ReadNested and its read_nested), which keeps its name in
            // every type.
            m.selfNamedConstructor = p.declarations().stream().anyMatch(this::namedLikeAConstructor);
            m.doc = target.docLines(p.doc());
        }
        return new ModulesFile(top.children.stream().map(ModuleNode::toModule).toList(), jsonTypes,
                recursionLimit(packages));
    }

    /**
     * Whether a package spells a field or variant type that clippy's {@code type_complexity}
     * flags (schema types nest up to the depth limit: {@code list<map<K, list<...>>>}) where the
     * generated code uses it, as the type itself or inside a {@code Result<Option<T>, E>}. The
     * generated code spells every type as the schema writes it: the aliases clippy asks for
     * would be names the schema does not have.
     */
    private boolean complexTypes(PackageGroup p) {
        for (Declaration d : p.declarations()) {
            List<Field> fields = d instanceof MessageType m ? m.fields()
                    : d instanceof UnionType u ? u.variants() : List.of();
            RustTypeMapper mapper = new RustTypeMapper(target, d);
            for (Field f : fields) {
                // Inside Result<Option<T>, DecodeError> T is at nesting level 3, and the three
                // paths around it score 10 + 20 + 20.
                if (complexity(RustCodecBuilder.spell(mapper.map(f.type())), 3) + 50 > CLIPPY_TYPE_COMPLEXITY) {
                    return true;
                }
            }
        }
        return false;
    }

    /** clippy's default {@code type-complexity-threshold}. */
    static final int CLIPPY_TYPE_COMPLEXITY = 250;

    /**
     * clippy's {@code type_complexity} score of a spelled type at a nesting level (the top type is
     * at 1): each path ({@code i32}, {@code Vec}, {@code ::cser::IndexMap}, a generated type)
     * scores 10 times its level, and a path's type arguments are one level deeper.
     */
    static int complexity(TypeSpelling t, int nest) {
        int below;
        if (t instanceof TypeSpelling.ListType l) {
            below = complexity(l.element(), nest + 1);
        } else if (t instanceof TypeSpelling.OptionalListType l) {
            below = 10 * (nest + 1) + complexity(l.element(), nest + 2);
        } else if (t instanceof TypeSpelling.MapType m) {
            below = complexity(m.key(), nest + 1) + complexity(m.value(), nest + 1);
        } else if (t instanceof TypeSpelling.OptionalMapType m) {
            below = complexity(m.key(), nest + 1) + 10 * (nest + 1) + complexity(m.value(), nest + 2);
        } else if (t instanceof TypeSpelling.OptionType o) {
            below = complexity(o.inner(), nest + 1);
        } else if (t instanceof TypeSpelling.BytesType || t instanceof TypeSpelling.PackedType
                || t instanceof TypeSpelling.BoxedType) {
            below = 10 * (nest + 1);
        } else {
            below = 0;
        }
        return 10 * nest + below;
    }

    /** A module of the tree while it is built. */
    private static final class ModuleNode {
        final String name;
        List<String> doc = List.of();
        String include;
        boolean complexTypes;
        boolean selfNamedConstructor;
        final List<ModuleNode> children = new ArrayList<>();

        ModuleNode(String name) {
            this.name = name;
        }

        ModuleNode child(String segment) {
            for (ModuleNode m : children) {
                if (m.name.equals(segment)) {
                    return m;
                }
            }
            ModuleNode m = new ModuleNode(segment);
            children.add(m);
            return m;
        }

        ModulesFile.Module toModule() {
            // rustc's snake-case lint rejects a run of underscores inside a name.
            boolean notSnakeCase = name.replaceAll("_+$", "").contains("__");
            return new ModulesFile.Module(name, notSnakeCase, complexTypes, selfNamedConstructor, doc, include,
                    children.stream().map(ModuleNode::toModule).toList());
        }
    }
}
