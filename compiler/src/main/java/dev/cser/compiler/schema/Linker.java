package dev.cser.compiler.schema;

import dev.cser.compiler.diag.ErrorCollector;
import dev.cser.compiler.diag.ErrorType;
import dev.cser.compiler.diag.Location;
import dev.cser.compiler.parse.FieldElement;
import dev.cser.compiler.parse.TypeElement;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Turns parsed files into a {@link Schema}, in named passes: register every declaration,
 * resolve the types of fields and variants, validate names, ids and values, and check that
 * every type can hold a finite value. Every pass reports into one {@link ErrorCollector}, so a
 * run shows every error at once.
 */
public final class Linker {
    private static final Pattern PACKAGE_PART = Pattern.compile("[a-z][a-z0-9_]*");
    private static final Pattern TYPE_NAME = Pattern.compile("[A-Z][A-Za-z0-9]*");
    private static final Pattern SNAKE_NAME = Pattern.compile("[a-z][a-z0-9_]*");
    private static final Pattern UPPER_SNAKE = Pattern.compile("[A-Z][A-Z0-9_]*");
    private static final Set<String> GENERICS = Set.of("list", "map", "optional");
    private static final int MAX_ID = 65535;

    private final ErrorCollector errors;
    private final Map<String, Declaration> byName = new TreeMap<>();
    private final Map<Declaration, Path> declaringFile = new HashMap<>();
    private final Map<Declaration, TypeElement> elementOf = new LinkedHashMap<>();
    /** Declarations with a member whose type did not resolve: their other checks would only echo that error. */
    private final Set<Declaration> incomplete = new HashSet<>();

    public Linker(ErrorCollector errors) {
        this.errors = errors;
    }

    /** Links the loaded files. Check the collector for errors before using the result. */
    public Schema link(List<Loader.LoadedFile> files) {
        List<Loader.LoadedFile> sorted = new ArrayList<>(files);
        // By the reproducible name, not the path as given: the order of the generated code must
        // not depend on how the files were named on the command line.
        sorted.sort(Comparator.comparing(Loader.LoadedFile::sourceName).thenComparing(f -> f.element().path()));
        Map<Path, Loader.LoadedFile> byPath = new HashMap<>();
        for (Loader.LoadedFile f : sorted) {
            byPath.put(f.realPath(), f);
        }
        List<SchemaFile> schemaFiles = new ArrayList<>();
        for (Loader.LoadedFile f : sorted) {
            schemaFiles.add(new SchemaFile(f.element().path(), f.sourceName(), f.element().packageName(), f.element().doc(),
                    registerFile(f)));
        }
        for (Loader.LoadedFile f : sorted) {
            resolveFile(f, byPath);
        }
        reportOutOfRangeIds();
        checkFinite();
        return new Schema(List.copyOf(schemaFiles), Map.copyOf(byName));
    }

    // ---- Pass 1: register declarations ------------------------------------------------------

    private List<Declaration> registerFile(Loader.LoadedFile file) {
        String pkg = file.element().packageName();
        String[] parts = pkg.isEmpty() ? new String[0] : pkg.split("\\.", -1);
        for (int i = 0; i < parts.length && i < file.element().packagePartLocations().size(); i++) {
            if (!PACKAGE_PART.matcher(parts[i]).matches()) {
                errors.at(file.element().packagePartLocations().get(i), ErrorType.BAD_PACKAGE_NAME, parts[i]);
            }
            checkLength(file.element().packagePartLocations().get(i), "package name part", parts[i]);
        }
        if (parts.length > Limits.PACKAGE_SEGMENTS && parts.length == file.element().packagePartLocations().size()) {
            errors.at(file.element().packagePartLocations().get(Limits.PACKAGE_SEGMENTS),
                    ErrorType.TOO_MANY_PACKAGE_SEGMENTS, pkg, parts.length, Limits.PACKAGE_SEGMENTS);
        }
        List<Declaration> declarations = new ArrayList<>();
        for (TypeElement type : file.element().types()) {
            if (Primitive.bySchemaName(type.name()) != null || GENERICS.contains(type.name())) {
                errors.at(type.location(), ErrorType.BUILTIN_TYPE_NAME, type.name());
            } else if (!TYPE_NAME.matcher(type.name()).matches()) {
                errors.at(type.location(), ErrorType.BAD_TYPE_NAME, type.name());
            }
            checkLength(type.location(), "type name", type.name());
            Declaration declaration;
            if (type instanceof TypeElement.Message m) {
                declaration = new MessageType(m.location(), pkg, m.name(), m.doc(), m.frozen());
            } else if (type instanceof TypeElement.Enum) {
                declaration = new EnumType(type.location(), pkg, type.name(), type.doc());
            } else {
                declaration = new UnionType(type.location(), pkg, type.name(), type.doc());
            }
            Declaration previous = byName.get(declaration.qualifiedName());
            if (previous != null) {
                errors.at(type.location(), ErrorType.DUPLICATE_TYPE, declaration.qualifiedName(), previous.location());
                continue;
            }
            byName.put(declaration.qualifiedName(), declaration);
            declaringFile.put(declaration, file.realPath());
            elementOf.put(declaration, type);
            declarations.add(declaration);
        }
        return List.copyOf(declarations);
    }

