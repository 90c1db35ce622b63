package dev.cser.compiler.codegen.python;

import dev.cser.compiler.schema.Declaration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Python spellings of schema names (PEP 8): modules and fields snake_case, classes as declared.
 * A name that would break the generated code gets a trailing underscore: keywords
 * ({@code class_}), {@code self} (the first parameter of every method), the builtins the
 * generated annotations and code use ({@code type_}, {@code list_}), and the generated methods
 * ({@code encode_}).
 */
final class PyNames {
    private PyNames() {}

    /** {@code keyword.kwlist} of Python 3.10–3.13. */
    private static final Set<String> KEYWORDS = Set.of("False", "None", "True", "and", "as", "assert", "async",
            "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from",
            "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
            "try", "while", "with", "yield");

    /** Builtins that generated code names: a class attribute or class of that name would shadow them. */
    private static final Set<String> BUILTINS = Set.of("bool", "int", "float", "str", "bytes", "list", "dict",
            "object", "type", "isinstance", "len", "range", "enumerate", "super", "repr", "NotImplemented");

    /** Names a field cannot take: the receiver and the members every generated class has. */
    private static final Set<String> MEMBERS = Set.of("self", "encode", "decode");

    /** A field or module segment: snake_case as written, escaped. */
    static String field(String schemaName) {
        String n = schemaName.toLowerCase(Locale.ROOT);
        return KEYWORDS.contains(n) || BUILTINS.contains(n) || MEMBERS.contains(n) ? n + "_" : n;
    }

    /** A class name: as declared, escaped. */
    static String typeName(Declaration d) {
        return className(d.name());
    }

    static String className(String name) {
        return KEYWORDS.contains(name) || BUILTINS.contains(name) ? name + "_" : name;
    }

    /** A PascalCase spelling of a snake_case name: {@code image_ref} → {@code ImageRef}. */
    static String pascal(String snake) {
        StringBuilder b = new StringBuilder();
        for (String part : snake.split("_")) {
            if (!part.isEmpty()) {
                b.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return b.toString();
    }

    /** The module path of a package: {@code sakai.content} → [sakai, content]. */
    static List<String> modulePath(String packageName) {
        return Arrays.stream(packageName.split("\\.")).map(PyNames::field).toList();
    }

    /** The dotted import name of a package's module. */
    static String moduleName(String packageName) {
        return String.join(".", modulePath(packageName));
    }

    /** The alias another module imports a package's module under. */
    static String moduleAlias(String packageName) {
        return "_pkg_" + String.join("_", modulePath(packageName));
    }

    /** Names made distinct: a name that repeats an earlier one gets the id appended. */
    static List<String> unique(List<String> names, List<Integer> ids) {
        Set<String> seen = new HashSet<>();
        List<String> out = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            if (!seen.add(n)) {
                n = n + "_" + ids.get(i);
                seen.add(n);
            }
            out.add(n);
        }
        return out;
    }

    /**
     * Docstring lines: empty for no documentation. Backslashes and triple quotes are escaped, and
     * so are the quotes that end the last line, which would otherwise run into the closing
     * {@code """}.
     */
    static List<String> doc(String doc) {
        if (doc == null || doc.isEmpty()) {
            return List.of();
        }
        List<String> lines = new ArrayList<>(doc.lines().toList());
        String last = lines.get(lines.size() - 1);
        int end = last.length();
        while (end > 0 && last.charAt(end - 1) == '"') {
            end--;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = i < lines.size() - 1 ? lines.get(i) : last.substring(0, end);
            line = line.replace("\\", "\\\\").replace("\"\"\"", "\\\"\\\"\\\"");
            out.add(i < lines.size() - 1 ? line : line + "\\\"".repeat(last.length() - end));
        }
        return List.copyOf(out);
    }
}
