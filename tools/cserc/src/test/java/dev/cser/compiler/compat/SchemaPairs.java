package dev.cser.compiler.compat;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Random schema changes, for {@link SchemaCompatAgreementTest}: a small random schema (records,
 * structs, unions and enums of one package) and the same schema after one to three random edits
 * of the kinds SPEC §9 lists (fields and variants appended, removed, moved, renamed, retyped,
 * widened, narrowed, made optional or deprecated; enum members added, removed, renamed and
 * renumbered; a record made a struct). Each pair is a function of its seed; a pair whose edit
 * makes an invalid schema (a type holding itself) is left out.
 */
final class SchemaPairs {
    private SchemaPairs() {}

    record Generated(String name, Schema oldSchema, Schema newSchema, Path oldFile, Path newFile) {}

    private static final String[] SCALARS = {"bool", "i8", "u8", "i16", "u16", "i32", "u32", "i64", "u64", "f32",
            "f64", "string", "bytes"};
    private static final String[] KEYS = {"i32", "u64", "string"};
    private static final Pattern PROMOTABLE = Pattern.compile("\\b(bool|i16|i32|i64|u16|u32|u64|u8)\\b");

    /** A declaration: its kind, name, and members (fields and variants as type and name; enum members as name and number). */
    static final class Decl {
        String kind;
        final String name;
        final List<String[]> members = new ArrayList<>();

        Decl(String kind, String name) {
            this.kind = kind;
            this.name = name;
        }

        Decl copy() {
            Decl d = new Decl(kind, name);
            members.forEach(m -> d.members.add(m.clone()));
            return d;
        }
    }

