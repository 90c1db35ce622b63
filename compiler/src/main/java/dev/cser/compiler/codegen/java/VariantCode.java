package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.java.JsonConversions.FromJson;
import dev.cser.compiler.codegen.java.JsonConversions.ToJson;
import dev.cser.compiler.codegen.java.ValueMethods.Equality;
import dev.cser.compiler.codegen.java.ValueMethods.HashCode;
import dev.cser.compiler.codegen.java.ValueMethods.Show;
import java.util.List;

/**
 * What a union's variants contribute to each part of its interface, one record per part.
 * {@code className} is the variant's record, {@code schemaName} the variant as written in the schema.
 */
public final class VariantCode {
    private VariantCode() {}

    /**
     * The nested record of a variant, holding its {@code value}.
     *
     * @param union the interface it implements
     * @param primitive whether the value is a Java primitive (else null is rejected)
     * @param equality with {@code hash} and {@code show}, set when the record's own equals would
     *     compare an array by identity: the record overrides them; null otherwise
     */
    public record VariantRecord(String union, String className, String schemaName, int id, List<String> doc,
            boolean primitive, @ModelElement TypeSpelling type, @ModelElement Equality equality,
            @ModelElement HashCode hash, @ModelElement Show show, @ModelElement ToJson toJson) {}

    /**
     * A case on the tag writing the variant's value (its tag is written before); {@code payload}
     * when the value gets a payload length of its own (not a record, SPEC §5.7).
     */
    public record VariantWrite(int id, String className, boolean payload, @ModelElement TypeSpelling type,
            @ModelElement Writes write) {}

    /** A case on the tag read; {@code payload} as for {@link VariantWrite}. */
    public record VariantRead(int id, String className, boolean payload, @ModelElement TypeSpelling type,
            @ModelElement Reads read) {}

    /** A case on the one key of the JSON object. */
    public record VariantFromJson(String className, String schemaName, @ModelElement TypeSpelling type,
            @ModelElement FromJson value) {}
}
