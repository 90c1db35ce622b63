package dev.cser.bench.pojo;

import java.util.Objects;

/** The peers' W5 bond: the fields of {@code chem.Bond}, with Java enums. */
public final class Bond implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** Bond order. */
    public enum Order {
        UNSET, SINGLE, DOUBLE, TRIPLE, AROMATIC
    }

    /** Bond stereochemistry. */
    public enum Stereo {
        NONE, UP, DOWN, CIS, TRANS, EITHER
    }

    public int begin;
    public int end;
    public Order order;
    public Stereo stereo;

    /** For the serializers. */
    public Bond() {}

    public Bond(int begin, int end, Order order, Stereo stereo) {
        this.begin = begin;
        this.end = end;
        this.order = order;
        this.stereo = stereo;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Bond b && begin == b.begin && end == b.end && order == b.order && stereo == b.stereo;
    }

    @Override
    public int hashCode() {
        return Objects.hash(begin, end, order, stereo);
    }

    @Override
    public String toString() {
        return "Bond{" + begin + "-" + end + ", " + order + ", " + stereo + "}";
    }
}
