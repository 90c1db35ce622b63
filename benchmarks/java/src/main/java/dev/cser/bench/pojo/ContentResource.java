package dev.cser.bench.pojo;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The peers' W3 entity: a plain class with the fields of {@code sakai.content.ContentResource}
 * (less the deprecated {@code serialization_version}, which the generated API hides too).
 */
public final class ContentResource implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** Who may see a resource. */
    public enum AccessMode {
        INHERITED, GROUPED, PUBLIC
    }

    public String id;
    public String resourceType;
    public AccessMode access;
    public List<String> groups;
    public boolean hidden;
    /** Can be null. */
    public Long releaseDate;
    /** Can be null. */
    public Long retractDate;
    public Map<String, List<String>> properties;
    public String contentType;
    public long contentLength;
    public String filePath;
    public Audit audit;
    /** Can be null. */
    public byte[] body;

    /** For the serializers. */
    public ContentResource() {}

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ContentResource)) {
            return false;
        }
        ContentResource r = (ContentResource) o;
        return Objects.equals(id, r.id) && Objects.equals(resourceType, r.resourceType) && access == r.access
                && Objects.equals(groups, r.groups) && hidden == r.hidden
                && Objects.equals(releaseDate, r.releaseDate) && Objects.equals(retractDate, r.retractDate)
                && Objects.equals(properties, r.properties) && Objects.equals(contentType, r.contentType)
                && contentLength == r.contentLength && Objects.equals(filePath, r.filePath)
                && Objects.equals(audit, r.audit) && Arrays.equals(body, r.body);
    }

    @Override
    public int hashCode() {
        return Objects.hash(id, resourceType, access, groups, hidden, releaseDate, retractDate, properties,
                contentType, contentLength, filePath, audit, Arrays.hashCode(body));
    }

    @Override
    public String toString() {
        return "ContentResource{id=" + id + ", resourceType=" + resourceType + ", access=" + access
                + ", groups=" + groups + ", hidden=" + hidden + ", releaseDate=" + releaseDate
                + ", retractDate=" + retractDate + ", properties=" + properties + ", contentType=" + contentType
                + ", contentLength=" + contentLength + ", filePath=" + filePath + ", audit=" + audit
                + ", body=" + (body == null ? null : body.length + " bytes") + "}";
    }
}
