package dev.cser.maven;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What the last generation of one execution was made from, kept in a small file under
 * {@code target/}: a fingerprint (SHA-256) of the plugin, the configuration, the list of schema
 * files and the content of every file the compiler read (the schemas and their imports), and
 * the list of those files. The next build computes the fingerprint again over the schemas it
 * finds and the files read last time; the same fingerprint means nothing the output depends on
 * changed, and generation is skipped.
 *
 * @param fingerprint the fingerprint, in hexadecimal
 * @param filesRead every file the compiler read, as absolute paths
 */
record BuildState(String fingerprint, List<Path> filesRead) {
    private static final String FINGERPRINT = "fingerprint ";
    private static final String READ = "read ";

    /** The state kept in {@code file}, if there is one the plugin can read. */
    static Optional<BuildState> read(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
        String fingerprint = null;
        List<Path> read = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith(FINGERPRINT)) {
                fingerprint = line.substring(FINGERPRINT.length());
            } else if (line.startsWith(READ)) {
                read.add(Path.of(line.substring(READ.length())));
            }
        }
        return fingerprint == null ? Optional.empty() : Optional.of(new BuildState(fingerprint, List.copyOf(read)));
    }

    void write(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("# cser-maven-plugin: what the last generation read. Delete this file to generate again.");
        lines.add(FINGERPRINT + fingerprint);
        filesRead.forEach(p -> lines.add(READ + p));
        Files.createDirectories(file.getParent());
        Files.write(file, lines, StandardCharsets.UTF_8);
    }

    /**
     * The fingerprint of {@code settings} (every word of the plugin and its configuration the
     * output depends on, in a fixed order), the schema files found, and the content of each of
     * {@code inputs} (a file that is missing counts as missing).
     */
    static String fingerprint(List<String> settings, List<Path> schemas, Iterable<Path> inputs) {
        MessageDigest sha = sha256();
        settings.forEach(s -> field(sha, "setting", s));
        schemas.forEach(s -> field(sha, "schema", s.toString()));
        TreeSet<Path> sorted = new TreeSet<>();
        inputs.forEach(sorted::add);
        for (Path input : sorted) {
            field(sha, "input", input.toString());
            try {
                field(sha, "sha256", HexFormat.of().formatHex(sha256().digest(Files.readAllBytes(input))));
            } catch (NoSuchFileException e) {
                field(sha, "missing", "");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + input, e);
            }
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** Adds a named value, its length first, so that no two different lists give the same bytes. */
    private static void field(MessageDigest sha, String name, String value) {
        byte[] bytes = (name + "\0" + value).getBytes(StandardCharsets.UTF_8);
        sha.update((bytes.length + ":").getBytes(StandardCharsets.UTF_8));
        sha.update(bytes);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