    // ---- Pass 2 and 3: resolve types and validate members ----------------------------------

    private void resolveFile(Loader.LoadedFile file, Map<Path, Loader.LoadedFile> byPath) {
        Set<Path> visible = new HashSet<>(file.imports());
        visible.add(file.realPath());
        TypeResolver resolver = new TypeResolver(file.element().packageName(), byName, declaringFile, visible,
                byPath, errors);
        for (Map.Entry<Declaration, TypeElement> e : elementOf.entrySet()) {
            if (!declaringFile.get(e.getKey()).equals(file.realPath())) {
                continue;
            }
            if (e.getKey() instanceof MessageType m) {
                linkMessage(m, (TypeElement.Message) e.getValue(), resolver);
            } else if (e.getKey() instanceof EnumType en) {
                linkEnum(en, (TypeElement.Enum) e.getValue());
            } else if (e.getKey() instanceof UnionType u) {
                linkUnion(u, (TypeElement.Union) e.getValue(), resolver);
            }
        }
    }

    private void linkMessage(MessageType message, TypeElement.Message element, TypeResolver resolver) {
        List<Field> fields = new ArrayList<>();
        for (FieldElement f : element.fields()) {
            if (!SNAKE_NAME.matcher(f.name()).matches()) {
                errors.at(f.location(), ErrorType.BAD_FIELD_NAME, f.name());
            }
            checkLength(f.location(), "field name", f.name());
            Type type = resolver.resolve(f.type(), false);
            int id = parseId(f);
            if (type == null) {
                incomplete.add(message);
            }
            if (type != null && id > 0) {
                fields.add(new Field(f.location(), f.name(), id, type, f.deprecated(), f.doc(), -1, f.type().location(),
                        f.idLocation()));
            }
        }
        checkNamesAndIds(message, element.fields(), ErrorType.DUPLICATE_FIELD);
        if (element.fields().size() > Limits.FIELDS) {
            errors.at(message.location(), ErrorType.TOO_MANY_FIELDS, message.keyword(), message.name(),
                    element.fields().size(), Limits.FIELDS);
        }
        if (message.isStruct() && element.fields().isEmpty()) {
            errors.at(message.location(), ErrorType.EMPTY_STRUCT, message.name());
        }
        fields.sort(Comparator.comparingInt(Field::id));
        List<Field> withSlots = new ArrayList<>();
        int slot = 0;
        for (Field f : fields) {
            withSlots.add(f.isOptional() ? f.withOptionalSlot(slot++) : f);
        }
        message.setFields(withSlots);
    }

    private void linkUnion(UnionType union, TypeElement.Union element, TypeResolver resolver) {
        List<Field> variants = new ArrayList<>();
        for (FieldElement v : element.variants()) {
            if (!SNAKE_NAME.matcher(v.name()).matches()) {
                errors.at(v.location(), ErrorType.BAD_VARIANT_NAME, v.name());
            }
            checkLength(v.location(), "variant name", v.name());
            Type type = resolver.resolve(v.type(), true);
            int id = parseId(v);
            if (type == null) {
                incomplete.add(union);
            }
            if (type != null && id > 0) {
                variants.add(new Field(v.location(), v.name(), id, type, false, v.doc(), -1, v.type().location(),
                        v.idLocation()));
            }
        }
        checkNamesAndIds(union, element.variants(), ErrorType.DUPLICATE_VARIANT);
        if (element.variants().size() > Limits.VARIANTS) {
            errors.at(union.location(), ErrorType.TOO_MANY_VARIANTS, union.name(), element.variants().size(),
                    Limits.VARIANTS);
        }
        if (element.variants().isEmpty()) {
            errors.at(union.location(), ErrorType.EMPTY_UNION, union.name());
        }
        variants.sort(Comparator.comparingInt(Field::id));
        union.setVariants(variants);
    }

