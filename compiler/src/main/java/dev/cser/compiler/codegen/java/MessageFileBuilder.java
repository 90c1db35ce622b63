package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.Names;
import dev.cser.compiler.codegen.java.FieldCode.Accessors;
import dev.cser.compiler.codegen.java.FieldCode.ConstructorParameter;
import dev.cser.compiler.codegen.java.FieldCode.FieldAssignment;
import dev.cser.compiler.codegen.java.FieldCode.FieldDeclaration;
import dev.cser.compiler.codegen.java.FieldCode.FieldFromJson;
import dev.cser.compiler.codegen.java.FieldCode.FieldShow;
import dev.cser.compiler.codegen.java.FieldCode.FieldToJson;
import dev.cser.compiler.codegen.java.FieldCode.FieldWrite;
import dev.cser.compiler.codegen.java.FieldCode.PresenceSlot;
import dev.cser.compiler.codegen.java.FieldCode.RecordFieldRead;
import dev.cser.compiler.codegen.java.FieldCode.StructFieldRead;
import dev.cser.compiler.codegen.java.FieldCode.ZeroConstant;
import dev.cser.compiler.codegen.java.FieldCode.ZeroFill;
import dev.cser.compiler.codegen.java.FieldCode.ZeroInit;
import dev.cser.compiler.codegen.java.MessageFile.Constructors;
import dev.cser.compiler.codegen.java.MessageFile.MessageCodec;
import dev.cser.compiler.codegen.java.MessageFile.MessageJson;
import dev.cser.compiler.codegen.java.MessageFile.ObjectMethods;
import dev.cser.compiler.codegen.java.MessageFile.RecordCodec;
import dev.cser.compiler.codegen.java.MessageFile.StructCodec;
import dev.cser.compiler.codegen.java.ValueMethods.Equality;
import dev.cser.compiler.codegen.java.ValueMethods.HashCode;
import dev.cser.compiler.codegen.java.ValueRef.DecodedField;
import dev.cser.compiler.codegen.java.ValueRef.Discarded;
import dev.cser.compiler.codegen.java.ValueRef.JsonMember;
import dev.cser.compiler.codegen.java.ValueRef.OtherField;
import dev.cser.compiler.codegen.java.ValueRef.ThisField;
import dev.cser.compiler.codegen.java.ValueRef.VariantValue;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.PresenceGroup;
import dev.cser.compiler.schema.Primitive;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Builds the {@link MessageFile} of a record or struct: the wire facts (presence groups, zero
 * bytes) come from the linked schema model, the names from {@link JavaTarget}.
 */
final class MessageFileBuilder {
    private final JavaTarget target;
    /** The first segments of the schema's Java packages, which a field must not obscure. */
    private final Set<String> packageRoots;

    MessageFileBuilder(JavaTarget target, Set<String> packageRoots) {
        this.target = target;
        this.packageRoots = packageRoots;
    }

    /** One field as every part of the class sees it. */
    private record JavaField(Field field, String name, int index, JavaType type, Accessors.Names methods) {
        boolean api() {
            return !field.deprecated();
        }

        /** A reference that may not be null: neither optional nor a Java primitive. */
        boolean requiredReference() {
            return !field.isOptional() && !type.isPrimitive();
        }

        /** Not optional, and its zero value is not Java's default: constructors and decoding set it. */
        boolean needsZero() {
            return api() && !field.isOptional() && !JavaCodecBuilder.zeroIsDefault(type);
        }
    }

