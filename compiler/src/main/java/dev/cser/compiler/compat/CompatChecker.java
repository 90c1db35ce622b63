package dev.cser.compiler.compat;

import dev.cser.compiler.diag.Location;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Primitive;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.UnionType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares two linked schemas by the rules of SPEC §9 and returns what changed on the wire.
 *
 * <p>Declarations are matched by qualified name; then every field, element, key, value and
 * variant type is compared structurally, and a named type met there is paired with the one at
 * the same place in NEW whatever its name (so a renamed type is followed, and compared, too).
 * Each pair of declarations is compared once, so recursive types terminate. An OLD type that NEW
 * no longer declares is a rename when it was paired with a type of another name, or when exactly
 * one type NEW adds is the same but for its name; otherwise it was removed.
 *
 * <p>Fields and variants are matched by id, and a name found at another id is a move; enum
 * members are matched by number, and a name found with another number is a renumbering. Every
 * finding is returned, whatever the mode; {@link CompatReport} picks what a mode shows.
 */
public final class CompatChecker {
    /** An OLD declaration and the NEW one that stands where it stood. Compared by identity. */
    private record Pair(Declaration oldDecl, Declaration newDecl) {}

    /** The rules a member list reports with: the fields of a record or struct, or a union's variants. */
    private record MemberRules(Rule typeChanged, Rule moved, Rule inserted, Rule added, Rule removed, Rule renamed) {}

    private static final MemberRules RECORD_FIELDS = new MemberRules(Rule.FIELD_TYPE_CHANGED, Rule.FIELD_MOVED,
            Rule.FIELD_INSERTED, Rule.FIELD_APPENDED, Rule.FIELD_REMOVED, Rule.FIELD_RENAMED);
    private static final MemberRules STRUCT_FIELDS = new MemberRules(Rule.FIELD_TYPE_CHANGED, Rule.FIELD_MOVED,
            Rule.FIELD_INSERTED, Rule.STRUCT_FIELD_ADDED, Rule.STRUCT_FIELD_REMOVED, Rule.FIELD_RENAMED);
    private static final MemberRules VARIANTS = new MemberRules(Rule.VARIANT_TYPE_CHANGED, Rule.VARIANT_MOVED,
            Rule.VARIANT_INSERTED, Rule.VARIANT_ADDED, Rule.VARIANT_REMOVED, Rule.VARIANT_RENAMED);

    private final Schema oldSchema;
    private final Schema newSchema;
    private final List<Finding> findings = new ArrayList<>();
    private final Set<Pair> compared = new HashSet<>();
    private final Deque<Pair> pending = new ArrayDeque<>();
    /** For each OLD declaration, the NEW declarations it was paired with, in the order met. */
    private final Map<Declaration, Set<Declaration>> pairedWith = new LinkedHashMap<>();
    /** {@link #heldByOthers()}, computed when first needed. */
    private Set<Declaration> heldByOthers;

    private CompatChecker(Schema oldSchema, Schema newSchema) {
        this.oldSchema = oldSchema;
        this.newSchema = newSchema;
    }

    /** Every finding about the change from {@code oldSchema} to {@code newSchema}, in print order. */
    public static List<Finding> check(Schema oldSchema, Schema newSchema) {
        return new CompatChecker(oldSchema, newSchema).run();
    }

    private List<Finding> run() {
        for (Declaration o : oldSchema.allDeclarations()) {
            Declaration n = newSchema.declarations().get(o.qualifiedName());
            if (n != null) {
                schedule(new Pair(o, n));
            }
        }
        drain();
        findUnreferencedRenames();
        reportTypesRemovedRenamedAndAdded();
        List<Finding> sorted = new ArrayList<>(findings);
        sorted.sort(null);
        return List.copyOf(sorted);
    }

    private void schedule(Pair p) {
        pairedWith.computeIfAbsent(p.oldDecl(), k -> new LinkedHashSet<>()).add(p.newDecl());
        if (compared.add(p)) {
            pending.add(p);
        }
    }

    private void drain() {
        while (!pending.isEmpty()) {
            compare(pending.poll());
        }
    }

    // ---- Types that NEW no longer declares ----------------------------------------------------

