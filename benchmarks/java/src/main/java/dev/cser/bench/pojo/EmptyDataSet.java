package dev.cser.bench.pojo;

import java.util.List;
import java.util.Objects;

/** The peers' W1 root: 100,000 {@link EmptyData} in one message. */
public final class EmptyDataSet implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public List<EmptyData> items;

    /** For the serializers. */
    public EmptyDataSet() {}

    public EmptyDataSet(List<EmptyData> items) {
        this.items = items;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EmptyDataSet e && Objects.equals(items, e.items);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(items);
    }

    @Override
    public String toString() {
        return "EmptyDataSet{" + (items == null ? null : items.size() + " items") + "}";
    }
}
