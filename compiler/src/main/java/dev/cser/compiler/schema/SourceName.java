package dev.cser.compiler.schema;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The name a generated file's header gives its schema, the same on every machine however the
 * compiler was called (reproducible builds; build tools such as Maven pass absolute paths): the
 * file's path relative to the deepest of the current directory and the {@code -I} directories
 * that contain it, else its file name alone; always with {@code /} between the parts. The deepest
 * root wins so that a build passing its schema root with {@code -I} gets the same names from
 * whatever directory it is run, and {@code -I ..} never brings the checkout's own directory name
 * into them. Error messages keep the path as given instead: what the user typed, what an editor
 * opens.
 */
public final class SourceName {
    private SourceName() {}

    public static String of(Path file, List<Path> includeDirs) {
        Path absolute = file.toAbsolutePath().normalize();
        List<Path> roots = new ArrayList<>();
        roots.add(Path.of("").toAbsolutePath().normalize());
        for (Path include : includeDirs) {
            roots.add(include.toAbsolutePath().normalize());
        }
        Path deepest = null;
        for (Path root : roots) {
            if (absolute.startsWith(root) && !absolute.equals(root)
                    && (deepest == null || root.getNameCount() > deepest.getNameCount())) {
                deepest = root;
            }
        }
        return deepest == null ? absolute.getFileName().toString() : slashes(deepest.relativize(absolute));
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
