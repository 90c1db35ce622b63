package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.Names;
import dev.cser.compiler.codegen.Target;
import dev.cser.compiler.schema.Declaration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The Java target's reserved words and spellings (SPEC §12.1): members camelCase with a trailing
 * underscore when Java reserves the name, classes as declared with a trailing underscore when
 * they would shadow a class generated code uses unqualified, accessors {@code getX}/{@code setX}.
 * Escaping happens here, in the model, never in templates.
 */
public final class JavaTarget extends Target {
    /** Java keywords, literals and restricted identifiers that cannot name a field or variable. */
    private static final Set<String> RESERVED = Set.of(
            "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const",
            "continue", "default", "do", "double", "else", "enum", "extends", "final", "finally", "float",
            "for", "goto", "if", "implements", "import", "instanceof", "int", "interface", "long", "native",
            "new", "package", "private", "protected", "public", "return", "short", "static", "strictfp",
            "super", "switch", "synchronized", "this", "throw", "throws", "transient", "try", "void",
            "volatile", "while", "true", "false", "null", "var", "yield", "record", "sealed", "permits", "_");

    /**
     * Names from java.lang (and the runtime) that generated code uses unqualified: a declared type
     * with one of these names gets a trailing underscore in Java.
     */
    private static final Set<String> CLASHING_TYPE_NAMES = Set.of(
            "String", "Object", "Integer", "Long", "Short", "Byte", "Boolean", "Float", "Double",
            "Character", "Void", "Override", "Math", "System", "Record", "Iterable", "Number", "Enum",
            "Class", "Exception", "CserCodec", "CserReader", "CserWriter", "CserDecodeException",
            "DecodeErrorKind", "Values", "IllegalStateException", "IllegalArgumentException", "UnknownFields",
            // the static field every record, struct and union class has: inside such a class
            // CODEC.forNumber(...) names the field, since a variable wins over a type (JLS
            // §6.5.2; schemagen seed 1742, an enum CODEC)
            "CODEC");

    /**
     * Package roots every generated class names in expressions ({@code java.util.Objects},
     * {@code dev.cser.Values}): a field of that name would obscure the package (JLS §6.4.2, a
     * variable wins over a package), so it gets a trailing underscore like a keyword.
     */
    private static final Set<String> PACKAGE_ROOTS = Set.of("java", "dev");

    /** A first package segment Java refuses ({@code java.*} is the platform's own). */
    private static final Set<String> RESERVED_ROOTS = union(RESERVED, Set.of("java"));

    /**
     * The parameters and locals of generated methods. Code names the types of other packages
     * (and, inside a union, of its own) by their qualified names, and a variable hides a package
     * of its name (JLS §6.4.2): {@code r.V.readNested(r)} in a method whose reader is {@code r}
     * reads the variable. So a first package segment of one of these names is escaped like a
     * keyword ({@code package r;} is the Java package {@code r_}).
     */
    private static final Set<String> LOCALS = Set.of("ahead", "at", "bits", "buffer", "bytes", "decoding", "e",
            "el", "en", "h", "i", "j", "json", "key", "known", "length", "list", "map", "mark", "msg", "n", "name",
            "number", "o", "obj", "offset", "outer", "presence", "r", "result", "tag", "that", "unknown", "unused",
            "val", "value", "w");

