package dev.cser.compiler.schema;

import dev.cser.compiler.diag.ErrorCollector;
import dev.cser.compiler.diag.ErrorType;
import dev.cser.compiler.parse.TypeRefElement;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;

/**
 * Resolves the types written in one file. A simple name means a type of the file's own
 * package; a dotted name is qualified. Only declarations of the file itself and of the files
 * it imports directly are visible. Structural rules that belong to a type expression (map keys,
 * nested optionals, optional variants) are checked here, where the location is at hand.
 */
final class TypeResolver {
    private final String packageName;
    private final Map<String, Declaration> byName;
    private final Map<Declaration, Path> declaringFile;
    private final Set<Path> visibleFiles;
    private final Map<Path, Loader.LoadedFile> files;
    private final ErrorCollector errors;

    TypeResolver(String packageName, Map<String, Declaration> byName, Map<Declaration, Path> declaringFile,
            Set<Path> visibleFiles, Map<Path, Loader.LoadedFile> files, ErrorCollector errors) {
        this.packageName = packageName;
        this.byName = byName;
        this.declaringFile = declaringFile;
        this.visibleFiles = visibleFiles;
        this.files = files;
        this.errors = errors;
    }

    /**
     * Resolves a type expression, reporting what is wrong with it; null when it cannot be
     * resolved (the error is already reported).
     *
     * @param variant true for the type of a union variant, which may not be optional
     */
    Type resolve(TypeRefElement ref, boolean variant) {
        if (variant && ref instanceof TypeRefElement.OptionalOf) {
            errors.at(ref.location(), ErrorType.OPTIONAL_VARIANT);
        }
        return resolve(ref);
    }

    private Type resolve(TypeRefElement ref) {
        if (ref instanceof TypeRefElement.ListOf list) {
            Type element = resolve(list.element());
            return element == null ? null : new Type.ListType(element);
        }
        if (ref instanceof TypeRefElement.MapOf map) {
            Type key = resolve(map.key());
            Type value = resolve(map.value());
            if (key != null && !isValidKey(key)) {
                errors.at(map.key().location(), ErrorType.BAD_MAP_KEY, describe(key));
                return null;
            }
            return key == null || value == null ? null : new Type.MapType(key, value);
        }
        if (ref instanceof TypeRefElement.OptionalOf optional) {
            if (optional.inner() instanceof TypeRefElement.OptionalOf) {
                errors.at(optional.inner().location(), ErrorType.NESTED_OPTIONAL);
                return null;
            }
            Type inner = resolve(optional.inner());
            return inner == null ? null : new Type.OptionalType(inner);
        }
        return resolveName((TypeRefElement.Named) ref);
    }

    private Type resolveName(TypeRefElement.Named ref) {
        String name = ref.name();
        Primitive primitive = Primitive.bySchemaName(name);
        if (primitive != null) {
            return new Type.PrimitiveType(primitive);
        }
        switch (name) {
            case "list" -> {
                errors.at(ref.location(), ErrorType.GENERIC_WITHOUT_ARGUMENTS, name, "list<T>");
                return null;
            }
            case "map" -> {
                errors.at(ref.location(), ErrorType.GENERIC_WITHOUT_ARGUMENTS, name, "map<K, V>");
                return null;
            }
            case "optional" -> {
                errors.at(ref.location(), ErrorType.GENERIC_WITHOUT_ARGUMENTS, name, "optional<T>");
                return null;
            }
            default -> {
                // fall through to declared types
            }
        }
        String qualified = name.contains(".") ? name : packageName + "." + name;
        Declaration declaration = byName.get(qualified);
        if (declaration == null) {
            errors.at(ref.location(), ErrorType.UNKNOWN_TYPE, name);
            return null;
        }
        Path file = declaringFile.get(declaration);
        if (!visibleFiles.contains(file)) {
            errors.at(ref.location(), ErrorType.TYPE_NOT_IMPORTED, name, files.get(file).element().path());
            return null;
        }
        return new Type.NamedType(declaration);
    }

    private static boolean isValidKey(Type key) {
        if (key instanceof Type.PrimitiveType p) {
            return p.kind().isInteger() || p.kind() == Primitive.STRING;
        }
        return key instanceof Type.NamedType n && n.declaration() instanceof EnumType;
    }

    private static String describe(Type type) {
        if (type instanceof Type.NamedType n) {
            return n.declaration().keyword() + " " + n.declaration().name();
        }
        return type.canonical();
    }
}
