package dev.cser.maven;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.OutputDirectory;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What the goals {@code generate} and {@code generate-test} share: they differ only in where
 * the schemas and the generated sources are by default and which source roots the output joins.
 */
abstract class AbstractGenerateMojo extends AbstractMojo {
    /** The schema files to compile under each source root (Ant patterns); all {@code .cser} files by default. */
    @Parameter
    private List<String> includes = new ArrayList<>(List.of("**/*.cser"));

    /** Schema files under the source roots not to compile (Ant patterns); they may still be imported. */
    @Parameter
    private List<String> excludes = new ArrayList<>();

    /**
     * Directories where imports are looked up, after the importing file's own directory and
     * before the source roots (cserc's {@code -I}).
     */
    @Parameter
    private List<File> includeDirectories = new ArrayList<>();

    /** Also generate the JSON mapping of values (SPEC §11): needs {@code dev.cser:cser-json} at compile time. */
    @Parameter(property = "cser.json", defaultValue = "false")
    private boolean json;

    /** Skip this goal. */
    @Parameter(property = "cser.skip", defaultValue = "false")
    private boolean skip;

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${mojoExecution}", readonly = true, required = true)
    private MojoExecution execution;

    @Parameter(defaultValue = "${project.build.directory}/cser-maven-plugin", readonly = true, required = true)
    private File stateDirectory;

    /** The directories holding the schemas to compile. */
    abstract List<File> sourceRoots();

    /** Where the Java sources are written. */
    abstract File outputDirectory();

    /** Adds the output directory to the project's compile or test compile source roots. */
    abstract void addSourceRoot(MavenProject project, String directory);

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (skip) {
            getLog().info("cser: skipped (cser.skip)");
            return;
        }
        Path output = outputDirectory().toPath().toAbsolutePath().normalize();
        List<Path> roots = sourceRoots().stream().map(f -> f.toPath().toAbsolutePath().normalize()).toList();
        List<Path> includeDirs = new ArrayList<>();
        includeDirectories.forEach(f -> includeDirs.add(f.toPath().toAbsolutePath().normalize()));
        includeDirs.addAll(roots);
        Path stateFile = stateDirectory.toPath().resolve(execution.getExecutionId() + ".state");
        IncrementalGeneration generation = new IncrementalGeneration(roots, includes, excludes, includeDirs, json, output,
                stateFile, settings(roots, includeDirs, output));
        IncrementalGeneration.Outcome outcome;
        try {
            outcome = generation.run();
        } catch (JavaSourceGeneration.SchemaErrors e) {
            throw new MojoFailureException("cser: the schemas have errors:\n" + e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("cser: " + e, e);
        } catch (UncheckedIOException e) {
            throw new MojoExecutionException("cser: " + e.getMessage() + ": " + e.getCause(), e);
        }
        if (outcome instanceof IncrementalGeneration.NoSchemas none) {
            failOnProblems(none.removed());
            getLog().info("cser: no schemas in " + roots + " matching " + includes
                    + (none.removed().removed().isEmpty() ? "" : "; removed " + count(none.removed().removed().size(), "generated file")));
            return;
        }
        addSourceRoot(project, output.toString());
        if (json && project.getDependencies().stream()
                .noneMatch(d -> d.getGroupId().equals("dev.cser") && d.getArtifactId().equals("cser-json"))) {
            getLog().warn("cser: json is on, but the project does not declare the dependency dev.cser:cser-json, "
                    + "which the generated toJson/fromJson call");
        }
        if (outcome instanceof IncrementalGeneration.UpToDate upToDate) {
            getLog().info("cser: " + count(upToDate.schemas(), "schema") + " unchanged since the last generation; "
                    + output + " is up to date");
        } else if (outcome instanceof IncrementalGeneration.Generated generated) {
            OutputDirectory.Result r = generated.written();
            failOnProblems(r);
            getLog().info("cser: " + count(r.files().size(), "Java file") + " from " + count(generated.schemas(), "schema")
                    + " in " + output + " (" + r.changed().size() + " written, " + r.removed().size() + " removed)");
        }
    }

    /** Fails the build when a file could not be written or removed. */
    private static void failOnProblems(OutputDirectory.Result result) throws MojoExecutionException {
        if (!result.ok()) {
            throw new MojoExecutionException("cser: " + String.join("\ncser: ", result.problems()));
        }
    }

    /** Everything besides the input files that the generated code depends on, in a fixed order. */
    private List<String> settings(List<Path> roots, List<Path> includeDirs, Path output) {
        List<String> words = new ArrayList<>(PluginCode.identity(
                execution.getMojoDescriptor().getPluginDescriptor().getVersion(), getClass(), SchemaCompiler.class));
        words.add("goal " + execution.getGoal());
        words.add("output " + output);
        words.add("json " + json);
        roots.forEach(r -> words.add("root " + r));
        includeDirs.forEach(d -> words.add("include directory " + d));
        includes.forEach(i -> words.add("include " + i));
        excludes.forEach(e -> words.add("exclude " + e));
        return words;
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