    MessageFile build(MessageType m, String sourcePath) {
        JavaTypeMapper mapper = new JavaTypeMapper(target, m.packageName(), false);
        List<Field> fs = m.fields();
        Names.Scope members = new Names.Scope(Set.of());
        Names.Scope methods = new Names.Scope(target.reservedMethods());
        List<JavaField> fields = new ArrayList<>();
        for (int i = 0; i < fs.size(); i++) {
            Field f = fs.get(i);
            JavaType type = mapper.map(f.type());
            // A field's private member and its accessors are named together (SPEC §12.1): when
            // any of them is taken by an earlier field (in id order) or a generated method, all
            // of them are named after the schema name with _<id> appended, until all are free.
            String schemaName = f.name();
            while (true) {
                String member = member(schemaName);
                Accessors.Names accessors = accessorNames(schemaName, type, f.isOptional());
                List<String> taken = f.deprecated() ? List.of() : accessors.all();
                if (!members.isTaken(member) && methods.claimAll(taken)) {
                    members.claim(member, f.id(), target::disambiguate);
                    fields.add(new JavaField(f, member, i, type, accessors));
                    break;
                }
                schemaName = schemaName + "_" + f.id();
            }
        }
        List<JavaField> api = fields.stream().filter(JavaField::api).toList();
        String name = target.className(m);
        return new MessageFile(target.packageName(m.packageName()), sourcePath, name, m.qualifiedName(), m.isStruct(),
                target.docLines(m.doc()), target.hexLiteral(CanonicalText.typeId(m)),
                target.hexLiteral(CanonicalText.fingerprint(m)), fs.stream().map(Field::name).toList(), unknownMask(m),
                fields.stream().filter(f -> f.field().deprecated() && !f.field().isOptional())
                        .map(f -> new ZeroConstant(f.field().name(), target.constant(f.field().name()),
                                signed(f.field().zeroBytes())))
                        .toList(),
                api.stream().map(f -> new FieldDeclaration(f.name(), JavaCodecBuilder.spell(f.type()))).toList(),
                constructors(name, api), api.stream().map(f -> accessors(name, f)).toList(), codec(m, name, fields),
                objectMethods(name, !m.isStruct(), keptSlots(m) > 0, api), json(m, name, fields),
                CanonicalCode.of(m, mapper), keptSlots(m), keptSlots(m) > 0);
    }

    /**
     * The parameter slots a JVM method may take (JVMS §4.3.3), {@code this} included: a long or a
     * double takes two.
     */
    private static final int MAX_PARAMETER_SLOTS = 255;

    private Constructors constructors(String name, List<JavaField> api) {
        // Past the JVM's limit there is no all-argument constructor (SPEC §12.1): such a value is
        // built with the no-argument constructor and the fluent setters.
        int slots = 1;
        for (JavaField f : api) {
            boolean wide = f.type().isPrimitive()
                    && (f.type().primitive() == Primitive.I64 || f.type().primitive() == Primitive.U64
                            || f.type().primitive() == Primitive.F64);
            slots += wide ? 2 : 1;
        }
        boolean allArguments = slots <= MAX_PARAMETER_SLOTS;
        return new Constructors(name,
                api.stream().filter(JavaField::needsZero)
                        .map(f -> new ZeroInit(f.name(), JavaCodecBuilder.zero(f.type()))).toList(),
                !allArguments ? List.of()
                        : api.stream().map(f -> new ConstructorParameter(f.name(), JavaCodecBuilder.spell(f.type()))).toList(),
                api.stream().map(f -> new FieldAssignment(f.name(), f.field().name(), f.requiredReference())).toList());
    }

    /** A field's member: camelCase, escaped, and not the first segment of a package. */
    private String member(String schemaName) {
        String member = target.member(schemaName);
        return packageRoots.contains(member) ? member + "_" : member;
    }

    private Accessors.Names accessorNames(String schemaName, JavaType type, boolean optional) {
        // A boolean (not an optional Boolean) is read with isX; is_x fields do not repeat the is.
        boolean bool = type.isPrimitive() && type.primitive() == Primitive.BOOL;
        String getter = bool && schemaName.startsWith("is_") && schemaName.length() > 3
                ? target.accessor("is", schemaName.substring(3))
                : target.accessor(bool ? "is" : "get", schemaName);
        List<String> names = target.together(java.util.Arrays.asList(getter,
                optional ? target.accessor("has", schemaName) : null, target.accessor("set", schemaName)));
        return new Accessors.Names(names.get(0), names.get(1), names.get(2));
    }

