package dev.cser.compiler.codegen.python;

import java.util.List;

/** A union: a base class, and one subclass per variant holding its value. */
public final class UnionClass {
    public final String name;
    public final String qualifiedName;
    /** The type's name in the schema: the first segment of JSON error paths ({@code MediaContent}). */
    public final String schemaName;
    public final List<String> doc;
    /** One per variant; {@link PyField#name} is the variant's class name. */
    public final List<PyField> variants;
    /** The variant of the zero value (SPEC §3). */
    public final PyField zero;
    public final String typeId;
    public final String fingerprint;
    /** Whether the class gets {@code to_json} / {@code from_json} (SPEC §11, {@code cserc --json}). */
    public final boolean json;

    UnionClass(String name, String qualifiedName, String schemaName, List<String> doc, List<PyField> variants, PyField zero,
            String typeId, String fingerprint, boolean json) {
        this.name = name;
        this.qualifiedName = qualifiedName;
        this.schemaName = schemaName;
        this.doc = doc;
        this.variants = variants;
        this.zero = zero;
        this.typeId = typeId;
        this.fingerprint = fingerprint;
        this.json = json;
    }

    /** The template of this type's descriptor (cser.codec). */
    public String getDescriptorTemplate() {
        return "descUnion";
    }

    public String getTemplate() {
        return "unionClass";
    }
}
