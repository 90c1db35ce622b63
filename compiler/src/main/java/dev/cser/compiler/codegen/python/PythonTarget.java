package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.Names;
import dev.cser.compiler.codegen.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The Python target's reserved words and spellings (SPEC §12.3, PEP 8): modules and fields
 * snake_case, classes as declared. A name that would break the generated code gets a trailing
 * underscore: keywords ({@code class_}), {@code self} (the first parameter of every method), the
 * builtins the generated annotations and code use ({@code type_}, {@code list_}), and the
 * generated methods ({@code encode_}, {@code unknown_fields_}).
 */
public final class PythonTarget extends Target {
    /** {@code keyword.kwlist} of Python 3.10–3.13. */
    private static final Set<String> KEYWORDS = Set.of("False", "None", "True", "and", "as", "assert", "async",
            "await", "break", "class", "continue", "def", "del", "elif", "else", "except", "finally", "for", "from",
            "global", "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
            "try", "while", "with", "yield");

    /** Builtins that generated code names: a class attribute or class of that name would shadow them. */
    private static final Set<String> BUILTINS = Set.of("bool", "int", "float", "str", "bytes", "bytearray",
            "memoryview", "list", "dict", "tuple", "object", "type", "isinstance", "len", "range", "enumerate", "super",
            "repr", "classmethod", "staticmethod", "NotImplemented");

    /**
     * Every capitalised name of Python's {@code builtins} (3.10–3.13: the exceptions, warnings and
     * {@code Ellipsis}): a class of that name would hide the builtin in its module, which the
     * generated code (an {@code except RecursionError}) and the runtime's enum support name.
     */
    private static final Set<String> BUILTIN_CLASSES = Set.of(
            "ArithmeticError", "AssertionError", "AttributeError", "BaseException",
            "BaseExceptionGroup", "BlockingIOError", "BrokenPipeError", "BufferError", "BytesWarning",
            "ChildProcessError", "ConnectionAbortedError", "ConnectionError", "ConnectionRefusedError",
            "ConnectionResetError", "DeprecationWarning", "EOFError", "Ellipsis", "EncodingWarning",
            "EnvironmentError", "Exception", "ExceptionGroup", "FileExistsError", "FileNotFoundError",
            "FloatingPointError", "FutureWarning", "GeneratorExit", "IOError", "ImportError",
            "ImportWarning", "IndentationError", "IndexError", "InterruptedError", "IsADirectoryError",
            "KeyError", "KeyboardInterrupt", "LookupError", "MemoryError", "ModuleNotFoundError",
            "NameError", "NotADirectoryError", "NotImplementedError", "OSError", "OverflowError",
            "PendingDeprecationWarning", "PermissionError", "ProcessLookupError",
            "PythonFinalizationError", "RecursionError", "ReferenceError", "ResourceWarning",
            "RuntimeError", "RuntimeWarning", "StopAsyncIteration", "StopIteration", "SyntaxError",
            "SyntaxWarning", "SystemError", "SystemExit", "TabError", "TimeoutError", "TypeError",
            "UnboundLocalError", "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError",
            "UnicodeTranslateError", "UnicodeWarning", "UserWarning", "ValueError", "Warning",
            "ZeroDivisionError");

    /**
     * Names a field cannot take: the receiver and the members every generated class has (a
     * record's unknown fields, SPEC §5.5.1, included).
     */
    private static final Set<String> MEMBERS = Set.of("self", "encode", "decode", "has_unknown_fields",
            "unknown_fields", "set_unknown_fields", "clear_unknown_fields", "to_json", "from_json");

    /** Every name {@link #field} escapes. */
    private static final Set<String> ESCAPED_FIELDS = union(KEYWORDS, BUILTINS, MEMBERS);