    private Accessors accessors(String owner, JavaField f) {
        Accessors.Names n = f.methods();
        return new Accessors(owner, f.name(), f.field().name(), target.docLines(f.field().doc()), n.getter(),
                n.has(), n.setter(), f.field().isOptional(), f.requiredReference(), JavaCodecBuilder.spell(f.type()));
    }

    /**
     * The nesting of a record's or struct's fields in all (a field 1 plus its type's levels) past
     * which its collection fields are read and written by methods of their own: each level is a
     * loop in the read and write methods, and a record of 1,000 fields of nested collections
     * passed the JVM's 64 KiB of bytecode a method.
     */
    static final int HELPER_WEIGHT = 256;

    private MessageCodec codec(MessageType m, String name, List<JavaField> fields) {
        boolean withPresence = fields.stream().anyMatch(f -> f.field().isOptional());
        boolean split = fields.stream().mapToInt(f -> 1 + f.field().type().nesting()).sum() > HELPER_WEIGHT;
        List<FieldCode.FieldHelper> helpers = new ArrayList<>();
        for (JavaField f : fields) {
            if (split && isCollection(f.field().type())) {
                helpers.add(new FieldCode.FieldHelper(f.index(), f.field().name(), JavaCodecBuilder.spell(f.type()),
                        JavaCodecBuilder.read(f.type(), new VariantValue()),
                        f.api() ? JavaCodecBuilder.write(f.type(), new VariantValue()) : null));
            }
        }
        java.util.Set<Integer> helped = new java.util.HashSet<>();
        helpers.forEach(h -> helped.add(h.index()));
        List<FieldWrite> writes = fields.stream()
                .map(f -> write(m, f, fields, helped.contains(f.index()) && f.api()
                        ? "writeField" + f.index() + "(w, this." + f.name() + ");" : null))
                .toList();
        java.util.function.Function<JavaField, String> readCall = f -> !helped.contains(f.index()) ? null
                : f.api() ? "msg." + f.name() + " = readField" + f.index() + "(r);" : "readField" + f.index() + "(r);";
        if (m.isStruct()) {
            List<StructFieldRead> reads = new ArrayList<>();
            for (JavaField f : fields) {
                Field field = f.field();
                PresenceGroup group = m.presenceGroupStartingAt(field);
                reads.add(new StructFieldRead(f.index(), field.isOptional(), field.deprecated(),
                        field.startsPresenceGroup(), field.presenceMask(), group == null ? 0 : group.bitsUsed(),
                        JavaCodecBuilder.spell(f.type()), read(f), readCall.apply(f), keptSlot(m, field),
                        keptZero(field)));
            }
            return new StructCodec(name, withPresence, writes, reads, helpers);
        }
        List<RecordFieldRead> reads = fields.stream()
                .map(f -> new RecordFieldRead(f.index(), f.field().isOptional(), f.field().deprecated(),
                        f.field().startsPresenceGroup(), f.field().presenceMask(), JavaCodecBuilder.spell(f.type()),
                        read(f), readCall.apply(f), keptSlot(m, f.field()), keptZero(f.field())))
                .toList();
        List<ZeroFill> zeroFills = fields.stream().filter(JavaField::needsZero)
                .map(f -> new ZeroFill(f.name(), JavaCodecBuilder.zero(f.type()))).toList();
        PresenceGroup extensible = m.extensiblePresenceGroup();
        return new RecordCodec(name, withPresence, extensible != null, unknownMask(m),
                extensible != null && extensible.index() > 0,
                extensible == null ? 0 : m.fields().indexOf(extensible.first()), writes, reads, zeroFills, helpers);
    }

    /** A list or map, optional or not: what is read and written with loops. */
    private static boolean isCollection(Type t) {
        Type inner = t instanceof Type.OptionalType o ? o.inner() : t;
        return inner instanceof Type.ListType || inner instanceof Type.MapType;
    }

    /**
     * The bits a record keeps as unknown presence bits (SPEC §5.5.1) as a Java int literal, null
     * when there are none.
     */
    private static String unknownMask(MessageType m) {
        int mask = m.unknownPresenceMask();
        return mask == 0 ? null : "0x" + Integer.toHexString(mask);
    }

