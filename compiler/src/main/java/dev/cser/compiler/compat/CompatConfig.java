package dev.cser.compiler.compat;

import dev.cser.compiler.diag.Location;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A checked-in file saying what {@code cserc compat} checks in a repository, one setting per line
 * ({@code #} starts a comment):
 *
 * <pre>
 * category wire-json            # wire | wire-json | source (the flag --category overrides it)
 * mode full                     # backward | forward | full (the flag --mode overrides it)
 * ignore FIELD_RENAMED shop.Order.note   JSON readers of orders moved to the new name in 2.3
 * ignore * shop.LegacyEvent              never carried in a stream: only inside Envelope
 * </pre>
 *
 * An {@code ignore} line names a rule (its code, as {@code --format json} prints it, or {@code *}
 * for every rule), a target, and the reason, which is required. The target is a type's qualified
 * name, which matches the findings about the type and its members, or the type's name and a
 * member's ({@code shop.Order.note}: as NEW names it, or as OLD did for a member NEW no longer
 * has), which matches that member's only. A finding an ignore
 * matches is not counted; {@code --verbose} shows it with the reason.
 *
 * @param category the category set, or null
 * @param mode the mode set, or null
 */
public record CompatConfig(String path, Category category, Mode mode, List<Ignore> ignores) {
    /** One {@code ignore} line. {@code rule} is null for {@code *}. */
    public record Ignore(Rule rule, String target, String reason, Location location) {
        /** Whether this line ignores {@code f}. */
        public boolean matches(Finding f) {
            if (rule != null && rule != f.rule()) {
                return false;
            }
            return target.equals(f.type()) || (f.member() != null && target.equals(f.type() + "." + f.member()));
        }
    }

    /** An error in the file: where, and what. */
    public record Problem(Location location, String message) {}

    /** No file: nothing set, nothing ignored. */
    public static final CompatConfig NONE = new CompatConfig(null, null, null, List.of());

    private static final Pattern WORD = Pattern.compile("\\S+");
    private static final Pattern TARGET = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*");

    /** Parses the text of the file at {@code path}; every error found is added to {@code problems}. */
    public static CompatConfig parse(String path, String text, List<Problem> problems) {
        Category category = null;
        Mode mode = null;
        List<Ignore> ignores = new ArrayList<>();
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String content = hash >= 0 ? line.substring(0, hash) : line;
            List<MatchResult> words = new ArrayList<>();
            Matcher m = WORD.matcher(content);
            while (m.find()) {
                words.add(m.toMatchResult());
            }
            if (words.isEmpty()) {
                continue;
            }
            int lineNo = i + 1;
            String key = words.get(0).group();
            switch (key) {
                case "category", "mode" -> {
                    if (words.size() != 2) {
                        problems.add(at(path, lineNo, words.get(0), "'" + key + "' takes one value: "
                                + (key.equals("category") ? "wire, wire-json or source" : "backward, forward or full")));
                        continue;
                    }
                    String value = words.get(1).group();
                    if (key.equals("category")) {
                        if (category != null) {
                            problems.add(at(path, lineNo, words.get(0), "category is set twice"));
                        }
                        category = Category.byWord(value);
                        if (category == null) {
                            problems.add(at(path, lineNo, words.get(1),
                                    "category must be wire, wire-json or source, not '" + value + "'"));
                        }
                    } else {
                        if (mode != null) {
                            problems.add(at(path, lineNo, words.get(0), "mode is set twice"));
                        }
                        mode = Mode.byWord(value);
                        if (mode == null) {
                            problems.add(at(path, lineNo, words.get(1),
                                    "mode must be backward, forward or full, not '" + value + "'"));
                        }
                    }
                }
                case "ignore" -> {
                    if (words.size() < 4) {
                        problems.add(at(path, lineNo, words.get(0), "an ignore line is 'ignore RULE TARGET REASON':"
                                + " the rule's code (or *), a type or type.member, and why it is ignored"));
                        continue;
                    }
                    String ruleWord = words.get(1).group();
                    Rule rule = null;
                    if (!ruleWord.equals("*")) {
                        try {
                            rule = Rule.valueOf(ruleWord);
                        } catch (IllegalArgumentException e) {
                            problems.add(at(path, lineNo, words.get(1), "no rule is called '" + ruleWord
                                    + "' (compiler/README.md lists them; * ignores every rule)"));
                            continue;
                        }
                    }
                    String target = words.get(2).group();
                    if (!TARGET.matcher(target).matches()) {
                        problems.add(at(path, lineNo, words.get(2), "'" + target
                                + "' is not a type's qualified name or a type's name and a member's"));
                        continue;
                    }
                    String reason = content.substring(words.get(3).start()).strip();
                    ignores.add(new Ignore(rule, target, reason, new Location(path, lineNo, words.get(0).start() + 1)));
                }
                default -> problems.add(at(path, lineNo, words.get(0),
                        "unknown setting '" + key + "': a line is 'category', 'mode' or 'ignore'"));
            }
        }
        return new CompatConfig(path, category, mode, List.copyOf(ignores));
    }

    private static Problem at(String path, int line, MatchResult word, String message) {
        return new Problem(new Location(path, line, word.start() + 1), message);
    }
}
