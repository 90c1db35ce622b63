package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.Names;
import dev.cser.compiler.codegen.rust.FieldCode.DeprecatedRead;
import dev.cser.compiler.codegen.rust.FieldCode.FieldDecl;
import dev.cser.compiler.codegen.rust.FieldCode.FieldFromJson;
import dev.cser.compiler.codegen.rust.FieldCode.FieldRead;
import dev.cser.compiler.codegen.rust.FieldCode.FieldToJson;
import dev.cser.compiler.codegen.rust.FieldCode.FieldWrite;
import dev.cser.compiler.codegen.rust.FieldCode.ReadCheckpoint;
import dev.cser.compiler.codegen.rust.FieldCode.WriteCheckpoint;
import dev.cser.compiler.codegen.rust.FieldCode.WriteStep;
import dev.cser.compiler.codegen.rust.FieldCode.PresenceSlot;
import dev.cser.compiler.codegen.rust.FieldCode.RecordFieldRead;
import dev.cser.compiler.codegen.rust.FieldCode.StringRunRead;
import dev.cser.compiler.codegen.rust.FieldCode.StructFieldRead;
import dev.cser.compiler.codegen.rust.TypeSpelling.OptionType;
import dev.cser.compiler.codegen.rust.VariantCode.VariantDecl;
import dev.cser.compiler.codegen.rust.VariantCode.VariantFromJson;
import dev.cser.compiler.codegen.rust.VariantCode.VariantRead;
import dev.cser.compiler.codegen.rust.VariantCode.VariantToJson;
import dev.cser.compiler.codegen.rust.VariantCode.VariantWrite;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.PresenceGroup;
import dev.cser.compiler.schema.Primitive;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.TypeGraph;
import dev.cser.compiler.schema.UnionType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Builds the item of one declaration: an {@link EnumItem}, {@link MessageItem} or {@link UnionItem}. */
final class RustItemBuilder {
    private final RustTarget target;
    /** The types that hold a float anywhere inside (no Eq), and those that hold a map (no Hash). */
    private final Set<Declaration> floatHolders;
    private final Set<Declaration> mapHolders;

    RustItemBuilder(RustTarget target, Schema schema) {
        this.target = target;
        this.floatHolders = TypeGraph.holders(schema.allDeclarations(), t -> t instanceof Type.PrimitiveType p
                && (p.kind() == Primitive.F32 || p.kind() == Primitive.F64));
        this.mapHolders = TypeGraph.holders(schema.allDeclarations(), t -> t instanceof Type.MapType);
    }

    Object item(Declaration d) {
        if (d instanceof EnumType e) {
            return enumItem(e);
        }
        return d instanceof UnionType u ? unionItem(u) : messageItem((MessageType) d);
    }

    private EnumItem enumItem(EnumType e) {
        List<EnumItem.Member> members = e.members().stream()
                .map(m -> new EnumItem.Member(m.name(), m.value(), target.docLines(m.doc())))
                .toList();
        return new EnumItem(target.typeName(e.name()), e.qualifiedName(), target.docLines(e.doc()), members,
                canonical(e));
    }

    /** The declaration's piece of canonical text, naming the types its line names from its package. */
    private CanonicalPieces canonical(Declaration d) {
        RustTypeMapper mapper = new RustTypeMapper(target, d);
        return new CanonicalPieces(target.typeName(d.name()), CanonicalText.lineOf(d),
                CanonicalText.named(d).stream().map(mapper::path).toList());
    }

