package dev.cser.compiler;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * One {@code cserc} run in-process, with standard input given and standard output and error
 * captured: how the tests of the commands run them.
 *
 * @param out standard output as bytes (encode writes raw bytes)
 */
public record CsercRun(int status, byte[] out, String err) {

    /** Runs {@code cserc ARGS...} with {@code stdin} as standard input. */
    public static CsercRun run(byte[] stdin, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = new Cserc(new ByteArrayInputStream(stdin), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8)).run(args);
        return new CsercRun(status, out.toByteArray(), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs with text as standard input and the given output streams; returns the exit status. */
    public static int runOn(PrintStream out, PrintStream err, String stdin, String... args) {
        return new Cserc(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), out, err).run(args);
    }

    /** Runs with text (UTF-8) as standard input. */
    public static CsercRun run(String stdin, String... args) {
        return run(stdin.getBytes(StandardCharsets.UTF_8), args);
    }

    /** Standard output as UTF-8 text. */
    public String stdout() {
        return new String(out, StandardCharsets.UTF_8);
    }

    /** The run as a golden file holds it: the exit status, then stdout and stderr as written. */
    public String transcript() {
        StringBuilder s = new StringBuilder("exit ").append(status).append('\n').append(stdout());
        if (!err.isEmpty()) {
            s.append("stderr:\n").append(err);
        }
        return s.toString();
    }
}
