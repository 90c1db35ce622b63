package dev.cser.compiler.compat;

import static dev.cser.compiler.compat.Direction.BACKWARD;
import static dev.cser.compiler.compat.Direction.BOTH;
import static dev.cser.compiler.compat.Direction.FORWARD;
import static dev.cser.compiler.compat.Severity.ERROR;
import static dev.cser.compiler.compat.Severity.NOTE;
import static dev.cser.compiler.compat.Severity.WARNING;

/**
 * Every rule of schema evolution (SPEC §9) that {@code cserc compat} checks: the direction it
 * breaks, its severity in each {@link Category} (wire, wire-json, source), and its message
 * template ({@link String#format} arguments). A change that makes a program misread data or reject
 * data it accepted is an error in every category; one that is safe on the wire but changes a name
 * the JSON mapping or the generated API uses is an error from that category on. The name is the
 * rule's code in {@code --format json} and in a config file's {@code ignore} lines.
 * compiler/README.md lists them with what each means.
 */
public enum Rule {
    // Declarations. Arguments: keyword, name, then as stated.
    /** Arguments: name, old keyword, new keyword, how the two are written. */
    KIND_CHANGED(BOTH, ERROR, ERROR, ERROR, "%s changed from %s to %s: %s; old and new readers disagree on its"
            + " bytes"),
    TYPE_REMOVED(BACKWARD, ERROR, ERROR, ERROR, "%s %s removed: new readers have no type to read old messages or"
            + " streams of it"),
    /** A type no other type holds: what streams and Kafka records carry. Arguments: keyword, old name, new name. */
    ROOT_TYPE_RENAMED(BOTH, ERROR, ERROR, ERROR, "%s %s renamed to %s: no other type holds it, so it is what"
            + " messages, streams and Kafka records carry, and they name it by its type id (SPEC §8), which"
            + " changes with its name: readers of each version reject the other's (wrong type)"),
    /** Arguments: keyword, old name, new name. */
    TYPE_RENAMED(BOTH, WARNING, WARNING, ERROR, "%s %s renamed to %s: compatible where other types hold it"
            + " (names are not on the wire), but a stream or Kafka record of it as its root names it by its"
            + " type id (SPEC §8), which changes with its name; and generated code names it anew"),
    ENUM_RENAMED(BOTH, NOTE, NOTE, ERROR, "%s %s renamed to %s: compatible on the wire and in JSON, where an"
            + " enum's own name is not; generated code names it anew"),
    ENUM_REMOVED(BOTH, NOTE, NOTE, ERROR, "%s %s removed: compatible on the wire by itself (an enum is never"
            + " the root of a message or stream; the fields that held it are checked on their own), but generated"
            + " code no longer has it"),
    TYPE_ADDED(BOTH, NOTE, NOTE, NOTE, "%s %s added"),

    // Fields of records and structs. Arguments: name, owner, then as stated.
    /** Arguments: name, owner, old type, new type. */
    FIELD_TYPE_CHANGED(BOTH, ERROR, ERROR, ERROR, "field '%s' of %s changed type from %s to %s: old and new"
            + " readers disagree on its bytes"),
    /** Arguments: name, owner, old type, new type. */
    FIELD_WIDENED(FORWARD, WARNING, WARNING, ERROR, "field '%s' of %s widened from %s to %s: new readers read"
            + " old data exactly; old readers read new values within the old type's range and reject the others"
            + " (out of range), never misreading them (SPEC §9); the generated field's type changes"),
    /** Arguments: name, owner, old type, new type. */
    FIELD_NARROWED(BACKWARD, WARNING, WARNING, ERROR, "field '%s' of %s narrowed from %s to %s: old readers"
            + " read new data exactly; new readers read old values within the new type's range and reject the"
            + " others (out of range), never misreading them (SPEC §9); the generated type changes"),
    DEPRECATED_FIELD_TYPE_CHANGED(BOTH, ERROR, ERROR, ERROR, "deprecated field '%s' of %s changed type from %s"
            + " to %s: a deprecated field stays on the wire, so old and new readers disagree on its bytes"),
    FIELD_OPTIONALITY_CHANGED(BOTH, ERROR, ERROR, ERROR, "field '%s' of %s changed from %s to %s: an optional"
            + " field has a presence bit and a plain one has not (SPEC §5.4), so the presence bytes move and old"
            + " and new readers disagree on its bytes"),
    /** Arguments: name, owner, old id, new id. */
    FIELD_MOVED(BOTH, ERROR, ERROR, ERROR, "field '%1$s' of %2$s moved from id %3$d to id %4$d: fields are on"
            + " the wire in id order, so old and new readers disagree on which bytes are '%1$s'"),
    /** Arguments: name, owner, id, the old field of that id, its new id. */
    FIELD_INSERTED(BOTH, ERROR, ERROR, ERROR, "field '%s' of %s inserted at id %d, which was '%s' (now id %d):"
            + " the fields after it move on the wire; append a field after the last id instead"),
    /** Arguments: name, id, owner. */
    FIELD_REMOVED(BOTH, ERROR, ERROR, ERROR, "field '%1$s' (id %2$d) of %3$s removed: old data still has its"
            + " bytes at id %2$d, where any field given that id, now or later, would read them; mark it deprecated"
            + " instead of removing it"),
    /** Arguments: name, id, owner, what new readers of old data get. */
    FIELD_APPENDED(BOTH, NOTE, NOTE, NOTE, "field '%s' (id %d) appended to %s: compatible, old readers keep it"
            + " as unknown fields (SPEC §5.5.1) and new readers of old data get %s"),
    STRUCT_FIELD_ADDED(BOTH, ERROR, ERROR, ERROR, "field '%s' (id %d) added to struct %s: a struct never"
            + " evolves: its values have no length, so old and new readers disagree on where they end"),
    STRUCT_FIELD_REMOVED(BOTH, ERROR, ERROR, ERROR, "field '%s' (id %d) removed from struct %s: a struct never"
            + " evolves: its values have no length, so old and new readers disagree on where they end"),
    /** Arguments: old name, owner, new name. */
    FIELD_RENAMED(BOTH, NOTE, ERROR, ERROR, "field '%s' of %s renamed to '%s': compatible on the wire (names"
            + " are not on it), but the JSON mapping (SPEC §11) keys the field by its name, and JSON readers of"
            + " each version reject the other's name"),
    FIELD_DEPRECATED(BOTH, NOTE, WARNING, WARNING, "field '%s' of %s marked deprecated: compatible on the wire,"
            + " where it stays; JSON (SPEC §11) no longer writes it, so JSON readers of new output get its zero"
            + " value"),
    FIELD_UNDEPRECATED(BOTH, NOTE, NOTE, NOTE, "field '%s' of %s no longer deprecated: compatible, it was on"
            + " the wire all along"),

