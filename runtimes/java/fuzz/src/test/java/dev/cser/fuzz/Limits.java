package dev.cser.fuzz;

import java.lang.management.ManagementFactory;

/** The per-input limits every decoding target checks (README.md). */
final class Limits {
    /** Time one input may take, in nanoseconds (1 s); checked only when fuzzing (cold code is slower). */
    static final long MAX_NANOS = 1_000_000_000L;

    /** Bytes a decode may allocate per input byte. */
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

    /** Bytes allocated so far by the current thread. */
    static long allocated() {
        return THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
    }

    static long allocLimit(int inputLength, long constant) {
        return ALLOC_FACTOR * inputLength + constant;
    }
}
