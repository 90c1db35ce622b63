package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.Names;
import dev.cser.compiler.codegen.python.Descriptors.FieldDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.FieldRun;
import dev.cser.compiler.codegen.python.Descriptors.RecordDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.UnionDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.VariantDescriptor;
import dev.cser.compiler.codegen.python.FieldCode.FieldDecl;
import dev.cser.compiler.codegen.python.FieldCode.FieldFromJson;
import dev.cser.compiler.codegen.python.FieldCode.FieldToJson;
import dev.cser.compiler.codegen.python.FieldCode.InitAssign;
import dev.cser.compiler.codegen.python.FieldCode.InitParam;
import dev.cser.compiler.codegen.python.TypeHints.OptionalHint;
import dev.cser.compiler.codegen.python.VariantCode.VariantClass;
import dev.cser.compiler.codegen.python.VariantCode.VariantFromJson;
import dev.cser.compiler.codegen.python.VariantCode.VariantToJson;
import dev.cser.compiler.codegen.python.ZeroValues.NoneZero;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.PresenceGroup;
import dev.cser.compiler.schema.UnionType;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Builds the class of one declaration ({@link EnumClass}, {@link MessageClass},
 * {@link UnionClass}) and the descriptor of a record, struct or union.
 */
final class PythonItemBuilder {
    /** The slot of the bytes a record or struct keeps of its deprecated fields (SPEC §5.5.1). */
    static final String DEPRECATED_SLOT = "_cser_deprecated";
    /** The slot of a record's unknown fields (SPEC §5.5.1). */
    static final String UNKNOWN_SLOT = "_cser_unknown";

    private final PythonTarget target;
    private final PythonTypeMapper mapper;
    /** The class of every union variant of the module. */
    private final Map<Field, String> variantClasses = new IdentityHashMap<>();
    /** The class of each union's unknown variant (SPEC §5.7): union + {@code Unknown}. */
    private final Map<UnionType, String> unknownClasses = new IdentityHashMap<>();

    /**
     * Names the variant classes of the module's unions (SPEC §12.3): union + variant in
     * PascalCase, {@code Variant} appended if that names a declared type; a name some earlier
     * class took (a declared type, a variant class of an earlier union or of a lower id, a
     * builtin) gets {@code _<id>} until it is free. Each union's class of an unknown variant
     * (SPEC §5.7), union + {@code Unknown}, is named first, so a variant whose class would take
     * that name gets its id ({@code unknown = 3} → {@code ExprUnknown_3}); it takes
     * {@code UnknownVariant} instead if a declared type has the name, {@code _0} if that is taken.
     */
    PythonItemBuilder(PythonTarget target, PythonTypeMapper mapper, List<Declaration> declarations) {
        this.target = target;
        this.mapper = mapper;
        Set<String> declared = new HashSet<>();
        declarations.forEach(d -> declared.add(target.className(d.name())));
        Set<String> reserved = new HashSet<>(declared);
        reserved.addAll(target.reservedClassNames());
        Names.Scope scope = new Names.Scope(reserved);
        for (Declaration d : declarations) {
            if (d instanceof UnionType u) {
                String n = target.className(u.name()) + "Unknown";
                unknownClasses.put(u, scope.claim(declared.contains(n) ? n + "Variant" : n, 0, target::disambiguate));
            }
        }
        for (Declaration d : declarations) {
            if (d instanceof UnionType u) {
                String union = target.className(u.name());
                for (Field v : u.variants()) {
                    String n = union + Names.pascal(v.name());
                    variantClasses.put(v, scope.claim(declared.contains(n) ? n + "Variant" : n, v.id(),
                            target::disambiguate));
                }
            }
        }
    }

    EnumClass enumClass(EnumType e) {
        List<EnumClass.Member> members = e.members().stream()
                .map(m -> new EnumClass.Member(target.enumMember(m.name()), m.value(), target.docLines(m.doc())))
                .toList();
        return new EnumClass(target.className(e.name()), e.qualifiedName(), target.docLines(e.doc()), members,
                canonicalLine(e));
    }

    /**
     * The declaration's line of canonical text and the classes of the types it names (SPEC §8.1),
     * as this module names them (a type of another package through its module's alias, which a
     * field already imports).
     */
    private CanonicalLine canonicalLine(Declaration d) {
        return new CanonicalLine(CanonicalText.lineOf(d), CanonicalText.named(d).stream().map(mapper::classOf).toList());
    }

    /** The attribute names of a record's or struct's fields, in id order (deprecated ones too). */
    private List<String> attributeNames(MessageType m) {
        List<Field> fs = m.fields();
        return Names.unique(fs.stream().map(f -> target.field(f.name())).toList(), fs.stream().map(Field::id).toList(),
                target::disambiguate);
    }

