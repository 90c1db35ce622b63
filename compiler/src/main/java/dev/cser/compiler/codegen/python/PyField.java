package dev.cser.compiler.codegen.python;

import java.util.List;

/** A field of a generated class (record or struct), or a variant of a union. */
public final class PyField {
    /** The name as written in the schema. */
    public final String schemaName;
    /** The Python attribute name (escaped); for a union variant, the variant's class name. */
    public final String name;
    public final int id;
    /** The position among the message's fields (deprecated ones included): decode errors use it. */
    public final int index;
    /** The segment decode errors put in their path: {@code MediaContent.images}. */
    public final String path;
    /** The type held; for an optional field, the type inside the optional. */
    public final PyType type;
    public final boolean optional;
    public final boolean deprecated;
    /** For deprecated fields: the bytes of the zero value written in their place, as a bytes literal. */
    public final String zeroBytes;
    public final List<String> doc;
    /** For a union variant: its tag as a bytes literal (a varint). */
    public final String tagBytes;
    /** This field's optional slot starts a group of eight: the presence byte goes before it. */
    public final boolean startsPresenceGroup;
    /** For optional fields: the mask of its bit in its group's presence byte. */
    public final int presenceBit;
    /** For a group start: the optional fields of the group, in slot order (deprecated ones included). */
    public final List<PyField> presenceGroup;

    PyField(String schemaName, String name, int id, int index, String path, PyType type, boolean optional,
            boolean deprecated, String zeroBytes, List<String> doc, String tagBytes, boolean startsPresenceGroup,
            int presenceBit, List<PyField> presenceGroup) {
        this.schemaName = schemaName;
        this.name = name;
        this.id = id;
        this.index = index;
        this.path = path;
        this.type = type;
        this.optional = optional;
        this.deprecated = deprecated;
        this.zeroBytes = zeroBytes;
        this.doc = doc;
        this.tagBytes = tagBytes;
        this.startsPresenceGroup = startsPresenceGroup;
        this.presenceBit = presenceBit;
        this.presenceGroup = presenceGroup;
    }

    PyField withPresenceGroup(List<PyField> group) {
        return new PyField(schemaName, name, id, index, path, type, optional, deprecated, zeroBytes, doc, tagBytes,
                true, presenceBit, group);
    }

    /** In a struct: how many bits of the presence byte its group uses (the rest must be 0). */
    public int getPresenceBitsUsed() {
        return presenceGroup.size();
    }

    /** In a struct: a presence byte at or above this sets a bit past the group's slots. */
    public int getPresenceLimit() {
        return 1 << presenceGroup.size();
    }

    /**
     * The zero value is a fresh mutable object (a list, dict or message): the constructor takes
     * {@code None} for it and makes a new one, so instances never share a default.
     */
    public boolean isMutableZero() {
        return !optional && (type.isCollection() || type.kind.equals("packed") || type.kind.equals("message"));
    }
}
