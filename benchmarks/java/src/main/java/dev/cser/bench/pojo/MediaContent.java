package dev.cser.bench.pojo;

import java.util.List;
import java.util.Objects;

/** The peers' W6 root: a plain class shaped like jvm-serializers' {@code data.media.MediaContent}. */
public final class MediaContent implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    public Media media;
    public List<Image> images;

    /** For the serializers. */
    public MediaContent() {}

    public MediaContent(Media media, List<Image> images) {
        this.media = media;
        this.images = images;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof MediaContent)) {
            return false;
        }
        MediaContent c = (MediaContent) o;
        return Objects.equals(media, c.media) && Objects.equals(images, c.images);
    }

    @Override
    public int hashCode() {
        return Objects.hash(media, images);
    }

    @Override
    public String toString() {
        return "MediaContent{media=" + media + ", images=" + images + "}";
    }
}
