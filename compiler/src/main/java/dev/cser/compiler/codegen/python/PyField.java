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

    // A run of fixed-width fields (bool, i8, u8, f32, f64, neither optional nor deprecated) is
    // read and written with one precompiled struct.Struct. Set by PyModelBuilder on the run's
    // first field; the other members are not rendered on their own.

    /** On a run's first field: the fields of the run, this one first; empty otherwise. */
    public List<PyField> run = List.of();
    /** On a run's first field: the struct format ({@code <BbBB}) and its size in bytes. */
    public String runFormat;
    public int runWidth;
    /** This field belongs to a run and is not its first. */
    boolean inRun;
    /** The byte offset of this field within its run. */
    public int runOffset;

    /** On a run's first field: its bool members, whose bytes must be checked to be 0 or 1. */
    public List<PyField> getRunBools() {
        return run.stream().filter(f -> f.type.isBoolKind()).toList();
    }

    /** On a run's first field: its i8 and u8 members, range-checked before the pack. */
    public List<PyField> getRunInts() {
        return run.stream().filter(f -> f.type.kind.equals("i8") || f.type.kind.equals("u8")).toList();
    }

    /** Whether a run can hold this field: fixed width, present (not optional), not deprecated. */
    boolean isRunnable() {
        return !optional && !deprecated && switch (type.kind) {
            case "bool", "i8", "u8", "f32", "f64" -> true;
            default -> false;
        };
    }

    /** The struct format character and width of a runnable field. A bool is a byte checked to be 0 or 1. */
    String runCode() {
        return switch (type.kind) {
            case "i8" -> "b";
            case "f32" -> "f";
            case "f64" -> "d";
            default -> "B";
        };
    }

    int runBytes() {
        return switch (type.kind) {
            case "f32" -> 4;
            case "f64" -> 8;
            default -> 1;
        };
    }

    PyField withPresenceGroup(List<PyField> group) {
        return new PyField(schemaName, name, id, index, path, type, optional, deprecated, zeroBytes, doc, tagBytes,
                true, presenceBit, group);
    }

    /** The attribute of the value {@code v}: {@code v.width}. */
    public String getRef() {
        return "v." + name;
    }

    /** The JSON error path of this field's value, as a Python expression: {@code path + ".width"}. */
    public String getJsonPath() {
        return "path + \"." + schemaName + "\"";
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
