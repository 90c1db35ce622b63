package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.java.VariantCode.VariantFromJson;
import dev.cser.compiler.codegen.java.VariantCode.VariantRead;
import dev.cser.compiler.codegen.java.VariantCode.VariantRecord;
import dev.cser.compiler.codegen.java.VariantCode.VariantWrite;
import java.util.List;

/**
 * A union (SPEC §12.1): a sealed interface with one nested Java record per variant.
 *
 * @param name the interface name; {@code typeName} the qualified schema name
 * @param tags every variant's id and schema name, for decode error paths
 * @param zeroVariant the variant of the zero value (SPEC §3) and {@code zero} the value it holds
 * @param unknownClass the record holding an unknown variant (SPEC §5.7), {@code Unknown} unless
 *     the interface has that name
 * @param maxTag the highest variant id: an unknown variant's tag is above it
 */
public record UnionFile(String packageName, String sourcePath, String name, String typeName, List<String> doc,
        String typeId, String fingerprint, List<Tag> tags, Tag zeroVariant, @ModelElement ZeroValue zero,
        String unknownClass, int maxTag,
        @ModelElement List<VariantRecord> records, @ModelElement List<VariantWrite> writes,
        @ModelElement List<VariantRead> reads, @ModelElement List<VariantFromJson> fromJson,
        CanonicalCode canonical) {

    /** A variant's id, its record's class name and its schema name. */
    public record Tag(int id, String className, String schemaName) {}
}
