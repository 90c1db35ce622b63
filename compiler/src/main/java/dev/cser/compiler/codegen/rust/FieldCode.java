package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.rust.JsonConversions.FromJson;
import dev.cser.compiler.codegen.rust.JsonConversions.FromJsonFn;
import dev.cser.compiler.codegen.rust.JsonConversions.ToJson;
import dev.cser.compiler.codegen.rust.JsonConversions.ToJsonFn;
import java.util.List;

/**
 * What a record's or struct's fields contribute to each part of its item, one record per part.
 * {@code name} is the Rust field name, {@code schemaName} the name as written in the schema,
 * {@code path} the field's segment in decode-error paths ({@code MediaContent.images}).
 */
public final class FieldCode {
    private FieldCode() {}

    /** A field of the generated struct. */
    public record FieldDecl(String name, List<String> doc, @ModelElement TypeSpelling type) {}

    /**
     * Writing one field: the presence byte first when its group starts here, then the value (a
     * deprecated field's kept bytes or else its zero bytes, SPEC §5.5.1; an optional's value when
     * present, matched through {@code option}).
     *
     * @param id the field's id, under which a deprecated field's bytes are kept
     * @param presence for a group start, the group's slots (the byte's bits); empty otherwise
     * @param unknownPresence whether the byte written here is the one a record's unknown
     *     presence bits go into (SPEC §5.5.1): its offset is remembered for them
     * @param zeroBytes for a deprecated field, the bytes it takes when nothing is kept, as
     *     literals: its zero value's, none for an optional (absent)
     */
    public record FieldWrite(String schemaName, int id, boolean deprecated, boolean optional,
            List<PresenceSlot> presence, boolean unknownPresence, List<String> zeroBytes,
            @ModelElement ValueRef option, @ModelElement Writes value) implements WriteStep {}

    /** A step of writing a record's or struct's fields. */
    public sealed interface WriteStep {}

    /**
     * {@code w.checkpoint()} (the runtime's optimisation barrier) between two stretches of
     * {@link RustItemBuilder#CHECKPOINT_EVERY} fields of a wide record or struct.
     */
    public record WriteCheckpoint() implements WriteStep {}

    /**
     * A bit of a presence byte: set when the field is present; a deprecated field's when it keeps
     * bytes (SPEC §5.5.1), looked up by its {@code id}.
     */
    public record PresenceSlot(String name, boolean deprecated, int id) {}

    public sealed interface FieldRead {}

    /** {@code r.checkpoint()}: as {@link WriteCheckpoint}, in reading. */
    public record ReadCheckpoint() implements FieldRead {}

    /**
     * Reading one field of a record: a body that ends before it (an older writer) leaves it and
     * the fields after it at their zero values.
     *
     * @param presenceBit the mask of an optional field's bit in its group's byte
     * @param unknownMask when the byte of the record's unknown presence bits has been read
     *     before this field (SPEC §5.5.1), the mask of those bits, kept if the body ends here;
     *     null otherwise
     * @param deprecated a deprecated field's id and zero bytes, under which and unless equal to
     *     which the bytes read are kept (SPEC §5.5.1); null for any other field
     * @param read the expression reading the value; for a deprecated field, the reader given
     *     to the runtime ({@code Reader::read_deprecated})
     */
    public record RecordFieldRead(String name, String schemaName, String path, boolean optional,
            DeprecatedRead deprecated, boolean startsPresenceGroup, int presenceBit, String unknownMask,
            @ModelElement Reads read) implements FieldRead {}

    /**
     * What reading a deprecated field needs (SPEC §5.5.1): its id, and the bytes it takes when
     * nothing is kept as literals (its zero value's; none for an optional, absent).
     */
    public record DeprecatedRead(int id, List<String> zeroBytes) {}

    /**
     * Reading a run of consecutive non-optional string fields of a record with one call
     * ({@code Reader::read_string_fields}), which validates their UTF-8 in one pass where it can;
     * a body that ends before one of them leaves it and the rest at their zero values, as
     * {@link RecordFieldRead}s would.
     *
     * @param names the Rust field names, in order
     * @param paths their segments in decode-error paths, in the same order
     */
    public record StringRunRead(List<String> names, List<String> paths) implements FieldRead {}

    /**
     * Reading one field of a struct: every field is there; unused presence bits must be 0.
     *
     * @param presenceBitsUsed for a group start, how many bits of the byte its slots use
     * @param deprecated as for {@link RecordFieldRead}
     */
    public record StructFieldRead(String name, String schemaName, String path, boolean optional,
            DeprecatedRead deprecated, boolean startsPresenceGroup, int presenceBit, int presenceBitsUsed,
            @ModelElement Reads read) implements FieldRead {}

    /**
     * A member of {@code to_json}'s object: {@code value} converts the field, or for an optional
     * {@code function} converts what it holds.
     *
     * @param boxed an optional holding a Box, taken out with {@code as_deref}
     */
    public record FieldToJson(String name, String schemaName, boolean optional, boolean boxed,
            @ModelElement ToJsonFn function, @ModelElement ToJson value) {}

    /** A member {@code from_json} reads: a deprecated one is accepted and ignored. */
    public record FieldFromJson(String name, String schemaName, String path, boolean optional, boolean deprecated,
            @ModelElement FromJsonFn function, @ModelElement FromJson value) {}
}
