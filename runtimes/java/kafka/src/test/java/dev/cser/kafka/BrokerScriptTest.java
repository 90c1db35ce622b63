package dev.cser.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * conformance/kafka/broker refuses what would lose data or leave a broker behind, before starting
 * anything (no broker is started here): a non-empty directory for `up`, a directory that is not a
 * broker's for `down`, `kill` and `restart`; and it says how it is used.
 */
class BrokerScriptTest {
    @TempDir
    Path tmp;

    private record Result(int exit, String out, String err) {
    }

    private static Result broker(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("cser.kafka.broker")).toString());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).start();
        byte[] out = p.getInputStream().readAllBytes();
        byte[] err = p.getErrorStream().readAllBytes();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return new Result(p.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
    }

    @Test
    void usageIsShownForAnUnknownVerbOrMissingDirectory() throws Exception {
        Result r = broker("start");
        assertEquals(2, r.exit());
        assertTrue(r.err().contains("broker up DIR"), r.err());
        assertEquals(2, broker("up").exit());
    }

    @Test
    void upRefusesANonEmptyDirectory() throws Exception {
        Path keep = Files.writeString(tmp.resolve("keep.txt"), "data");
        Result r = broker("up", tmp.toString());
        assertEquals(1, r.exit());
        assertTrue(r.err().contains("is not empty"), r.err());
        assertEquals("", r.out());
        assertEquals("data", Files.readString(keep));
    }

    @Test
    void otherVerbsRefuseADirectoryThatIsNotABrokers() throws Exception {
        Path keep = Files.writeString(tmp.resolve("keep.txt"), "data");
        for (String verb : List.of("down", "kill", "restart", "status")) {
            Result r = broker(verb, tmp.toString());
            assertEquals(1, r.exit(), verb);
            assertTrue(r.err().contains("broker.properties") || r.err().contains("not running"), verb + ": " + r.err());
        }
        assertEquals("data", Files.readString(keep));
        // An absent directory has nothing to stop: down succeeds, so a cleanup trap never fails.
        assertEquals(0, broker("down", tmp.resolve("absent").toString()).exit());
    }
}
