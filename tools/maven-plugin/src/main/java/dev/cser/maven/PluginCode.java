package dev.cser.maven;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Which build of the plugin and the compiler runs, for the fingerprint of a generation: a
 * release is its version; a {@code -SNAPSHOT} changes without changing its version, so it is
 * also what the jars (or class directories) the plugin and the compiler were loaded from hold:
 * each entry's name, size and CRC-32 (a jar's own record of its content, unchanged when the jar
 * is merely rebuilt), so rebuilding either with a change generates again.
 */
final class PluginCode {
    private PluginCode() {}

    static List<String> identity(String version, Class<?>... loadedFrom) {
        List<String> words = new ArrayList<>();
        words.add("version " + version);
        if (version.endsWith("-SNAPSHOT")) {
            for (Class<?> c : loadedFrom) {
                words.add(c.getName() + " from " + content(c));
            }
        }
        return words;
    }

    private static String content(Class<?> c) {
        CodeSource source = c.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            return "unknown";
        }
        MessageDigest all = BuildState.sha256();
        try {
            Path path = Path.of(source.getLocation().toURI());
            if (Files.isDirectory(path)) {
                try (Stream<Path> walk = Files.walk(path)) {
                    for (Path p : walk.filter(Files::isRegularFile).sorted().toList()) {
                        CRC32 crc = new CRC32();
                        crc.update(Files.readAllBytes(p));
                        add(all, path.relativize(p) + " " + crc.getValue());
                    }
                }
            } else {
                try (ZipFile jar = new ZipFile(path.toFile())) {
                    for (ZipEntry e : jar.stream().sorted(Comparator.comparing(ZipEntry::getName)).toList()) {
                        add(all, e.getName() + " " + e.getSize() + " " + e.getCrc());
                    }
                }
            }
            return path + " " + HexFormat.of().formatHex(all.digest());
        } catch (IOException | URISyntaxException | IllegalArgumentException e) {
            return source.getLocation() + " (" + e.getClass().getSimpleName() + ")";
        }
    }

    private static void add(MessageDigest sha, String line) {
        sha.update((line + "\n").getBytes(StandardCharsets.UTF_8));
    }
}
