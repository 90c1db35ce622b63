package dev.cser.compiler.diag;

/**
 * Every error the compiler reports about a schema, with its message template
 * ({@link String#format} arguments). Tests assert the full rendered text of each.
 */
public enum ErrorType {
    // Reading files and imports.
    FILE_NOT_READABLE("cannot read %s: %s"),
    IMPORT_NOT_FOUND("import \"%s\" not found (looked in %s)"),
    IMPORT_CYCLE("import cycle: %s"),
    IMPORT_BAD_PATH("import \"%s\" is not a valid path: %s"),

    // Syntax (the message comes from the parser).
    SYNTAX("%s"),

    // Names.
    BAD_PACKAGE_NAME("package name part '%s' must be lower case: [a-z][a-z0-9_]*"),
    BAD_TYPE_NAME("type name '%s' must be PascalCase: [A-Z][A-Za-z0-9]*"),
    BAD_FIELD_NAME("field name '%s' must be snake_case: [a-z][a-z0-9_]*"),
    BAD_VARIANT_NAME("variant name '%s' must be snake_case: [a-z][a-z0-9_]*"),
    BAD_MEMBER_NAME("enum member '%s' must be UPPER_SNAKE: [A-Z][A-Z0-9_]*"),
    BUILTIN_TYPE_NAME("type name '%s' is the name of a built-in type"),
    DUPLICATE_TYPE("type '%s' is already declared at %s"),
    DUPLICATE_FIELD("field '%s' is already declared in %s at %s"),
    DUPLICATE_VARIANT("variant '%s' is already declared in %s at %s"),
    DUPLICATE_MEMBER("member '%s' is already declared in %s at %s"),

    // Ids and values.
    ID_OUT_OF_RANGE("id %s is out of range: ids run from 1 to 65535"),
    DUPLICATE_FIELD_ID("id %d is already used by '%s' in %s"),
    ID_GAP("ids in %s must run 1..%d without gaps: %s missing"),
    ENUM_VALUE_OUT_OF_RANGE("enum value %s is out of range: values run from 0 to 2147483647"),
    DUPLICATE_ENUM_VALUE("value %d is already used by %s in %s"),
    ENUM_WITHOUT_ZERO("enum %s has no member with value 0 (the zero value)"),
    EMPTY_ENUM("enum %s has no members"),
    EMPTY_STRUCT("struct %s has no fields: a struct must declare at least one"),
    EMPTY_UNION("union %s has no variants"),

    // Types.
    UNKNOWN_TYPE("unknown type '%s'"),
    TYPE_NOT_IMPORTED("type '%s' is declared in %s, which this file does not import"),
    GENERIC_WITHOUT_ARGUMENTS("'%s' needs type arguments: %s"),
    BAD_MAP_KEY("map key must be an integer type, string or an enum, not %s"),
    NESTED_OPTIONAL("optional<optional<...>> is not a type: an optional cannot hold an optional"),
    OPTIONAL_VARIANT("a union variant cannot be optional: leave the variant out instead"),
    INFINITE_TYPE("%s can never hold a finite value: %s"),
    INFINITE_ZERO_VALUE("the zero value of union %s (its lowest-id finite variant '%s') would be infinite: %s;"
            + " give a variant whose zero value is finite the lowest id"),

    // Limits (SPEC §2.1).
    TOO_MANY_FIELDS("%s %s has %d fields: at most %d are allowed, deprecated fields included (SPEC §2.1)"),
    TOO_MANY_VARIANTS("union %s has %d variants: at most %d are allowed (SPEC §2.1)"),
    TOO_MANY_MEMBERS("enum %s has %d members: at most %d are allowed (SPEC §2.1)"),
    TYPE_TOO_DEEP("type nested %d deep: at most %d levels of list, map and optional are allowed (SPEC §2.1)"),
    ZERO_VALUE_TOO_DEEP("the zero value of %s is %d deep (%s): at most %d, the default depth limit of §7, are allowed"
            + " (SPEC §2.1); hold one of these through an optional"),
    TOO_LARGE_IN_PLACE("%s holds %,d values in place (%s): at most %,d are allowed (SPEC §2.1); hold one of"
            + " these in a list, or move fields out of it"),
    ZERO_VALUE_TOO_LARGE("the zero value of %s holds %,d values (%s): at most %,d are allowed (SPEC §2.1); hold"
            + " one of these through an optional"),
    NAME_TOO_LONG("%s '%s' is %d characters long: at most %d are allowed (SPEC §2.1)"),
    TOO_MANY_PACKAGE_SEGMENTS("package %s has %d parts: at most %d are allowed (SPEC §2.1)");

    private final String template;

    ErrorType(String template) {
        this.template = template;
    }

    /** Renders this error's message with the given arguments. */
    public String format(Object... args) {
        return String.format(java.util.Locale.ROOT, template, args);
    }
}
