package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ZeroBytes;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.UnionType;
import java.util.ArrayList;
import java.util.List;

/** Builds the Java output model of one declaration. */
public final class JavaModelBuilder {
    private JavaModelBuilder() {}

    /** A {@link MessageFile}, {@link EnumFile} or {@link UnionFile}, by what {@code d} is. */
    public static Object build(Declaration d, String sourcePath) {
        return build(d, sourcePath, false);
    }

    /**
     * A {@link MessageFile}, {@link EnumFile} or {@link UnionFile}, by what {@code d} is.
     *
     * @param json also generate the JSON mapping of values (SPEC §11, {@code cserc --json})
     */
    public static Object build(Declaration d, String sourcePath, boolean json) {
        if (d instanceof MessageType m) {
            return message(m, sourcePath, json);
        }
        if (d instanceof EnumType e) {
            return enumFile(e, sourcePath, json);
        }
        return union((UnionType) d, sourcePath, json);
    }

    private static MessageFile message(MessageType m, String sourcePath, boolean json) {
        JavaTypeMapper mapper = new JavaTypeMapper(m.packageName(), false);
        List<Field> fields = m.fields();
        List<String> names = JavaNames.unique(fields.stream().map(f -> JavaNames.member(f.name())).toList(),
                fields.stream().map(Field::id).toList());
        // First pass: the fields without their presence groups; second: attach each group to its first field.
        List<JavaField> plain = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            plain.add(field(fields.get(i), names.get(i), i, mapper, List.of(), 0));
        }
        List<JavaField> out = new ArrayList<>();
        for (int i = 0; i < fields.size(); i++) {
            Field f = fields.get(i);
            if (f.optionalSlot() >= 0 && f.optionalSlot() % 8 == 0) {
                int group = f.optionalSlot() / 8;
                List<JavaField> members = new ArrayList<>();
                int used = 0;
                for (int j = 0; j < fields.size(); j++) {
                    Field g = fields.get(j);
                    if (g.optionalSlot() >= 0 && g.optionalSlot() / 8 == group) {
                        used++;
                        if (!g.deprecated()) {
                            members.add(plain.get(j));
                        }
                    }
                }
                out.add(field(f, names.get(i), i, mapper, members, used));
            } else {
                out.add(plain.get(i));
            }
        }
        return new MessageFile(m.packageName(), JavaNames.className(m), m.qualifiedName(), sourcePath, m.isStruct(),
                JavaNames.javadoc(m.doc()), out, hex(CanonicalText.typeId(m)), hex(CanonicalText.fingerprint(m)), json);
    }

    private static JavaField field(Field f, String name, int index, JavaTypeMapper mapper, List<JavaField> group,
            int bitsUsed) {
        List<Integer> zero = new ArrayList<>();
        for (byte b : ZeroBytes.of(f.type())) {
            zero.add(b & 0xFF);
        }
        boolean starts = f.optionalSlot() >= 0 && f.optionalSlot() % 8 == 0;
        int bit = f.optionalSlot() >= 0 ? 1 << (f.optionalSlot() % 8) : 0;
        return new JavaField(f.name(), name, f.id(), index, mapper.map(f.type()), f.isOptional(), f.deprecated(), zero,
                JavaNames.javadoc(f.doc()), starts, bit, group, bitsUsed);
    }

    private static EnumFile enumFile(EnumType e, String sourcePath, boolean json) {
        List<EnumFile.Member> members = e.members().stream()
                .map(m -> new EnumFile.Member(m.name(), m.value(), JavaNames.javadoc(m.doc())))
                .toList();
        return new EnumFile(e.packageName(), JavaNames.className(e), e.qualifiedName(), sourcePath, JavaNames.javadoc(e.doc()),
                members, json);
    }

    private static UnionFile union(UnionType u, String sourcePath, boolean json) {
        JavaTypeMapper mapper = new JavaTypeMapper(u.packageName(), true);
        List<String> classNames = new ArrayList<>();
        for (Field v : u.variants()) {
            String cls = JavaNames.className(JavaNames.pascal(v.name()));
            // A nested class may not share its enclosing interface's name.
            classNames.add(cls.equals(JavaNames.className(u)) ? cls + "Variant" : cls);
        }
        classNames = JavaNames.unique(classNames, u.variants().stream().map(Field::id).toList());
        List<UnionFile.Variant> variants = new ArrayList<>();
        UnionFile.Variant zero = null;
        for (int i = 0; i < u.variants().size(); i++) {
            Field v = u.variants().get(i);
            UnionFile.Variant variant = new UnionFile.Variant(v.name(), classNames.get(i), v.id(), mapper.map(v.type()),
                    JavaNames.javadoc(v.doc()));
            variants.add(variant);
            if (v == u.zeroVariant()) {
                zero = variant;
            }
        }
        return new UnionFile(u.packageName(), JavaNames.className(u), u.qualifiedName(), sourcePath, JavaNames.javadoc(u.doc()),
                variants, zero, hex(CanonicalText.typeId(u)), hex(CanonicalText.fingerprint(u)), json);
    }

    private static String hex(long v) {
        return String.format("0x%016xL", v);
    }
}
