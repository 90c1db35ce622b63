package dev.cser.compiler.codegen.rust;

import java.util.List;

/** One generated file: the items of one schema package, included as a module. */
public final class PackageFile {
    public final String packageName;
    /** The schema files declaring the package. */
    public final List<String> sources;
    public final StdNames std;
    /** {@link MessageItem}s, {@link EnumItem}s and {@link UnionItem}s in declaration order. */
    public final List<Object> items;
    /** Whether any item reads or writes through the runtime's Reader and Writer. */
    public final boolean usesCodec;
    /** Whether to generate the JSON mapping (SPEC §11): {@code to_json} and {@code from_json}. */
    public final boolean json;

    PackageFile(String packageName, List<String> sources, StdNames std, List<Object> items, boolean usesCodec,
            boolean json) {
        this.packageName = packageName;
        this.sources = sources;
        this.std = std;
        this.items = items;
        this.usesCodec = usesCodec;
        this.json = json;
    }

    public String getFileName() {
        return packageName + ".rs";
    }
}
