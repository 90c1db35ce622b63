package dev.cser.compiler;

import java.net.URISyntaxException;
import java.nio.file.Path;

/**
 * Where the test inputs of the command line are, found from the compiled test classes rather
 * than the working directory, so that the tests pass however they are launched (Maven, an IDE,
 * the repository root). The compiler module has a class of the same name for its own tests.
 */
public final class TestPaths {
    private TestPaths() {}

    /** This module, {@code tools/cserc}: the directory holding {@code src/test} and {@code target}. */
    public static final Path MODULE = moduleDirectory();

    /** The root of the checkout. */
    public static final Path REPOSITORY = MODULE.getParent().getParent();

    /** {@code tools/cserc/src/test/resources}. */
    public static final Path RESOURCES = MODULE.resolve("src/test/resources");

    /** The example schemas of the repository, {@code schema/examples}. */
    public static final Path EXAMPLES = REPOSITORY.resolve("schema").resolve("examples");

    /** {@code path} relative to the working directory: how a user names a file on the command line. */
    public static Path asTyped(Path path) {
        return Path.of("").toAbsolutePath().relativize(path.toAbsolutePath());
    }

    private static Path moduleDirectory() {
        try {
            // .../tools/cserc/target/test-classes
            Path classes = Path.of(TestPaths.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            return classes.getParent().getParent().normalize();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