    static List<Generated> generate(int count) {
        List<Generated> out = new ArrayList<>();
        try {
            Path dir = Files.createTempDirectory("schema-pairs");
            for (int seed = 1; out.size() < count && seed < count * 4; seed++) {
                Random rng = new Random(seed);
                List<Decl> old = schema(rng);
                List<Decl> changed = new ArrayList<>();
                old.forEach(d -> changed.add(d.copy()));
                List<String> edits = new ArrayList<>();
                if (rng.nextInt(4) == 0 && growHeldByDeprecated(changed, rng)) {
                    edits.add("grow");
                }
                for (int n = 1 + rng.nextInt(rng.nextInt(4) == 0 ? 3 : 1); n > 0; n--) {
                    edits.add(edit(changed, rng));
                }
                Schema o = compile(dir, "old" + seed, render(old));
                Schema c = compile(dir, "new" + seed, render(changed));
                if (o != null && c != null) {
                    out.add(new Generated(seed + "-" + String.join("+", edits), o, c, dir.resolve("old" + seed + ".cser"),
                            dir.resolve("new" + seed + ".cser")));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static Schema compile(Path dir, String name, String text) throws IOException {
        Path file = dir.resolve(name + ".cser");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        try {
            return new SchemaCompiler(List.of(dir)).compile(List.of(file));
        } catch (SchemaException e) {
            return null;
        }
    }

    /** Two to six declarations; each holds directly only those before it (so no value is infinite). */
    private static List<Decl> schema(Random rng) {
        List<Decl> decls = new ArrayList<>();
        int n = 2 + rng.nextInt(5);
        for (int i = 0; i < n; i++) {
            String kind = i == 0 ? "enum" : i == n - 1 ? "record" : pick(rng, "record", "record", "struct", "union",
                    "enum");
            Decl d = new Decl(kind, "T" + i);
            if (kind.equals("enum")) {
                int number = 0;
                for (int m = 0; m < 1 + rng.nextInt(4); m++) {
                    d.members.add(new String[] {"M" + m, Integer.toString(number)});
                    number += 1 + rng.nextInt(3);
                }
            } else {
                for (int m = 0; m < 1 + rng.nextInt(5); m++) {
                    // Some fields deprecated from the start: the edits then grow the types they hold.
                    boolean deprecated = !kind.equals("union") && rng.nextInt(6) == 0;
                    String type = deprecated && !decls.isEmpty() && rng.nextBoolean()
                            ? decls.get(rng.nextInt(decls.size())).name : type(rng, decls, !kind.equals("union"), 0);
                    d.members.add(new String[] {type, "f" + m, deprecated ? "deprecated " : ""});
                }
            }
            decls.add(d);
        }
        return decls;
    }

    private static String type(Random rng, List<Decl> before, boolean optionalAllowed, int depth) {
        int r = rng.nextInt(10);
        if (r < 4 || depth > 2) {
            return pick(rng, SCALARS);
        }
        if (r < 6 && !before.isEmpty()) {
            return before.get(rng.nextInt(before.size())).name;
        }
        if (r == 6) {
            return "list<" + type(rng, before, false, depth + 1) + ">";
        }
        if (r == 7) {
            String key = rng.nextBoolean() || before.stream().noneMatch(d -> d.kind.equals("enum"))
                    ? pick(rng, KEYS) : before.stream().filter(d -> d.kind.equals("enum")).findFirst().get().name;
            return "map<" + key + ", " + type(rng, before, false, depth + 1) + ">";
        }
        if (r == 8 && optionalAllowed) {
            return "optional<" + type(rng, before, false, depth + 1) + ">";
        }
        return pick(rng, SCALARS);
    }

    /**
     * Appends a field to a record, or a variant to a union, that a deprecated field holds: the
     * change after which an older program's own zero value of the field no longer matches what a
     * newer writer puts there (SPEC §5.5.1). False when no deprecated field holds one.
     */
    private static boolean growHeldByDeprecated(List<Decl> decls, Random rng) {
        List<Decl> held = new ArrayList<>();
        for (Decl d : decls) {
            for (String[] m : d.members) {
                if (m.length > 2 && m[2].startsWith("deprecated")) {
                    decls.stream().filter(t -> t.name.equals(m[0]) && !t.kind.equals("enum") && !t.kind.equals("struct"))
                            .forEach(held::add);
                }
            }
        }
        if (held.isEmpty()) {
            return false;
        }
        Decl t = held.get(rng.nextInt(held.size()));
        t.members.add(new String[] {pick(rng, SCALARS), "grown", ""});
        return true;
    }

    /** One random edit of a random declaration; returns its name for the pair's label. */
    private static String edit(List<Decl> decls, Random rng) {
        int index = rng.nextInt(decls.size());
        Decl d = decls.get(index);
        List<Decl> before = decls.subList(0, index);
        List<String[]> ms = d.members;
        if (d.kind.equals("enum")) {
            int last = Integer.parseInt(ms.get(ms.size() - 1)[1]);
            switch (rng.nextInt(5)) {
                case 0 -> ms.add(new String[] {"ADDED", Integer.toString(last + 1)});
                case 1 -> {
                    if (ms.size() > 1) {
                        ms.remove(ms.size() - 1);
                    }
                }
                case 2 -> ms.get(rng.nextInt(ms.size()))[0] = "RENAMED";
                case 3 -> {
                    if (ms.size() > 1) {
                        String first = ms.get(0)[0];
                        ms.get(0)[0] = ms.get(1)[0];
                        ms.get(1)[0] = first;
                    }
                }
                default -> ms.get(ms.size() - 1)[1] = Integer.toString(last + 7);
            }
            return "enum";
        }
        boolean union = d.kind.equals("union");
        String[] m = ms.get(rng.nextInt(ms.size()));
        switch (rng.nextInt(11)) {
            case 0 -> {
                ms.add(new String[] {type(rng, before, !union, 0), "added", ""});
                return "append";
            }
            case 1 -> {
                if (ms.size() > 1) {
                    ms.remove(ms.size() - 1);
                }
                return "remove";
            }
            case 2 -> {
                if (ms.size() > 1) {
                    String first = ms.get(0)[1];
                    ms.get(0)[1] = ms.get(1)[1];
                    ms.get(1)[1] = first;
                }
                return "swap";
            }
            case 3 -> {
                m[1] = m[1] + "_renamed";
                return "rename";
            }
            case 4, 5 -> {
                Matcher p = PROMOTABLE.matcher(m[0]);
                if (p.find()) {
                    String to = switch (p.group(1)) {
                        case "bool" -> pick(rng, "u8", "u32");
                        case "i16" -> pick(rng, "i32", "i64");
                        case "i32" -> pick(rng, "i16", "i64");
                        case "i64" -> pick(rng, "i32", "u64");
                        case "u16" -> pick(rng, "u32", "u64");
                        case "u32" -> pick(rng, "u16", "u64");
                        case "u64" -> pick(rng, "u32", "i64");
                        default -> pick(rng, "bool", "u16");
                    };
                    m[0] = m[0].substring(0, p.start()) + to + m[0].substring(p.end());
                    return "promote";
                }
                m[0] = type(rng, before, !union, 0);
                return "retype";
            }
            case 6 -> {
                m[0] = type(rng, before, !union, 0);
                return "retype";
            }
            case 7 -> {
                if (!union) {
                    m[0] = m[0].startsWith("optional<") ? m[0].substring(9, m[0].length() - 1)
                            : m[0].startsWith("map<") || m[0].startsWith("list<") || m[0].matches("T\\d+")
                                    ? m[0] : "optional<" + m[0] + ">";
                }
                return "optional";
            }
            case 8 -> {
                if (!union) {
                    m[2] = "deprecated ";
                }
                return "deprecate";
            }
            case 9 -> {
                if (d.kind.equals("record")) {
                    d.kind = "struct";
                } else if (d.kind.equals("struct")) {
                    d.kind = "record";
                }
                return "kind";
            }
            default -> {
                if (!before.isEmpty()) {
                    m[0] = before.get(rng.nextInt(before.size())).name;
                }
                return "named";
            }
        }
    }

    static String render(List<Decl> decls) {
        StringBuilder s = new StringBuilder("package gen.pairs;\n");
        for (Decl d : decls) {
            s.append('\n').append(d.kind).append(' ').append(d.name).append(" {\n");
            for (int i = 0; i < d.members.size(); i++) {
                String[] m = d.members.get(i);
                if (d.kind.equals("enum")) {
                    s.append("  ").append(m[0]).append(" = ").append(m[1]).append(";\n");
                } else {
                    s.append("  ").append(m[2]).append(m[0]).append(' ').append(m[1]).append(" = ").append(i + 1)
                            .append(";\n");
                }
            }
            s.append("}\n");
        }
        return s.toString();
    }

    @SafeVarargs
    private static <T> T pick(Random rng, T... options) {
        return options[rng.nextInt(options.length)];
    }
}