    private void linkEnum(EnumType enumType, TypeElement.Enum element) {
        List<EnumType.Member> members = new ArrayList<>();
        Map<String, Location> names = new HashMap<>();
        Map<Long, String> values = new HashMap<>();
        for (var m : element.members()) {
            if (!UPPER_SNAKE.matcher(m.name()).matches()) {
                errors.at(m.location(), ErrorType.BAD_MEMBER_NAME, m.name());
            }
            checkLength(m.location(), "enum member", m.name());
            Location first = names.putIfAbsent(m.name(), m.location());
            if (first != null) {
                errors.at(m.location(), ErrorType.DUPLICATE_MEMBER, m.name(), enumType.name(), first);
            }
            long value = parseLong(m.value());
            if (value < 0 || value > Integer.MAX_VALUE) {
                errors.at(m.valueLocation(), ErrorType.ENUM_VALUE_OUT_OF_RANGE, m.value());
                continue;
            }
            String holder = values.putIfAbsent(value, m.name());
            if (holder != null) {
                errors.at(m.valueLocation(), ErrorType.DUPLICATE_ENUM_VALUE, value, holder, enumType.name());
                continue;
            }
            members.add(new EnumType.Member(m.location(), m.name(), (int) value, m.doc(), m.valueLocation()));
        }
        if (element.members().size() > Limits.MEMBERS) {
            errors.at(enumType.location(), ErrorType.TOO_MANY_MEMBERS, enumType.name(), element.members().size(),
                    Limits.MEMBERS);
        }
        if (element.members().isEmpty()) {
            errors.at(enumType.location(), ErrorType.EMPTY_ENUM, enumType.name());
        } else if (!values.containsKey(0L)) {
            errors.at(enumType.location(), ErrorType.ENUM_WITHOUT_ZERO, enumType.name());
        }
        enumType.setMembers(members);
    }

    /** A name longer than {@link Limits#NAME_LENGTH} is an error at the name. */
    private void checkLength(Location at, String what, String name) {
        if (name.length() > Limits.NAME_LENGTH) {
            errors.at(at, ErrorType.NAME_TOO_LONG, what, name, name.length(), Limits.NAME_LENGTH);
        }
    }

    /** Names unique; ids unique and 1..N without gaps. */
    private void checkNamesAndIds(Declaration owner, List<FieldElement> fields, ErrorType duplicateName) {
        Map<String, Location> names = new HashMap<>();
        Map<Integer, String> ids = new TreeMap<>();
        for (FieldElement f : fields) {
            Location first = names.putIfAbsent(f.name(), f.location());
            if (first != null) {
                errors.at(f.location(), duplicateName, f.name(), owner.name(), first);
            }
            int id = parseId(f);
            if (id <= 0) {
                continue;
            }
            String holder = ids.putIfAbsent(id, f.name());
            if (holder != null) {
                errors.at(f.idLocation(), ErrorType.DUPLICATE_FIELD_ID, id, holder, owner.name());
            }
        }
        if (ids.isEmpty()) {
            return;
        }
        int max = ((TreeMap<Integer, String>) ids).lastKey();
        List<String> missing = new ArrayList<>();
        for (int i = 1; i <= max; i++) {
            if (!ids.containsKey(i)) {
                missing.add(String.valueOf(i));
            }
        }
        if (!missing.isEmpty()) {
            // Name the first few; past that a count says more than a long list.
            String listed = missing.size() <= 6 ? String.join(", ", missing)
                    : String.join(", ", missing.subList(0, 5)) + " and " + (missing.size() - 5) + " more";
            errors.at(owner.location(), ErrorType.ID_GAP, owner.name(), max, listed);
        }
    }

    /** The id of a field or variant, or -1 when it is out of range (reported once, here). */
    private int parseId(FieldElement f) {
        long id = parseLong(f.id());
        return id >= 1 && id <= MAX_ID ? (int) id : -1;
    }

