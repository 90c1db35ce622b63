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
 *      [--libraries cser,kryo] [--workloads W3,W6] [--no-stream] [--out PATH]
 * </pre>
 *
 * <p>{@code full}: JMH, one fork per (library, workload, op), 5 × 1 s warm-up, 6 × 0.5 s
 * measured; the W4 stream 5 untimed + 5 timed transfers of 1,000,000 messages per variant in
 * each of {@link #STREAM_SESSIONS} sessions (fresh sender and receiver JVMs), the variants taking
 * turns.
 * {@code quick}: the libraries of {@link #QUICK_LIBRARIES} and workloads of
 * {@link #QUICK_WORKLOADS} only (unless {@code --libraries}, {@code --workloads}), one fork per
 * (library, workload, op), 10 × 0.2 s warm-up, 5 × 0.2 s measured; the stream 5 untimed + 5
 * timed transfers of 1,000,000 messages per session. It writes {@code benchmarks/target/quick/java.json}, not
 * the committed full results ({@code benchmarks/compare_modes.py} compares the two).
 * {@code smoke}: every benchmark once in this JVM (no fork, no warm-up, one 10 ms iteration),
 * 10,000 stream messages, nothing written. Allocation comes from JMH's {@code -prof gc}
 * ({@code gc.alloc.rate.norm}), the percentiles from the per-iteration scores.
 */
public final class RunAll {
    /**
     * The quick mode's libraries: cser and the peers of the targets (Fory's fastest mode for
     * speed, protobuf for bytes). Every fork needs about a second of warm-up before C2's code
     * runs (below), and a JVM start costs another second on this machine, so all nine
     * libraries would not fit the quick run's minutes (Kryo left too, to keep every harness's
     * quick run within six minutes).
     */
    static final List<String> QUICK_LIBRARIES = List.of("cser", "protobuf", "fory-fastest");

    /** The pairs of JVMs (sender, receiver) each stream variant runs in, full and quick. */
    static final int STREAM_SESSIONS = 3;

    /**
     * The quick mode's workloads: those of the issue-18 targets (the W4 stream runs as well).
     * W1 and W5 take milliseconds an operation and are mostly garbage collection: a few hundred
     * of them in a quick fork did not give the full run's ratios (W5 Kryo decode 6.8× cser
     * against 3.9×). W4's single message left to keep the quick run within six minutes.
     */
    static final List<String> QUICK_WORKLOADS = List.of("W2", "W3", "W6");

    private RunAll() {}

    public static void main(String[] args) throws Exception {
        if (args.length == 0 || !List.of("full", "quick", "smoke").contains(args[0])) {
            System.err.println("usage: RunAll full|quick|smoke [--libraries a,b] [--workloads W1,W2] [--no-stream] "
                    + "[--out PATH]");
            System.exit(2);
        }
        String mode = args[0];
        List<String> libraries = mode.equals("quick") ? QUICK_LIBRARIES : Peer.LIBRARIES;
        List<String> workloads = mode.equals("quick") ? QUICK_WORKLOADS : Data.WORKLOADS;
        boolean stream = true;
        Path out = null;
        for (int i = 1; i < args.length; i++) {
            switch (args[i]) {
                case "--libraries" -> libraries = List.of(args[++i].split(","));
                case "--workloads" -> workloads = List.of(args[++i].split(","));
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

        ChainedOptionsBuilder opt = new OptionsBuilder()
                .include(Bench.class.getName() + "\\.(encode|decode)$")
                .param("library", libraries.toArray(new String[0]))
                .param("workload", workloads.toArray(new String[0]))
                .addProfiler("gc")
                .shouldFailOnError(true)
                .timeUnit(TimeUnit.NANOSECONDS)
                .resultFormat(ResultFormatType.JSON)
                .result(Path.of(System.getProperty("java.io.tmpdir"), "cser-jmh-java-" + mode + ".json").toString());
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
        opt.jvmArgsAppend(jvmArgs.toArray(new String[0]));
        switch (mode) {
            // Five seconds of warm-up: a W1 or W5 operation takes milliseconds, and C2 compiles
            // their long decode loops only after a few seconds (shorter warm-ups measured the
            // interpreter: W1's cser decode at 35 ms for four iterations, then 1.5 ms).
            case "full" -> opt.forks(1).warmupIterations(5).warmupTime(TimeValue.seconds(1))
                    .measurementIterations(6).measurementTime(TimeValue.milliseconds(500));
            // On the loaded 2-core machine a fork's iteration times settle only after 1-1.6 s
            // (decode the latest: Fory, protobuf and Kryo on W6 run 3-5× slower until then, while
            // C2 works through its queue), so 0.2 s of warm-up measured W2 decode at 2.8 ms against
            // 175 µs in full, and 0.9 s still measured W6 Fory decode at 2.5 µs against 0.15 µs.
            // A warm-up that settles inside the fork first (a loop in @Setup until the compile
            // queue was empty) did not help: JMH's own loop is compiled afresh after it.
            case "quick" -> opt.forks(1).warmupIterations(10).warmupTime(TimeValue.milliseconds(200))
                    .measurementIterations(5).measurementTime(TimeValue.milliseconds(200));
            default -> opt.forks(0).warmupIterations(0).measurementIterations(1)
                    .measurementTime(TimeValue.milliseconds(10));
        }
        Collection<RunResult> results = new Runner(opt.build()).run();

        List<Map<String, Object>> rows = new ArrayList<>();
        for (RunResult rr : results) {
            BenchmarkParams p = rr.getParams();
            String library = p.getParam("library");
            String workload = p.getParam("workload");
            String op = p.getBenchmark().substring(p.getBenchmark().lastIndexOf('.') + 1);
            List<Double> scores = new ArrayList<>();
            for (BenchmarkResult br : rr.getBenchmarkResults()) {
                for (IterationResult ir : br.getIterationResults()) {
                    scores.add(ir.getPrimaryResult().getScore());
                }
            }
            double[] s = scores.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            Result<?> alloc = rr.getSecondaryResults().get("gc.alloc.rate.norm");
            if (alloc == null) {
                alloc = rr.getSecondaryResults().get("\u00b7gc.alloc.rate.norm");
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("language", "java");
            row.put("workload", workload);
            row.put("library", library);
            row.put("op", op);
            row.put("median_ns", percentile(s, 50));
            row.put("p10_ns", percentile(s, 10));
            row.put("p90_ns", percentile(s, 90));
            row.put("bytes", sizes.get(workload + "/" + library));
            row.put("alloc_bytes", alloc == null || Double.isNaN(alloc.getScore()) ? null : Math.round(alloc.getScore()));
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
            // C2 takes several transfers to settle the stream loops: after 2 warm-up transfers
            // cser's 7 timed ones still spanned 37-96 ns a message (median 41), and quick's after
            // 1 measured 91. Both modes warm up with 5 transfers (cser's take 0.04-0.1 s each,
            // JDK serialization's ~1 s), then time 5 in each session, in both modes: with 3
            // (quick), JDK serialization's row, whose transfers move by ±20% within a session
            // (its collector), came out 15.9% off the full run's.
            int warmup = mode.equals("smoke") ? 0 : 5;
            int reps = mode.equals("smoke") ? 1 : 5;
            // Each variant runs in STREAM_SESSIONS pairs of JVMs, taking turns (cser, JDK, data,
            // cser, ...): one pair's transfers agree within a few percent, but JDK serialization
            // moved from one pair to the next by up to 40% (825, 996 and 1,389 ns a message in
            // three pairs one after another), which one pair per variant put into its ratio.
            // The row's median_ns is the mean of the pairs' medians: the hand-written
            // DataOutputStream codec runs at one of two speeds in a pair (about 91 or 108 ns a
            // message), and the median of all transfers jumped between them with the majority
            // of pairs (16.4% between a quick and a full run).
            int sessions = mode.equals("smoke") ? 1 : STREAM_SESSIONS;
            Map<String, List<Double>> perMessage = new LinkedHashMap<>();
            Map<String, List<Double>> sessionMedians = new LinkedHashMap<>();
            Map<String, Long> wire = new LinkedHashMap<>();
            for (int s = 0; s < sessions; s++) {
                for (String v : StreamBench.VARIANTS) {
                    StreamBench.Result r = StreamBench.run(v, count, warmup, reps);
                    double[] session = r.nanos().stream().mapToDouble(n -> (double) n / count).sorted().toArray();
                    for (double t : session) {
                        perMessage.computeIfAbsent(v, k -> new ArrayList<>()).add(t);
                    }
                    sessionMedians.computeIfAbsent(v, k -> new ArrayList<>()).add(percentile(session, 50));
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
                row.put("bytes", Math.round((double) wire.get(v) / count));
                row.put("alloc_bytes", null);
                rows.add(row);
                System.out.printf("W4-stream %-17s %,12.0f msg/s  (%,d messages, %d transfers, mean of %d session median%s %s ns a message, %,d bytes on the wire)%n",
                        v, 1e9 / mean, count, per.length, sessions, sessions == 1 ? "" : "s",
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
        System.out.printf("%-9s %-18s %-6s %14s %14s %14s %10s %12s%n", "workload", "library", "op", "median ns",
                "p10 ns", "p90 ns", "bytes", "alloc B/op");
        for (Map<String, Object> r : rows) {
            System.out.printf("%-9s %-18s %-6s %,14.0f %,14.0f %,14.0f %,10d %12s%n", r.get("workload"), r.get("library"),
                    r.get("op"), (Double) r.get("median_ns"), (Double) r.get("p10_ns"), (Double) r.get("p90_ns"),
                    ((Number) r.get("bytes")).longValue(),
                    r.get("alloc_bytes") == null ? "-" : String.format("%,d", (Long) r.get("alloc_bytes")));
        }
        System.out.println();
    }
}
