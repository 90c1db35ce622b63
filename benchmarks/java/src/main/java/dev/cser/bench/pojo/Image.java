package dev.cser.bench.pojo;

import java.util.Objects;

/** The peers' W6 image: a plain class shaped like jvm-serializers' {@code data.media.Image}. */
public final class Image implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** Image size class. */
    public enum Size {
        SMALL, LARGE
    }

    public String uri;
    /** Can be null. */
    public String title;
    public int width;
    public int height;
    public Size size;

    /** For the serializers. */
    public Image() {}

    public Image(String uri, String title, int width, int height, Size size) {
        this.uri = uri;
        this.title = title;
        this.width = width;
        this.height = height;
        this.size = size;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Image)) {
            return false;
        }
        Image i = (Image) o;
        return Objects.equals(uri, i.uri) && Objects.equals(title, i.title) && width == i.width
                && height == i.height && size == i.size;
    }

    @Override
    public int hashCode() {
        return Objects.hash(uri, title, width, height, size);
    }

    @Override
    public String toString() {
        return "Image{uri=" + uri + ", title=" + title + ", width=" + width + ", height=" + height
                + ", size=" + size + "}";
    }
}
