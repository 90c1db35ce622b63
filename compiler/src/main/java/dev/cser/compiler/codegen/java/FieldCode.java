package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.java.JsonConversions.FromJson;
import dev.cser.compiler.codegen.java.JsonConversions.ToJson;
import dev.cser.compiler.codegen.java.ValueMethods.Show;
import java.util.List;

/**
 * What a record's or struct's fields contribute to each part of its class, one record per part.
 * {@code name} is the Java field name, {@code schemaName} the name as written in the schema.
 */
public final class FieldCode {
    private FieldCode() {}

    /** The bytes written for a deprecated field that is not optional, in the constant {@code ZERO_<constant>}. */
    public record ZeroConstant(String schemaName, String constant, List<Integer> bytes) {}

    public record FieldDeclaration(String name, @ModelElement TypeSpelling type) {}

    /** Sets a field whose zero value is not Java's default (0, false). */
    public record ZeroInit(String name, @ModelElement ZeroValue zero) {}

    public record ConstructorParameter(String name, @ModelElement TypeSpelling type) {}

    /**
     * Sets a field from the parameter of the same name.
     *
     * @param requiredReference a reference that may not be null (not optional, not a primitive)
     */
    public record FieldAssignment(String name, String schemaName, boolean requiredReference) {}

    /** The getter, {@code hasX} for an optional field, and the setter. */
    public record Accessors(String owner, String name, String schemaName, List<String> doc, String getter,
            String has, String setter, boolean optional, boolean requiredReference,
            @ModelElement TypeSpelling type) {

        /** A field's methods: {@code has} is null unless the field is optional. */
        public record Names(String getter, String has, String setter) {
            public List<String> all() {
                return has == null ? List.of(getter, setter) : List.of(getter, has, setter);
            }
        }
    }

    /**
     * Writing one field: the presence byte first when its group starts here, then the value (a
     * deprecated field's zero bytes; an optional's value when present).
     *
     * @param constant for a deprecated field, the suffix of its {@link ZeroConstant}
     * @param presence for a group start, its slots the API can see (a deprecated one is always absent)
     * @param unknownBits for the start of a record's last group with bits past its slots: the
     *     record's unknown presence bits are ORed into the byte (SPEC §5.5.1)
     * @param keptSlot for a deprecated field, its slot among the value's kept bytes
     *     ({@code dev.cser.DeprecatedFields}, SPEC §5.5.1); -1 for the others
     * @param keptPresence for a group start, its deprecated optional slots: set when their bytes were kept
     */
    public record FieldWrite(String name, String schemaName, String constant, boolean optional, boolean deprecated,
            boolean startsPresenceGroup, List<PresenceSlot> presence, boolean unknownBits,
            @ModelElement Writes write, String helperCall, int keptSlot, List<KeptPresence> keptPresence) {}

    /** A bit of a presence byte, set when the field is not null. */
    public record PresenceSlot(String name, int mask) {}

    /** A bit of a presence byte of a deprecated optional field, set when the value kept its bytes. */
    public record KeptPresence(int keptSlot, int mask) {}

    /**
     * Reading one field of a record: a body that ends before it (an older writer) leaves it and
     * the fields after it at their zero values. A deprecated field is read into a local of
     * {@code type} and dropped.
     *
     * @param index the field's index in FIELD_NAMES, for error paths
     * @param presenceBit the mask of an optional field's bit in its group's byte
     * @param keptSlot for a deprecated field, its slot among the value's kept bytes; -1 for the others
     * @param keptZero for a deprecated field that is not optional, the suffix of its
     *     {@link ZeroConstant} (bytes equal to it are not kept); else null
     */
    public record RecordFieldRead(int index, boolean optional, boolean deprecated, boolean startsPresenceGroup,
            int presenceBit, @ModelElement TypeSpelling type, @ModelElement Reads read, String helperCall,
            int keptSlot, String keptZero) {}

    /**
     * Reading one field of a struct: every field is there; unused presence bits must be 0.
     *
     * @param presenceBitsUsed for a group start, how many bits of the byte its slots use
     */
    public record StructFieldRead(int index, boolean optional, boolean deprecated, boolean startsPresenceGroup,
            int presenceBit, int presenceBitsUsed, @ModelElement TypeSpelling type, @ModelElement Reads read,
            String helperCall, int keptSlot, String keptZero) {}

    /**
     * The methods of their own that read and write a collection field of a record or struct
     * whose fields nest so much in all that its readBody would pass the JVM's 64 KiB of bytecode
     * (MessageFileBuilder.HELPER_WEIGHT): the record's methods then call them ({@code helperCall}
     * of the field's read and write) where they would hold the loops.
     *
     * @param write null for a deprecated field, which is written as its zero bytes
     */
    public record FieldHelper(int index, String schemaName, @ModelElement TypeSpelling type,
            @ModelElement Reads read, @ModelElement Writes write) {}

    /** After a record's body is read: a field the body did not reach, still null, gets its zero value. */
    public record ZeroFill(String name, @ModelElement ZeroValue zero) {}

    /** {@code name=value} in {@code toString}. */
    public record FieldShow(String schemaName, @ModelElement Show show) {}

    /** A member of {@code toJson}'s object; an absent optional is JSON null. */
    public record FieldToJson(String name, String schemaName, boolean optional, @ModelElement ToJson value) {}

    /** A member {@code fromJson} reads; JSON null makes an optional absent. */
    public record FieldFromJson(String name, String schemaName, boolean optional, @ModelElement FromJson value) {}
}