    /** Locals numbered by nesting depth ({@code list0}, {@code n1}, {@code el2}). */
    private static final java.util.regex.Pattern NUMBERED_LOCAL =
            java.util.regex.Pattern.compile("(?:el|i|j|key|list|map|n|presence|val)[0-9]+");

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> u = new java.util.HashSet<>(a);
        u.addAll(b);
        return Set.copyOf(u);
    }

    /**
     * Members of a generated record class that a field's would collide with: the fields holding
     * its unknown fields and its deprecated fields' bytes (SPEC §5.5.1).
     */
    private static final Set<String> GENERATED_MEMBERS = Set.of("unknownFields", "deprecatedFields");

    /**
     * Methods a generated accessor must not collide with: java.lang.Object's final
     * {@code getClass} and the unknown-field methods of every record class (SPEC §12.1).
     */
    private static final Set<String> RESERVED_METHODS = Set.of("getClass", "hasUnknownFields", "getUnknownFields",
            "setUnknownFields", "clearUnknownFields");

    @Override
    public String name() {
        return "java";
    }

    /**
     * A field, parameter or local: {@code resource_type} → {@code resourceType}, {@code class} →
     * {@code class_}, {@code unknown_fields} → {@code unknownFields_} (a record's own field).
     */
    public String member(String snake) {
        String camel = Names.camel(snake);
        return RESERVED.contains(camel) || GENERATED_MEMBERS.contains(camel) || PACKAGE_ROOTS.contains(camel)
                ? camel + "_" : camel;
    }

    /**
     * The Java package of a schema package: each segment as written, a keyword (or, first,
     * {@code java} or a generated local such as {@code r}) with one more trailing underscore
     * ({@code static} → {@code static_}, {@code static_} → {@code static__}), so distinct packages
     * stay distinct.
     */
    public String packageName(String schemaPackage) {
        List<String> segments = Names.segments(schemaPackage);
        List<String> out = new java.util.ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            String segment = segments.get(i);
            out.add(i == 0 && isLocal(segment) ? segment + "_" : Names.escapeInjective(segment, i == 0 ? RESERVED_ROOTS
                    : RESERVED));
        }
        return String.join(".", out);
    }

    /**
     * Whether a first segment, without its trailing underscores, names a local of generated code
     * (then one more underscore keeps it apart from the package that has one less).
     */
    private static boolean isLocal(String segment) {
        String base = segment.replaceAll("_+$", "");
        return LOCALS.contains(base) || NUMBERED_LOCAL.matcher(base).matches();
    }

    /** The names a record class's methods already have, which no field accessor may take. */
    public Set<String> reservedMethods() {
        return RESERVED_METHODS;
    }

    /** An accessor such as {@code getResourceType}, before {@link #together} escapes it. */
    public String accessor(String prefix, String snake) {
        return prefix + Names.pascal(snake);
    }

    /**
     * A field's accessors, escaped together (SPEC §12.1): when one of them would be
     * {@code Object}'s final {@code getClass} or an unknown-field method of every record, each
     * gets a trailing underscore, so that a getter and its setter keep one stem ({@code class}:
     * {@code getClass_} and {@code setClass_}, as protobuf-java names them). Null entries (no
     * {@code has} method) stay null.
     */
    public List<String> together(List<String> accessors) {
        boolean taken = accessors.stream().anyMatch(a -> a != null && RESERVED_METHODS.contains(a));
        return taken ? accessors.stream().map(a -> a == null ? null : a + "_").toList() : accessors;
    }

    /** An UPPER_SNAKE constant: {@code resource_type} → {@code RESOURCE_TYPE}. */
    public String constant(String snake) {
        return snake.toUpperCase(Locale.ROOT);
    }

    /** Each declaration's class, once {@link #assignClassNames} has run. */
    private final Map<Declaration, String> classNames = new IdentityHashMap<>();

    /**
     * The classes of a schema's declarations (SPEC §12.1): each {@link #className(String)}, and
     * within one Java package, where two are equal ignoring case ({@code Abc}, {@code ABc}), the
     * later one in the order of the schema names (by UTF-16 code unit: {@code ABc} before
     * {@code Abc}) takes trailing underscores until it differs, ignoring case, from every earlier
     * one: {@code Abc_}. Their source and class files then stay distinct on a file system that
     * ignores case (macOS, Windows).
     */
    public void assignClassNames(List<Declaration> declarations) {
        classNames.clear();
        Map<String, Names.Scope> packages = new HashMap<>();
        declarations.stream().sorted(Comparator.comparing(Declaration::qualifiedName)).forEach(d -> {
            Names.Scope scope = packages.computeIfAbsent(packageName(d.packageName()),
                    k -> Names.Scope.ignoringCase(List.of()));
            classNames.put(d, scope.claim(className(d.name()), 0, (n, id) -> n + "_"));
        });
    }

    /** The class of a declaration: {@link #assignClassNames}'s, else {@link #className(String)}. */
    public String className(Declaration d) {
        String assigned = classNames.get(d);
        return assigned != null ? assigned : className(d.name());
    }

    /**
     * A class name: the PascalCase name as declared, with a trailing underscore when it would
     * shadow a class the generated code uses unqualified ({@code String}, {@code Override}, ...).
     */
    public String className(String pascal) {
        return CLASHING_TYPE_NAMES.contains(pascal) ? pascal + "_" : pascal;
    }

    /**
     * A name that repeats an earlier one in the same scope ({@code a_b} and {@code a__b} both
     * become {@code aB}) gets its id appended, without separator: {@code aB2}. Part of the
     * generated API, so it stays as it is.
     */
    public String disambiguate(String name, int id) {
        return name + id;
    }

    /** The file of a declaration's class: {@code sakai/content/Image.java}. */
    public String sourceFile(Declaration d) {
        return packageName(d.packageName()).replace('.', '/') + "/" + className(d) + ".java";
    }

    /**
     * Doc comment lines made safe for Javadoc: no comment terminator, HTML specials escaped,
     * {@code @} escaped so a line cannot start a block tag, and backslashes escaped because javac
     * reads Unicode escapes (a backslash, {@code u}, four hex digits) everywhere, comments
     * included: the escape of {@code /} after a {@code *} would end the comment, and a backslash
     * before a {@code u} and no hex digits is a compile error.
     */
    @Override
    public List<String> docLines(String doc) {
        // Names.docLines has made controls visible as backslash escapes; the backslash then
        // becomes &#92; like every other.
        return Names.docLines(doc).stream()
                .map(l -> l.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                        .replace("*/", "*&#47;").replace("@", "&#64;").replace("\\", "&#92;"))
                .toList();
    }

    /**
     * Text for a {@code //} comment, such as the schema's path in a file's header: javac reads a
     * backslash and a u as a Unicode escape even in comments (a Windows path to a folder named
     * users does not compile), so backslashes are written as slashes.
     */
    public String commentText(String text) {
        return text.replace('\\', '/');
    }

    /** A {@code long} literal: {@code 0x00000000000000ffL}. */
    @Override
    public String hexLiteral(long value) {
        return String.format("0x%016xL", value);
    }
}
