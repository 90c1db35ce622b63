package dev.cser.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** PairBench's turns and how RunAll splits and pairs them. */
class TurnsTest {
    @Test
    void pairForksSplitIntoTheTwoLibrariesAndTheirTurnRatios() {
        Turns t = new Turns();
        // cser 100, peer 150; cser 200, peer 260 (the host slower in the second turn).
        t.addPair("W6", "kryo", "decode", List.of(100.0, 150.0, 200.0, 260.0), List.of(8.0, 16.0, 8.0, 16.0));
        t.addPair("W6", "kryo", "decode", List.of(100.0, 120.0), List.of());
        Turns.Row cser = t.row("W6", "cser", "decode");
        Turns.Row kryo = t.row("W6", "kryo", "decode");
        assertEquals(List.of(100.0, 200.0, 100.0), cser.scores);
        assertEquals(List.of(150.0, 260.0, 120.0), kryo.scores);
        assertEquals(List.of(8.0, 8.0), cser.allocs);
        assertEquals(List.of(16.0, 16.0), kryo.allocs);
        assertEquals(List.of(1.5, 1.3, 1.2), kryo.ratios);
        assertEquals(1.3, Turns.vsCser("kryo", kryo), 1e-12);
        assertEquals(1.0, Turns.vsCser("cser", cser));
    }

    @Test
    void cserTakesTurnsWithEveryPeerAndPoolsItsIterations() {
        Turns t = new Turns();
        t.addPair("W2", "kryo", "encode", List.of(10.0, 20.0), List.of());
        t.addPair("W2", "jackson", "encode", List.of(12.0, 60.0), List.of());
        assertEquals(List.of(10.0, 12.0), t.row("W2", "cser", "encode").scores);
        assertEquals(5.0, Turns.vsCser("jackson", t.row("W2", "jackson", "encode")));
        assertEquals(2.0, Turns.vsCser("kryo", t.row("W2", "kryo", "encode")));
    }

    @Test
    void librariesTimedAloneHaveNoRatio() {
        Turns t = new Turns();
        t.addAlone("W1", "cser", "decode", List.of(5.0, 7.0), List.of(1.0, 1.0));
        t.addAlone("W1", "kryo", "decode", List.of(9.0), List.of(2.0));
        assertNull(Turns.vsCser("cser", t.row("W1", "cser", "decode")));
        assertNull(Turns.vsCser("kryo", t.row("W1", "kryo", "decode")));
    }

    @Test
    void aPairForkMeasuresWholeTurns() {
        assertThrows(IllegalArgumentException.class,
                () -> new Turns().addPair("W3", "kryo", "encode", List.of(1.0, 2.0, 3.0), List.of()));
    }

    @Test
    void pairBenchGivesEvenIterationsToCserAndOddOnesToThePeer() throws Exception {
        PairBench b = new PairBench();
        b.peer = "fory-fastest";
        b.workload = "W6";
        b.setup();
        for (int i = 0; i < 4; i++) {
            b.nextTurn();
            Object decoded = b.decode();
            if (i % 2 == 0) {
                assertInstanceOf(bench.media.MediaContent.class, decoded, "iteration " + i);
            } else {
                assertInstanceOf(dev.cser.bench.pojo.MediaContent.class, decoded, "iteration " + i);
            }
        }
    }
}