    private MessageItem messageItem(MessageType m) {
        RustTypeMapper mapper = new RustTypeMapper(target, m);
        List<Field> fs = m.fields();
        List<String> names = Names.unique(fs.stream().map(f -> target.fieldName(f.name())).toList(),
                fs.stream().map(Field::id).toList(), target::disambiguate);
        PresenceGroup extensible = m.extensiblePresenceGroup();
        String unknownMask = extensible == null ? null : target.byteLiteral((byte) m.unknownPresenceMask());
        // Where the byte of the unknown presence bits has been read: after its group's first field's check.
        int unknownPresenceRead = extensible == null ? Integer.MAX_VALUE : fs.indexOf(extensible.first());
        List<FieldDecl> declarations = new ArrayList<>();
        List<WriteStep> writes = new ArrayList<>();
        List<FieldRead> reads = new ArrayList<>();
        List<FieldToJson> toJson = new ArrayList<>();
        List<FieldFromJson> fromJson = new ArrayList<>();
        // Per field: whether it may join a run of string fields read in one call (StringRunRead).
        List<Boolean> inStringRun = new ArrayList<>();
        for (int i = 0; i < fs.size(); i++) {
            Field f = fs.get(i);
            String name = names.get(i);
            RustType type = mapper.map(f.type());
            String path = m.name() + "." + f.name();
            PresenceGroup group = m.presenceGroupStartingAt(f);
            if (!f.deprecated()) {
                TypeSpelling spelling = RustCodecBuilder.spell(type);
                declarations.add(new FieldDecl(name, target.docLines(f.doc()),
                        f.isOptional() ? new OptionType(spelling) : spelling));
                toJson.add(f.isOptional()
                        ? new FieldToJson(name, f.name(), true, type.boxed(), RustJsonBuilder.toJsonFn(type), null)
                        : new FieldToJson(name, f.name(), false, type.boxed(), null,
                                RustJsonBuilder.toJson(type, new ValueRef(name, true, true, false))));
            }
            if (i > 0 && i % CHECKPOINT_EVERY == 0) {
                writes.add(new WriteCheckpoint());
            }
            writes.add(write(f, name, type, group, group != null && group.equals(extensible), names, fs));
            // A deprecated field's value is read by the runtime, which keeps its bytes (SPEC §5.5.1).
            DeprecatedRead deprecated = f.deprecated() ? new DeprecatedRead(f.id(), deprecatedZero(f)) : null;
            Reads read = f.deprecated() ? RustCodecBuilder.reader(type) : RustCodecBuilder.read(type);
            reads.add(m.isStruct()
                    ? new StructFieldRead(name, f.name(), path, f.isOptional(), deprecated,
                            f.startsPresenceGroup(), f.presenceMask(), group == null ? 0 : group.bitsUsed(), read)
                    : new RecordFieldRead(name, f.name(), path, f.isOptional(), deprecated,
                            f.startsPresenceGroup(), f.presenceMask(), i > unknownPresenceRead ? unknownMask : null,
                            read));
            inStringRun.add(!m.isStruct() && type.kind() == RustType.Kind.STRING && !f.isOptional()
                    && !f.deprecated() && !f.startsPresenceGroup() && i <= unknownPresenceRead);
            fromJson.add(f.deprecated() || !f.isOptional()
                    ? new FieldFromJson(name, f.name(), path, f.isOptional(), f.deprecated(), null,
                            f.deprecated() ? null : RustJsonBuilder.fromJson(type, ValueRef.local("field")))
                    : new FieldFromJson(name, f.name(), path, true, false, RustJsonBuilder.fromJsonFn(type), null));
        }
        return new MessageItem(target.typeName(m.name()), m.qualifiedName(), m.isStruct(), target.docLines(m.doc()),
                eq(m), hash(m), target.hexLiteral(CanonicalText.typeId(m)),
                target.hexLiteral(CanonicalText.fingerprint(m)), fs.stream().anyMatch(Field::deprecated), unknownMask,
                declarations, writes,
                withCheckpoints(withStringRuns(reads, inStringRun, names,
                        fs.stream().map(f -> m.name() + "." + f.name()).toList())),
                toJson, fromJson, nestsPastRustfmt(fs), canonical(m));
    }

    /**
     * Fields between two optimisation barriers of the runtime ({@code checkpoint()}) in a wide
     * record's or struct's codec: LLVM overflows rustc's stack on a function that reads or
     * writes a few hundred fields without one (runtimes/rust: {@code Reader::checkpoint}).
     */
    static final int CHECKPOINT_EVERY = 64;

    /** {@code reads} with a checkpoint after every {@link #CHECKPOINT_EVERY} steps. */
    private static List<FieldRead> withCheckpoints(List<FieldRead> reads) {
        List<FieldRead> out = new ArrayList<>();
        for (int i = 0; i < reads.size(); i++) {
            if (i > 0 && i % CHECKPOINT_EVERY == 0) {
                out.add(new ReadCheckpoint());
            }
            out.add(reads.get(i));
        }
        return out;
    }

    /**
     * {@code reads} with each run of two or more consecutive fields marked in {@code inRun}
     * replaced by one {@link StringRunRead}: one UTF-8 pass over short strings costs less than
     * one per string (runtimes/rust: {@code Reader::read_string_fields}).
     */
    private static List<FieldRead> withStringRuns(List<FieldRead> reads, List<Boolean> inRun, List<String> names,
            List<String> paths) {
        List<FieldRead> out = new ArrayList<>();
        int i = 0;
        while (i < reads.size()) {
            int end = i;
            while (end < reads.size() && inRun.get(end)) {
                end++;
            }
            if (end - i >= 2) {
                out.add(new StringRunRead(names.subList(i, end), paths.subList(i, end)));
                i = end;
            } else {
                out.add(reads.get(i));
                i++;
            }
        }
        return out;
    }

    private FieldWrite write(Field f, String name, RustType type, PresenceGroup group, boolean unknownPresence,
            List<String> names, List<Field> fs) {
        List<PresenceSlot> presence = group == null ? List.of()
                : group.slots().stream()
                        .map(s -> new PresenceSlot(names.get(fs.indexOf(s)), s.deprecated(), s.id())).toList();
        if (f.deprecated()) {
            return new FieldWrite(f.name(), f.id(), true, f.isOptional(), presence, unknownPresence,
                    deprecatedZero(f), null, null);
        }
        if (f.isOptional()) {
            ValueRef value = ValueRef.local("value");
            return new FieldWrite(f.name(), f.id(), false, true, presence, unknownPresence, List.of(),
                    ValueRef.fieldArgument(name, type.copy()), RustCodecBuilder.write(type, value, value));
        }
        return new FieldWrite(f.name(), f.id(), false, false, presence, unknownPresence, List.of(), null,
                RustCodecBuilder.write(type, ValueRef.fieldArgument(name, type.copy()), ValueRef.field(name)));
    }

