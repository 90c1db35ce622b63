package dev.cser.compiler.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Writes one target's generated files into an output directory, the one way every caller does it
 * ({@code cserc --java-out/--rust-out/--python-out}, and through cserc cser-build; the Maven
 * plugin in-process):
 *
 * <ul>
 *   <li>a file is rewritten only when its content changed, so that incremental builds (javac,
 *       cargo, an IDE) see unchanged files as unchanged;</li>
 *   <li>the directory keeps a manifest, {@code .cserc-<target>-files}, of the files written there
 *       for that target; a file a previous run wrote that no schema produces any more (a type
 *       removed or renamed, a package renamed) is deleted, with the directories that held only
 *       it. Nothing the manifest does not list is ever deleted: hand-written files in the
 *       directory, and another target's files (each target has its own manifest), are kept.</li>
 * </ul>
 *
 * Failures do not stop the run: every file is attempted, and each failure is one message in
 * {@link Result#problems()}.
 */
public final class OutputDirectory {
    private OutputDirectory() {}

    /**
     * What a write did.
     *
     * @param files the files given, each marked {@link GeneratedFile#failed()} if it could not be written
     * @param changed the relative paths of the files created or rewritten (the others were unchanged)
     * @param removed the relative paths of the stale files deleted
     * @param problems one message per file that could not be written, deleted or recorded
     */
    public record Result(List<GeneratedFile> files, List<String> changed, List<String> removed, List<String> problems) {
        /** Whether every file was written and every stale one deleted. */
        public boolean ok() {
            return problems.isEmpty();
        }
    }

    /** The manifest's file name for a target: a dot file, so that listings and packagers skip it. */
    public static String manifestName(String target) {
        return ".cserc-" + target + "-files";
    }

    /**
     * Writes {@code files} under {@code root} for the target they were generated for. Without
     * files the target is not known, so nothing is removed: use {@link #write(Path, String, List)}
     * where the target is known.
     */
    public static Result write(Path root, List<GeneratedFile> files) {
        if (files.isEmpty()) {
            return new Result(List.of(), List.of(), List.of(), List.of());
        }
        return write(root, files.get(0).target(), files);
    }

    /**
     * Writes {@code files} (all generated for {@code target}) under {@code root}, then deletes the
     * files the manifest lists for that target that are not among them. An empty list deletes
     * every file the target wrote there (every schema removed).
     */
    public static Result write(Path root, String target, List<GeneratedFile> files) {
        List<String> problems = new ArrayList<>();
        Path manifest = root.resolve(manifestName(target));
        Set<String> previous = readManifest(manifest, problems);
        Set<String> produced = new TreeSet<>();
        for (GeneratedFile f : files) {
            if (!f.target().equals(target)) {
                throw new IllegalArgumentException(f.relativePath() + " was generated for " + f.target() + ", not " + target);
            }
            produced.add(f.relativePath());
        }
        // Record the new files before writing them, so that a run stopped half way still knows
        // about every file it may have written.
        Set<String> recorded = new TreeSet<>(previous);
        recorded.addAll(produced);
        if (!recorded.equals(previous)) {
            writeManifest(root, manifest, target, recorded, problems);
        }

        List<GeneratedFile> results = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        for (GeneratedFile f : files) {
            Path file = root.resolve(f.relativePath());
            try {
                if (writeIfChanged(file, f.content().getBytes(StandardCharsets.UTF_8))) {
                    changed.add(f.relativePath());
                }
                results.add(f);
            } catch (IOException e) {
                problems.add("cannot write " + file + ": " + describe(e));
                results.add(f.failed());
            }
        }

        List<String> removed = new ArrayList<>();
        Set<String> kept = new TreeSet<>(produced);
        Map<String, String> producedIgnoringCase = new HashMap<>();
        produced.forEach(p -> producedIgnoringCase.put(p.toLowerCase(Locale.ROOT), p));
        for (String stale : previous) {
            if (produced.contains(stale)) {
                continue;
            }
            Path file = root.resolve(stale);
            try {
                // On a file system that ignores case, a type renamed Employee -> EMPLOYEE was just
                // written over the old file: that file is the new one.
                String sameName = producedIgnoringCase.get(stale.toLowerCase(Locale.ROOT));
                if (sameName != null && Files.exists(file) && Files.isSameFile(file, root.resolve(sameName))) {
                    continue;
                }
                // A file replaced by a link or a directory is no longer the compiler's: leave it.
                if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    Files.delete(file);
                    removed.add(stale);
                    removeEmptyParents(root, file);
                }
            } catch (IOException e) {
                problems.add("cannot remove the stale generated file " + file + ": " + describe(e));
                kept.add(stale); // tried again by the next run
            }
        }
        if (!kept.equals(recorded)) {
            writeManifest(root, manifest, target, kept, problems);
        }
        return new Result(List.copyOf(results), List.copyOf(changed), List.copyOf(removed), List.copyOf(problems));
    }

    /** Writes {@code bytes} to {@code file} unless it already holds them; whether it wrote. */
    private static boolean writeIfChanged(Path file, byte[] bytes) throws IOException {
        if (Files.isRegularFile(file) && Arrays.equals(Files.readAllBytes(file), bytes)) {
            return false;
        }
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
        return true;
    }

    /**
     * The relative paths a manifest lists; none if it does not exist. Only paths that stay
     * inside the directory are taken: a manifest edited by hand cannot make a run delete
     * anything outside it.
     */
    private static Set<String> readManifest(Path manifest, List<String> problems) {
        Set<String> paths = new TreeSet<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return paths;
        } catch (IOException e) {
            problems.add("cannot read " + manifest + " (stale generated files are not removed): " + describe(e));
            return paths;
        }
        for (String line : lines) {
            if (!line.isEmpty() && !line.startsWith("#") && staysInside(line)) {
                paths.add(line);
            }
        }
        return paths;
    }

    /** Whether a manifest line is a relative path of names, none of them {@code .} or {@code ..}. */
    static boolean staysInside(String relative) {
        if (relative.startsWith("/") || relative.contains("\\") || relative.contains(":")) {
            return false;
        }
        for (String name : relative.split("/", -1)) {
            if (name.isEmpty() || name.equals(".") || name.equals("..")) {
                return false;
            }
        }
        return true;
    }

    private static void writeManifest(Path root, Path manifest, String target, Set<String> paths, List<String> problems) {
        try {
            if (paths.isEmpty()) {
                Files.deleteIfExists(manifest);
                return;
            }
            Files.createDirectories(root);
            List<String> lines = new ArrayList<>();
            lines.add("# The files cserc wrote here for " + target + ", one per line. cserc deletes those that no");
            lines.add("# schema produces any more; other files in this directory are never touched.");
            lines.addAll(paths);
            Files.write(manifest, lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
            problems.add("cannot write " + manifest + ": " + describe(e));
        }
    }

    /** Deletes the directories between {@code file} and {@code root} that are left empty. */
    private static void removeEmptyParents(Path root, Path file) throws IOException {
        Path top = root.normalize();
        for (Path dir = file.getParent(); dir != null && !dir.normalize().equals(top) && dir.normalize().startsWith(top);
                dir = dir.getParent()) {
            try {
                Files.delete(dir);
            } catch (DirectoryNotEmptyException e) {
                return;
            }
        }
    }

    /**
     * An I/O error as a phrase: the file system's reason ("Permission denied"), else the kind of
     * error in words ("not directory"); the JDK's message alone is often just the path.
     */
    private static String describe(IOException e) {
        if (e instanceof FileSystemException fse && fse.getReason() != null) {
            return fse.getReason();
        }
        String kind = e.getClass().getSimpleName().replaceAll("Exception$", "")
                .replaceAll("([a-z])([A-Z])", "$1 $2").toLowerCase(Locale.ROOT);
        return e instanceof FileSystemException || e.getMessage() == null ? kind : e.getMessage();
    }
}
