package dev.cser.conformance.across;

import bench.message.Message;
import dev.cser.CserCodec;
import dev.cser.CserStreamReader;
import dev.cser.CserStreamWriter;
import dev.cser.examples.SakaiData;
import dev.cser.examples.Workloads;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import sakai.content.ContentResource;

/**
 * The Java side of the cross-language stream and socket checks (conformance/across/): each
 * command reads or writes a cser stream, and fails with a message and exit status 1 when a
 * record is not the one expected.
 *
 * <pre>
 * stream-write FILE N     write Sakai entities 0..N-1 (SakaiData.entity) as a stream
 * stream-verify FILE N    read a stream: exactly those N entities, in order
 * stream-relay IN OUT     read a stream of entities and write every one on
 * socket-recv N           listen on a loopback port (printed as "PORT p"), accept one
 *                         connection and read N W4 messages, each checked on arrival
 * socket-send PORT N      connect to the port and send W4 messages 0..N-1
 * db-store DB N           create the SQLite file DB with table entity(id, body) holding
 *                         entities 0..N-1 as encoded blobs
 * db-expected FILE N      write, as a stream, entities 0..N-1 as they are after the Python
 *                         step of the database demo edited them (every id % 10 == 3)
 * </pre>
 */
public final class CrossLanguage {
    private CrossLanguage() {}

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: CrossLanguage stream-write|stream-verify|stream-relay|socket-recv|socket-send ...");
            System.exit(2);
        }
        switch (args[0]) {
            case "stream-write" -> streamWrite(Path.of(args[1]), Integer.parseInt(args[2]));
            case "stream-verify" -> streamVerify(Path.of(args[1]), Integer.parseInt(args[2]));
            case "stream-relay" -> streamRelay(Path.of(args[1]), Path.of(args[2]));
            case "socket-recv" -> socketReceive(Integer.parseInt(args[1]));
            case "socket-send" -> socketSend(Integer.parseInt(args[1]), Integer.parseInt(args[2]));
            case "db-store" -> dbStore(args[1], Integer.parseInt(args[2]));
            case "db-expected" -> dbExpected(Path.of(args[1]), Integer.parseInt(args[2]));
            default -> {
                System.err.println("unknown command " + args[0]);
                System.exit(2);
            }
        }
    }

    private static void streamWrite(Path file, int count) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file));
                CserStreamWriter<ContentResource> w = new CserStreamWriter<>(out, ContentResource.CODEC)) {
            for (int n = 0; n < count; n++) {
                w.write(SakaiData.entity(n));
            }
        }
    }

    private static void streamVerify(Path file, int count) throws IOException {
        int n = 0;
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file));
                CserStreamReader<ContentResource> r = new CserStreamReader<>(in, ContentResource.CODEC)) {
            for (ContentResource e = r.read(); e != null; e = r.read()) {
                expect(e.equals(SakaiData.entity(n)), "entity " + n + " differs: " + e);
                n++;
            }
        }
        expect(n == count, "read " + n + " entities, expected " + count);
    }

    private static void streamRelay(Path from, Path to) throws IOException {
        relay(from, to, ContentResource.CODEC);
    }

    private static <T> void relay(Path from, Path to, CserCodec<T> codec) throws IOException {
        try (InputStream in = new BufferedInputStream(Files.newInputStream(from));
                CserStreamReader<T> r = new CserStreamReader<>(in, codec);
                OutputStream out = new BufferedOutputStream(Files.newOutputStream(to));
                CserStreamWriter<T> w = new CserStreamWriter<>(out, codec)) {
            for (T value = r.read(); value != null; value = r.read()) {
                w.write(value);
            }
        }
    }

    private static void socketReceive(int count) throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            System.out.println("PORT " + server.getLocalPort());
            System.out.flush();
            try (Socket s = server.accept();
                    InputStream in = new BufferedInputStream(s.getInputStream());
                    CserStreamReader<Message> r = new CserStreamReader<>(in, Message.CODEC)) {
                int n = 0;
                for (Message m = r.read(); m != null; m = r.read()) {
                    expect(m.equals(Workloads.message(n)), "message " + n + " differs: " + m);
                    n++;
                }
                expect(n == count, "received " + n + " messages, expected " + count);
            }
        }
    }

    private static void socketSend(int port, int count) throws IOException {
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port);
                OutputStream out = new BufferedOutputStream(s.getOutputStream());
                CserStreamWriter<Message> w = new CserStreamWriter<>(out, Message.CODEC)) {
            for (int n = 0; n < count; n++) {
                w.write(Workloads.message(n));
            }
        }
    }

    private static void dbStore(String db, int count) throws IOException {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db)) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.executeUpdate("DROP TABLE IF EXISTS entity");
                s.executeUpdate("CREATE TABLE entity (id INTEGER PRIMARY KEY, body BLOB NOT NULL)");
            }
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO entity (id, body) VALUES (?, ?)")) {
                for (int n = 0; n < count; n++) {
                    insert.setInt(1, n);
                    insert.setBytes(2, SakaiData.entity(n).encode());
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            c.commit();
        } catch (SQLException e) {
            throw new IOException("SQLite " + db + ": " + e.getMessage(), e);
        }
    }

    /** The entities as conformance/across/cross_language.py db-edit leaves them. */
    private static void dbExpected(Path file, int count) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file));
                CserStreamWriter<ContentResource> w = new CserStreamWriter<>(out, ContentResource.CODEC)) {
            for (int n = 0; n < count; n++) {
                ContentResource e = SakaiData.entity(n);
                if (n % 10 == 3) {
                    Map<String, List<String>> props = new LinkedHashMap<>(e.getProperties());
                    props.put("SAKAI:edited-by", List.of("python", "é"));
                    e.setHidden(!e.isHidden()).setProperties(props);
                }
                w.write(e);
            }
        }
    }

    private static void expect(boolean ok, String message) {
        if (!ok) {
            System.err.println("CrossLanguage: " + message);
            System.exit(1);
        }
    }
}
