package dev.cser.compiler;

import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * Where the test inputs are, found from the compiled test classes rather than the working
 * directory, so that the tests pass however they are launched (Maven, an IDE, the repository
 * root).
 */
public final class TestPaths {
    private TestPaths() {}

    /** The compiler module: the directory holding {@code src/test} and {@code target}. */
    public static final Path MODULE = moduleDirectory();

    /** {@code compiler/src/test/resources}. */
    public static final Path RESOURCES = MODULE.resolve("src/test/resources");

    /** The example schemas of the repository, {@code schema/examples}. */
    public static final Path EXAMPLES = MODULE.resolveSibling("schema").resolve("examples");

    /** {@code path} relative to the working directory: how a user names a file on the command line. */
    public static Path asTyped(Path path) {
        return Path.of("").toAbsolutePath().relativize(path.toAbsolutePath());
    }

    private static Path moduleDirectory() {
        try {
            // .../compiler/target/test-classes
            Path classes = Path.of(TestPaths.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return classes.getParent().getParent().normalize();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