    /**
     * The bytes a deprecated field takes when it keeps none (SPEC §5.5.1), as literals: its zero
     * value's encoding, or none for an optional field (absent).
     */
    private List<String> deprecatedZero(Field f) {
        List<String> zero = new ArrayList<>();
        if (!f.isOptional()) {
            for (byte b : f.zeroBytes()) {
                zero.add(target.byteLiteral(b));
            }
        }
        return zero;
    }

    private UnionItem unionItem(UnionType u) {
        RustTypeMapper mapper = new RustTypeMapper(target, u);
        String union = target.typeName(u.name());
        List<Field> vs = u.variants();
        // Unknown is the variant of an unknown tag (SPEC §5.7, §12.2): a declared variant of
        // that name takes its id (unknown = 3 -> Unknown3).
        List<String> names = Names.unique(vs.stream().map(v -> target.pascal(v.name())).toList(),
                vs.stream().map(Field::id).toList(), Set.of(UNKNOWN_VARIANT), target::disambiguate);
        List<UnionItem.Tag> tags = new ArrayList<>();
        UnionItem.Tag zero = null;
        List<VariantDecl> declarations = new ArrayList<>();
        List<VariantWrite> writes = new ArrayList<>();
        List<VariantRead> reads = new ArrayList<>();
        List<VariantToJson> toJson = new ArrayList<>();
        List<VariantFromJson> fromJson = new ArrayList<>();
        for (int i = 0; i < vs.size(); i++) {
            Field v = vs.get(i);
            String name = names.get(i);
            String path = u.name() + "." + v.name();
            RustType type = mapper.map(v.type());
            UnionItem.Tag tag = new UnionItem.Tag(v.id(), name, v.name(), path);
            tags.add(tag);
            if (v == u.zeroVariant()) {
                zero = tag;
            }
            ValueRef value = ValueRef.local("value");
            declarations.add(new VariantDecl(name, target.docLines(v.doc()), RustCodecBuilder.spell(type)));
            // A record variant's payload is the record's own length and body; any other variant's
            // value is written and read in a payload of its own (SPEC §5.7).
            boolean payload = !isRecord(v.type());
            writes.add(new VariantWrite(union, name, payload,
                    RustCodecBuilder.write(type, ValueRef.element("value", type.copy()), value)));
            reads.add(new VariantRead(union, name, v.id(), payload,
                    payload ? RustCodecBuilder.reader(type) : RustCodecBuilder.read(type)));
            toJson.add(new VariantToJson(union, name, v.name(), RustJsonBuilder.toJson(type, value)));
            fromJson.add(new VariantFromJson(union, name, v.name(), path, RustJsonBuilder.fromJson(type, value)));
        }
        return new UnionItem(union, u.qualifiedName(), target.docLines(u.doc()), eq(u), hash(u),
                target.hexLiteral(CanonicalText.typeId(u)), target.hexLiteral(CanonicalText.fingerprint(u)), tags, zero,
                declarations, writes, reads, toJson, fromJson, nestsPastRustfmt(u.variants()), canonical(u));
    }

    /** The name of the variant that holds an unknown variant (SPEC §5.7, §12.2). */
    static final String UNKNOWN_VARIANT = "Unknown";

    /** Whether a variant's type is a record, whose own length is its payload's (SPEC §5.7). */
    private static boolean isRecord(Type t) {
        return t instanceof Type.NamedType n && n.declaration() instanceof MessageType m && !m.isStruct();
    }

    /**
     * Type nesting past which a type's methods are {@code #[rustfmt::skip]}: they nest a closure
     * a level, and rustfmt's time grows exponentially with that nesting (measured with rustfmt
     * 1.8: 8 levels 0.1 s, 12 levels 3 s, 16 levels over two minutes), while cser-build runs it
     * on every build.
     */
    static final int RUSTFMT_NESTING = 8;

    /** Whether a field's or variant's type nests deeper than {@link #RUSTFMT_NESTING}. */
    private static boolean nestsPastRustfmt(List<Field> members) {
        return members.stream().anyMatch(f -> f.type().nesting() > RUSTFMT_NESTING);
    }

    /** Eq can be derived when no float is held anywhere inside. */
    private boolean eq(Declaration d) {
        return !floatHolders.contains(d);
    }

    /** Hash can be derived with Eq and no map anywhere inside (IndexMap is not Hash). */
    private boolean hash(Declaration d) {
        return eq(d) && !mapHolders.contains(d);
    }
}
