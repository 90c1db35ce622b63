package dev.cser.conformance.load;

import bench.message.Message;
import dev.cser.CserStreamReader;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP receiver of W4 messages ({@code bench.message.Message}, schema/examples/message.cser):
 * every connection to 127.0.0.1:PORT carries one cser stream of messages (SPEC §8), read by a
 * {@link CserStreamReader} on a thread of its own. Any number of connections at once.
 *
 * <pre>
 * java -cp runtimes/java/target/classes:runtimes/java/json/target/classes:runtimes/java/examples/target/classes:conformance/load/java/target/classes \
 *     dev.cser.conformance.load.W4Receiver PORT [MAX_MESSAGE_SIZE]
 * </pre>
 *
 * <p>The protocol its load-test driver relies on:
 *
 * <ul>
 *   <li>PORT 0 picks a free port; when it accepts connections it prints {@code listening PORT}
 *       on stdout.
 *   <li>A connection whose stream ends on a frame boundary is <em>good</em>. A connection whose
 *       input is hostile (bad header, wrong type, a message that does not decode, a frame above
 *       MAX_MESSAGE_SIZE, a cut frame) or that fails (reset) is <em>bad</em>: it gets exactly one
 *       line on stderr, {@code error: conn N: KIND: ...} (N counts connections from 1), and is
 *       closed. Messages decoded before the error count.
 *   <li>It exits when stdin closes or on SIGTERM, after printing (and flushing)
 *       {@code total messages=N good_connections=G bad_connections=B} on stdout. Connections
 *       still open then get up to two seconds to finish; those that do not are in neither count.
 * </ul>
 *
 * <p>Memory per connection is bounded by MAX_MESSAGE_SIZE (default 1 MiB): the stream reader
 * rejects a longer frame before allocating it, and grows its buffer only as bytes arrive.
 */
public final class W4Receiver implements AutoCloseable {
    /** Default maximum frame length: W4 messages are a few dozen bytes. */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 1 << 20;

    private final ServerSocket server;
    private final int maxMessageSize;
    private final PrintStream log;
    private final AtomicLong messages = new AtomicLong();
    private final AtomicInteger good = new AtomicInteger();
    private final AtomicInteger bad = new AtomicInteger();
    private final AtomicInteger nextId = new AtomicInteger(1);
    private final Set<Thread> handlers = ConcurrentHashMap.newKeySet();
    private final Set<Socket> open = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean stopped = new AtomicBoolean();
    /** Set when stop() closes the connections that outlived the grace period: not counted. */
    private final AtomicBoolean abandoned = new AtomicBoolean();
    private final Thread acceptor;

    /** Binds 127.0.0.1:{@code port} (0: any free port) and starts accepting connections. */
    public W4Receiver(int port, int maxMessageSize, PrintStream log) throws IOException {
        this.server = new ServerSocket(port, 128, InetAddress.getLoopbackAddress());
        this.maxMessageSize = maxMessageSize;
        this.log = log;
        this.acceptor = new Thread(this::acceptLoop, "w4-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The port it listens on. */
    public int port() {
        return server.getLocalPort();
    }

    public long messages() {
        return messages.get();
    }

    public int goodConnections() {
        return good.get();
    }

    public int badConnections() {
        return bad.get();
    }

    /** The final line of the protocol. */
    public String summary() {
        return "total messages=" + messages() + " good_connections=" + goodConnections()
                + " bad_connections=" + badConnections();
    }

    private void acceptLoop() {
        while (!stopped.get()) {
            Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                if (!stopped.get()) {
                    log.println("error: accept: " + e.getMessage());
                    log.flush();
                }
                return;
            }
            int id = nextId.getAndIncrement();
            Thread t = new Thread(() -> handle(id, socket), "w4-conn-" + id);
            t.setDaemon(true);
            handlers.add(t);
            open.add(socket);
            t.start();
        }
    }

    private void handle(int id, Socket socket) {
        try {
            CserStreamReader<Message> reader = new CserStreamReader<>(socket.getInputStream(), Message.CODEC)
                    .withMaxMessageSize(maxMessageSize);
            while (reader.read() != null) {
                messages.incrementAndGet();
            }
            good.incrementAndGet();
        } catch (IOException | RuntimeException e) {
            if (!abandoned.get()) {
                // CserDecodeException (its message names the kind, the record and the stream
                // offset), or the connection failed: one line, then the connection is closed.
                bad.incrementAndGet();
                String reason = e instanceof SocketException || e.getMessage() == null
                        ? e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage())
                        : e.getMessage();
                log.println("error: conn " + id + ": " + reason.replace('\n', ' '));
                log.flush();
            }
        } finally {
            closeQuietly(socket);
            open.remove(socket);
            handlers.remove(Thread.currentThread());
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing: nothing to report
        }
    }

    /**
     * Stops accepting, gives the open connections up to {@code graceMillis} to end, then closes
     * the rest (they are counted neither good nor bad).
     */
    public void stop(long graceMillis) {
        if (!stopped.compareAndSet(false, true)) {
            return;
        }
        try {
            server.close();
        } catch (IOException ignored) {
            // closing: nothing to do
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
        for (Thread t : Set.copyOf(handlers)) {
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left > 0) {
                try {
                    t.join(left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        abandoned.set(true);
        for (Socket s : Set.copyOf(open)) {
            closeQuietly(s);
        }
    }

    @Override
    public void close() {
        stop(0);
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: W4Receiver PORT [MAX_MESSAGE_SIZE]");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        int max = args.length > 1 ? Integer.parseInt(args[1]) : DEFAULT_MAX_MESSAGE_SIZE;
        W4Receiver receiver = new W4Receiver(port, max, System.err);
        AtomicBoolean reported = new AtomicBoolean();
        Runnable finish = () -> {
            receiver.stop(2000);
            if (reported.compareAndSet(false, true)) {
                System.out.println(receiver.summary());
                System.out.flush();
            }
        };
        // SIGTERM (and Ctrl-C) run the shutdown hooks; a stop asked for is a success (status 0).
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            finish.run();
            Runtime.getRuntime().halt(0);
        }, "w4-shutdown"));
        System.out.println("listening " + receiver.port());
        System.out.flush();
        // Until stdin closes.
        byte[] sink = new byte[256];
        while (System.in.read(sink) >= 0) {
            // input on stdin is ignored
        }
        finish.run();
        System.exit(0); // the shutdown hook finds the summary printed
    }
}
