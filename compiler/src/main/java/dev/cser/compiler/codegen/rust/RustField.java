package dev.cser.compiler.codegen.rust;

import java.util.List;

/** A field of a generated struct (record or struct), or a variant of a generated enum (union). */
public final class RustField {
    /** The name as written in the schema. */
    public final String schemaName;
    /** The Rust field name (snake_case, escaped) or variant name (PascalCase). */
    public final String name;
    public final int id;
    /** The segment decode errors put in their path: {@code MediaContent.images}. */
    public final String path;
    /** The type held; for an optional field, the type inside the Option. */
    public final RustType type;
    public final boolean optional;
    public final boolean deprecated;
    /** For deprecated fields: the bytes of the zero value written in its place, as hex literals. */
    public final List<String> zeroBytes;
    public final List<String> doc;
    /** This field's optional slot starts a group of eight: the presence byte goes before it. */
    public final boolean startsPresenceGroup;
    /** For optional fields: the mask of its bit in its group's presence byte. */
    public final int presenceBit;
    /** For a group start: the optional fields of the group, in slot order (deprecated ones included). */
    public final List<RustField> presenceGroup;

    RustField(String schemaName, String name, int id, String path, RustType type, boolean optional,
            boolean deprecated, List<String> zeroBytes, List<String> doc, boolean startsPresenceGroup,
            int presenceBit, List<RustField> presenceGroup) {
        this.schemaName = schemaName;
        this.name = name;
        this.id = id;
        this.path = path;
        this.type = type;
        this.optional = optional;
        this.deprecated = deprecated;
        this.zeroBytes = zeroBytes;
        this.doc = doc;
        this.startsPresenceGroup = startsPresenceGroup;
        this.presenceBit = presenceBit;
        this.presenceGroup = presenceGroup;
    }

    RustField withPresenceGroup(List<RustField> group) {
        return new RustField(schemaName, name, id, path, type, optional, deprecated, zeroBytes, doc, true,
                presenceBit, group);
    }

    /** How a write passes the field: by value when Copy, else by reference. */
    public String getRef() {
        return (type.copy && !optional ? "" : "&") + "self." + name;
    }

    /** The field by reference, for the JSON conversions. */
    public String getRefJson() {
        return "&self." + name;
    }

    /** The field as the receiver of a method call. */
    public String getRecv() {
        return "self." + name;
    }

    /** In a struct: how many bits of the presence byte its group uses (the rest must be 0). */
    public int getPresenceBitsUsed() {
        return presenceGroup.size();
    }

    /** A Copy optional is matched by value ({@code if let Some(value) = self.x}), else by reference. */
    public String getOptionRef() {
        return (type.copy ? "" : "&") + "self." + name;
    }
}