    /**
     * The modules generated code imports by their own names: a schema package named like one
     * would hide it ({@code cser}) or be hidden by it ({@code enum}, {@code typing}).
     */
    private static final Set<String> ESCAPED_ROOTS = union(ESCAPED_FIELDS, Set.of("cser", "enum", "typing", "__future__"), Set.of());

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        java.util.HashSet<String> u = new java.util.HashSet<>();
        for (Set<String> s : sets) {
            u.addAll(s);
        }
        return Set.copyOf(u);
    }

    @Override
    public String name() {
        return "python";
    }

    /** A field or module segment: snake_case as written, escaped. */
    public String field(String schemaName) {
        String n = schemaName.toLowerCase(Locale.ROOT);
        return ESCAPED_FIELDS.contains(n) ? n + "_" : n;
    }

    /**
     * Names a generated class body defines that could be a type's name (PascalCase, so without
     * underscores: not TYPE_NAME or TYPE_ID): a variant class's {@code TAG}, and the
     * {@code FINGERPRINT} of every record, struct and union class. Inside that body the name is
     * the attribute, so a type of that name could not be named in its annotations (mypy:
     * "Variable ... is not valid as a type").
     */
    private static final Set<String> CLASS_BODY_NAMES = Set.of("TAG", "FINGERPRINT");

    /** A class name (a type or a union's variant class): as given, escaped. */
    public String className(String name) {
        return KEYWORDS.contains(name) || BUILTINS.contains(name) || BUILTIN_CLASSES.contains(name)
                || CLASS_BODY_NAMES.contains(name) ? name + "_" : name;
    }

    /**
     * An enum member: as written, but a keyword or builtin with one more trailing underscore,
     * injectively. Not {@code TAG}: an enum's body defines none, and escaping it made the members
     * {@code TAG} and {@code TAG_} one name (schemagen seeds 162 and 176).
     */
    public String enumMember(String name) {
        return Names.escapeInjective(name, union(KEYWORDS, BUILTINS, BUILTIN_CLASSES));
    }

    /** The names a class cannot take at a module's top level (keywords, builtins the code names). */
    public Set<String> reservedClassNames() {
        return union(KEYWORDS, BUILTINS, BUILTIN_CLASSES, CLASS_BODY_NAMES);
    }

    /** A name that repeats an earlier one in the same scope gets its id: {@code x_3}. */
    public String disambiguate(String name, int id) {
        return name + "_" + id;
    }

    /**
     * The module path of a package: {@code sakai.content} → [sakai, content]. A segment escaped
     * like a field gets one more trailing underscore ({@code class} → {@code class_},
     * {@code class_} → {@code class__}), so that distinct packages keep distinct modules; so does
     * a first segment named like a module the generated code imports ({@code cser}).
     */
    public List<String> modulePath(String packageName) {
        List<String> segments = Names.segments(packageName);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            out.add(Names.escapeInjective(segments.get(i), i == 0 ? ESCAPED_ROOTS : ESCAPED_FIELDS));
        }
        return out;
    }

    /** The dotted import name of a package's module. */
    public String moduleName(String packageName) {
        return String.join(".", modulePath(packageName));
    }

    /**
     * The alias another module imports a package's module under: {@code _pkg_sakai_common}. Each
     * underscore of a segment is doubled, so that {@code a.b} ({@code _pkg_a_b}) and {@code a_b}
     * ({@code _pkg_a__b}) differ: a segment never starts with an underscore, so a run of them
     * is read back unambiguously.
     */
    public String moduleAlias(String packageName) {
        return "_pkg_" + String.join("_", modulePath(packageName).stream().map(s -> s.replace("_", "__")).toList());
    }

    /**
     * Where a package's module goes: {@code bench/media.py}, or {@code a/b/__init__.py} when other
     * packages nest inside {@code a.b}.
     */
    public String moduleFile(String packageName, boolean hasChildren) {
        String slashed = String.join("/", modulePath(packageName));
        return hasChildren ? slashed + "/__init__.py" : slashed + ".py";
    }

    /** The {@code __init__.py} of a package directory: {@code a/b} → {@code a/b/__init__.py}. */
    public String packageInit(String directory) {
        return directory + "/__init__.py";
    }

    /**
     * Docstring lines: backslashes and triple quotes are escaped, and so are the quotes that end
     * the last line, which would otherwise run into the closing {@code """}.
     */
    @Override
    public List<String> docLines(String doc) {
        List<String> lines = Names.docLines(doc);
        if (lines.isEmpty()) {
            return lines;
        }
        String last = lines.get(lines.size() - 1);
        int end = last.length();
        while (end > 0 && last.charAt(end - 1) == '"') {
            end--;
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = i < lines.size() - 1 ? lines.get(i) : last.substring(0, end);
            line = line.replace("\\", "\\\\").replace("\"\"\"", "\\\"\\\"\\\"");
            out.add(escapeTrailingSpace(i < lines.size() - 1 ? line : line + "\\\"".repeat(last.length() - end)));
        }
        return List.copyOf(out);
    }

    /**
     * A line's trailing Unicode spaces (NO-BREAK SPACE, U+3000, ...: what the schema parser, which
     * strips only ASCII ones, keeps) as Python's backslash-u escapes of four hex digits: ruff's
     * W291/W293 count them as trailing whitespace, and in a docstring the escape is the same
     * character.
     */
    static String escapeTrailingSpace(String line) {
        int end = line.length();
        while (end > 0 && isSpace(line.charAt(end - 1))) {
            end--;
        }
        StringBuilder b = new StringBuilder(line.substring(0, end));
        for (int i = end; i < line.length(); i++) {
            b.append(String.format("\\u%04x", (int) line.charAt(i)));
        }
        return b.toString();
    }

    private static boolean isSpace(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    @Override
    public String hexLiteral(long value) {
        return String.format("0x%016X", value);
    }

    /** A bytes literal: {@code b"\x00\x01"}. */
    public String bytesLiteral(byte[] bytes) {
        StringBuilder b = new StringBuilder("b\"");
        for (byte x : bytes) {
            b.append(String.format("\\x%02x", x & 0xFF));
        }
        return b.append('"').toString();
    }

    /** An integer bound as a hex literal: {@code 0x7FFFFFFF}, {@code -0x80000000}. */
    public String intLiteral(java.math.BigInteger value) {
        String hex = value.abs().toString(16).toUpperCase(Locale.ROOT);
        return (value.signum() < 0 ? "-0x" : value.signum() == 0 ? "" : "0x") + (value.signum() == 0 ? "0" : hex);
    }
}