    private static long parseLong(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    // ---- Pass 4: every type must be able to hold a finite value -----------------------------

    private void checkFinite() {
        TypeGraph.markInlineLoops(byName.values());
        CanonicalText.markLoops(byName.values());
        FiniteValues finite = new FiniteValues(byName.values(), incomplete);
        for (Declaration d : byName.values()) {
            if (incomplete.contains(d) || d instanceof UnionType u && u.variants().isEmpty()) {
                continue;
            }
            if (!finite.isFinite(d)) {
                errors.at(d.location(), ErrorType.INFINITE_TYPE, d.keyword() + " " + d.name(), finite.why(d));
            } else if (d instanceof UnionType u) {
                u.setZeroVariant(finite.zeroVariant(u));
            }
        }
        if (!errors.hasErrors()) {
            checkZeroValuesFinite();
        }
        if (!errors.hasErrors()) {
            checkZeroValueDepth();
        }
        if (!errors.hasErrors()) {
            SizeLimits.check(byName.values(), errors);
        }
    }


    /**
     * Every zero value fits the default depth limit (SPEC §2.1, §7): a chain of records, structs
     * and unions held directly, each one level deeper, is at most {@link Limits#ZERO_VALUE_DEPTH}
     * long. Reported once per chain, at the type whose zero value is the first past the limit
     * (every type holding it directly is past it too, because of it).
     */
    private void checkZeroValueDepth() {
        Map<Declaration, Integer> depths = new HashMap<>();
        for (Declaration d : byName.values()) {
            if (zeroDepth(d, depths) == Limits.ZERO_VALUE_DEPTH + 1) {
                List<String> path = new ArrayList<>();
                for (Declaration at = d; at != null; at = deepestPart(at, depths)) {
                    path.add(at.name());
                }
                String shown = path.size() <= 6 ? String.join(" -> ", path)
                        : String.join(" -> ", path.subList(0, 3)) + " -> ... -> "
                                + String.join(" -> ", path.subList(path.size() - 2, path.size()));
                errors.at(d.location(), ErrorType.ZERO_VALUE_TOO_DEEP, d.keyword() + " " + d.name(),
                        Limits.ZERO_VALUE_DEPTH + 1, shown, Limits.ZERO_VALUE_DEPTH);
            }
        }
    }

    /** The depth of d's zero value (§7): 1, plus the deepest zero value it holds directly. */
    private static int zeroDepth(Declaration d, Map<Declaration, Integer> depths) {
        // Zero values are finite here (checked above), so the parts form no loop.
        PartsFirst.compute(d, Linker::zeroParts, depths, (top, known) -> {
            int deepest = 0;
            for (Declaration part : zeroParts(top)) {
                deepest = Math.max(deepest, known.get(part));
            }
            // An enum is a number, not a level of nesting.
            return top instanceof EnumType ? 0 : deepest + 1;
        });
        return depths.get(d);
    }

    /** The part of d's zero value that is deepest, or null if it holds none. */
    private static Declaration deepestPart(Declaration d, Map<Declaration, Integer> depths) {
        Declaration deepest = null;
        for (Declaration part : zeroParts(d)) {
            if (deepest == null || depths.get(part) > depths.get(deepest)) {
                deepest = part;
            }
        }
        return deepest;
    }

    /**
     * A union's zero value is its lowest-id variant that can be finite (SPEC §3). That choice is
     * stable when variants are appended, but it can loop: union U whose variant 1 is a record
     * holding a U directly. Such a zero value would be infinite, so it is an error that names the
     * loop (giving a variant with a finite zero value the lowest id fixes it).
     */
    private void checkZeroValuesFinite() {
        Set<Declaration> done = new HashSet<>();
        for (Declaration d : byName.values()) {
            List<Declaration> loop = zeroLoop(d, new ArrayList<>(), done);
            if (loop != null && loop.get(0) instanceof UnionType u) {
                String path = loop.stream().map(Declaration::name).collect(java.util.stream.Collectors.joining(" -> "));
                errors.at(u.location(), ErrorType.INFINITE_ZERO_VALUE, u.name(), u.zeroVariant().name(),
                        path + " -> " + u.name());
                done.addAll(loop); // one error per loop, not one per union on it
            }
        }
    }

    /** The declarations whose zero value contains {@code d}'s zero value directly. */
    static List<Declaration> zeroParts(Declaration d) {
        List<Field> parts = d instanceof MessageType m ? m.fields()
                : d instanceof UnionType u && u.zeroVariant() != null ? List.of(u.zeroVariant())
                : List.of();
        List<Declaration> out = new ArrayList<>();
        for (Field f : parts) {
            // Optionals are absent and collections empty in a zero value: only named types nest.
            if (f.type() instanceof Type.NamedType n) {
                out.add(n.declaration());
            }
        }
        return out;
    }

    /** A loop of zero values through {@code d} (depth-first), starting at a union; null if none. */
    private static List<Declaration> zeroLoop(Declaration d, List<Declaration> stack, Set<Declaration> done) {
        int at = stack.indexOf(d);
        if (at >= 0) {
            List<Declaration> loop = new ArrayList<>(stack.subList(at, stack.size()));
            for (int i = 0; i < loop.size() && !(loop.get(0) instanceof UnionType); i++) {
                loop.add(loop.remove(0));
            }
            return loop;
        }
        if (done.contains(d)) {
            return null;
        }
        stack.add(d);
        for (Declaration part : zeroParts(d)) {
            List<Declaration> loop = zeroLoop(part, stack, done);
            if (loop != null) {
                return loop;
            }
        }
        stack.remove(stack.size() - 1);
        done.add(d);
        return null;
    }

    // ---- Ids out of 1..65535 are reported once per field, whatever else is wrong ----------

    private void reportOutOfRangeIds() {
        for (TypeElement element : elementOf.values()) {
            List<FieldElement> fields = element instanceof TypeElement.Message m ? m.fields()
                    : element instanceof TypeElement.Union u ? u.variants()
                    : List.of();
            for (FieldElement f : fields) {
                if (parseId(f) < 0) {
                    errors.at(f.idLocation(), ErrorType.ID_OUT_OF_RANGE, f.id());
                }
            }
        }
    }
}
