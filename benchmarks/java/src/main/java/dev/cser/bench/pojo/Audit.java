package dev.cser.bench.pojo;

import java.util.Objects;

/** The peers' W3 audit stamps: a plain class with the fields of {@code sakai.common.Audit}. */
public final class Audit implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public String createdBy;
    public long createdAt;
    public String modifiedBy;
    public long modifiedAt;

    /** For the serializers. */
    public Audit() {}

    public Audit(String createdBy, long createdAt, String modifiedBy, long modifiedAt) {
        this.createdBy = createdBy;
        this.createdAt = createdAt;
        this.modifiedBy = modifiedBy;
        this.modifiedAt = modifiedAt;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Audit)) {
            return false;
        }
        Audit a = (Audit) o;
        return Objects.equals(createdBy, a.createdBy) && createdAt == a.createdAt
                && Objects.equals(modifiedBy, a.modifiedBy) && modifiedAt == a.modifiedAt;
    }

    @Override
    public int hashCode() {
        return Objects.hash(createdBy, createdAt, modifiedBy, modifiedAt);
    }

    @Override
    public String toString() {
        return "Audit{createdBy=" + createdBy + ", createdAt=" + createdAt + ", modifiedBy=" + modifiedBy
                + ", modifiedAt=" + modifiedAt + "}";
    }
}
