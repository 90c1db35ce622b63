package dev.cser.compiler.compat;

import static dev.cser.compiler.compat.Direction.BACKWARD;
import static dev.cser.compiler.compat.Direction.BOTH;
import static dev.cser.compiler.compat.Direction.FORWARD;
import static dev.cser.compiler.compat.Severity.ERROR;
import static dev.cser.compiler.compat.Severity.NOTE;
import static dev.cser.compiler.compat.Severity.WARNING;

/**
 * Every rule of schema evolution (SPEC §9) that {@code cserc compat} checks: its severity, the
 * direction it breaks, and its message template ({@link String#format} arguments). The name is
 * the rule's code in {@code --format json}. compiler/README.md lists them with what each means.
 */
public enum Rule {
    // Declarations. Arguments: keyword, name, then as stated.
    /** Arguments: name, old keyword, new keyword, how the two are written. */
    KIND_CHANGED(ERROR, BOTH, "%s changed from %s to %s: %s; old and new readers disagree on its bytes"),
    TYPE_REMOVED(ERROR, BACKWARD, "%s %s removed: new readers have no type to read old messages or streams of it"),
    /** Arguments: keyword, old name, new name. */
    TYPE_RENAMED(WARNING, BOTH, "%s %s renamed to %s: its values are the same on the wire, but a stream of it"
            + " (SPEC §8) now starts with another type id, so readers of each version reject the other's streams"
            + " (wrong type)"),
    ENUM_RENAMED(NOTE, BOTH, "%s %s renamed to %s: compatible, names are not on the wire"),
    ENUM_REMOVED(NOTE, BOTH, "%s %s removed: compatible by itself (an enum is never the root of a message or"
            + " stream); the fields that held it are checked on their own"),
    TYPE_ADDED(NOTE, BOTH, "%s %s added"),

    // Fields of records and structs. Arguments: name, owner, then as stated.
    /** Arguments: name, owner, old type, new type. */
    FIELD_TYPE_CHANGED(ERROR, BOTH, "field '%s' of %s changed type from %s to %s: old and new readers disagree on"
            + " its bytes"),
    DEPRECATED_FIELD_TYPE_CHANGED(ERROR, BOTH, "deprecated field '%s' of %s changed type from %s to %s: a"
            + " deprecated field stays on the wire, so old and new readers disagree on its bytes"),
    FIELD_OPTIONALITY_CHANGED(ERROR, BOTH, "field '%s' of %s changed from %s to %s: an optional field has a"
            + " presence bit and a plain one has not (SPEC §5.4), so the presence bytes move and old and new"
            + " readers disagree on its bytes"),
    /** Arguments: name, owner, old id, new id. */
    FIELD_MOVED(ERROR, BOTH, "field '%1$s' of %2$s moved from id %3$d to id %4$d: fields are on the wire in id"
            + " order, so old and new readers disagree on which bytes are '%1$s'"),
    /** Arguments: name, owner, id, the old field of that id, its new id. */
    FIELD_INSERTED(ERROR, BOTH, "field '%s' of %s inserted at id %d, which was '%s' (now id %d): the fields"
            + " after it move on the wire; append a field after the last id instead"),
    /** Arguments: name, id, owner. */
    FIELD_REMOVED(ERROR, BOTH, "field '%1$s' (id %2$d) of %3$s removed: old data still has its bytes at id %2$d,"
            + " where any field given that id, now or later, would read them; mark it deprecated instead of"
            + " removing it"),
    /** Arguments: name, id, owner, what new readers of old data get. */
    FIELD_APPENDED(NOTE, BOTH, "field '%s' (id %d) appended to %s: compatible, old readers keep it as unknown"
            + " fields (SPEC §5.5.1) and new readers of old data get %s"),
    STRUCT_FIELD_ADDED(ERROR, BOTH, "field '%s' (id %d) added to struct %s: a struct never evolves: its values"
            + " have no length, so old and new readers disagree on where they end"),
    STRUCT_FIELD_REMOVED(ERROR, BOTH, "field '%s' (id %d) removed from struct %s: a struct never evolves: its"
            + " values have no length, so old and new readers disagree on where they end"),
    /** Arguments: old name, owner, new name. */
    FIELD_RENAMED(NOTE, BOTH, "field '%s' of %s renamed to '%s': compatible, names are not on the wire"),
    FIELD_DEPRECATED(NOTE, BOTH, "field '%s' of %s marked deprecated: compatible, it stays on the wire"),
    FIELD_UNDEPRECATED(NOTE, BOTH, "field '%s' of %s no longer deprecated: compatible, it was on the wire all"
            + " along"),

    // Union variants, with the same arguments as fields.
    VARIANT_TYPE_CHANGED(ERROR, BOTH, "variant '%s' of %s changed type from %s to %s: old and new readers"
            + " disagree on its bytes"),
    VARIANT_MOVED(ERROR, BOTH, "variant '%s' of %s moved from id %d to id %d: the id is its tag on the wire, so"
            + " old and new readers disagree on which variant a value holds"),
    VARIANT_INSERTED(ERROR, BOTH, "variant '%s' of %s inserted at id %d, which was '%s' (now id %d): old and"
            + " new readers disagree on which variant a tag means; add a variant after the last id instead"),
    VARIANT_ADDED(WARNING, FORWARD, "variant '%s' (id %d) added to %s: old readers reject values that use it"
            + " (unknown union tag)"),
    VARIANT_REMOVED(ERROR, BACKWARD, "variant '%s' (id %d) removed from %s: new readers reject old values that"
            + " use it (unknown union tag)"),
    VARIANT_RENAMED(NOTE, BOTH, "variant '%s' of %s renamed to '%s': compatible, names are not on the wire"),

    // Enum members. Arguments: member, number, enum, then as stated.
    MEMBER_ADDED(NOTE, FORWARD, "member %s = %d added to %s: compatible, old readers keep the unknown number and"
            + " write it back"),
    MEMBER_REMOVED(WARNING, BACKWARD, "member %1$s = %2$d removed from %3$s: new readers read %2$d in old data as an"
            + " unknown number (kept)"),
    /** Arguments: member, old number, enum, new number. */
    MEMBER_RENUMBERED(WARNING, BOTH, "member %1$s of %3$s changed number from %2$d to %4$d: the number is what"
            + " is on the wire, so old and new programs read each other's %1$s as another member or an unknown"
            + " number"),
    /** Arguments: old member, number, enum, new member. */
    MEMBER_RENAMED(NOTE, BOTH, "member %s = %d of %s renamed to %s: compatible, names are not on the wire");

    private final Severity severity;
    private final Direction direction;
    private final String template;

    Rule(Severity severity, Direction direction, String template) {
        this.severity = severity;
        this.direction = direction;
        this.template = template;
    }

    public Severity severity() {
        return severity;
    }

    public Direction direction() {
        return direction;
    }

    /** Renders this rule's message with the given arguments. */
    public String format(Object... args) {
        return String.format(template, args);
    }
}