    // Union variants, with the same arguments as fields.
    VARIANT_TYPE_CHANGED(BOTH, ERROR, ERROR, ERROR, "variant '%s' of %s changed type from %s to %s: old and new"
            + " readers disagree on its bytes"),
    VARIANT_WIDENED(FORWARD, WARNING, WARNING, ERROR, "variant '%s' of %s widened from %s to %s: new readers"
            + " read old data exactly; old readers read new values within the old type's range and reject the"
            + " others (out of range), never misreading them (SPEC §9); the generated type changes"),
    VARIANT_NARROWED(BACKWARD, WARNING, WARNING, ERROR, "variant '%s' of %s narrowed from %s to %s: old readers"
            + " read new data exactly; new readers read old values within the new type's range and reject the"
            + " others (out of range), never misreading them (SPEC §9); the generated type changes"),
    VARIANT_MOVED(BOTH, ERROR, ERROR, ERROR, "variant '%s' of %s moved from id %d to id %d: the id is its tag on"
            + " the wire, so old and new readers disagree on which variant a value holds"),
    VARIANT_INSERTED(BOTH, ERROR, ERROR, ERROR, "variant '%s' of %s inserted at id %d, which was '%s' (now id"
            + " %d): old and new readers disagree on which variant a tag means; add a variant after the last id"
            + " instead"),
    VARIANT_ADDED(FORWARD, NOTE, NOTE, WARNING, "variant '%s' (id %d) added to %s: compatible, old readers keep"
            + " values of it as unknown variants (SPEC §5.7) and write them back; code that matches every"
            + " variant gets a new case"),
    VARIANT_REMOVED(BACKWARD, ERROR, ERROR, ERROR, "variant '%1$s' (id %2$d) removed from %3$s: new readers keep"
            + " old values of it only as unknown variants, and a variant given id %2$d later would misread them;"
            + " keep the variant"),
    VARIANT_RENAMED(BOTH, NOTE, ERROR, ERROR, "variant '%s' of %s renamed to '%s': compatible on the wire (names"
            + " are not on it), but the JSON mapping (SPEC §11) names a union's variant, and JSON readers of"
            + " each version reject the other's name"),

    // Enum members. Arguments: member, number, enum, then as stated.
    MEMBER_ADDED(FORWARD, NOTE, NOTE, NOTE, "member %s = %d added to %s: compatible, old readers keep the"
            + " unknown number and write it back"),
    MEMBER_REMOVED(BACKWARD, ERROR, ERROR, ERROR, "member %1$s = %2$d removed from %3$s: new readers read %2$d"
            + " in old data as an unknown number, and a member given %2$d later would read it as itself; keep"
            + " the member"),
    /** Arguments: member, old number, enum, new number. */
    MEMBER_RENUMBERED(BOTH, ERROR, ERROR, ERROR, "member %1$s of %3$s changed number from %2$d to %4$d: the"
            + " number is what is on the wire, so old and new programs read each other's %1$s as another member"
            + " or an unknown number"),
    /** Arguments: old member, number, enum, new member. */
    MEMBER_RENAMED(BOTH, NOTE, ERROR, ERROR, "member %s = %d of %s renamed to %s: compatible on the wire (names"
            + " are not on it), but the JSON mapping (SPEC §11) writes a member by its name, and JSON readers"
            + " of each version reject the other's name");

    private final Direction direction;
    private final Severity wire;
    private final Severity json;
    private final Severity source;
    private final String template;

    Rule(Direction direction, Severity wire, Severity json, Severity source, String template) {
        this.direction = direction;
        this.wire = wire;
        this.json = json;
        this.source = source;
        this.template = template;
    }

    /** How much a finding of this rule matters when checking for {@code category}. */
    public Severity severity(Category category) {
        return switch (category) {
            case WIRE -> wire;
            case WIRE_JSON -> json;
            case SOURCE -> source;
        };
    }

    public Direction direction() {
        return direction;
    }

    /** Renders this rule's message with the given arguments. */
    public String format(Object... args) {
        return String.format(template, args);
    }
}
