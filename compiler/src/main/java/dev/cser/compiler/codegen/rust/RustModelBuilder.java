package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ZeroBytes;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Primitive;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.SchemaFile;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.UnionType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/** Builds the Rust output model: a {@link PackageFile} per package and the {@link ModulesFile}. */
public final class RustModelBuilder {
    private final Schema schema;
    private final boolean json;

    public RustModelBuilder(Schema schema) {
        this(schema, false);
    }

    /** With {@code json}, the model asks for the JSON mapping of SPEC §11 too ({@code cserc --json}). */
    public RustModelBuilder(Schema schema, boolean json) {
        this.schema = schema;
        this.json = json;
    }

    /** One file per package, in package order; packages spread over several files are merged. */
    public List<PackageFile> packages() {
        Map<String, List<SchemaFile>> byPackage = byPackage();
        List<PackageFile> out = new ArrayList<>();
        for (var entry : byPackage.entrySet()) {
            String pkg = entry.getKey();
            List<Declaration> decls = entry.getValue().stream().flatMap(f -> f.declarations().stream()).toList();
            Set<String> declared = new HashSet<>();
            decls.forEach(d -> declared.add(RustNames.typeName(d)));
            List<Object> items = new ArrayList<>();
            for (Declaration d : decls) {
                RustTypeMapper m = new RustTypeMapper(pkg, target -> reachesDirectly(target, d));
                items.add(item(d, m));
            }
            boolean usesCodec = decls.stream().anyMatch(d -> !(d instanceof EnumType));
            out.add(new PackageFile(pkg, entry.getValue().stream().map(SchemaFile::path).toList(),
                    new StdNames(declared), items, usesCodec, json));
        }
        return out;
    }

    /** The module tree: a module per package segment, docs from the package's first file. */
    public ModulesFile modules() {
        List<ModulesFile.Module> roots = new ArrayList<>();
        List<ModulesFile.JsonType> jsonTypes = new ArrayList<>();
        ModulesFile.Module top = new ModulesFile.Module("");
        for (var entry : byPackage().entrySet()) {
            String modulePath = "self::" + String.join("::", RustNames.modulePath(entry.getKey())) + "::";
            for (SchemaFile f : entry.getValue()) {
                for (Declaration d : f.declarations()) {
                    if (!(d instanceof EnumType)) {
                        String path = modulePath + RustNames.typeName(d);
                        jsonTypes.add(new ModulesFile.JsonType(d.qualifiedName(), path));
                    }
                }
            }
            ModulesFile.Module m = top;
            for (String segment : RustNames.modulePath(entry.getKey())) {
                m = m.child(segment);
            }
            m.include = entry.getKey() + ".rs";
            m.doc = RustNames.doc(entry.getValue().get(0).doc());
        }
        roots.addAll(top.children);
        return new ModulesFile(roots, json, jsonTypes);
    }

    private Map<String, List<SchemaFile>> byPackage() {
        Map<String, List<SchemaFile>> byPackage = new LinkedHashMap<>();
        schema.files().stream()
                .sorted((a, b) -> a.packageName().compareTo(b.packageName()))
                .forEach(f -> byPackage.computeIfAbsent(f.packageName(), k -> new ArrayList<>()).add(f));
        return byPackage;
    }

