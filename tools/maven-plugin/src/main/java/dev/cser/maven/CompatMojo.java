package dev.cser.maven;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.compat.Category;
import dev.cser.compiler.compat.CompatChecker;
import dev.cser.compiler.compat.CompatConfig;
import dev.cser.compiler.compat.CompatReport;
import dev.cser.compiler.compat.GitSnapshot;
import dev.cser.compiler.compat.Mode;
import dev.cser.compiler.diag.DiagnosticFormatter;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Schema;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Checks that the project's schemas can replace those at a git revision, as {@code cserc compat
 * --against REV} does (compiler/README.md), and fails the build when they cannot. Off unless a
 * project binds it in an execution (it needs a revision to compare with, and git):
 *
 * <pre>{@code
 * <execution>
 *   <goals><goal>compat</goal></goals>
 *   <configuration><against>origin/main</against></configuration>
 * </execution>
 * }</pre>
 */
@Mojo(name = "compat", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public final class CompatMojo extends AbstractMojo {
    /** The git revision whose schemas are OLD: a commit, branch or tag ({@code origin/main}, {@code v1.2}). */
    @Parameter(property = "cser.compat.against", required = true)
    private String against;

    /** The directories holding the schemas (also searched for imports, last). */
    @Parameter(defaultValue = "${project.basedir}/src/main/cser")
    private List<File> sourceRoots;

    /** Directories where imports are looked up besides the source roots (cserc's {@code -I}), at the revision for OLD. */
    @Parameter
    private List<File> includeDirectories = new ArrayList<>();

    /** What must not break: {@code wire}, {@code wire-json} or {@code source}; the config file's, else {@code wire-json}. */
    @Parameter(property = "cser.compat.category")
    private String category;

    /** {@code backward}, {@code forward} or {@code full}; the config file's, else {@code full}. */
    @Parameter(property = "cser.compat.mode")
    private String mode;

    /** A config file of settings and ignored findings (compiler/README.md, "A config file"). */
    @Parameter(property = "cser.compat.config")
    private File config;

    /** Fail on warnings too. */
    @Parameter(property = "cser.compat.strict", defaultValue = "false")
    private boolean strict;

    /** Skip this goal. */
    @Parameter(property = "cser.compat.skip", defaultValue = "false")
    private boolean skip;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("cser compat: skipped (cser.compat.skip)");
            return;
        }
        CompatConfig settings = readConfig();
        Category chosenCategory = category != null ? parseCategory(category)
                : settings.category() != null ? settings.category() : Category.DEFAULT;
        Mode chosenMode = mode != null ? parseMode(mode) : settings.mode() != null ? settings.mode() : Mode.FULL;
        List<Path> roots = sourceRoots.stream().map(f -> f.toPath().toAbsolutePath().normalize())
                .filter(Files::isDirectory).toList();
        if (roots.isEmpty()) {
            getLog().info("cser compat: no schema directory in " + sourceRoots + ": nothing to compare");
            return;
        }
        List<Path> includes = includeDirectories.stream().map(f -> f.toPath().toAbsolutePath().normalize()).toList();
        try (GitSnapshot snapshot = GitSnapshot.of(against, roots)) {
            GitSnapshot.Sides sides = snapshot.sides(roots, includes);
            if (sides.oldFiles().isEmpty()) {
                getLog().info("cser compat: " + against + " has no schema in " + roots + ": nothing to compare");
                return;
            }
            SchemaCompiler oldCompiler = new SchemaCompiler(sides.oldIncludes(), snapshot::display);
            SchemaCompiler newCompiler = new SchemaCompiler(sides.newIncludes());
            Schema oldSchema = compile(oldCompiler, sides.oldFiles());
            Schema newSchema = compile(newCompiler, sides.newFiles());
            CompatReport report = new CompatReport(CompatChecker.check(oldSchema, newSchema), chosenCategory,
                    chosenMode, strict, false, settings);
            String text = report.text(new DiagnosticFormatter(oldCompiler.sources()),
                    new DiagnosticFormatter(newCompiler.sources()), configFormatter(settings));
            if (!report.compatible()) {
                throw new MojoFailureException("cser compat: the schemas cannot replace those of " + against + ":\n"
                        + text);
            }
            if (text.isEmpty()) {
                getLog().info("cser compat: compatible with " + against + " (" + chosenCategory.word() + ", mode "
                        + chosenMode.word() + ")");
            } else {
                text.lines().forEach(getLog()::warn);
            }
        } catch (IOException e) {
            throw new MojoFailureException("cser compat: against " + against + ": " + e.getMessage());
        }
    }

    private CompatConfig readConfig() throws MojoFailureException {
        if (config == null) {
            return CompatConfig.NONE;
        }
        String shown = config.getPath();
        String text;
        try {
            text = Files.readString(config.toPath(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new MojoFailureException("cser compat: cannot read the config file " + shown + ": " + e);
        }
        List<CompatConfig.Problem> problems = new ArrayList<>();
        CompatConfig parsed = CompatConfig.parse(shown, text, problems);
        if (!problems.isEmpty()) {
            DiagnosticFormatter f = new DiagnosticFormatter(Map.of(shown, text.lines().toList()));
            StringBuilder out = new StringBuilder();
            problems.forEach(p -> out.append(f.format(p.location(), "error", p.message())));
            throw new MojoFailureException("cser compat: the config file has errors:\n" + out);
        }
        return parsed;
    }

    private DiagnosticFormatter configFormatter(CompatConfig settings) throws MojoFailureException {
        if (settings.path() == null) {
            return new DiagnosticFormatter(Map.of());
        }
        try {
            return new DiagnosticFormatter(Map.of(settings.path(),
                    Files.readString(config.toPath(), StandardCharsets.UTF_8).lines().toList()));
        } catch (IOException e) {
            throw new MojoFailureException("cser compat: cannot read the config file " + settings.path() + ": " + e);
        }
    }

    private static Schema compile(SchemaCompiler compiler, List<Path> files) throws MojoFailureException {
        try {
            return compiler.compile(files);
        } catch (SchemaException e) {
            throw new MojoFailureException("cser compat: the schemas have errors:\n"
                    + new DiagnosticFormatter(compiler.sources()).formatAll(e.diagnostics()));
        }
    }

    private static Category parseCategory(String word) throws MojoFailureException {
        Category c = Category.byWord(word);
        if (c == null) {
            throw new MojoFailureException("cser compat: category must be wire, wire-json or source, not '" + word + "'");
        }
        return c;
    }

    private static Mode parseMode(String word) throws MojoFailureException {
        Mode m = Mode.byWord(word);
        if (m == null) {
            throw new MojoFailureException("cser compat: mode must be backward, forward or full, not '" + word + "'");
        }
        return m;
    }
}
