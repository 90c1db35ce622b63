package dev.cser.bench.pojo;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The peers' W1 record (seed 000): one map and one list, both usually empty. */
public final class EmptyData implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public Map<String, String> attributes;
    public List<String> tags;

    /** For the serializers. */
    public EmptyData() {}

    public EmptyData(Map<String, String> attributes, List<String> tags) {
        this.attributes = attributes;
        this.tags = tags;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EmptyData e && Objects.equals(attributes, e.attributes) && Objects.equals(tags, e.tags);
    }

    @Override
    public int hashCode() {
        return Objects.hash(attributes, tags);
    }

    @Override
    public String toString() {
        return "EmptyData{attributes=" + attributes + ", tags=" + tags + "}";
    }
}