    private Object item(Declaration d, RustTypeMapper mapper) {
        String name = RustNames.typeName(d);
        List<String> doc = RustNames.doc(d.doc());
        if (d instanceof EnumType e) {
            List<EnumItem.Member> members = e.members().stream()
                    .map(m -> new EnumItem.Member(m.name(), m.value(), RustNames.doc(m.doc())))
                    .toList();
            EnumItem.Member zero = members.stream().filter(m -> m.value() == 0).findFirst().orElseThrow();
            return new EnumItem(name, d.qualifiedName(), doc, members, zero);
        }
        boolean eq = !holds(d, t -> t instanceof Type.PrimitiveType p
                && (p.kind() == Primitive.F32 || p.kind() == Primitive.F64));
        boolean hash = eq && !holds(d, t -> t instanceof Type.MapType);
        if (d instanceof UnionType u) {
            List<Field> vs = u.variants();
            List<String> names = RustNames.unique(vs.stream().map(v -> RustNames.pascal(v.name())).toList(),
                    vs.stream().map(Field::id).toList());
            List<RustField> variants = new ArrayList<>();
            RustField zero = null;
            for (int i = 0; i < vs.size(); i++) {
                Field v = vs.get(i);
                RustField f = new RustField(v.name(), names.get(i), v.id(), d.name() + "." + v.name(),
                        mapper.map(v.type()), false, false, List.of(), RustNames.doc(v.doc()), false, 0, List.of());
                variants.add(f);
                if (v == u.zeroVariant()) {
                    zero = f;
                }
            }
            return new UnionItem(name, d.qualifiedName(), doc, variants, zero, eq, hash,
                    hex(CanonicalText.typeId(d)), hex(CanonicalText.fingerprint(d)));
        }
        MessageType m = (MessageType) d;
        List<Field> fs = m.fields();
        List<String> names = RustNames.unique(fs.stream().map(f -> RustNames.snake(f.name())).toList(),
                fs.stream().map(Field::id).toList());
        List<RustField> plain = new ArrayList<>();
        for (int i = 0; i < fs.size(); i++) {
            plain.add(field(d, fs.get(i), names.get(i), mapper));
        }
        // Attach each presence group (eight optional slots) to the field of its first slot.
        List<RustField> fields = new ArrayList<>();
        for (int i = 0; i < fs.size(); i++) {
            Field f = fs.get(i);
            if (f.optionalSlot() >= 0 && f.optionalSlot() % 8 == 0) {
                int group = f.optionalSlot() / 8;
                List<RustField> members = new ArrayList<>();
                for (int j = 0; j < fs.size(); j++) {
                    if (fs.get(j).optionalSlot() >= 0 && fs.get(j).optionalSlot() / 8 == group) {
                        members.add(plain.get(j));
                    }
                }
                fields.add(plain.get(i).withPresenceGroup(members));
            } else {
                fields.add(plain.get(i));
            }
        }
        return new MessageItem(name, d.qualifiedName(), m.isStruct(), doc, fields, eq, hash,
                hex(CanonicalText.typeId(d)), hex(CanonicalText.fingerprint(d)));
    }

    private static RustField field(Declaration owner, Field f, String name, RustTypeMapper mapper) {
        List<String> zero = new ArrayList<>();
        for (byte b : ZeroBytes.of(f.type())) {
            zero.add(String.format("0x%02x", b & 0xFF));
        }
        int bit = f.optionalSlot() >= 0 ? 1 << (f.optionalSlot() % 8) : 0;
        return new RustField(f.name(), name, f.id(), owner.name() + "." + f.name(), mapper.map(f.type()),
                f.isOptional(), f.deprecated(), zero, RustNames.doc(f.doc()), false, bit, List.of());
    }

    // ---- Boxing: a type that holds itself without a Vec or map in between needs a Box -------

    /**
     * Whether {@code from}'s value can hold an {@code owner} directly: through fields, optionals
     * and union variants, but not through a list or map (a Vec already gives indirection). Such
     * an edge owner → from is boxed, so the Rust type has a finite size.
     */
    private static boolean reachesDirectly(Declaration from, Declaration owner) {
        return reaches(from, owner, new HashSet<>());
    }

    private static boolean reaches(Declaration from, Declaration target, Set<Declaration> seen) {
        if (from == target) {
            return true;
        }
        if (!seen.add(from)) {
            return false;
        }
        for (Type t : directTypes(from)) {
            if (t instanceof Type.NamedType n && reaches(n.declaration(), target, seen)) {
                return true;
            }
        }
        return false;
    }

    /** The types a declaration holds inline: field and variant types, optionals unwrapped. */
    private static List<Type> directTypes(Declaration d) {
        List<Field> fs = d instanceof MessageType m ? m.fields()
                : d instanceof UnionType u ? u.variants() : List.of();
        List<Type> out = new ArrayList<>();
        for (Field f : fs) {
            if (!f.deprecated()) {
                out.add(f.type() instanceof Type.OptionalType o ? o.inner() : f.type());
            }
        }
        return out;
    }

    // ---- Derives: Eq without floats, Hash without floats or maps, anywhere inside -----------

    private static boolean holds(Declaration d, Predicate<Type> test) {
        return holds(d, test, new HashSet<>());
    }

    private static boolean holds(Declaration d, Predicate<Type> test, Set<Declaration> seen) {
        if (!seen.add(d)) {
            return false;
        }
        List<Field> fs = d instanceof MessageType m ? m.fields()
                : d instanceof UnionType u ? u.variants() : List.of();
        for (Field f : fs) {
            if (!f.deprecated() && holds(f.type(), test, seen)) {
                return true;
            }
        }
        return false;
    }

    private static boolean holds(Type t, Predicate<Type> test, Set<Declaration> seen) {
        if (test.test(t)) {
            return true;
        }
        if (t instanceof Type.ListType l) {
            return holds(l.element(), test, seen);
        }
        if (t instanceof Type.MapType m) {
            return holds(m.key(), test, seen) || holds(m.value(), test, seen);
        }
        if (t instanceof Type.OptionalType o) {
            return holds(o.inner(), test, seen);
        }
        return t instanceof Type.NamedType n && holds(n.declaration(), test, seen);
    }

    private static String hex(long v) {
        return String.format("0x%016x", v);
    }
}
