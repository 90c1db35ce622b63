package dev.cser.compiler.codegen.java;

import java.util.List;

/** The model of a generated record or struct class; rendered by the template of the same name. */
public final class MessageFile {
    public final String packageName;
    public final String name;
    public final String typeName;
    public final String sourcePath;
    public final boolean isStruct;
    public final boolean isRecord;
    public final List<String> doc;
    /** Every field in id order, deprecated ones included (the wire). */
    public final List<JavaField> fields;
    /** The fields of the generated API: not deprecated. */
    public final List<JavaField> apiFields;
    /** API fields that Java's default (0, false, null) does not already set to their zero value. */
    public final List<JavaField> initFields;
    /** Deprecated non-optional fields: each needs a constant with its zero value's bytes. */
    public final List<JavaField> deprecatedFields;
    public final String typeId;
    public final String fingerprint;
    /** Whether to generate the JSON mapping (SPEC §11, {@code cserc --json}). */
    public final boolean json;
    /** Every deprecated field, optional or not: JSON input ignores them. */
    public final List<JavaField> allDeprecatedFields;

    MessageFile(String packageName, String name, String typeName, String sourcePath, boolean isStruct,
            List<String> doc, List<JavaField> fields, String typeId, String fingerprint, boolean json) {
        this.packageName = packageName;
        this.name = name;
        this.typeName = typeName;
        this.sourcePath = sourcePath;
        this.isStruct = isStruct;
        this.isRecord = !isStruct;
        this.doc = doc;
        this.fields = fields;
        this.apiFields = fields.stream().filter(f -> !f.deprecated).toList();
        this.initFields = apiFields.stream().filter(f -> !f.optional && f.type.getNeedsInit()).toList();
        this.deprecatedFields = fields.stream().filter(f -> f.deprecated && !f.optional).toList();
        this.typeId = typeId;
        this.fingerprint = fingerprint;
        this.json = json;
        this.allDeprecatedFields = fields.stream().filter(f -> f.deprecated).toList();
    }

    /** Whether any field is optional, so the read methods need a presence byte. */
    public boolean isWithPresence() {
        return fields.stream().anyMatch(f -> f.optional);
    }
}
