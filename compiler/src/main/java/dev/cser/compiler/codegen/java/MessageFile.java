package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.java.FieldCode.Accessors;
import dev.cser.compiler.codegen.java.FieldCode.FieldDeclaration;
import dev.cser.compiler.codegen.java.FieldCode.ZeroConstant;
import java.util.List;

/**
 * The class of a record or struct (SPEC §12.1): its fields, constructors, accessors, codec,
 * {@code equals}/{@code hashCode}/{@code toString} and, with {@code --json}, its JSON mapping.
 *
 * @param name the class name; {@code typeName} the qualified schema name
 * @param fieldNames every field's schema name in id order, deprecated ones included
 * @param zeroConstants a constant per deprecated field that is not optional: its zero bytes
 * @param declarations the fields of the API: those not deprecated
 * @param keptSlots how many deprecated fields it has: slots of the bytes a value keeps of them
 *     (SPEC §5.5.1, {@code dev.cser.DeprecatedFields}); {@code keeps} whether there are any
 * @param unknownPresenceMask a record's unknown presence bits as a Java literal ({@code 0xfe}), what
 *     {@code setUnknownFields} accepts (SPEC §5.5.1); null when its last presence byte has no free
 *     bit or it has none
 */
public record MessageFile(String packageName, String sourcePath, String name, String typeName, boolean struct,
        List<String> doc, String typeId, String fingerprint, List<String> fieldNames, String unknownPresenceMask,
        @ModelElement List<ZeroConstant> zeroConstants, @ModelElement List<FieldDeclaration> declarations,
        @ModelElement Constructors constructors, @ModelElement List<Accessors> accessors,
        @ModelElement MessageCodec codec, @ModelElement ObjectMethods objectMethods,
        @ModelElement MessageJson json, CanonicalCode canonical, int keptSlots, boolean keeps) {

    /**
     * The constructors: one holding every field's zero value, one taking every field of the API,
     * and the private one decoding uses.
     */
    public record Constructors(String name, @ModelElement List<FieldCode.ZeroInit> zeroInits,
            @ModelElement List<FieldCode.ConstructorParameter> parameters,
            @ModelElement List<FieldCode.FieldAssignment> assignments) {}

    /** {@code writeNested} and {@code readNested} with what they call, by the kind of message. */
    public sealed interface MessageCodec {}

    /**
     * A record's codec: a length, then the body; a body that ends early leaves the remaining
     * fields at their zero values ({@code zeroFills} sets those Java's default does not); bytes
     * after the last known field, and the bits of the last presence byte past its slots, are kept
     * as the value's unknown fields (SPEC §5.5.1) and written back.
     *
     * @param withPresence whether any field is optional, so reading needs a presence byte
     * @param unknownBits whether the last presence byte has bits past its slots, which decoding
     *     keeps (as {@code presence & unknownMask}) and encoding ORs back in
     * @param unknownMask those bits as a Java literal ({@code 0xfe}), when {@code unknownBits}
     * @param unknownGuarded when that byte is not the first presence byte: the {@code presence}
     *     local holds it only once reading has got to field {@code unknownFrom} (the {@code at}
     *     local is then at least that), else an earlier byte or 0
     */
    public record RecordCodec(String name, boolean withPresence, boolean unknownBits, String unknownMask,
            boolean unknownGuarded, int unknownFrom, @ModelElement List<FieldCode.FieldWrite> writes,
            @ModelElement List<FieldCode.RecordFieldRead> reads, @ModelElement List<FieldCode.ZeroFill> zeroFills,
            @ModelElement List<FieldCode.FieldHelper> helpers) implements MessageCodec {}

    /** A struct's codec: the fields, no framing; unused presence bits must be 0. */
    public record StructCodec(String name, boolean withPresence, @ModelElement List<FieldCode.FieldWrite> writes,
            @ModelElement List<FieldCode.StructFieldRead> reads, @ModelElement List<FieldCode.FieldHelper> helpers)
            implements MessageCodec {}

    /**
     * {@code equals}, {@code hashCode} and {@code toString} over the fields of the API, and a
     * record's unknown fields.
     */
    public record ObjectMethods(String name, boolean record, boolean keeps,
            @ModelElement List<ValueMethods.Equality> equalities,
            @ModelElement List<ValueMethods.HashCode> hashes, @ModelElement List<FieldCode.FieldShow> shows) {}

    /**
     * {@code toJson} and {@code fromJson} (SPEC §11).
     *
     * @param deprecatedNames every deprecated field's schema name: JSON input ignores them
     */
    public record MessageJson(String name, String typeName, List<String> deprecatedNames,
            @ModelElement List<FieldCode.FieldToJson> toJson, @ModelElement List<FieldCode.FieldFromJson> fromJson) {}
}
