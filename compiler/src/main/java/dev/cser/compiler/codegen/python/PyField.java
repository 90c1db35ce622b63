package dev.cser.compiler.codegen.python;

import java.util.List;

/** A field of a generated class (record or struct), or a variant of a union. */
public final class PyField {
    /** The name as written in the schema. */
    public final String schemaName;
    /** The Python attribute name (escaped); for a union variant, the variant's class name. */
    public final String name;
    public final int id;
    /** The segment decode errors put in their path: {@code MediaContent.images}. */
    public final String path;
    /** The type held; for an optional field, the type inside the optional. */
    public final PyType type;
    public final boolean optional;
    public final boolean deprecated;
    /** For deprecated fields: the bytes of the zero value written in their place, as a bytes literal. */
    public final String zeroBytes;
    public final List<String> doc;
    /** For optional fields: the optional slot (SPEC §5.4) from the linked schema; -1 otherwise. */
    public final int slot;

    PyField(String schemaName, String name, int id, String path, PyType type, boolean optional, boolean deprecated,
            String zeroBytes, List<String> doc, int slot) {
        this.schemaName = schemaName;
        this.name = name;
        this.id = id;
        this.path = path;
        this.type = type;
        this.optional = optional;
        this.deprecated = deprecated;
        this.zeroBytes = zeroBytes;
        this.doc = doc;
        this.slot = slot;
    }

    /** The attribute of the value {@code v}: {@code v.width}. */
    public String getRef() {
        return "v." + name;
    }

    /**
     * The zero value is a fresh mutable object (a list, dict or message): the constructor takes
     * {@code None} for it and makes a new one, so instances never share a default.
     */
    public boolean isMutableZero() {
        return !optional && type.isMutableZero();
    }
}
