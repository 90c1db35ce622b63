package dev.cser.compiler.schema;

import dev.cser.compiler.diag.ErrorCollector;
import dev.cser.compiler.diag.ErrorType;
import dev.cser.compiler.diag.Location;
import dev.cser.compiler.parse.FileElement;
import dev.cser.compiler.parse.SchemaParser;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * Reads the named schema files and, transitively, everything they import. An import is
 * resolved relative to the importing file's directory first, then against each include
 * directory in order. Each file is read once however often it is imported; a cycle of
 * imports is an error at the import that closes it.
 */
public final class Loader {
    /**
     * A parsed file, the name generated code gives it ({@link SourceName}) and the files its
     * imports resolved to (by real path).
     */
    public record LoadedFile(Path realPath, String sourceName, FileElement element, List<Path> imports) {}

    private final List<Path> includeDirs;
    private final ErrorCollector errors;
    private final Map<Path, LoadedFile> loaded = new LinkedHashMap<>();
    private final Map<String, List<String>> sources = new LinkedHashMap<>();
    private final List<Path> stack = new ArrayList<>();
    private final UnaryOperator<String> display;

    public Loader(List<Path> includeDirs, ErrorCollector errors) {
        this(includeDirs, errors, UnaryOperator.identity());
    }

    /**
     * @param display how a file's path is shown in locations and messages: {@code cserc compat
     *     --against REV} reads a revision's files from a temporary directory and shows them as
     *     {@code REV:path}
     */
    public Loader(List<Path> includeDirs, ErrorCollector errors, UnaryOperator<String> display) {
        this.includeDirs = List.copyOf(includeDirs);
        this.errors = errors;
        this.display = display;
    }

    /** Loads each root file and its imports; unreadable files are reported, not thrown. */
    public List<LoadedFile> load(List<Path> roots) {
        for (Path root : roots) {
            if (!Files.isRegularFile(root)) {
                errors.at(Location.ofFile(display.apply(root.toString())), ErrorType.FILE_NOT_READABLE,
                        display.apply(root.toString()), Files.isDirectory(root) ? "it is a directory" : "no such file");
                continue;
            }
            visit(root, display.apply(root.toString()));
        }
        return List.copyOf(loaded.values());
    }

    /** The text of every file read, by display path, for rendering error carets. */
    public Map<String, List<String>> sources() {
        return sources;
    }

    private Path visit(Path file, String displayPath) {
        Path real;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            errors.at(Location.ofFile(displayPath), ErrorType.FILE_NOT_READABLE, displayPath, e.getMessage());
            return null;
        }
        if (loaded.containsKey(real) || stack.contains(real)) {
            return real;
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            errors.at(Location.ofFile(displayPath), ErrorType.FILE_NOT_READABLE, displayPath, "it is not valid UTF-8");
            return null;
        } catch (IOException e) {
            errors.at(Location.ofFile(displayPath), ErrorType.FILE_NOT_READABLE, displayPath, e.getMessage());
            return null;
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1); // a UTF-8 byte order mark, as some editors write: not part of the text
        }
        sources.put(displayPath, text.lines().toList());
        FileElement element = SchemaParser.parse(displayPath, text, errors);
        stack.add(real);
        List<Path> imports = new ArrayList<>();
        for (FileElement.ImportElement imp : element.imports()) {
            Path target = resolve(file, imp);
            if (target == null) {
                continue;
            }
            Path targetReal = realOrNull(target);
            int onStack = stack.indexOf(targetReal);
            if (onStack >= 0) {
                String cycle = stack.subList(onStack, stack.size()).stream()
                        .map(p -> p.getFileName().toString())
                        .collect(Collectors.joining(" -> "));
                errors.at(imp.location(), ErrorType.IMPORT_CYCLE, cycle + " -> " + targetReal.getFileName());
                continue;
            }
            Path visited = visit(target, display.apply(target.toString()));
            if (visited != null) {
                imports.add(visited);
            }
        }
        stack.remove(stack.size() - 1);
        loaded.put(real, new LoadedFile(real, SourceName.of(file, includeDirs), element, List.copyOf(imports)));
        return real;
    }

    private Path resolve(Path importer, FileElement.ImportElement imp) {
        List<Path> candidates = new ArrayList<>();
        Path dir = importer.getParent();
        try {
            candidates.add(dir == null ? Path.of(imp.path()) : dir.resolve(imp.path()).normalize());
            for (Path include : includeDirs) {
                candidates.add(include.resolve(imp.path()).normalize());
            }
        } catch (InvalidPathException e) {
            // A string the file system cannot name (a NUL character): found by the compiler fuzzer.
            errors.at(imp.location(), ErrorType.IMPORT_BAD_PATH, printable(imp.path()), e.getReason());
            return null;
        }
        for (Path candidate : candidates) {
            if (Files.isRegularFile(candidate)) {
                return candidate;
            }
        }
        String looked = candidates.stream()
                .map(p -> p.getParent() == null ? "." : p.getParent().toString())
                .collect(Collectors.joining(", "));
        errors.at(imp.location(), ErrorType.IMPORT_NOT_FOUND, imp.path(), looked);
        return null;
    }

    /** The path with control characters escaped ({@code \\u0000}), for a message. */
    private static String printable(String path) {
        StringBuilder b = new StringBuilder();
        for (char c : path.toCharArray()) {
            if (Character.isISOControl(c)) {
                b.append(String.format("\\u%04x", (int) c));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static Path realOrNull(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return p.toAbsolutePath().normalize();
        }
    }
}
