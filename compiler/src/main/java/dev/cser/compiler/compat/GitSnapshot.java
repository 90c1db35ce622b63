package dev.cser.compiler.compat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The {@code .cser} files of some paths at a git revision, written under a temporary directory
 * at the same paths relative to the repository's top ({@code cserc compat --against REV} and the
 * Maven plugin's {@code compat} goal, as {@code buf breaking --against '.git#ref=REV'}). Runs the
 * {@code git} command, so it needs git on the PATH and a working tree; {@link #close} deletes the
 * directory.
 */
public final class GitSnapshot implements AutoCloseable {
    /**
     * The two schemas to compare: OLD's files and import directories in the snapshot, NEW's as they
     * are. A directory given is also where its files' imports are looked for, after the others.
     */
    public record Sides(List<Path> oldFiles, List<Path> oldIncludes, List<Path> newFiles, List<Path> newIncludes) {}

    private final String revision;
    private final Path top;
    private final Path root;

    private GitSnapshot(String revision, Path top, Path root) {
        this.revision = revision;
        this.top = top;
        this.root = root;
    }

    /**
     * Reads {@code paths} (files or directories, as given on the command line) at {@code revision}
     * of the repository the first of them is in. Throws IOException with a message fit for the
     * user when git is missing, the path is not in a repository, the revision is unknown or a
     * path lies outside that repository.
     */
    public static GitSnapshot of(String revision, List<Path> paths) throws IOException {
        Path dir = paths.get(0).toAbsolutePath().normalize();
        while (dir != null && !Files.isDirectory(dir)) {
            dir = dir.getParent();
        }
        String topText = git(dir == null ? Path.of("") : dir, "rev-parse", "--show-toplevel").strip();
        Path top = Path.of(topText).toRealPath();
        String commit = gitOrNull(top, "rev-parse", "--verify", "--quiet", revision + "^{commit}");
        if (commit == null) {
            throw new IOException("no revision '" + revision + "' in the repository at " + top
                    + " (a shallow clone may not have it: fetch more history)");
        }
        Path root = Files.createTempDirectory("cserc-against-");
        GitSnapshot snapshot = new GitSnapshot(revision, top, root);
        try {
            for (Path p : paths) {
                String rel = snapshot.relative(p);
                String listing = git(top, "ls-tree", "-r", "-z", "--name-only", commit.strip(), "--", rel);
                for (String file : listing.split("\0")) {
                    if (!file.endsWith(".cser")) {
                        continue;
                    }
                    Path out = root.resolve(file);
                    Files.createDirectories(out.getParent());
                    Files.write(out, gitBytes(top, "show", commit.strip() + ":" + file));
                }
            }
        } catch (IOException | RuntimeException e) {
            snapshot.close();
            throw e;
        }
        return snapshot;
    }

    /**
     * OLD and NEW for {@code paths} (schema files or directories) with the import directories
     * {@code includes}, read at the revision for OLD and as they are for NEW.
     */
    public Sides sides(List<Path> paths, List<Path> includes) throws IOException {
        List<Path> oldIncludes = new ArrayList<>();
        List<Path> oldFiles = new ArrayList<>();
        List<Path> newIncludes = new ArrayList<>(includes);
        List<Path> newFiles = new ArrayList<>();
        for (Path include : includes) {
            oldIncludes.add(at(include));
        }
        for (Path p : paths) {
            Path then = at(p);
            if (Files.isDirectory(p)) {
                newIncludes.add(p);
                newFiles.addAll(schemaFilesUnder(p));
            } else {
                newFiles.add(p);
            }
            if (Files.isDirectory(then)) {
                oldIncludes.add(then);
                oldFiles.addAll(schemaFilesUnder(then));
            } else if (Files.isRegularFile(then)) {
                oldFiles.add(then);
            }
        }
        return new Sides(List.copyOf(oldFiles), List.copyOf(oldIncludes), List.copyOf(newFiles),
                List.copyOf(newIncludes));
    }

    /** Every {@code .cser} file under a directory, sorted, as paths under it. */
    public static List<Path> schemaFilesUnder(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(p -> p.getFileName().toString().endsWith(".cser") && Files.isRegularFile(p))
                    .sorted()
                    .toList();
        }
    }

    /** Where {@code p} (a path of the working tree, as given) is in the snapshot, whether or not it exists there. */
    public Path at(Path p) throws IOException {
        String rel = relative(p);
        return rel.isEmpty() ? root : root.resolve(rel);
    }

    /** How a file of the snapshot is shown: {@code REV:path}, relative to the repository's top. */
    public String display(String path) {
        String prefix = root.toString() + "/";
        return path.startsWith(prefix) ? revision + ":" + path.substring(prefix.length()) : path;
    }

    /** {@code p} relative to the repository's top, with forward slashes; "" for the top itself. */
    private String relative(Path p) throws IOException {
        Path abs = p.toAbsolutePath().normalize();
        // The real path of what exists (symbolic links resolved, as git's top is), else of its parent.
        Path existing = abs;
        Path rest = Path.of("");
        while (existing != null && !Files.exists(existing)) {
            rest = existing.getFileName().resolve(rest);
            existing = existing.getParent();
        }
        Path real = existing == null ? abs : existing.toRealPath().resolve(rest).normalize();
        if (!real.startsWith(top)) {
            throw new IOException(p + " is outside the git repository at " + top);
        }
        return top.relativize(real).toString().replace('\\', '/');
    }

    @Override
    public void close() throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private static String git(Path dir, String... args) throws IOException {
        return new String(gitBytes(dir, args), StandardCharsets.UTF_8);
    }

    private static String gitOrNull(Path dir, String... args) throws IOException {
        try {
            return git(dir, args);
        } catch (GitFailed e) {
            return null;
        }
    }

    /** A git command that ran and failed: its stderr is the message. */
    private static final class GitFailed extends IOException {
        private static final long serialVersionUID = 1L;

        GitFailed(String message) {
            super(message);
        }
    }

    private static byte[] gitBytes(Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        if (!dir.toString().isEmpty()) {
            pb.directory(dir.toFile());
        }
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new IOException("--against needs git, which could not be run: " + e.getMessage());
        }
        process.getOutputStream().close();
        // stderr is read on its own thread so that neither pipe fills while the other is read.
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        Thread drain = new Thread(() -> copy(process.getErrorStream(), errors));
        drain.start();
        byte[] out = process.getInputStream().readAllBytes();
        int status;
        try {
            drain.join();
            status = process.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroy();
            throw new IOException("interrupted while running git");
        }
        if (status != 0) {
            String message = errors.toString(StandardCharsets.UTF_8).strip();
            throw new GitFailed("git " + String.join(" ", args) + " failed"
                    + (message.isEmpty() ? " (exit " + status + ")" : ": " + message));
        }
        return out;
    }

    private static void copy(InputStream in, ByteArrayOutputStream out) {
        try {
            in.transferTo(out);
        } catch (IOException e) {
            // The process ended: what was read is the message.
        }
    }
}
