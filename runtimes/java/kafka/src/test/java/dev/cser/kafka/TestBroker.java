package dev.cser.kafka;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A real Kafka broker for the tests tagged "broker": conformance/kafka/broker (its path in the
 * system property {@code cser.kafka.broker}, set by the pom) started in a new temporary directory
 * and stopped, its directory removed, by {@link #close}.
 */
final class TestBroker implements AutoCloseable {
    private final Path script;
    private final Path dir;
    final String bootstrapServers;
    private boolean closed;
    /** Stops the broker if the JVM ends without close (an interrupted test run). */
    private Thread shutdownHook;

    private TestBroker(Path script, Path dir, String bootstrapServers) {
        this.script = script;
        this.dir = dir;
        this.bootstrapServers = bootstrapServers;
    }

    static TestBroker start() throws IOException, InterruptedException {
        String property = System.getProperty("cser.kafka.broker");
        if (property == null) {
            throw new IllegalStateException("system property cser.kafka.broker (the broker script) is not set");
        }
        Path script = Path.of(property).toAbsolutePath().normalize();
        Path dir = Files.createTempDirectory("cser-kafka-broker-");
        TestBroker broker = new TestBroker(script, dir, null);
        String out;
        try {
            out = broker.run("up", 180);
        } catch (IOException | RuntimeException e) {
            broker.close();
            throw e;
        }
        String prefix = "bootstrap.servers=";
        if (!out.startsWith(prefix)) {
            broker.close();
            throw new IllegalStateException("broker up printed '" + out + "', not " + prefix + "...");
        }
        TestBroker started = new TestBroker(script, dir, out.substring(prefix.length()));
        started.shutdownHook = new Thread(() -> {
            try {
                started.run("down", 60);
            } catch (IOException | InterruptedException e) {
                System.err.println("could not stop the test broker in " + dir + ": " + e.getMessage());
            }
        });
        Runtime.getRuntime().addShutdownHook(started.shutdownHook);
        return started;
    }

    /** SIGKILLs the broker ({@code broker kill}): a crash; its data stays. */
    void kill() throws IOException, InterruptedException {
        run("kill", 60);
    }

    /** Starts it again on the same ports and storage; returns what {@code broker restart} printed. */
    String restart() throws IOException, InterruptedException {
        return run("restart", 180);
    }

    /** Runs {@code broker VERB DIR}; its stderr goes to the test's; returns its stdout, trimmed. */
    private String run(String verb, int timeoutSeconds) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(script.toString(), verb, dir.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IOException("broker " + verb + " did not finish within " + timeoutSeconds + "s");
        }
        if (p.exitValue() != 0) {
            throw new IOException("broker " + verb + " " + dir + " exited with " + p.exitValue());
        }
        return new String(out, StandardCharsets.UTF_8).trim();
    }

    @Override
    public synchronized void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        if (shutdownHook != null) {
            Runtime.getRuntime().removeShutdownHook(shutdownHook);
        }
        try {
            run("down", 60);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping the broker in " + dir, e);
        }
    }
}