    MessageClass messageClass(MessageType m) {
        List<Field> fs = m.fields();
        List<String> names = attributeNames(m);
        List<String> attributes = new ArrayList<>();
        List<FieldDecl> declarations = new ArrayList<>();
        List<InitParam> params = new ArrayList<>();
        List<InitAssign> inits = new ArrayList<>();
        List<FieldToJson> toJson = new ArrayList<>();
        List<FieldFromJson> fromJson = new ArrayList<>();
        PythonJsonBuilder.Helpers helpers = new PythonJsonBuilder.Helpers(target.className(m.name()));
        for (int i = 0; i < fs.size(); i++) {
            Field f = fs.get(i);
            String name = names.get(i);
            PythonType type = mapper.map(f.type(), "x" + i);
            ValueRef x = ValueRef.local("x");
            if (f.deprecated()) {
                fromJson.add(new FieldFromJson(name, f.name(), true, null));
                continue;
            }
            attributes.add(name);
            TypeHints hint = PythonCodecBuilder.hint(type);
            TypeHints fieldHint = f.isOptional() ? new OptionalHint(hint) : hint;
            // A zero value of another module's class is not evaluated where the class is
            // defined either: that module may still be importing this one (SPEC §12.3).
            boolean mutableZero = !f.isOptional() && (type.kind().hasMutableZero()
                    || (type.kind() == PythonType.Kind.ENUM && type.cls().module() != null));
            declarations.add(new FieldDecl(name, target.docLines(f.doc()), fieldHint));
            params.add(new InitParam(name, mutableZero, fieldHint,
                    mutableZero ? null : f.isOptional() ? new NoneZero() : PythonCodecBuilder.zero(type)));
            inits.add(new InitAssign(name, mutableZero, mutableZero ? PythonCodecBuilder.zero(type) : null));
            ValueRef attribute = ValueRef.attribute(name);
            toJson.add(new FieldToJson(f.name(), f.isOptional() ? PythonJsonBuilder.optionalToJson(type, attribute)
                    : PythonJsonBuilder.toJson(type, attribute)));
            fromJson.add(new FieldFromJson(name, f.name(), false, f.isOptional()
                    ? PythonJsonBuilder.optionalFromJson(type, x, helpers) : PythonJsonBuilder.fromJson(type, x, helpers)));
        }
        // Names of their own, which no field takes (they start with an underscore, SPEC §12).
        boolean keepsDeprecated = fs.stream().anyMatch(Field::deprecated);
        List<String> privateSlots = new ArrayList<>();
        if (keepsDeprecated) {
            privateSlots.add(DEPRECATED_SLOT);
        }
        if (!m.isStruct()) {
            privateSlots.add(UNKNOWN_SLOT);
        }
        List<String> slots = new ArrayList<>(attributes);
        slots.addAll(privateSlots);
        List<String> compared = new ArrayList<>(attributes);
        compared.addAll(privateSlots);
        return new MessageClass(target.className(m.name()), m.qualifiedName(), m.name(), m.isStruct(),
                target.docLines(m.doc()), target.hexLiteral(CanonicalText.typeId(m)),
                target.hexLiteral(CanonicalText.fingerprint(m)),
                slots.stream().sorted(PythonItemBuilder::natural).toList(), attributes, keepsDeprecated, privateSlots,
                compared, declarations, params, inits, toJson, fromJson, helpers.functions(), canonicalLine(m));
    }

    RecordDescriptor recordDescriptor(MessageType m) {
        List<Field> fs = m.fields();
        List<String> names = attributeNames(m);
        List<FieldDescriptor> fields = new ArrayList<>();
        for (int i = 0; i < fs.size(); i++) {
            Field f = fs.get(i);
            PythonType type = mapper.map(f.type(), "x" + i);
            boolean fresh = !f.deprecated() && !f.isOptional() && type.kind().hasMutableZero();
            fields.add(new FieldDescriptor(names.get(i), f.deprecated(), f.isOptional(), m.name() + "." + f.name(),
                    f.optionalSlot(), f.deprecated() ? target.bytesLiteral(f.zeroBytes()) : null,
                    PythonCodecBuilder.descriptor(type),
                    f.deprecated() || f.isOptional() || fresh ? null : PythonCodecBuilder.zero(type),
                    fresh ? PythonCodecBuilder.factory(type) : null));
        }
        PresenceGroup extensible = m.extensiblePresenceGroup();
        List<FieldRun> runs = m.fixedWidthRuns().stream()
                .map(r -> new FieldRun(fs.indexOf(r.fields().get(0)), r.fields().size()))
                .toList();
        return new RecordDescriptor(m.isStruct(), target.className(m.name()), m.qualifiedName(), m.name(), fields,
                extensible == null ? -1 : fs.indexOf(extensible.first()),
                target.intLiteral(BigInteger.valueOf(m.unknownPresenceMask())), runs);
    }