    /**
     * A type renamed and reached from nothing (typically a message or stream root) is not paired by
     * the walk: pair it with the one type NEW adds that is the same but for its name (the same kind,
     * and the same members with the same names, ids and types, where a named type may itself be
     * another of its kind). A guess from less could turn a removed type, an error, into a rename, a
     * warning. Two or more candidates are ambiguous: then it counts as removed.
     */
    private void findUnreferencedRenames() {
        Set<Declaration> taken = new HashSet<>();
        pairedWith.values().forEach(taken::addAll);
        for (Declaration o : oldSchema.allDeclarations()) {
            if (newSchema.declarations().containsKey(o.qualifiedName()) || pairedWith.containsKey(o)) {
                continue;
            }
            List<Declaration> candidates = new ArrayList<>();
            for (Declaration n : newSchema.allDeclarations()) {
                if (!oldSchema.declarations().containsKey(n.qualifiedName()) && !taken.contains(n)
                        && n.keyword().equals(o.keyword()) && shallowlyCompatible(o, n)) {
                    candidates.add(n);
                }
            }
            if (candidates.size() == 1) {
                taken.add(candidates.get(0));
                schedule(new Pair(o, candidates.get(0)));
                drain();
            }
        }
    }

    /** Whether comparing o with n, without following the types they reach, finds nothing at all. */
    private boolean shallowlyCompatible(Declaration o, Declaration n) {
        CompatChecker probe = new CompatChecker(oldSchema, newSchema);
        probe.compare(new Pair(o, n));
        return probe.findings.isEmpty();
    }

    private void reportTypesRemovedRenamedAndAdded() {
        Set<Declaration> renameTargets = new HashSet<>();
        for (Declaration o : oldSchema.allDeclarations()) {
            if (newSchema.declarations().containsKey(o.qualifiedName())) {
                continue;
            }
            // Renamed to the types of new names that stand where it stood; a type OLD has too (a field
            // that now holds another existing type) is not its new name.
            List<Declaration> targets = pairedWith.getOrDefault(o, Set.of()).stream()
                    .filter(n -> !oldSchema.declarations().containsKey(n.qualifiedName()))
                    .toList();
            boolean isEnum = o instanceof EnumType;
            Rule renamed = isEnum ? Rule.ENUM_RENAMED
                    : heldByOthers().contains(o) ? Rule.TYPE_RENAMED : Rule.ROOT_TYPE_RENAMED;
            for (Declaration n : targets) {
                renameTargets.add(n);
                add(renamed, Side.NEW, n.location(), n, null, n.keyword(), name(o, n), name(n, o));
            }
            if (targets.isEmpty()) {
                add(isEnum ? Rule.ENUM_REMOVED : Rule.TYPE_REMOVED, Side.OLD, o.location(), o, null, o.keyword(),
                        o.name());
            }
        }
        for (Declaration n : newSchema.allDeclarations()) {
            if (!oldSchema.declarations().containsKey(n.qualifiedName()) && !renameTargets.contains(n)) {
                add(Rule.TYPE_ADDED, Side.NEW, n.location(), n, null, n.keyword(), n.name());
            }
        }
    }

    /**
     * The declarations of OLD that another declaration holds (in a field, variant, element, key or
     * value). The others are what messages, streams and Kafka records carry as their root.
     */
    private Set<Declaration> heldByOthers() {
        if (heldByOthers == null) {
            heldByOthers = new HashSet<>();
            for (Declaration d : oldSchema.allDeclarations()) {
                List<Field> members = d instanceof MessageType m ? m.fields()
                        : d instanceof UnionType u ? u.variants() : List.of();
                for (Field f : members) {
                    collectNamed(f.type(), d, heldByOthers);
                }
            }
        }
        return heldByOthers;
    }

    private static void collectNamed(Type t, Declaration holder, Set<Declaration> out) {
        if (t instanceof Type.ListType l) {
            collectNamed(l.element(), holder, out);
        } else if (t instanceof Type.MapType m) {
            collectNamed(m.key(), holder, out);
            collectNamed(m.value(), holder, out);
        } else if (t instanceof Type.OptionalType o) {
            collectNamed(o.inner(), holder, out);
        } else if (t instanceof Type.NamedType n && n.declaration() != holder) {
            out.add(n.declaration());
        }
    }

    // ---- One pair of declarations ---------------------------------------------------------

    private void compare(Pair p) {
        Declaration o = p.oldDecl();
        Declaration n = p.newDecl();
        if (!o.keyword().equals(n.keyword())) {
            add(Rule.KIND_CHANGED, Side.NEW, n.location(), n, null, owner(p), o.keyword(), n.keyword(),
                    article(o) + " is written as " + howWritten(o) + ", " + article(n) + " as " + howWritten(n));
            return;
        }
        if (o instanceof MessageType om && n instanceof MessageType nm) {
            compareMembers(p, om.fields(), nm.fields(), om.isStruct() ? STRUCT_FIELDS : RECORD_FIELDS);
        } else if (o instanceof UnionType ou && n instanceof UnionType nu) {
            compareMembers(p, ou.variants(), nu.variants(), VARIANTS);
        } else if (o instanceof EnumType oe && n instanceof EnumType ne) {
            compareEnums(p, oe, ne);
        }
    }

