package dev.cser.compiler.codegen.java;

import java.util.List;

/** The model of a generated union: a sealed interface with one Java record per variant. */
public final class UnionFile {
    /** A variant: the nested record's name, its tag and the Java type of its value. */
    public static final class Variant {
        public final String schemaName;
        public final String className;
        public final int id;
        public final JavaType type;
        public final List<String> doc;

        Variant(String schemaName, String className, int id, JavaType type, List<String> doc) {
            this.schemaName = schemaName;
            this.className = className;
            this.id = id;
            this.type = type;
            this.doc = doc;
        }
    }

    public final String packageName;
    public final String name;
    public final String typeName;
    public final String sourcePath;
    public final List<String> doc;
    public final List<Variant> variants;
    public final Variant zeroVariant;
    public final String typeId;
    public final String fingerprint;
    /** Whether to generate the JSON mapping (SPEC §11, {@code cserc --json}). */
    public final boolean json;

    UnionFile(String packageName, String name, String typeName, String sourcePath, List<String> doc,
            List<Variant> variants, Variant zeroVariant, String typeId, String fingerprint, boolean json) {
        this.packageName = packageName;
        this.name = name;
        this.typeName = typeName;
        this.sourcePath = sourcePath;
        this.doc = doc;
        this.variants = variants;
        this.zeroVariant = zeroVariant;
        this.typeId = typeId;
        this.fingerprint = fingerprint;
        this.json = json;
    }
}
