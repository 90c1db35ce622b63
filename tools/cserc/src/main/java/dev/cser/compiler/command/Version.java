package dev.cser.compiler.command;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The compiler's version: the Maven project version, written into a resource when it is built. */
public final class Version {
    /** Filtered by Maven (tools/cserc/pom.xml, src/main/resources-filtered). */
    private static final String RESOURCE = "/dev/cser/compiler/version.properties";

    private Version() {}

    /** The version, e.g. {@code 0.1.0-SNAPSHOT}. */
    public static String get() {
        try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                // Only a build that bypassed Maven's resource phase gets here.
                throw new IllegalStateException(RESOURCE + " is missing from the compiler's classes");
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
