package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.Names;
import dev.cser.compiler.codegen.java.ValueRef.JsonMember;
import dev.cser.compiler.codegen.java.ValueRef.OtherVariantValue;
import dev.cser.compiler.codegen.java.ValueRef.VariantValue;
import dev.cser.compiler.codegen.java.VariantCode.VariantFromJson;
import dev.cser.compiler.codegen.java.VariantCode.VariantRead;
import dev.cser.compiler.codegen.java.VariantCode.VariantRecord;
import dev.cser.compiler.codegen.java.VariantCode.VariantWrite;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.UnionType;
import java.util.ArrayList;
import java.util.List;

/** Builds the {@link UnionFile} of a union: a record per variant, named after it. */
final class UnionFileBuilder {
    private final JavaTarget target;

    UnionFileBuilder(JavaTarget target) {
        this.target = target;
    }

    UnionFile build(UnionType u, String sourcePath) {
        // Inside the interface a variant record may shadow a simple class name: qualify them all.
        JavaTypeMapper mapper = new JavaTypeMapper(target, u.packageName(), true);
        String union = target.className(u);
        List<Field> vs = u.variants();
        // Nested records are named in the interface's scope: the interface itself is taken. Their
        // class files (Union$Variant.class) share a directory: distinct ignoring case (SPEC §12.1).
        // The record of an unknown variant takes its name first: a variant named like it takes its id.
        String unknownClass = union.equals("Unknown") ? "UnknownVariant" : "Unknown";
        Names.Scope scope = Names.Scope.ignoringCase(List.of(unknownClass));
        List<String> classNames = new ArrayList<>();
        for (Field v : vs) {
            String n = variantClass(v, union);
            while (scope.isTaken(n) || n.equals(union)) {
                n = target.disambiguate(n, v.id());
            }
            classNames.add(scope.claim(n, v.id(), target::disambiguate));
        }
        List<UnionFile.Tag> tags = new ArrayList<>();
        UnionFile.Tag zeroVariant = null;
        JavaType zeroType = null;
        List<VariantRecord> records = new ArrayList<>();
        List<VariantWrite> writes = new ArrayList<>();
        List<VariantRead> reads = new ArrayList<>();
        List<VariantFromJson> fromJson = new ArrayList<>();
        for (int i = 0; i < vs.size(); i++) {
            Field v = vs.get(i);
            String className = classNames.get(i);
            JavaType type = mapper.map(v.type());
            TypeSpelling spelling = JavaCodecBuilder.spell(type);
            UnionFile.Tag tag = new UnionFile.Tag(v.id(), className, v.name());
            tags.add(tag);
            if (v == u.zeroVariant()) {
                zeroVariant = tag;
                zeroType = type;
            }
            records.add(record(union, tag, v, type));
            boolean payload = UnionType.hasPayloadLength(v);
            writes.add(new VariantWrite(v.id(), className, payload, spelling,
                    JavaCodecBuilder.write(type, new VariantValue())));
            reads.add(new VariantRead(v.id(), className, payload, spelling,
                    JavaCodecBuilder.read(type, new VariantValue())));
            fromJson.add(new VariantFromJson(className, v.name(), spelling,
                    JavaJsonBuilder.fromJson(type, new JsonMember())));
        }
        return new UnionFile(target.packageName(u.packageName()), sourcePath, union, u.qualifiedName(), target.docLines(u.doc()),
                target.hexLiteral(CanonicalText.typeId(u)), target.hexLiteral(CanonicalText.fingerprint(u)), tags,
                zeroVariant, JavaCodecBuilder.zero(zeroType), unknownClass, u.maxTag(), records, writes, reads, fromJson,
                CanonicalCode.of(u, mapper));
    }

    /** The variant's record: its name in PascalCase, which may not be the interface's own. */
    private String variantClass(Field v, String union) {
        String cls = target.className(Names.pascal(v.name()));
        return cls.equals(union) ? cls + "Variant" : cls;
    }

    private VariantRecord record(String union, UnionFile.Tag tag, Field v, JavaType type) {
        VariantValue value = new VariantValue();
        boolean deep = ValueMethodsBuilder.needsDeepEquality(type);
        return new VariantRecord(union, tag.className(), v.name(), v.id(), target.docLines(v.doc()),
                type.isPrimitive(), JavaCodecBuilder.spell(type),
                deep ? ValueMethodsBuilder.equality(type, value, new OtherVariantValue(tag.className())) : null,
                deep ? ValueMethodsBuilder.hash(type, value) : null,
                deep ? ValueMethodsBuilder.show(type, value) : null,
                JavaJsonBuilder.toJson(type, value));
    }
}
