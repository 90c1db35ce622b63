package dev.cser.fuzz;

import dev.cser.fuzz.RootTypes.RootType;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The per-input limits every decoding target checks (README.md). */
final class Limits {
    /**
     * Time one input may take, in nanoseconds of the fuzzing thread's CPU (1 s); checked only when
     * fuzzing (cold code is slower). CPU time, not wall time: on a loaded machine (two cores, a
     * build beside the fuzzer) wall time tripped the limit on inputs that take a few ms alone.
     */
    static final long MAX_NANOS = 1_000_000_000L;

    /** Bytes a decode may allocate per input byte, at least (see {@link Limits#byteCost}). */
    static final long ALLOC_FACTOR = 64;

    /**
     * Bytes a decode may allocate whatever the input's length: the reader, the exception of a
     * failed decode, and the zero values of every field of the largest root type when its body is
     * empty (a record body of length 0 decodes to a full object graph of zero values). Measured
     * at most 1,392 bytes over every root type and short inputs (README.md); 16 KiB leaves a
     * factor of 10, and a length-proportional blow-up is what the 64x bound is for.
     */
    static final long ALLOC_CONSTANT = 16 << 10;

    /** Extra constant for a stream reader: its 64 KiB read buffer. */
    static final long STREAM_BUFFER = 64 << 10;

    static final boolean FUZZING = System.getenv("JAZZER_FUZZ") != null && !System.getenv("JAZZER_FUZZ").isEmpty()
            && !"0".equals(System.getenv("JAZZER_FUZZ"));

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    static {
        THREADS.setThreadAllocatedMemoryEnabled(true);
    }

    private Limits() {}

    /** CPU time the current thread has used, in nanoseconds: what {@link #MAX_NANOS} bounds. */
    static long cpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** Work whose time a target measures again (its outcome was checked on the first run). */
    interface Work {
        void run() throws Throwable;
    }

    /**
     * Whether an input is over {@link #MAX_NANOS}: {@code firstNanos} is the time of its first
     * run, and an input over the limit is run once more and judged by that run. A first run also
     * pays for class loading, the JIT's first compiles of code the input reaches and GC pauses
     * that earlier inputs caused; on CI's loaded two cores that put a 3 KB seed schema over 1 s of
     * CPU once. An input that is slow because of its shape is slow the second time too.
     */
    static boolean overTime(long firstNanos, Work again) {
        if (!FUZZING || firstNanos <= MAX_NANOS) {
            return false;
        }
        long t0 = cpuNanos();
        try {
            again.run();
        } catch (Throwable ignored) {
            // the first run's outcome was already checked; only the time matters here
        }
        return cpuNanos() - t0 > MAX_NANOS;
    }

    /** Bytes allocated so far by the current thread. */
    static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    static long allocLimit(int inputLength, long factor, long constant) {
        return factor * inputLength + constant;
    }

    /** A decoder a target checks: the generated code or the dynamic codec. */
    interface Decoder {
        Object decode(RootType type, byte[] message) throws Throwable;
    }

    /** The 1-byte message of a record with an empty body. */
    private static final byte[] EMPTY_BODY = {0};

    /**
     * The most bytes one input byte may legitimately become for {@code type}'s schemas (those under
     * the same top-level package, so imports are covered): {@link #ALLOC_FACTOR}, or more where an
     * empty record (one byte in a list: its length, 0) decodes into a larger graph of zero values
     * than that, e.g. ~90 bytes for an empty {@code chem.Molecule} with its lists. That memory is
     * the value, not the decoder's doing (F4 in RESULTS.md; Python's BYTE_COST and Rust's clone
     * allowance do the same). Measured once per package and decoder, as the allocation of
     * decoding {@code 00} as each of its types, after one unmeasured decode that initializes
     * classes; a type {@code 00} is not a message of is left out.
     */
    static long byteCost(RootType type, Decoder decoder, Map<String, Long> cache) {
        return cache.computeIfAbsent(type.group(), group -> {
            long most = ALLOC_FACTOR;
            for (RootType t : RootTypes.ALL) {
                if (t.group().equals(group)) {
                    most = Math.max(most, allocationOf(t, decoder, EMPTY_BODY));
                }
            }
            return most;
        });
    }

    /** A cache for {@link #byteCost}, one per decoder. */
    static Map<String, Long> byteCosts() {
        return new ConcurrentHashMap<>();
    }

    /** The bytes decoding {@code message} allocates (the second of two decodes), or 0 if it fails. */
    private static long allocationOf(RootType type, Decoder decoder, byte[] message) {
        long used = 0;
        for (int i = 0; i < 2; i++) {
            long a0 = allocated();
            try {
                decoder.decode(type, message);
            } catch (Throwable e) {
                return 0;
            }
            used = allocated() - a0;
        }
        return used;
    }
}
