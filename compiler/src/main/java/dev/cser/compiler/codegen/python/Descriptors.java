package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.python.ZeroValues.ZeroFactory;
import dev.cser.compiler.codegen.python.ZeroValues.ZeroValue;
import java.util.List;

/**
 * The descriptors a generated module hands to {@code cser.bind.bind} (runtimes/python/src/cser/
 * descriptors.py documents their shape), which the C accelerator and the runtime's Python
 * interpreter both run: one per record, struct and union, and one per type a field or variant
 * holds.
 */
public final class Descriptors {
    private Descriptors() {}

    public sealed interface TypeDescriptor {}

    /** {@code _d.I32}, {@code _d.STRING}: a scalar, by its schema name. */
    public record ScalarDescriptor(String constant) implements TypeDescriptor {}

    /** {@code (_d.LIST, _d.F64)}: a list of numbers or bools. */
    public record PackedDescriptor(String element) implements TypeDescriptor {}

    /** {@code (_d.ENUM, Size, _M_Size, "enum bench.media.Size")}. */
    public record EnumDescriptor(ClassRef cls, String schemaName) implements TypeDescriptor {}

    /** {@code (_d.REF, Image)}: a record, struct or union bound in the same call or before. */
    public record MessageDescriptor(ClassRef cls) implements TypeDescriptor {}

    public record ListDescriptor(@ModelElement TypeDescriptor element) implements TypeDescriptor {}

    public record OptionalListDescriptor(@ModelElement TypeDescriptor element) implements TypeDescriptor {}

    public record MapDescriptor(@ModelElement TypeDescriptor key, @ModelElement TypeDescriptor value)
            implements TypeDescriptor {}

    public record OptionalMapDescriptor(@ModelElement TypeDescriptor key, @ModelElement TypeDescriptor value)
            implements TypeDescriptor {}

    /**
     * A struct, {@code (_d.STRUCT, cls, "pkg.Name", "Name", fields, runs)}, or a record, which
     * also says where it keeps unknown presence bits (SPEC §5.5.1): {@code (_d.RECORD, cls,
     * "pkg.Name", "Name", fields, unknownField, unknownMask, runs)}.
     *
     * @param name the class
     * @param schemaName the type's schema name (the first segment of decode-error paths)
     * @param unknownField the index in {@code fields} of the field whose presence byte a newer
     *     schema may extend ({@code MessageType.extensiblePresenceGroup()}), or -1
     * @param unknownMask the bits of that byte the record does not use
     *     ({@code MessageType.unknownPresenceMask()}): a literal, {@code 0} without such a byte
     * @param runs the runs of fixed-width fields ({@code MessageType.fixedWidthRuns()}), which the
     *     Python interpreter reads and writes with one {@code struct.Struct} each
     */
    public record RecordDescriptor(boolean struct, String name, String qualifiedName, String schemaName,
            @ModelElement List<FieldDescriptor> fields, int unknownField, String unknownMask, List<FieldRun> runs) {}

    /**
     * A run of fixed-width fields: {@code (first, count)}, the index in the descriptor's fields
     * of its first field and how many fields it holds.
     */
    public record FieldRun(int first, int count) {}

    /**
     * A field: {@code (attribute, path, type, optional slot or -1, zero)}, where the zero is a
     * constant, a factory for a fresh one, {@code None} for an optional, or for a deprecated
     * field (no attribute) its zero value's bytes.
     *
     * @param zeroBytes for a deprecated field, the bytes literal of its zero value
     */
    public record FieldDescriptor(String attribute, boolean deprecated, boolean optional, String path, int slot,
            String zeroBytes, @ModelElement TypeDescriptor type, @ModelElement ZeroValue zero,
            @ModelElement ZeroFactory factory) {}

    /**
     * A union: {@code (_d.UNION, cls, "pkg.Name", "Name", variants, unknown_cls)}, the last the
     * subclass that holds an unknown variant (SPEC §5.7).
     */
    public record UnionDescriptor(String name, String qualifiedName, String schemaName,
            @ModelElement List<VariantDescriptor> variants, String unknownClass) {}

    /** A variant: {@code (tag, variant class, path, type)}. */
    public record VariantDescriptor(int id, String className, String path, @ModelElement TypeDescriptor type) {}
}
