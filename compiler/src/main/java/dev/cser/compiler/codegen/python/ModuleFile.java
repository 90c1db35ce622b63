package dev.cser.compiler.codegen.python;

import java.util.List;

/** One generated module: the classes of one schema package, or an empty package {@code __init__.py}. */
public final class ModuleFile {
    /** A module the generated one imports: {@code import sakai.common as _pkg_sakai_common}. */
    public record Import(String module, String alias) {
        public String getModule() {
            return module;
        }

        public String getAlias() {
            return alias;
        }
    }

    /** The path of the file under the output directory: {@code bench/media.py}. */
    public final String fileName;
    /** The schema package, or null for a directory's {@code __init__.py} that holds no package. */
    public final String packageName;
    public final List<String> sources;
    public final List<String> doc;
    public final List<Import> imports;
    /** {@link MessageClass}es, {@link EnumClass}es and {@link UnionClass}es in declaration order. */
    public final List<Object> items;
    public final boolean usesEnum;
    /** Whether any item has a codec (records, structs, unions): it has descriptors. */
    public final boolean usesCodec;
    /** Whether the records, structs and unions get {@code to_json} / {@code from_json} (SPEC §11). */
    public final boolean json;

    /** The records, structs and unions, in declaration order: the types with a descriptor. */
    public List<Object> getCodecItems() {
        return items.stream().filter(i -> !(i instanceof EnumClass)).toList();
    }

    ModuleFile(String fileName, String packageName, List<String> sources, List<String> doc, List<Import> imports,
            List<Object> items, boolean usesEnum, boolean usesCodec, boolean json) {
        this.fileName = fileName;
        this.packageName = packageName;
        this.sources = sources;
        this.doc = doc;
        this.imports = imports;
        this.items = items;
        this.usesEnum = usesEnum;
        this.usesCodec = usesCodec;
        this.json = json;
    }
}