    UnionClass unionClass(UnionType u) {
        String union = target.className(u.name());
        List<VariantClass> variants = new ArrayList<>();
        List<VariantToJson> toJson = new ArrayList<>();
        List<VariantFromJson> fromJson = new ArrayList<>();
        PythonJsonBuilder.Helpers helpers = new PythonJsonBuilder.Helpers(union);
        VariantClass zero = null;
        PythonType zeroType = null;
        for (int i = 0; i < u.variants().size(); i++) {
            Field v = u.variants().get(i);
            String className = variantClass(union, v);
            PythonType type = mapper.map(v.type(), "x" + i);
            VariantClass variant = new VariantClass(className, union, v.name(), v.id(), target.docLines(v.doc()),
                    PythonCodecBuilder.hint(type));
            variants.add(variant);
            if (v == u.zeroVariant()) {
                zero = variant;
                zeroType = type;
            }
            toJson.add(new VariantToJson(className, v.name(), PythonJsonBuilder.toJson(type, ValueRef.attribute("value"))));
            fromJson.add(new VariantFromJson(className, v.name(), PythonJsonBuilder.fromJson(type, ValueRef.local("x"), helpers)));
        }
        return new UnionClass(union, u.qualifiedName(), u.name(), target.docLines(u.doc()),
                target.hexLiteral(CanonicalText.typeId(u)), target.hexLiteral(CanonicalText.fingerprint(u)),
                zero.name(), zero.schemaName(), PythonCodecBuilder.zero(zeroType), unknownClasses.get(u), variants,
                toJson, fromJson, helpers.functions(), canonicalLine(u));
    }

    UnionDescriptor unionDescriptor(UnionType u) {
        String union = target.className(u.name());
        List<VariantDescriptor> variants = new ArrayList<>();
        for (int i = 0; i < u.variants().size(); i++) {
            Field v = u.variants().get(i);
            variants.add(new VariantDescriptor(v.id(), variantClass(union, v), u.name() + "." + v.name(),
                    PythonCodecBuilder.descriptor(mapper.map(v.type(), "x" + i))));
        }
        return new UnionDescriptor(union, u.qualifiedName(), u.name(), variants, unknownClasses.get(u));
    }

    /** {@code Expr} + {@code lit} → {@code ExprLit}, as the constructor named it. */
    private String variantClass(String union, Field v) {
        return variantClasses.get(v);
    }

    /**
     * Ruff's natural order for {@code __slots__} (RUF023, the natord algorithm): runs of digits
     * compare as numbers ({@code i8_value} before {@code i16_value}), except that a run where
     * either side starts with 0 compares digit by digit, as a fraction would ({@code l008} before
     * {@code l1}); every other character by its code. Package-private for its test.
     */
    static int natural(String a, String b) {
        int i = 0;
        int j = 0;
        while (true) {
            if (i == a.length() || j == b.length()) {
                return Boolean.compare(i < a.length(), j < b.length());
            }
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (isDigit(x) && isDigit(y)) {
                boolean fraction = x == '0' || y == '0';
                int ei = i;
                int ej = j;
                while (ei < a.length() && isDigit(a.charAt(ei))) {
                    ei++;
                }
                while (ej < b.length() && isDigit(b.charAt(ej))) {
                    ej++;
                }
                int c = fraction ? compareLeft(a.substring(i, ei), b.substring(j, ej))
                        : compareRight(a.substring(i, ei), b.substring(j, ej));
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else if (x != y) {
                return Character.compare(x, y);
            } else {
                i++;
                j++;
            }
        }
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Digits as a fraction's: the first differing digit decides, then the longer run is greater. */
    private static int compareLeft(String a, String b) {
        for (int k = 0; k < Math.min(a.length(), b.length()); k++) {
            if (a.charAt(k) != b.charAt(k)) {
                return Character.compare(a.charAt(k), b.charAt(k));
            }
        }
        return Integer.compare(a.length(), b.length());
    }

    /** Digits as an integer's: the longer run is greater, else the first differing digit decides. */
    private static int compareRight(String a, String b) {
        return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b) < 0 ? -1
                : a.compareTo(b) > 0 ? 1 : 0;
    }

    /** The class (for an enum) or class and descriptor (otherwise) of a declaration. */
    Object classOf(Declaration d) {
        if (d instanceof EnumType e) {
            return enumClass(e);
        }
        return d instanceof UnionType u ? unionClass(u) : messageClass((MessageType) d);
    }

    Object descriptorOf(Declaration d) {
        return d instanceof UnionType u ? unionDescriptor(u) : recordDescriptor((MessageType) d);
    }
}
