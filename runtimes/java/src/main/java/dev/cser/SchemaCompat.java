package dev.cser;

import dev.cser.SchemaText.Kind;
import dev.cser.SchemaText.Member;
import dev.cser.SchemaText.Type;
import dev.cser.SchemaText.TypeRef;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether bytes a writer wrote with one schema read correctly with a reader's (SPEC §9.1): the
 * checker of {@code cserc compat} applied to one writer and one reader, on their canonical texts.
 * The algorithm and the wording of each difference are the spec's, word for word, so the three
 * runtimes name the same first difference ({@code conformance/schema-compat.json} holds the
 * pairs every runtime's tests compare).
 */
public final class SchemaCompat {
    private SchemaCompat() {}

    private record Pair(String writer, String reader) {}

    /**
     * The first difference that makes {@code writer}'s bytes of {@code root} misread or fail with
     * {@code reader}'s schema, or empty when they read correctly.
     *
     * @param root the reader's root type, a qualified name
     * @throws IllegalArgumentException if {@code reader} has no type {@code root}
     */
    public static Optional<String> difference(SchemaText writer, SchemaText reader, String root) {
        if (!reader.types().containsKey(root)) {
            throw new IllegalArgumentException("the reader's schema has no type " + root);
        }
        if (writer.text().equals(reader.text())) {
            return Optional.empty();
        }
        if (!writer.types().containsKey(root)) {
            return Optional.of(root + ": not in the writer's schema");
        }
        return Optional.ofNullable(new Walk(writer, reader).run(new Pair(root, root)));
    }

    /** One comparison: the pairs met, in order, each compared once. */
    private static final class Walk {
        private final SchemaText writer;
        private final SchemaText reader;
        private final Deque<Pair> pending = new ArrayDeque<>();
        private final Set<Pair> met = new HashSet<>();

        Walk(SchemaText writer, SchemaText reader) {
            this.writer = writer;
            this.reader = reader;
        }

        String run(Pair root) {
            queue(List.of(root));
            while (!pending.isEmpty()) {
                String d = compare(pending.poll());
                if (d != null) {
                    return d;
                }
            }
            return null;
        }

        private void queue(List<Pair> pairs) {
            for (Pair p : pairs) {
                if (met.add(p)) {
                    pending.add(p);
                }
            }
        }

        private String compare(Pair p) {
            Type w = writer.types().get(p.writer());
            Type r = reader.types().get(p.reader());
            String owner = p.writer().equals(p.reader()) ? p.reader() : p.reader() + " (the writer's " + p.writer() + ")";
            if (w.kind() != r.kind()) {
                return owner + ": " + article(w.kind()) + " in the writer's schema, " + article(r.kind())
                        + " in the reader's";
            }
            if (w.kind() == Kind.ENUM) {
                return compareEnums(w, r, owner);
            }
            if (w.kind() == Kind.STRUCT && w.members().size() != r.members().size()) {
                return "struct " + owner + ": " + fields(w.members().size()) + " in the writer's schema, "
                        + r.members().size() + " in the reader's";
            }
            return compareMembers(w, r, owner, w.kind() == Kind.UNION ? "variant" : "field");
        }

        private static String fields(int n) {
            return n + (n == 1 ? " field" : " fields");
        }

        private static String article(Kind k) {
            return (k == Kind.ENUM ? "an " : "a ") + k.keyword();
        }

        private String compareMembers(Type w, Type r, String owner, String what) {
            Map<String, Integer> writerIds = new HashMap<>();
            w.members().forEach(m -> writerIds.put(m.name(), m.id()));
            Map<String, Integer> readerIds = new HashMap<>();
            r.members().forEach(m -> readerIds.put(m.name(), m.id()));
            int n = Math.max(w.members().size(), r.members().size());
            for (int id = 1; id <= n; id++) {
                Member wm = id <= w.members().size() ? w.members().get(id - 1) : null;
                Member rm = id <= r.members().size() ? r.members().get(id - 1) : null;
                if (rm != null && (wm == null || !wm.name().equals(rm.name()))) {
                    Integer before = writerIds.get(rm.name());
                    if (before != null) {
                        return moved(what, rm.name(), owner, before, id);
                    }
                }
                if (wm != null && (rm == null || !wm.name().equals(rm.name()))) {
                    Integer after = readerIds.get(wm.name());
                    if (after != null) {
                        return moved(what, wm.name(), owner, id, after);
                    }
                }
                if (wm != null && rm != null) {
                    String d = compareTypes(wm.type(), rm.type());
                    if (d != null) {
                        return what + " '" + rm.name() + "' (id " + id + ") of " + owner + ": " + d;
                    }
                }
            }
            return null;
        }

        private static String moved(String what, String name, String owner, int writerId, int readerId) {
            return what + " '" + name + "' of " + owner + ": id " + writerId + " in the writer's schema, id "
                    + readerId + " in the reader's";
        }

        private String compareEnums(Type w, Type r, String owner) {
            Map<String, Integer> writerNumbers = new HashMap<>();
            w.enumMembers().forEach(m -> writerNumbers.put(m.name(), m.number()));
            for (SchemaText.EnumMember m : r.enumMembers()) {
                Integer before = writerNumbers.get(m.name());
                if (before != null && before != m.number()) {
                    return "member " + m.name() + " of " + owner + ": " + before + " in the writer's schema, "
                            + m.number() + " in the reader's";
                }
            }
            return null;
        }

        /** Null when the field's two types read alike (queueing the pairs of types they hold), else why not. */
        private String compareTypes(TypeRef w, TypeRef r) {
            List<Pair> reached = new ArrayList<>();
            if (sameShape(w, r, reached)) {
                queue(reached);
                return null;
            }
            reached.clear();
            int[] direction = {0};
            if (promotes(w, r, reached, direction)) {
                queue(reached);
                return null;
            }
            return w.spelling() + " in the writer's schema, " + r.spelling() + " in the reader's";
        }

        private boolean sameShape(TypeRef w, TypeRef r, List<Pair> reached) {
            if (w.builtin() != null || r.builtin() != null) {
                return w.builtin() != null && w.builtin().equals(r.builtin());
            }
            if (w.named() != null || r.named() != null) {
                if (w.named() == null || r.named() == null) {
                    return false;
                }
                Kind wk = writer.types().get(w.named()).kind();
                Kind rk = reader.types().get(r.named()).kind();
                if (wk == rk || w.named().equals(r.named())) {
                    reached.add(new Pair(w.named(), r.named()));
                    return true;
                }
                return false;
            }
            if (!w.generic().equals(r.generic())) {
                return false;
            }
            for (int i = 0; i < w.args().size(); i++) {
                if (!sameShape(w.args().get(i), r.args().get(i), reached)) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Whether {@code r} is {@code w} with built-ins widened, or narrowed, within their families
         * (SPEC §9), all in one direction: {@code direction[0]} is 0 until a difference is met, then
         * 1 (wider) or -1 (narrower).
         */
        private boolean promotes(TypeRef w, TypeRef r, List<Pair> reached, int[] direction) {
            if (w.builtin() != null && r.builtin() != null) {
                if (w.builtin().equals(r.builtin())) {
                    return true;
                }
                int d = widens(w.builtin(), r.builtin()) ? 1 : widens(r.builtin(), w.builtin()) ? -1 : 0;
                if (d == 0 || (direction[0] != 0 && direction[0] != d)) {
                    return false;
                }
                direction[0] = d;
                return true;
            }
            if (w.generic() != null && r.generic() != null) {
                if (!w.generic().equals(r.generic())) {
                    return false;
                }
                for (int i = 0; i < w.args().size(); i++) {
                    if (!promotes(w.args().get(i), r.args().get(i), reached, direction)) {
                        return false;
                    }
                }
                return true;
            }
            return sameShape(w, r, reached);
        }

        /** Whether every value of {@code from} is written as the same value of {@code to} is (SPEC §9). */
        private static boolean widens(String from, String to) {
            return switch (from) {
                case "i16" -> to.equals("i32") || to.equals("i64");
                case "i32" -> to.equals("i64");
                case "u16" -> to.equals("u32") || to.equals("u64");
                case "u32" -> to.equals("u64");
                case "bool" -> to.equals("u8") || to.equals("u16") || to.equals("u32") || to.equals("u64");
                default -> false;
            };
        }
    }
}
