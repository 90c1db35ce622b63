package dev.cser.compiler.schema;

import java.nio.file.Path;
import java.util.List;

/**
 * The name a generated file's header gives its schema, the same on every machine however the
 * compiler was called (reproducible builds; build tools such as Maven pass absolute paths):
 * <ol>
 *   <li>relative to the current directory, when the file is under it;</li>
 *   <li>else relative to the first {@code -I} directory that holds it;</li>
 *   <li>else its file name alone.</li>
 * </ol>
 * Always with {@code /} between the parts. Error messages keep the path as given instead, which
 * is what the user typed and what an editor opens.
 */
public final class SourceName {
    private SourceName() {}

    public static String of(Path file, List<Path> includeDirs) {
        Path absolute = file.toAbsolutePath().normalize();
        Path cwd = Path.of("").toAbsolutePath().normalize();
        if (absolute.startsWith(cwd) && !absolute.equals(cwd)) {
            return slashes(cwd.relativize(absolute));
        }
        for (Path include : includeDirs) {
            Path root = include.toAbsolutePath().normalize();
            if (absolute.startsWith(root) && !absolute.equals(root)) {
                return slashes(root.relativize(absolute));
            }
        }
        return absolute.getFileName().toString();
    }

    private static String slashes(Path relative) {
        StringBuilder name = new StringBuilder();
        for (Path part : relative) {
            if (name.length() > 0) {
                name.append('/');
            }
            name.append(part);
        }
        return name.toString();
    }
}
