package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.rust.JsonConversions.FromJson;
import dev.cser.compiler.codegen.rust.JsonConversions.ToJson;
import java.util.List;

/**
 * What a union's variants contribute to each part of its item, one record per part.
 * {@code union} is the Rust enum's name, {@code name} the variant's.
 */
public final class VariantCode {
    private VariantCode() {}

    public record VariantDecl(String name, List<String> doc, @ModelElement TypeSpelling type) {}

    /**
     * A match arm writing the variant's value (its tag is written before the match); {@code payload}:
     * in a payload of its own, with a length before it (any variant but a record, SPEC §5.7).
     */
    public record VariantWrite(String union, String name, boolean payload, @ModelElement Writes value) {}

    /** A match arm on the tag read; {@code payload} as for {@link VariantWrite}. */
    public record VariantRead(String union, String name, int id, boolean payload, @ModelElement Reads read) {}

    public record VariantToJson(String union, String name, String schemaName, @ModelElement ToJson value) {}

    public record VariantFromJson(String union, String name, String schemaName, String path,
            @ModelElement FromJson value) {}
}