    /** A deprecated field is read into a local and dropped; the others into the value decoded. */
    private static Reads read(JavaField f) {
        return JavaCodecBuilder.read(f.type(), f.api() ? new DecodedField(f.name()) : new Discarded());
    }

    private FieldWrite write(MessageType m, JavaField f, List<JavaField> fields, String helperCall) {
        Field field = f.field();
        PresenceGroup group = m.presenceGroupStartingAt(field);
        List<PresenceSlot> presence = group == null ? List.of()
                : group.liveSlots().stream()
                        .map(s -> new PresenceSlot(fields.get(m.fields().indexOf(s)).name(), s.presenceMask()))
                        .toList();
        List<FieldCode.KeptPresence> keptPresence = group == null ? List.of()
                : group.slots().stream().filter(Field::deprecated)
                        .map(s -> new FieldCode.KeptPresence(keptSlot(m, s), s.presenceMask()))
                        .toList();
        PresenceGroup extensible = m.extensiblePresenceGroup();
        return new FieldWrite(f.name(), field.name(), target.constant(field.name()), field.isOptional(),
                field.deprecated(), field.startsPresenceGroup(), presence,
                group != null && extensible != null && group.index() == extensible.index(),
                f.api() ? JavaCodecBuilder.write(f.type(), new ThisField(f.name())) : null, helperCall,
                keptSlot(m, field), keptPresence);
    }

    /** How many deprecated fields {@code m} has: the slots of the bytes its values keep of them (SPEC §5.5.1). */
    private static int keptSlots(MessageType m) {
        return (int) m.fields().stream().filter(Field::deprecated).count();
    }

    /** A deprecated field's slot among the kept bytes (its place among the deprecated fields), else -1. */
    private static int keptSlot(MessageType m, Field field) {
        return field.deprecated() ? (int) m.fields().stream().filter(Field::deprecated).takeWhile(f -> f != field)
                .count() : -1;
    }

    /** The suffix of a deprecated, not optional field's zero constant, whose bytes are not kept; else null. */
    private String keptZero(Field field) {
        return field.deprecated() && !field.isOptional() ? target.constant(field.name()) : null;
    }

    private static ObjectMethods objectMethods(String name, boolean record, boolean keeps, List<JavaField> api) {
        List<Equality> equalities = api.stream()
                .map(f -> ValueMethodsBuilder.equality(f.type(), new ThisField(f.name()), new OtherField(f.name())))
                .toList();
        List<HashCode> hashes = api.stream()
                .map(f -> ValueMethodsBuilder.hash(f.type(), new ThisField(f.name()))).toList();
        List<FieldShow> shows = api.stream()
                .map(f -> new FieldShow(f.field().name(), ValueMethodsBuilder.show(f.type(), new ThisField(f.name()))))
                .toList();
        return new ObjectMethods(name, record, keeps, equalities, hashes, shows);
    }

    private static MessageJson json(MessageType m, String name, List<JavaField> fields) {
        List<JavaField> api = fields.stream().filter(JavaField::api).toList();
        return new MessageJson(name, m.qualifiedName(),
                fields.stream().filter(f -> !f.api()).map(f -> f.field().name()).toList(),
                api.stream().map(f -> new FieldToJson(f.name(), f.field().name(), f.field().isOptional(),
                        JavaJsonBuilder.toJson(f.type(), new ThisField(f.name())))).toList(),
                api.stream().map(f -> new FieldFromJson(f.name(), f.field().name(), f.field().isOptional(),
                        JavaJsonBuilder.fromJson(f.type(), new JsonMember()))).toList());
    }

    /**
     * Bytes as the numbers of a Java {@code byte[]} initializer: signed, -128 to 127, since an
     * int constant outside the byte range (128 to 255) does not narrow to a byte element.
     */
    private static List<Integer> signed(byte[] bytes) {
        List<Integer> out = new ArrayList<>();
        for (byte b : bytes) {
            out.add((int) b);
        }
        return out;
    }
}
