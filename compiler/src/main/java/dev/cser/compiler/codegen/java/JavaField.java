package dev.cser.compiler.codegen.java;

import java.util.List;

/** A field of a generated record or struct class, as the templates need it. */
public final class JavaField {
    /** The name as written in the schema (used in toString, errors and JSON). */
    public final String schemaName;
    /** The Java field and parameter name: camelCase, escaped. */
    public final String name;
    public final String getter;
    public final String setter;
    /** {@code hasX} for optional fields. */
    public final String has;
    public final int id;
    /** Index in the message's FIELD_NAMES array (id order, deprecated included). */
    public final int index;
    public final JavaType type;
    public final boolean optional;
    public final boolean deprecated;
    /** For deprecated fields: the name of the constant holding the zero value's bytes. */
    public final String zeroConstant;
    public final List<Integer> zeroBytes;
    public final List<String> doc;
    /** True when this field starts a group of eight optional slots: the presence byte goes first. */
    public final boolean startsPresenceGroup;
    /** For optional fields: the mask of its bit in its group's presence byte. */
    public final int presenceBit;
    /** For a group start: the non-deprecated optional fields of the group, to compute the byte. */
    public final List<JavaField> presenceGroup;
    /** For a group start in a struct: how many bits of the byte are used (the rest must be 0). */
    public final int presenceBitsUsed;

    JavaField(String schemaName, String name, int id, int index, JavaType type, boolean optional, boolean deprecated,
            List<Integer> zeroBytes, List<String> doc, boolean startsPresenceGroup, int presenceBit,
            List<JavaField> presenceGroup, int presenceBitsUsed) {
        this.schemaName = schemaName;
        this.name = name;
        this.getter = type.isBool() && schemaName.startsWith("is_") && schemaName.length() > 3
                ? JavaNames.accessor("is", schemaName.substring(3))
                : JavaNames.accessor(type.isBool() ? "is" : "get", schemaName);
        this.setter = JavaNames.accessor("set", schemaName);
        this.has = JavaNames.accessor("has", schemaName);
        this.id = id;
        this.index = index;
        this.type = type;
        this.optional = optional;
        this.deprecated = deprecated;
        this.zeroConstant = "ZERO_" + JavaNames.constant(schemaName);
        this.zeroBytes = zeroBytes;
        this.doc = doc;
        this.startsPresenceGroup = startsPresenceGroup;
        this.presenceBit = presenceBit;
        this.presenceGroup = presenceGroup;
        this.presenceBitsUsed = presenceBitsUsed;
    }

    /** Non-optional fields of reference type are never null: setters and constructors check. */
    public boolean isRequiredReference() {
        return !optional && !type.isPrimitive();
    }
}
