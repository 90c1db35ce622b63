package dev.cser.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/** Finds the schema files to compile: those under the source roots that match the patterns. */
final class SchemaFiles {
    private SchemaFiles() {}

    /**
     * Every regular file under each existing root whose path relative to that root matches an
     * include and no exclude, as absolute paths, each root's sorted, each file once. A root that
     * does not exist contributes nothing (a project without schemas of that kind).
     */
    static List<Path> find(List<Path> roots, List<String> includes, List<String> excludes) throws IOException {
        List<AntPattern> in = includes.stream().map(AntPattern::new).toList();
        List<AntPattern> out = excludes.stream().map(AntPattern::new).toList();
        Set<Path> found = new LinkedHashSet<>();
        for (Path root : roots) {
            Path dir = root.toAbsolutePath().normalize();
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path file : walk.filter(Files::isRegularFile).sorted().toList()) {
                    String relative = relative(dir, file);
                    if (in.stream().anyMatch(p -> p.matches(relative)) && out.stream().noneMatch(p -> p.matches(relative))) {
                        found.add(file);
                    }
                }
            }
        }
        return new ArrayList<>(found);
    }

    /** {@code file} under {@code dir}, with {@code /} between names whatever the platform. */
    private static String relative(Path dir, Path file) {
        List<String> names = new ArrayList<>();
        for (Path name : dir.relativize(file)) {
            names.add(name.toString());
        }
        return String.join("/", names);
    }
}
