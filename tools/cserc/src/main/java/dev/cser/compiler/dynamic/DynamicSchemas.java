package dev.cser.compiler.dynamic;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.UnionType;
import dev.cser.dynamic.DynamicSchema;
import dev.cser.dynamic.EnumDescriptor;
import dev.cser.dynamic.FieldDescriptor;
import dev.cser.dynamic.MessageDescriptor;
import dev.cser.dynamic.Presence;
import dev.cser.dynamic.Scalar;
import dev.cser.dynamic.TypeDescriptor;
import dev.cser.dynamic.UnionDescriptor;
import dev.cser.dynamic.ValueType;
import dev.cser.dynamic.VariantDescriptor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Turns the compiler's linked schema model into the descriptors of the schema-driven codec
 * (runtimes/java/dynamic, {@code dev.cser.dynamic}), so {@code .cser} files can be read and
 * written with no generated code. Every wire fact — presence slots, groups, masks, the unknown
 * presence mask, the zero variant of a union, type ids and fingerprints — is taken from the
 * linked model, which computes each once for every target.
 */
public final class DynamicSchemas {
    private DynamicSchemas() {}

    /**
     * Compiles {@code files} (and what they import, looked up in {@code includeDirs} too) and
     * returns their types as a {@link DynamicSchema}.
     *
     * @throws SchemaException holding every error of the schema; format it with
     *     {@code DiagnosticFormatter} over {@link SchemaCompiler#sources()} for the
     *     {@code path:line:col: error: ...} messages, or use {@link #compile}
     */
    public static DynamicSchema load(List<Path> files, List<Path> includeDirs) throws SchemaException {
        return from(new SchemaCompiler(includeDirs).compile(files));
    }

    /**
     * Compiles with {@code compiler} (whose {@code sources()} then render any errors) and returns the types.
     *
     * @throws SchemaException holding every error of the schema
     */
    public static DynamicSchema compile(SchemaCompiler compiler, List<Path> files) throws SchemaException {
        return from(compiler.compile(files));
    }

    /** The descriptors of every type of a linked schema. */
    public static DynamicSchema from(Schema schema) {
        DynamicSchema.Builder builder = DynamicSchema.builder();
        for (Declaration d : schema.allDeclarations()) {
            builder.add(descriptor(d));
        }
        return builder.build();
    }

    private static TypeDescriptor descriptor(Declaration d) {
        if (d instanceof MessageType m) {
            List<FieldDescriptor> fields = new ArrayList<>();
            for (Field f : m.fields()) {
                fields.add(new FieldDescriptor(f.name(), f.id(), valueType(f.type()), f.deprecated(), presence(m, f)));
            }
            return new MessageDescriptor(m.qualifiedName(), m.isStruct(), fields, m.unknownPresenceMask(),
                    CanonicalText.typeId(m), CanonicalText.fingerprint(m));
        }
        if (d instanceof UnionType u) {
            List<VariantDescriptor> variants = new ArrayList<>();
            for (Field v : u.variants()) {
                variants.add(new VariantDescriptor(v.name(), v.id(), valueType(v.type())));
            }
            return new UnionDescriptor(u.qualifiedName(), variants, u.zeroVariant().name(), CanonicalText.typeId(u),
                    CanonicalText.fingerprint(u));
        }
        EnumType e = (EnumType) d;
        List<EnumDescriptor.Member> members = new ArrayList<>();
        for (EnumType.Member m : e.members()) {
            members.add(new EnumDescriptor.Member(m.name(), m.value()));
        }
        return new EnumDescriptor(e.qualifiedName(), members);
    }

    /** The presence facts of an optional field, null for any other. */
    private static Presence presence(MessageType m, Field f) {
        if (!f.isOptional()) {
            return null;
        }
        int groupSlots = m.presenceGroups().get(f.presenceGroup()).bitsUsed();
        return new Presence(f.optionalSlot(), f.presenceGroup(), f.presenceMask(), f.startsPresenceGroup(), groupSlots);
    }

    private static ValueType valueType(Type t) {
        if (t instanceof Type.PrimitiveType p) {
            return new ValueType.ScalarType(Scalar.bySchemaName(p.kind().schemaName()));
        }
        if (t instanceof Type.ListType l) {
            return new ValueType.ListType(valueType(l.element()));
        }
        if (t instanceof Type.MapType m) {
            return new ValueType.MapType(valueType(m.key()), valueType(m.value()));
        }
        if (t instanceof Type.OptionalType o) {
            return new ValueType.OptionalType(valueType(o.inner()));
        }
        return new ValueType.NamedType(((Type.NamedType) t).declaration().qualifiedName());
    }
}
