package dev.cser.maven;

import java.io.File;
import java.util.List;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * Compiles the schemas of the project's tests ({@code src/test/cser/**}{@code /*.cser} by default)
 * to Java in {@code target/generated-test-sources/cser} and adds that directory to the test
 * compile source roots.
 */
@Mojo(name = "generate-test", defaultPhase = LifecyclePhase.GENERATE_TEST_SOURCES, threadSafe = true)
public final class GenerateTestMojo extends AbstractGenerateMojo {
    /** The directories holding the schemas to compile (also searched for imports, last). */
    @Parameter(defaultValue = "${project.basedir}/src/test/cser")
    private List<File> sourceRoots;

    /** Where the Java sources are written. */
    @Parameter(defaultValue = "${project.build.directory}/generated-test-sources/cser")
    private File outputDirectory;

    @Override
    List<File> sourceRoots() {
        return sourceRoots;
    }

    @Override
    File outputDirectory() {
        return outputDirectory;
    }

    @Override
    void addSourceRoot(MavenProject project, String directory) {
        project.addTestCompileSourceRoot(directory);
    }
}
