package dev.cser.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs every Java benchmark and writes {@code benchmarks/results/java.json} in the row format of
 * benchmarks/README.md:
 *
 * <pre>
 * java -cp benchmarks/java/target/benchmarks.jar dev.cser.bench.RunAll full|quick|smoke
 *      [--libraries cser,kryo] [--workloads W3,W6] [--stream | --no-stream] [--out PATH]
 * </pre>
 *
 * <p>{@code full}: JMH, every (library, workload, op) as its workload's {@link Plan} says (W1
 * and W5: each library in one fork of its own, 5 × 1 s warm-up, 6 × 0.5 s measured; the others:
 * each peer in turns with cser in three forks of {@link PairBench}, 40 × 0.1 s warm-up and 20 ×
 * 0.1 s measured, W2 in six forks of 60 × 0.1 s); then the W4 stream's transfers of 1,000,000
 * messages in pairs of fresh sender and receiver JVMs, as many pairs and untimed and timed
 * transfers per variant as {@link #STREAM_PLANS} says, the variants taking turns.
 * {@code quick}: the libraries of {@link #QUICK_LIBRARIES} and workloads of
 * {@link #QUICK_WORKLOADS} only, measured as in full but W2 in three forks, and no stream
 * (unless {@code --libraries}, {@code --workloads}, {@code --stream}). It writes
 * {@code benchmarks/target/quick/java.json}, not the committed full results
 * ({@code benchmarks/compare_modes.py} compares the two).
 * {@code smoke}: every benchmark once in this JVM (no fork, no warm-up, one 10 ms iteration
 * per library),
 * 10,000 stream messages, nothing written. Allocation comes from JMH's {@code -prof gc}
 * ({@code gc.alloc.rate.norm}, a library's iterations' median), the percentiles from the
 * per-iteration scores, {@code vs_cser} from the turns ({@link Turns}).
 */
public final class RunAll {
    /**
     * The quick mode's libraries: cser and the peer of the speed targets, Fory's fastest mode
     * (protobuf's target is its bytes, which the full run gives). A (workload, op) costs three
     * forks of about 7 s with their JVM starts ({@link Plan#FAST}; W2's about 11 s,
     * {@link Plan#LONG}), so more peers would not fit the quick run's six minutes.
     */
    static final List<String> QUICK_LIBRARIES = List.of("cser", "fory-fastest");

    /** The workloads of milliseconds an operation, measured as {@link Plan#SLOW} says. */
    static final List<String> SLOW_WORKLOADS = List.of("W1", "W5");

    /**
     * The workloads of hundreds of microseconds an operation, measured as {@link Plan#LONG}
     * (quick) and {@link Plan#LONG_FULL} (full) say.
     */
    static final List<String> LONG_WORKLOADS = List.of("W2");

    /**
     * How each W4 stream variant runs, full and quick: in how many pairs of JVMs (sender,
     * receiver), with how many untimed and timed transfers of 1,000,000 messages in each pair.
     * A pair's speed is fixed when it starts and differs from the next pair's, more for the
     * DataOutputStream codec and JDK serialization than for cser: with three pairs a variant,
     * the quick run's rows did not repeat the full run's. A cser or DataOutputStream pair is
     * short, so they run in ten; a JDK pair takes several times as long, so it runs in six. The
     * warm-up is counted in transfers: cser's first transfers are still slower after 5 untimed
     * ones, not after 15; JDK serialization's are compiled within the first.
     * benchmarks/notes.md, "Java (RunAll, PairBench)", has the measurements.
     */
    record StreamPlan(int sessions, int warmup, int reps) {}

    static final Map<String, StreamPlan> STREAM_PLANS = Map.of(
            "cser", new StreamPlan(10, 15, 5),
            "jdk-serializable", new StreamPlan(6, 3, 5),
            "data-stream", new StreamPlan(10, 10, 5));

    /**
     * The quick mode's workloads: those of the issue-18 targets. The W4 single message and
     * stream are left out to keep the quick run within six minutes (the stream takes about two:
     * {@code --stream} adds it).
     */
    static final List<String> QUICK_WORKLOADS = List.of("W2", "W3", "W6");

    private RunAll() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !List.of("full", "quick", "smoke").contains(args[0])) {
            System.err.println("usage: RunAll full|quick|smoke [--libraries a,b] [--workloads W1,W2] [--stream | --no-stream] "
                    + "[--out PATH]");
            System.exit(2);
        }
        String mode = args[0];
        List<String> libraries = mode.equals("quick") ? QUICK_LIBRARIES : Peer.LIBRARIES;
        List<String> workloads = mode.equals("quick") ? QUICK_WORKLOADS : Data.WORKLOADS;
        boolean stream = !mode.equals("quick");
        Path out = null;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--libraries" -> libraries = List.of(args[++i].split(","));
                case "--workloads" -> workloads = List.of(args[++i].split(","));
                case "--stream" -> stream = true;
                case "--no-stream" -> stream = false;
                case "--out" -> out = Path.of(args[++i]);
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        for (String l : libraries) {
            if (!Peer.LIBRARIES.contains(l)) {
                throw new IllegalArgumentException("no library " + l + "; libraries: " + Peer.LIBRARIES);
            }
        }
        for (String w : workloads) {
            if (!Data.WORKLOADS.contains(w)) {
                throw new IllegalArgumentException("no workload " + w + "; workloads: " + Data.WORKLOADS);
            }
        }
        if (out == null) {
            out = repoRoot().resolve(mode.equals("quick") ? "benchmarks/target/quick/java.json"
                    : "benchmarks/results/java.json");
        }
        long started = System.nanoTime();

        // The W5 file, named for the forks (they may not start in the same directory).
        Path w5 = Data.w5File();
        boolean w5FromFile = workloads.contains("W5") && Data.w5FromFile();

        // Encoded sizes, once per (workload, library), in this JVM.
        Map<String, Integer> sizes = new LinkedHashMap<>();
        for (String w : workloads) {
            for (String l : libraries) {
                sizes.put(w + "/" + l, Peer.create(l, w).bytes().length);
            }
        }

        List<String> jvmArgs = new ArrayList<>(List.of("-Xms2g", "-Xmx2g"));
        if (w5 != null) {
            jvmArgs.add("-D" + Data.W5_PROPERTY + "=" + w5);
        }
        if (workloads.contains("W5")) {
            Path bin = Files.createTempFile("cser-w5-", ".bin");
            bin.toFile().deleteOnExit();
            Files.write(bin, Data.w5Cser().encode());
            jvmArgs.add("-D" + Data.W5_BIN_PROPERTY + "=" + bin);
            jvmArgs.add("-D" + Data.W5_FROM_FILE_PROPERTY + "=" + w5FromFile);
        }
        // The workloads of milliseconds (full only; quick leaves them out) each library in forks
        // of its own, those of micro- and nanoseconds in turns with cser, each with its plan.
        List<String> slow = workloads.stream().filter(SLOW_WORKLOADS::contains).toList();
        List<String> longer = workloads.stream().filter(LONG_WORKLOADS::contains).toList();
        List<String> fast = workloads.stream()
                .filter(w -> !SLOW_WORKLOADS.contains(w) && !LONG_WORKLOADS.contains(w)).toList();
        boolean smoke = mode.equals("smoke");
        Turns turns = new Turns();
        if (!slow.isEmpty()) {
            gather(turns, jmh(mode, Bench.class, "library", libraries, slow, jvmArgs, smoke ? Plan.SMOKE : Plan.SLOW));
        }
        List<String> peers = libraries.stream().filter(l -> !l.equals("cser")).toList();
        Plan longPlan = mode.equals("full") ? Plan.LONG_FULL : Plan.LONG;
        for (Map.Entry<List<String>, Plan> group : List.of(Map.entry(longer, longPlan), Map.entry(fast, Plan.FAST))) {
            if (group.getKey().isEmpty()) {
                continue;
            }
            Plan plan = smoke ? Plan.SMOKE : group.getValue();
            gather(turns, peers.isEmpty() ? jmh(mode, Bench.class, "library", List.of("cser"), group.getKey(), jvmArgs, plan)
                    : jmh(mode, PairBench.class, "peer", peers, group.getKey(), jvmArgs, plan));
        }

        List<Map<String, Object>> rows = new ArrayList<>();
        for (Map.Entry<String, Turns.Row> e : turns.rows().entrySet()) {
            String[] k = e.getKey().split("/");
            String workload = k[0];
            String library = k[1];
            String op = k[2];
            if (!libraries.contains(library)) {
                continue; // cser, timed only as the peers' partner
            }
            Turns.Row r = e.getValue();
            double[] s = r.scores.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double[] alloc = r.allocs.stream().mapToDouble(Double::doubleValue).filter(a -> !Double.isNaN(a)).sorted()
                    .toArray();
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("language", "java");
            row.put("workload", workload);
            row.put("library", library);
            row.put("op", op);
            row.put("median_ns", percentile(s, 50));
            row.put("p10_ns", percentile(s, 10));
            row.put("p90_ns", percentile(s, 90));
            row.put("vs_cser", Turns.vsCser(library, r));
            row.put("bytes", sizes.get(workload + "/" + library));
            row.put("alloc_bytes", alloc.length == 0 ? null : Math.round(percentile(alloc, 50)));
            rows.add(row);
        }
        rows.sort((a, b) -> {
            int c = Integer.compare(Data.WORKLOADS.indexOf(a.get("workload")), Data.WORKLOADS.indexOf(b.get("workload")));
            if (c == 0) {
                c = Integer.compare(Peer.LIBRARIES.indexOf(a.get("library")), Peer.LIBRARIES.indexOf(b.get("library")));
            }
            return c != 0 ? c : ((String) b.get("op")).compareTo((String) a.get("op")); // encode before decode
        });

        if (stream) {
            int count = mode.equals("smoke") ? 10_000 : 1_000_000;
            // The variants take turns (cser, JDK, data, cser, ...) so that the host's drift over
            // the minutes of the stream reaches all of them: round r runs the variants with more
            // than r pairs left to spread over the rounds. The row's median_ns is the mean of
            // its pairs' medians: the DataOutputStream codec runs at one of two or three speeds
            // in a pair, and the median of all transfers jumps between them with the majority of
            // the pairs (benchmarks/notes.md, "Java (RunAll, PairBench)").
            int rounds = mode.equals("smoke") ? 1
                    : STREAM_PLANS.values().stream().mapToInt(StreamPlan::sessions).max().orElseThrow();
            Map<String, List<Double>> perMessage = new LinkedHashMap<>();
            Map<String, List<Double>> sessionMedians = new LinkedHashMap<>();
            Map<String, Long> wire = new LinkedHashMap<>();
            for (String v : StreamBench.VARIANTS) {
                perMessage.put(v, new ArrayList<>());
                sessionMedians.put(v, new ArrayList<>());
            }
            for (int round = 0; round < rounds; round++) {
                for (String v : StreamBench.VARIANTS) {
                    StreamPlan plan = mode.equals("smoke") ? new StreamPlan(1, 0, 1) : STREAM_PLANS.get(v);
                    if (!runsInRound(round, rounds, plan.sessions())) {
                        continue;
                    }
                    StreamBench.Result r = StreamBench.run(v, count, plan.warmup(), plan.reps());
                    double[] session = r.nanos().stream().mapToDouble(n -> (double) n / count).sorted().toArray();
                    for (double t : session) {
                        perMessage.get(v).add(t);
                    }
                    sessionMedians.get(v).add(percentile(session, 50));
                    wire.put(v, r.wireBytes());
                }
            }
            for (String v : StreamBench.VARIANTS) {
                double[] per = perMessage.get(v).stream().mapToDouble(Double::doubleValue).sorted().toArray();
                List<Double> medians = sessionMedians.get(v);
                double mean = medians.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
                Map<String, Object> row = new LinkedHashMap<>();
                row.put("language", "java");
                row.put("workload", "W4-stream");
                row.put("library", v);
                row.put("op", "stream");
                row.put("median_ns", mean);
                row.put("p10_ns", percentile(per, 10));
                row.put("p90_ns", percentile(per, 90));
                row.put("vs_cser", null);
                row.put("bytes", Math.round((double) wire.get(v) / count));
                row.put("alloc_bytes", null);
                rows.add(row);
                System.out.printf("W4-stream %-17s %,12.0f msg/s  (%,d messages, %d transfers, mean of %d session median%s %s ns a message, %,d bytes on the wire)%n",
                        v, 1e9 / mean, count, per.length, medians.size(), medians.size() == 1 ? "" : "s",
                        medians.stream().map(m -> String.format("%.1f", m)).toList(), wire.get(v));
            }
        }

        printTable(rows);
        if (workloads.contains("W5") && !w5FromFile) {
            System.out.println("WARNING: W5 ran on the small built-in molecule set, not "
                    + "benchmarks/target/data/w5_molecules.json");
        }
        System.out.printf("Java benchmarks (%s) took %.0f s%n", mode, (System.nanoTime() - started) / 1e9);
        if (mode.equals("smoke")) {
            System.out.println("smoke: " + rows.size() + " rows, nothing written");
            return;
        }
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("language", "java");
        doc.put("mode", mode);
        doc.put("machine", machine());
        doc.put("versions", versions());
        if (workloads.contains("W5")) {
            doc.put("w5_source", w5FromFile ? "benchmarks/target/data/w5_molecules.json" : "built-in (file absent)");
        }
        doc.put("decoded_graph_bytes", decodedGraphBytes(workloads));
        doc.put("rows", rows);
        Files.createDirectories(out.getParent());
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(out.toFile(), doc);
        System.out.println("wrote " + out);
    }

    /**
     * The bytes of the object graph cser's decode returns, per workload, measured by JOL: what a
     * decode must allocate at least, against the alloc/op JMH's gc profiler reports for it (the
     * W3 target: allocation per decode no more than the decoded graph).
     */
    static Map<String, Long> decodedGraphBytes(List<String> workloads) throws Exception {
        Map<String, Long> out = new LinkedHashMap<>();
        for (String w : workloads) {
            Object decoded = Peer.create("cser", w).decode();
            out.put(w, org.openjdk.jol.info.GraphLayout.parseInstance(decoded).totalSize());
        }
        return out;
    }

    /**
     * How JMH runs a (library, workload, op): forks, then warm-up and measured iterations. A row
     * is the median of all its forks' measured iterations ({@link Turns}).
     */
    enum Plan {
        /**
         * W1 and W5 (milliseconds an operation), full only, each library in forks of its own
         * ({@link Bench}): five seconds of warm-up, because C2 compiles their long decode loops
         * only after a few seconds (shorter warm-ups measured the interpreter; benchmarks/notes.md,
         * "Java (RunAll, PairBench)"). Not in turns: their operations are mostly
         * garbage collection, and in a shared heap one library's garbage would be collected in
         * the other's time.
         */
        SLOW(1, 5, 1000, 6, 500),
        /**
         * W3, W4 and W6, full and quick alike (a quick run measures fewer rows, not
         * differently): each peer in turns with cser ({@link PairBench}), three forks of 40 ×
         * 0.1 s warm-up and 20 × 0.1 s measured, ten turns a fork. Three forks: a fork's speed is
         * partly fixed when it starts. Four seconds of warm-up, two for each library: on this
         * machine a fork's times settle only after a second or two of a library's own (W3 and W6
         * decode the latest; until then decode runs several times slower while C2 works through
         * its queue; benchmarks/notes.md, "Java (RunAll, PairBench)"). A warm-up that
         * settles inside the fork first (a loop in {@code @Setup} until the compile queue was
         * empty) did not help: JMH's own loop is compiled afresh after it.
         */
        FAST(3, 40, 100, 20, 100),
        /**
         * W2 (hundreds of microseconds an operation): as {@link #FAST}, but 60 × 0.1 s measured,
         * thirty turns a fork. Its times swing between two levels for a second or a few at a
         * time, both libraries alike, and ten turns a fork did not average over enough of them:
         * the forks' turn ratios spread far more widely than with thirty
         * (benchmarks/notes.md, "Java (RunAll, PairBench)").
         */
        LONG(3, 40, 100, 60, 100),
        /**
         * W2 in the full run, the reference a quick run is compared with: as {@link #LONG}, in six
         * forks. A W2 ratio depends on how much of its minute the host spent in its slower state
         * (the ratio differs between the host's two states: benchmarks/notes.md, "Java (RunAll,
         * PairBench)"), so the reference
         * measures over twice as many of those spells (about nine more minutes).
         */
        LONG_FULL(6, 40, 100, 60, 100),
        /** Every benchmark once in the runner's JVM (PairBench: one turn), to see that it runs. */
        SMOKE(0, 0, 0, 2, 10);

        final int forks;
        final int warmups;
        final int warmupMillis;
        final int iterations;
        final int iterationMillis;

        Plan(int forks, int warmups, int warmupMillis, int iterations, int iterationMillis) {
            this.forks = forks;
            this.warmups = warmups;
            this.warmupMillis = warmupMillis;
            this.iterations = iterations;
            this.iterationMillis = iterationMillis;
        }
    }

    /**
     * Runs {@code bench}'s encode and decode for every value of its {@code libraryParam} (Bench's
     * {@code library}, PairBench's {@code peer}) on every workload, under one plan.
     */
    private static Collection<RunResult> jmh(String mode, Class<?> bench, String libraryParam, List<String> libraries,
            List<String> workloads, List<String> jvmArgs, Plan plan) throws Exception {
        if (bench == PairBench.class && (plan.warmups % 2 != 0 || plan.iterations % 2 != 0)) {
            // cser must run the first measured iteration, and each library whole turns.
            throw new IllegalArgumentException("PairBench runs whole turns: " + plan + " has an odd iteration count");
        }
        ChainedOptionsBuilder opt = new OptionsBuilder()
                .include(bench.getName() + "\\.(encode|decode)$")
                .param(libraryParam, libraries.toArray(new String[0]))
                .param("workload", workloads.toArray(new String[0]))
                .addProfiler("gc")
                .shouldFailOnError(true)
                .timeUnit(TimeUnit.NANOSECONDS)
                .resultFormat(ResultFormatType.JSON)
                .result(Path.of(System.getProperty("java.io.tmpdir"), "cser-jmh-java-" + mode + "-"
                        + bench.getSimpleName().toLowerCase(Locale.ROOT) + "-" + plan.name().toLowerCase(Locale.ROOT)
                        + ".json").toString())
                .jvmArgsAppend(jvmArgs.toArray(new String[0]))
                .forks(plan.forks)
                .warmupIterations(plan.warmups)
                .measurementIterations(plan.iterations)
                .measurementTime(TimeValue.milliseconds(plan.iterationMillis));
        if (plan.warmups > 0) {
            opt.warmupTime(TimeValue.milliseconds(plan.warmupMillis));
        }
        return new Runner(opt.build()).run();
    }

    /** Adds every fork's measured iterations to {@code turns}: PairBench's split into turns, Bench's whole. */
    static void gather(Turns turns, Collection<RunResult> results) {
        for (RunResult rr : results) {
            BenchmarkParams p = rr.getParams();
            String workload = p.getParam("workload");
            String op = p.getBenchmark().substring(p.getBenchmark().lastIndexOf('.') + 1);
            boolean pair = p.getBenchmark().startsWith(PairBench.class.getName() + ".");
            for (BenchmarkResult fork : rr.getBenchmarkResults()) {
                List<Double> scores = new ArrayList<>();
                List<Double> allocs = new ArrayList<>();
                for (IterationResult ir : fork.getIterationResults()) {
                    scores.add(ir.getPrimaryResult().getScore());
                    Result<?> alloc = ir.getSecondaryResults().get("gc.alloc.rate.norm");
                    if (alloc == null) {
                        alloc = ir.getSecondaryResults().get("\u00b7gc.alloc.rate.norm");
                    }
                    allocs.add(alloc == null ? Double.NaN : alloc.getScore());
                }
                if (pair) {
                    turns.addPair(workload, p.getParam("peer"), op, scores, allocs);
                } else {
                    turns.addAlone(workload, p.getParam("library"), op, scores, allocs);
                }
            }
        }
    }

    /**
     * Whether a stream variant of {@code sessions} pairs runs in {@code round} of {@code rounds}:
     * its pairs are spread evenly over the rounds, 6 of 10 in rounds 0, 1, 3, 5, 6 and 8 (those
     * where ceil(round × 6 / 10) goes up).
     */
    static boolean runsInRound(int round, int rounds, int sessions) {
        return (round * sessions + rounds - 1) / rounds < ((round + 1) * sessions + rounds - 1) / rounds;
    }

    /** Linear interpolation between the closest ranks of sorted {@code s}. */
    static double percentile(double[] s, double pct) {
        if (s.length == 0) {
            return Double.NaN;
        }
        double rank = pct / 100.0 * (s.length - 1);
        int lo = (int) Math.floor(rank);
        int hi = Math.min(lo + 1, s.length - 1);
        return s[lo] + (s[hi] - s[lo]) * (rank - lo);
    }

    private static Map<String, Object> machine() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("os.name", System.getProperty("os.name"));
        m.put("os.version", System.getProperty("os.version"));
        m.put("os.arch", System.getProperty("os.arch"));
        m.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        m.put("maxMemory", Runtime.getRuntime().maxMemory());
        m.put("java.vm.name", System.getProperty("java.vm.name"));
        m.put("java.vm.version", System.getProperty("java.vm.version"));
        m.put("java.version", System.getProperty("java.version"));
        return m;
    }

    private static Map<String, Object> versions() throws IOException {
        Properties p = new Properties();
        try (InputStream in = RunAll.class.getResourceAsStream("/versions.properties")) {
            if (in != null) {
                p.load(in);
            }
        }
        String jdk = System.getProperty("java.version");
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("cser", p.getProperty("cser", "?"));
        v.put("jdk-serializable", jdk);
        v.put("jdk-externalizable", jdk);
        v.put("data-stream", jdk);
        v.put("kryo", p.getProperty("kryo", "?"));
        v.put("protobuf", p.getProperty("protobuf", "?"));
        v.put("fory-fastest", p.getProperty("fory", "?"));
        v.put("fory-compatible", p.getProperty("fory", "?"));
        v.put("jackson", p.getProperty("jackson", "?"));
        v.put("jmh", p.getProperty("jmh", "?"));
        return v;
    }

    /** The directory holding benchmarks/java, from the working directory upwards. */
    static Path repoRoot() {
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isDirectory(d.resolve("benchmarks/java"))) {
                return d;
            }
        }
        return Path.of("").toAbsolutePath();
    }

    private static void printTable(List<Map<String, Object>> rows) {
        System.out.println();
        System.out.printf("%-9s %-18s %-6s %14s %14s %14s %8s %10s %12s%n", "workload", "library", "op", "median ns",
                "p10 ns", "p90 ns", "vs cser", "bytes", "alloc B/op");
        for (Map<String, Object> r : rows) {
            System.out.printf("%-9s %-18s %-6s %,14.0f %,14.0f %,14.0f %8s %,10d %12s%n", r.get("workload"), r.get("library"),
                    r.get("op"), (Double) r.get("median_ns"), (Double) r.get("p10_ns"), (Double) r.get("p90_ns"),
                    r.get("vs_cser") == null ? "-" : String.format("%.3f", (Double) r.get("vs_cser")),
                    ((Number) r.get("bytes")).longValue(),
                    r.get("alloc_bytes") == null ? "-" : String.format("%,d", (Long) r.get("alloc_bytes")));
        }
        System.out.println();
    }
}