    /** How a value of the declaration is written, for {@link Rule#KIND_CHANGED}. */
    private static String howWritten(Declaration d) {
        return switch (d.keyword()) {
            case "record" -> "a length and a body";
            case "struct" -> "its fields alone";
            case "union" -> "a tag and a variant";
            default -> "a number";
        };
    }

    private static String article(Declaration d) {
        return (d instanceof EnumType ? "an " : "a ") + d.keyword();
    }

    /**
     * Fields (or variants) are matched by id. At an id both have: the same name is the same field;
     * another name is a move (the name is at another id in OLD), an insertion (OLD's name moved on
     * and the new one is new), or else a rename. An id only NEW has is an appended field or a move;
     * an id only OLD has is a removed field unless its name moved.
     */
    private void compareMembers(Pair p, List<Field> oldList, List<Field> newList, MemberRules rules) {
        Map<Integer, Field> oldById = new HashMap<>();
        Map<String, Field> oldByName = new HashMap<>();
        oldList.forEach(f -> { oldById.put(f.id(), f); oldByName.put(f.name(), f); });
        Map<Integer, Field> newById = new HashMap<>();
        Map<String, Field> newByName = new HashMap<>();
        newList.forEach(f -> { newById.put(f.id(), f); newByName.put(f.name(), f); });
        Set<Integer> ids = new TreeSet<>(oldById.keySet());
        ids.addAll(newById.keySet());
        String owner = owner(p);
        Declaration o = p.oldDecl();
        Declaration n = p.newDecl();
        for (int id : ids) {
            Field of = oldById.get(id);
            Field nf = newById.get(id);
            if (of != null && nf != null) {
                if (of.name().equals(nf.name())) {
                    compareMember(p, of, nf, rules);
                    continue;
                }
                Field ofNow = newByName.get(of.name());
                Field nfBefore = oldByName.get(nf.name());
                if (nfBefore != null) {
                    add(rules.moved(), Side.NEW, nf.idLocation(), n, nf.name(), nf.name(), owner, nfBefore.id(), id);
                    if (ofNow == null) {
                        add(rules.removed(), Side.OLD, of.location(), o, of.name(), of.name(), id, owner);
                    }
                } else if (ofNow != null) {
                    add(rules.inserted(), Side.NEW, nf.location(), n, nf.name(), nf.name(), owner, id, of.name(),
                            ofNow.id());
                } else {
                    add(rules.renamed(), Side.NEW, nf.location(), n, nf.name(), of.name(), owner, nf.name());
                    compareMember(p, of, nf, rules);
                }
            } else if (nf != null) {
                Field nfBefore = oldByName.get(nf.name());
                if (nfBefore != null) {
                    add(rules.moved(), Side.NEW, nf.idLocation(), n, nf.name(), nf.name(), owner, nfBefore.id(), id);
                } else {
                    add(rules.added(), Side.NEW, nf.location(), n, nf.name(), nf.name(), id, owner,
                            nf.isOptional() ? "null" : "its zero value");
                }
            } else if (!newByName.containsKey(of.name())) {
                add(rules.removed(), Side.OLD, of.location(), o, of.name(), of.name(), id, owner);
            }
        }
    }

