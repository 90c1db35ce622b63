package dev.cser.conformance.kafka;

import dev.cser.examples.SakaiData;
import sakai.content.AccessMode;
import sakai.content.ContentResource;

/**
 * The W3 entities the Streams test produces (conformance/kafka/README.md, "The Streams
 * topology"): entity {@code n} of {@link SakaiData#entity(int)}, whose access mode is GROUPED when
 * n % 10 == 0 and INHERITED otherwise, made PUBLIC when n % 4 == 1 (odd, so never a GROUPED one)
 * so that all three modes occur. The Python checker (streams_check.py) derives the same modes
 * from its own copy of W3 (runtimes/python/tests/values.py) to compute the expected totals.
 */
public final class StreamsInput {
    private StreamsInput() {}

    /** W3 entity {@code n} with its access mode as described above. */
    public static ContentResource entity(int n) {
        ContentResource r = SakaiData.entity(n);
        if (n % 4 == 1) {
            r.setAccess(AccessMode.PUBLIC);
        }
        return r;
    }
}
