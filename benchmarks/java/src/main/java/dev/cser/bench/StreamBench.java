package dev.cser.bench;

import dev.cser.CserStreamReader;
import dev.cser.CserStreamWriter;
import dev.cser.bench.pojo.Message;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * W4 over a socket (seed 004): {@code count} W4 messages (the sequence of conformance/across,
 * {@link Data#streamPojo(int)}) from a sender process to a receiver process over loopback TCP,
 * Java to Java, for three ways of writing them:
 *
 * <ul>
 *   <li>{@code cser}: {@link CserStreamWriter} / {@link CserStreamReader} of
 *       {@code bench.message.Message} on the raw socket streams (both buffer 64 KiB themselves);
 *   <li>{@code jdk-serializable}: one ObjectOutputStream over a 64 KiB BufferedOutputStream,
 *       {@code writeObject} per message, one ObjectInputStream over a 64 KiB BufferedInputStream
 *       (seed 004's "buffered" case);
 *   <li>{@code data-stream}: DataOutputStream / DataInputStream over the same buffered streams,
 *       the hand-written fields of seed 004 ({@link HandCodec#W4}).
 * </ul>
 *
 * <p>Same flushing policy for all: nothing is flushed until the last message. The sender builds
 * its messages before the clock starts; one transfer is timed by the sender from connect to the
 * receiver's one-byte acknowledgement, sent once it has decoded and checked every message (type,
 * active and userid of each; the strings of every 1,000th). Each variant gets a fresh receiver
 * process and a fresh sender process, which make {@code warmup} untimed transfers and then
 * {@code reps} timed ones on new connections.
 */
public final class StreamBench {
    private StreamBench() {}

    /** The variants, as library names of the results. */
    public static final List<String> VARIANTS = List.of("cser", "jdk-serializable", "data-stream");

    private static final int BUFFER = 1 << 16;

    /** One variant's outcome: nanoseconds per transfer (timed ones only) and wire bytes per transfer. */
    public record Result(String variant, int count, List<Long> nanos, long wireBytes) {}

    /**
     * Runs one variant in two child JVMs (the classpath of this one) and returns its timings.
     */
    public static Result run(String variant, int count, int warmup, int reps) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("java.class.path");
        // A fixed heap, every page of it touched at start-up (untimed): with -Xms1g -Xmx3g the
        // receiver of JDK serialization faulted in about 74,000 fresh pages (290 MB) in every
        // transfer as G1 resized the heap, and what a page fault costs on a VM follows the host's
        // state. 1 GB holds the sender's 1,000,000 prebuilt messages and the transfers.
        List<String> base = List.of(java, "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "-cp", cp,
                StreamBench.class.getName());
        int total = warmup + reps;
        List<String> recvCmd = new ArrayList<>(base);
        recvCmd.addAll(List.of("receive", variant, Integer.toString(count), Integer.toString(total)));
        Process recv = new ProcessBuilder(recvCmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader recvOut = new BufferedReader(new InputStreamReader(recv.getInputStream(), StandardCharsets.UTF_8));
            String line = recvOut.readLine();
            if (line == null || !line.startsWith("PORT ")) {
                throw new IOException("receiver " + variant + " did not start: " + line);
            }
            String port = line.substring(5).trim();
            List<String> sendCmd = new ArrayList<>(base);
            sendCmd.addAll(List.of("send", variant, port, Integer.toString(count), Integer.toString(total)));
            Process send = new ProcessBuilder(sendCmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
            List<Long> nanos = new ArrayList<>();
            long wire = 0;
            try (BufferedReader sendOut = new BufferedReader(
                    new InputStreamReader(send.getInputStream(), StandardCharsets.UTF_8))) {
                int i = 0;
                for (String l; (l = sendOut.readLine()) != null; ) {
                    if (l.startsWith("TIME ")) {
                        String[] f = l.split(" ");
                        if (i++ >= warmup) {
                            nanos.add(Long.parseLong(f[1]));
                        }
                        wire = Long.parseLong(f[2]);
                    }
                }
            }
            if (!send.waitFor(15, TimeUnit.MINUTES) || send.exitValue() != 0) {
                throw new IOException("sender " + variant + " failed");
            }
            if (!recv.waitFor(1, TimeUnit.MINUTES) || recv.exitValue() != 0) {
                throw new IOException("receiver " + variant + " failed");
            }
            if (nanos.size() != reps) {
                throw new IOException("sender " + variant + " reported " + nanos.size() + " of " + reps + " transfers");
            }
            return new Result(variant, count, nanos, wire);
        } finally {
            recv.destroy();
        }
    }

    /** {@code receive VARIANT COUNT TRANSFERS} or {@code send VARIANT PORT COUNT TRANSFERS}. */
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "receive" -> receive(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]));
            case "send" -> send(args[1], Integer.parseInt(args[2]), Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            default -> throw new IllegalArgumentException("receive or send, not " + args[0]);
        }
    }

    // ---- receiver -------------------------------------------------------------------------------

    private static void receive(String variant, int count, int transfers) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            System.out.println("PORT " + server.getLocalPort());
            System.out.flush();
            for (int t = 0; t < transfers; t++) {
                try (Socket s = server.accept()) {
                    s.setTcpNoDelay(true);
                    InputStream in = s.getInputStream();
                    switch (variant) {
                        case "cser" -> {
                            CserStreamReader<bench.message.Message> r =
                                    new CserStreamReader<>(in, bench.message.Message.CODEC);
                            for (int n = 0; n < count; n++) {
                                bench.message.Message m = r.read();
                                check(n, m.getType(), m.isActive(), m.getUserid(), m.getUsername(), m.getData());
                            }
                        }
                        case "jdk-serializable" -> {
                            ObjectInputStream ois = new ObjectInputStream(new BufferedInputStream(in, BUFFER));
                            for (int n = 0; n < count; n++) {
                                Message m = (Message) ois.readObject();
                                check(n, m.type, m.active, m.userid, m.username, m.data);
                            }
                        }
                        case "data-stream" -> {
                            DataInputStream dis = new DataInputStream(new BufferedInputStream(in, BUFFER));
                            for (int n = 0; n < count; n++) {
                                Message m = HandCodec.W4.read(dis);
                                check(n, m.type, m.active, m.userid, m.username, m.data);
                            }
                        }
                        default -> throw new IllegalArgumentException("no variant " + variant);
                    }
                    OutputStream ack = s.getOutputStream();
                    ack.write(1);
                    ack.flush();
                }
            }
        }
    }

    private static void check(int n, int type, boolean active, int userid, String username, String data) {
        if (type != n % 4 || active != (n % 2 == 0) || userid != n) {
            throw new IllegalStateException("message " + n + " arrived wrong");
        }
        if (n % 1000 == 0 && (!username.equals("User_" + n) || !data.equals("data " + n))) {
            throw new IllegalStateException("message " + n + " arrived with wrong strings");
        }
    }

    // ---- sender ---------------------------------------------------------------------------------

    /** Counts the bytes that reach the socket. */
    private static final class Counting extends FilterOutputStream {
        long count;

        Counting(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }

    private static void send(String variant, int port, int count, int transfers) throws Exception {
        bench.message.Message[] cser = null;
        Message[] pojo = null;
        if (variant.equals("cser")) {
            cser = new bench.message.Message[count];
            for (int n = 0; n < count; n++) {
                cser[n] = Data.streamCser(n);
            }
        } else {
            pojo = new Message[count];
            for (int n = 0; n < count; n++) {
                pojo[n] = Data.streamPojo(n);
            }
        }
        for (int t = 0; t < transfers; t++) {
            long start = System.nanoTime();
            long wire;
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                s.setTcpNoDelay(true);
                Counting out = new Counting(s.getOutputStream());
                switch (variant) {
                    case "cser" -> {
                        CserStreamWriter<bench.message.Message> w =
                                new CserStreamWriter<>(out, bench.message.Message.CODEC);
                        for (bench.message.Message m : cser) {
                            w.write(m);
                        }
                        w.flush();
                    }
                    case "jdk-serializable" -> {
                        ObjectOutputStream oos = new ObjectOutputStream(new BufferedOutputStream(out, BUFFER));
                        for (Message m : pojo) {
                            oos.writeObject(m);
                        }
                        oos.flush();
                    }
                    case "data-stream" -> {
                        DataOutputStream dos = new DataOutputStream(new BufferedOutputStream(out, BUFFER));
                        for (Message m : pojo) {
                            HandCodec.W4.write(dos, m);
                        }
                        dos.flush();
                    }
                    default -> throw new IllegalArgumentException("no variant " + variant);
                }
                if (s.getInputStream().read() != 1) {
                    throw new IOException("no acknowledgement");
                }
                wire = out.count;
            }
            long elapsed = System.nanoTime() - start;
            System.out.println("TIME " + elapsed + " " + wire);
            System.out.flush();
        }
    }
}
