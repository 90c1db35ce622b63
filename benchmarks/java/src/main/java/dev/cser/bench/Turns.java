package dev.cser.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The measured iterations of {@link RunAll}'s forks, gathered per (workload, library, op) row:
 * each iteration's time and allocation per operation, and, for the forks of {@link PairBench},
 * each turn's ratio of the peer's time to cser's.
 *
 * <p>A row's {@code vs_cser} is the median of its turns' ratios, each taken from two iterations
 * 0.1 s apart: a ratio of the two libraries' medians instead mixes whatever states of the host
 * each library's iterations happened to land in (benchmarks/notes.md, "The host's swings, and
 * turns", has two runs of both).
 */
final class Turns {
    /** One row's measurements, in the order the forks ran. */
    static final class Row {
        final List<Double> scores = new ArrayList<>();
        final List<Double> allocs = new ArrayList<>();
        /** Peer ÷ cser per turn; empty for cser's own rows and for libraries timed alone. */
        final List<Double> ratios = new ArrayList<>();
        /** Whether the library took turns with cser (cser's rows: with some peer). */
        boolean paired;
    }

    private final Map<String, Row> rows = new LinkedHashMap<>();

    /** The row of (workload, library, op), created empty on first use. */
    Row row(String workload, String library, String op) {
        return rows.computeIfAbsent(workload + "/" + library + "/" + op, k -> new Row());
    }

    /** The rows gathered so far, keyed {@code workload/library/op}. */
    Map<String, Row> rows() {
        return rows;
    }

    /** A fork of one library alone ({@link Bench}): every measured iteration is its own. */
    void addAlone(String workload, String library, String op, List<Double> scores, List<Double> allocs) {
        Row r = row(workload, library, op);
        r.scores.addAll(scores);
        r.allocs.addAll(allocs);
    }

    /**
     * A fork of {@link PairBench}: its measured iterations alternate cser, peer, cser, peer, ...
     * from the first ({@link RunAll} runs an even number of warm-up iterations); turn k is
     * iterations 2k and 2k + 1. {@code allocs} is empty or as long as {@code scores}.
     */
    void addPair(String workload, String peer, String op, List<Double> scores, List<Double> allocs) {
        if (scores.size() % 2 != 0) {
            throw new IllegalArgumentException("a pair fork measures whole turns, not " + scores.size() + " iterations");
        }
        Row cser = row(workload, "cser", op);
        Row other = row(workload, peer, op);
        cser.paired = true;
        other.paired = true;
        for (int i = 0; i < scores.size(); i += 2) {
            cser.scores.add(scores.get(i));
            other.scores.add(scores.get(i + 1));
            other.ratios.add(scores.get(i + 1) / scores.get(i));
            if (!allocs.isEmpty()) {
                cser.allocs.add(allocs.get(i));
                other.allocs.add(allocs.get(i + 1));
            }
        }
    }

    /** A row's {@code vs_cser}: 1 for cser's paired rows, the median turn ratio for a paired peer, else null. */
    static Double vsCser(String library, Row r) {
        if (!r.paired) {
            return null;
        }
        if (library.equals("cser")) {
            return 1.0;
        }
        return RunAll.percentile(r.ratios.stream().mapToDouble(Double::doubleValue).sorted().toArray(), 50);
    }
}
