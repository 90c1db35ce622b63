package dev.cser.conformance.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import bench.message.Message;
import dev.cser.CserStreamWriter;
import dev.cser.examples.Workloads;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The W4 receiver over real sockets: good and hostile connections at once. */
class W4ReceiverTest {
    private static final int PER_CONNECTION = 500;

    private static byte[] stream(int count) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CserStreamWriter<Message> w = new CserStreamWriter<>(out, Message.CODEC)) {
            for (int n = 0; n < count; n++) {
                w.write(Workloads.message(n));
            }
        }
        return out.toByteArray();
    }

    private static void send(int port, byte[] bytes) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
            OutputStream out = s.getOutputStream();
            out.write(bytes);
            out.flush();
        }
    }

    @Test
    void countsGoodMessagesAndLogsOneLinePerBadConnection() throws Exception {
        ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
        PrintStream log = new PrintStream(logBytes, true, StandardCharsets.UTF_8);
        byte[] good = stream(PER_CONNECTION);
        byte[] two = stream(2);
        List<byte[]> bad = new ArrayList<>();
        bad.add("GET / HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII)); // not a cser stream
        bad.add(Arrays.copyOf(good, good.length - 3)); // cut inside the last frame
        byte[] badUtf8 = two.clone();
        badUtf8[badUtf8.length - 2] = (byte) 0xC0; // the last message's data: invalid UTF-8
        bad.add(badUtf8);
        byte[] huge = Arrays.copyOf(two, 21 + 3);
        huge[21] = (byte) 0x81; // a frame length of 2^14 + 1 > the 4 KiB maximum
        huge[22] = (byte) 0x80;
        huge[23] = 0x01;
        bad.add(huge);

        try (W4Receiver receiver = new W4Receiver(0, 4096, log)) {
            int port = receiver.port();
            List<Thread> clients = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                clients.add(new Thread(() -> {
                    try {
                        send(port, good);
                    } catch (IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                }));
            }
            for (byte[] b : bad) {
                clients.add(new Thread(() -> {
                    try {
                        send(port, b);
                    } catch (IOException ignored) {
                        // the receiver may close first
                    }
                }));
            }
            clients.forEach(Thread::start);
            for (Thread t : clients) {
                t.join();
            }
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (receiver.goodConnections() + receiver.badConnections() < clients.size() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            receiver.stop(1000);
            assertEquals(6, receiver.goodConnections(), receiver::summary);
            assertEquals(bad.size(), receiver.badConnections(), receiver::summary);
            // Six whole streams, the cut one's complete messages, and the first of the bad UTF-8 one.
            assertEquals(6L * PER_CONNECTION + (PER_CONNECTION - 1) + 1, receiver.messages(), receiver::summary);
            assertEquals("total messages=" + receiver.messages() + " good_connections=6 bad_connections=4", receiver.summary());
        }
        List<String> lines = logBytes.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(bad.size(), lines.size(), String.join("\n", lines));
        for (String line : lines) {
            assertTrue(line.matches("error: conn \\d+: [A-Z0-9_]+: .*"), line);
        }
    }
}
