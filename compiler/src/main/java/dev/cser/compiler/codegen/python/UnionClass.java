package dev.cser.compiler.codegen.python;

import java.util.List;

/** A union: a base class, and one subclass per variant holding its value. */
public final class UnionClass {
    public final String name;
    public final String qualifiedName;
    public final List<String> doc;
    /** One per variant; {@link PyField#name} is the variant's class name. */
    public final List<PyField> variants;
    /** The variant of the zero value (SPEC §3). */
    public final PyField zero;
    public final String typeId;
    public final String fingerprint;

    UnionClass(String name, String qualifiedName, List<String> doc, List<PyField> variants, PyField zero,
            String typeId, String fingerprint) {
        this.name = name;
        this.qualifiedName = qualifiedName;
        this.doc = doc;
        this.variants = variants;
        this.zero = zero;
        this.typeId = typeId;
        this.fingerprint = fingerprint;
    }

    public String getTemplate() {
        return "unionClass";
    }
}
