package dev.cser.bench;

import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;

/**
 * The {@code jdk-externalizable} peer: the root of each workload wrapped in a class that
 * implements {@link Externalizable} by hand, as seed 001 does for its Employee
 * ({@code writeUTF}/{@code writeInt} field by field in {@code writeExternal}, read back in the
 * same order in {@code readExternal}). The whole graph under the root is written by the same
 * hand-written code ({@link HandCodec}), so ObjectOutputStream sees one object and writes its
 * class descriptor once.
 */
public abstract class Externalized implements Externalizable {
    private static final long serialVersionUID = 1L;

    private Object value;

    protected Externalized() {}

    /** The plain object carried. */
    public Object value() {
        return value;
    }

    protected abstract HandCodec<Object> codec();

    @Override
    public void writeExternal(ObjectOutput out) throws IOException {
        codec().write(out, value);
    }

    @Override
    public void readExternal(ObjectInput in) throws IOException {
        value = codec().read(in);
    }

    /** Wraps a workload's plain root. */
    public static Externalized wrap(String workload, Object value) {
        Externalized e = switch (workload) {
            case "W1" -> new W1();
            case "W2" -> new W2();
            case "W3" -> new W3();
            case "W4" -> new W4();
            case "W5" -> new W5();
            case "W6" -> new W6();
            default -> throw new IllegalArgumentException("no workload " + workload);
        };
        e.value = value;
        return e;
    }

    /** W1: EmptyDataSet. */
    public static final class W1 extends Externalized {
        private static final long serialVersionUID = 1L;

        @Override
        protected HandCodec<Object> codec() {
            return HandCodec.of("W1");
        }
    }

    /** W2: Staff. */
    public static final class W2 extends Externalized {
        private static final long serialVersionUID = 1L;

        @Override
        protected HandCodec<Object> codec() {
            return HandCodec.of("W2");
        }
    }

    /** W3: ContentResource. */
    public static final class W3 extends Externalized {
        private static final long serialVersionUID = 1L;

        @Override
        protected HandCodec<Object> codec() {
            return HandCodec.of("W3");
        }
    }

    /** W4: Message. */
    public static final class W4 extends Externalized {
        private static final long serialVersionUID = 1L;

        @Override
        protected HandCodec<Object> codec() {
            return HandCodec.of("W4");
        }
    }

    /** W5: MoleculeSet. */
    public static final class W5 extends Externalized {
        private static final long serialVersionUID = 1L;

        @Override
        protected HandCodec<Object> codec() {
            return HandCodec.of("W5");
        }
    }

    /** W6: MediaContent. */
    public static final class W6 extends Externalized {
        private static final long serialVersionUID = 1L;

        @Override
        protected HandCodec<Object> codec() {
            return HandCodec.of("W6");
        }
    }
}