    /** The same field (or variant) in both: its type, and whether it was deprecated. */
    private void compareMember(Pair p, Field of, Field nf, MemberRules rules) {
        Declaration n = p.newDecl();
        String owner = owner(p);
        List<Pair> reached = new ArrayList<>();
        if (sameShape(of.type(), nf.type(), reached)) {
            reached.forEach(this::schedule);
        } else {
            Type oi = of.type() instanceof Type.OptionalType opt ? opt.inner() : of.type();
            Type ni = nf.type() instanceof Type.OptionalType opt ? opt.inner() : nf.type();
            reached.clear();
            Rule rule;
            Promotion promotion = promotion(of.type(), nf.type(), reached);
            if (promotion == null) {
                reached.clear();
            }
            if (promotion != null) {
                reached.forEach(this::schedule);
                boolean variant = rules == VARIANTS;
                rule = promotion == Promotion.WIDER ? (variant ? Rule.VARIANT_WIDENED : Rule.FIELD_WIDENED)
                        : variant ? Rule.VARIANT_NARROWED : Rule.FIELD_NARROWED;
            } else if (of.isOptional() != nf.isOptional() && sameShape(oi, ni, reached)) {
                reached.forEach(this::schedule);
                rule = Rule.FIELD_OPTIONALITY_CHANGED;
            } else if (rules == VARIANTS) {
                rule = Rule.VARIANT_TYPE_CHANGED;
            } else {
                rule = of.deprecated() || nf.deprecated() ? Rule.DEPRECATED_FIELD_TYPE_CHANGED : rules.typeChanged();
            }
            String oldSpelling = spell(of.type(), p.oldDecl().packageName());
            String newSpelling = spell(nf.type(), n.packageName());
            if (of.type() instanceof Type.NamedType on && nf.type() instanceof Type.NamedType nn) {
                // Two declarations of different kinds: say which.
                oldSpelling = on.declaration().keyword() + " " + oldSpelling;
                newSpelling = nn.declaration().keyword() + " " + newSpelling;
            }
            add(rule, Side.NEW, nf.typeLocation(), n, nf.name(), nf.name(), owner, oldSpelling, newSpelling);
        }
        if (!of.deprecated() && nf.deprecated()) {
            add(Rule.FIELD_DEPRECATED, Side.NEW, nf.location(), n, nf.name(), nf.name(), owner);
        } else if (of.deprecated() && !nf.deprecated()) {
            add(Rule.FIELD_UNDEPRECATED, Side.NEW, nf.location(), n, nf.name(), nf.name(), owner);
        }
    }

    /**
     * Whether two types are written the same way, given that the declarations they name are
     * compared on their own: the pairs of declarations met are added to {@code reached}. Named
     * types match when they are the same kind (record, struct, union, enum) or have the same name
     * (a declaration whose kind changed is reported once, where it is declared).
     */
    private static boolean sameShape(Type o, Type n, List<Pair> reached) {
        if (o instanceof Type.PrimitiveType po && n instanceof Type.PrimitiveType pn) {
            return po.kind() == pn.kind();
        }
        if (o instanceof Type.ListType lo && n instanceof Type.ListType ln) {
            return sameShape(lo.element(), ln.element(), reached);
        }
        if (o instanceof Type.MapType mo && n instanceof Type.MapType mn) {
            return sameShape(mo.key(), mn.key(), reached) && sameShape(mo.value(), mn.value(), reached);
        }
        if (o instanceof Type.OptionalType oo && n instanceof Type.OptionalType on) {
            return sameShape(oo.inner(), on.inner(), reached);
        }
        if (o instanceof Type.NamedType no && n instanceof Type.NamedType nn) {
            Declaration od = no.declaration();
            Declaration nd = nn.declaration();
            if (od.keyword().equals(nd.keyword()) || od.qualifiedName().equals(nd.qualifiedName())) {
                reached.add(new Pair(od, nd));
                return true;
            }
        }
        return false;
    }

    /** How a type changed by the safe promotions of SPEC §9: every integer in it as wide or wider, or as narrow or narrower. */
    private enum Promotion { WIDER, NARROWER }

    /**
     * Whether {@code n} is {@code o} with some integers widened (or narrowed) within a family whose
     * values are written alike (SPEC §9): i16 → i32 → i64 (zigzag varints), u16 → u32 → u64
     * (varints), and bool → u8, u16, u32, u64 (bytes 0 and 1). Null when the shapes differ
     * otherwise, are the same, or widen in one place and narrow in another.
     */
    private static Promotion promotion(Type o, Type n, List<Pair> reached) {
        Promotion[] seen = new Promotion[1];
        return promotes(o, n, reached, seen) ? seen[0] : null;
    }

    private static boolean promotes(Type o, Type n, List<Pair> reached, Promotion[] seen) {
        if (o instanceof Type.PrimitiveType po && n instanceof Type.PrimitiveType pn) {
            if (po.kind() == pn.kind()) {
                return true;
            }
            Promotion p = widens(po.kind(), pn.kind()) ? Promotion.WIDER
                    : widens(pn.kind(), po.kind()) ? Promotion.NARROWER : null;
            if (p == null || (seen[0] != null && seen[0] != p)) {
                return false;
            }
            seen[0] = p;
            return true;
        }
        if (o instanceof Type.ListType lo && n instanceof Type.ListType ln) {
            return promotes(lo.element(), ln.element(), reached, seen);
        }
        if (o instanceof Type.MapType mo && n instanceof Type.MapType mn) {
            return promotes(mo.key(), mn.key(), reached, seen) && promotes(mo.value(), mn.value(), reached, seen);
        }
        if (o instanceof Type.OptionalType oo && n instanceof Type.OptionalType on) {
            return promotes(oo.inner(), on.inner(), reached, seen);
        }
        return sameShape(o, n, reached);
    }

