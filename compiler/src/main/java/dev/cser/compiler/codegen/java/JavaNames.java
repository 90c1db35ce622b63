package dev.cser.compiler.codegen.java;

import dev.cser.compiler.schema.Declaration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The Java target's naming rules: camelCase members, escaped keywords, and when a declared type
 * must be written fully qualified. Escaping happens here, in the model, never in templates.
 */
public final class JavaNames {
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
            "DecodeErrorKind", "Values", "IllegalStateException");

    /** Methods of java.lang.Object that a generated accessor must not collide with. */
    private static final Set<String> OBJECT_METHODS = Set.of("getClass");

    private JavaNames() {}

    /** {@code resource_type} → {@code resourceType}; keywords get a trailing underscore. */
    public static String member(String snake) {
        String camel = camel(snake, false);
        return RESERVED.contains(camel) ? camel + "_" : camel;
    }

    /** {@code resource_type} → {@code ResourceType}. */
    public static String pascal(String snake) {
        return camel(snake, true);
    }

    /** An accessor name such as {@code getResourceType}, avoiding {@code Object}'s final methods. */
    public static String accessor(String prefix, String snake) {
        String name = prefix + camel(snake, true);
        return OBJECT_METHODS.contains(name) ? name + "_" : name;
    }

    /** {@code RESOURCE_TYPE} for constants. */
    public static String constant(String snake) {
        return snake.toUpperCase(Locale.ROOT);
    }

    /**
     * The Java class name of a declaration: its schema name, with a trailing underscore when that
     * name would shadow a class the generated code uses unqualified ({@code String}, {@code Override}, ...).
     */
    public static String className(Declaration d) {
        return className(d.name());
    }

    /** {@link #className(Declaration)} for any PascalCase name, such as a union variant's. */
    public static String className(String pascal) {
        return CLASHING_TYPE_NAMES.contains(pascal) ? pascal + "_" : pascal;
    }

    /**
     * How generated code in package {@code fromPackage} refers to {@code d}: its class name when
     * declared in the same package, otherwise fully qualified.
     */
    public static String typeRef(Declaration d, String fromPackage, boolean forceQualified) {
        if (!forceQualified && d.packageName().equals(fromPackage)) {
            return className(d);
        }
        return d.packageName() + "." + className(d);
    }

    /**
     * Makes converted names unique in one scope: {@code a_b} and {@code a__b} both become
     * {@code aB}, so the later one gets its id appended.
     */
    public static List<String> unique(List<String> names, List<Integer> ids) {
        Set<String> seen = new HashSet<>();
        String[] out = new String[names.size()];
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            out[i] = seen.add(n) ? n : n + ids.get(i);
            seen.add(out[i]);
        }
        return List.of(out);
    }

    private static String camel(String snake, boolean upperFirst) {
        StringBuilder out = new StringBuilder();
        boolean upper = upperFirst;
        for (char c : snake.toCharArray()) {
            if (c == '_') {
                upper = true;
            } else if (upper) {
                out.append(Character.toUpperCase(c));
                upper = false;
            } else {
                out.append(c);
            }
        }
        if (out.length() == 0) {
            return "_";
        }
        if (!upperFirst) {
            out.setCharAt(0, Character.toLowerCase(out.charAt(0)));
        }
        return out.toString();
    }

    /**
     * Doc comment lines made safe for Javadoc: no comment terminator, HTML specials escaped,
     * {@code @} escaped so a line cannot start a block tag, and backslashes escaped so that no
     * Unicode escape survives (javac reads the escape of a star and a slash as a comment end).
     */
    public static List<String> javadoc(String doc) {
        if (doc == null || doc.isEmpty()) {
            return List.of();
        }
        return doc.lines()
                .map(l -> l.replace("&", "&amp;").replace("\\", "&#92;").replace("<", "&lt;").replace(">", "&gt;")
                        .replace("*/", "*&#47;").replace("@", "&#64;"))
                .toList();
    }
}