    /** Whether every value of {@code from} is written as the same value of {@code to} is (SPEC §9). */
    private static boolean widens(Primitive from, Primitive to) {
        return switch (from) {
            case I16 -> to == Primitive.I32 || to == Primitive.I64;
            case I32 -> to == Primitive.I64;
            case U16 -> to == Primitive.U32 || to == Primitive.U64;
            case U32 -> to == Primitive.U64;
            case BOOL -> to == Primitive.U8 || to == Primitive.U16 || to == Primitive.U32 || to == Primitive.U64;
            default -> false;
        };
    }

    /**
     * Members are matched by number. At a number both have, another name is a renumbering when
     * one of the names has another number in the other schema, else a rename.
     */
    private void compareEnums(Pair p, EnumType o, EnumType n) {
        Map<Integer, EnumType.Member> oldByValue = new HashMap<>();
        Map<String, EnumType.Member> oldByName = new HashMap<>();
        o.members().forEach(m -> { oldByValue.put(m.value(), m); oldByName.put(m.name(), m); });
        Map<Integer, EnumType.Member> newByValue = new HashMap<>();
        Map<String, EnumType.Member> newByName = new HashMap<>();
        n.members().forEach(m -> { newByValue.put(m.value(), m); newByName.put(m.name(), m); });
        String owner = owner(p);
        for (EnumType.Member nm : n.members()) {
            EnumType.Member before = oldByName.get(nm.name());
            if (before != null && before.value() != nm.value()) {
                add(Rule.MEMBER_RENUMBERED, Side.NEW, nm.valueLocation(), n, nm.name(), nm.name(), before.value(),
                        owner, nm.value());
                continue;
            }
            if (before != null) {
                continue;
            }
            EnumType.Member atValue = oldByValue.get(nm.value());
            if (atValue == null) {
                add(Rule.MEMBER_ADDED, Side.NEW, nm.location(), n, nm.name(), nm.name(), nm.value(), owner);
            } else if (!newByName.containsKey(atValue.name())) {
                add(Rule.MEMBER_RENAMED, Side.NEW, nm.location(), n, nm.name(), atValue.name(), nm.value(), owner,
                        nm.name());
            }
            // Else OLD's member of this number now has another: that renumbering is reported, and says it.
        }
        for (EnumType.Member om : o.members()) {
            if (newByName.containsKey(om.name())) {
                continue;
            }
            EnumType.Member atValue = newByValue.get(om.value());
            if (atValue == null || oldByName.containsKey(atValue.name())) {
                add(Rule.MEMBER_REMOVED, Side.OLD, om.location(), o, om.name(), om.name(), om.value(), owner);
            }
        }
    }

    // ---- Names and findings --------------------------------------------------------------------

    /** How a pair is named in messages: NEW's name, and OLD's when it differs. */
    private static String owner(Pair p) {
        Declaration o = p.oldDecl();
        Declaration n = p.newDecl();
        return o.qualifiedName().equals(n.qualifiedName()) ? n.name() : n.name() + " (was " + name(o, n) + ")";
    }

    /** A declaration's simple name, or its qualified name when the other one is in another package. */
    private static String name(Declaration d, Declaration other) {
        return d.packageName().equals(other.packageName()) ? d.name() : d.qualifiedName();
    }

    /** A type as written in a schema of package {@code pkg}: named types of other packages qualified. */
    static String spell(Type t, String pkg) {
        if (t instanceof Type.PrimitiveType p) {
            return p.kind().schemaName();
        }
        if (t instanceof Type.ListType l) {
            return "list<" + spell(l.element(), pkg) + ">";
        }
        if (t instanceof Type.MapType m) {
            return "map<" + spell(m.key(), pkg) + ", " + spell(m.value(), pkg) + ">";
        }
        if (t instanceof Type.OptionalType o) {
            return "optional<" + spell(o.inner(), pkg) + ">";
        }
        Declaration d = ((Type.NamedType) t).declaration();
        return d.packageName().equals(pkg) ? d.name() : d.qualifiedName();
    }

    private void add(Rule rule, Side side, Location at, Declaration decl, String member, Object... args) {
        findings.add(new Finding(rule, side, at, decl.qualifiedName(), member, rule.format(args)));
    }
}
