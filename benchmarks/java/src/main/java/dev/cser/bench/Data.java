package dev.cser.bench;

import dev.cser.bench.pojo.Audit;
import dev.cser.bench.pojo.ContentResource;
import dev.cser.bench.pojo.Image;
import dev.cser.bench.pojo.Media;
import dev.cser.bench.pojo.MediaContent;
import dev.cser.examples.SakaiData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The values of workloads W6 and W3 (shared/workloads.md), as generated cser objects and as the
 * plain Java objects the peers serialize. Each call builds fresh objects.
 */
public final class Data {
    private Data() {}

    /** W6 as cser objects: the MediaContent of jvm-serializers. */
    public static bench.media.MediaContent w6Cser() {
        bench.media.Media media = new bench.media.Media()
                .setUri("http://javaone.com/keynote.mpg")
                .setTitle("Javaone Keynote")
                .setWidth(640)
                .setHeight(480)
                .setFormat("video/mpg4")
                .setDuration(18000000L)
                .setSize(58982400L)
                .setBitrate(262144)
                .setPersons(new ArrayList<>(List.of("Bill Gates", "Steve Jobs")))
                .setPlayer(bench.media.Player.JAVA);
        // copyright stays absent.
        List<bench.media.Image> images = new ArrayList<>(List.of(
                new bench.media.Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768,
                        bench.media.Size.LARGE),
                new bench.media.Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240,
                        bench.media.Size.SMALL)));
        return new bench.media.MediaContent().setMedia(media).setImages(images);
    }

    /** W6 as the peers' plain objects, with the same values as {@link #w6Cser()}. */
    public static MediaContent w6Pojo() {
        Media media = new Media("http://javaone.com/keynote.mpg", "Javaone Keynote", 640, 480, "video/mpg4",
                18000000L, 58982400L, 262144, true, new ArrayList<>(List.of("Bill Gates", "Steve Jobs")),
                Media.Player.JAVA, null);
        List<Image> images = new ArrayList<>(List.of(
                new Image("http://javaone.com/keynote_large.jpg", "Javaone Keynote", 1024, 768, Image.Size.LARGE),
                new Image("http://javaone.com/keynote_small.jpg", "Javaone Keynote", 320, 240, Image.Size.SMALL)));
        return new MediaContent(media, images);
    }

    /** The peers' plain object of a workload named as the benchmarks' {@code workload} parameter. */
    public static Object pojo(String workload) {
        return switch (workload) {
            case "W6" -> w6Pojo();
            case "W3" -> w3Pojo();
            default -> throw new IllegalArgumentException("no workload " + workload);
        };
    }

    /** W3 as a cser object: the seed entity of {@link SakaiData}. */
    public static sakai.content.ContentResource w3Cser() {
        return SakaiData.seedEntity();
    }

    /** W3 as the peers' plain object: a field-by-field copy of {@link #w3Cser()}. */
    public static ContentResource w3Pojo() {
        return toPojo(w3Cser());
    }

    /**
     * Copies a cser entity into the peers' plain class, with mutable {@link ArrayList} and
     * {@link LinkedHashMap} collections (what a decoder of any of the libraries builds).
     */
    public static ContentResource toPojo(sakai.content.ContentResource c) {
        ContentResource r = new ContentResource();
        r.id = c.getId();
        r.resourceType = c.getResourceType();
        r.access = ContentResource.AccessMode.valueOf(c.getAccess().name());
        r.groups = new ArrayList<>(c.getGroups());
        r.hidden = c.isHidden();
        r.releaseDate = c.getReleaseDate();
        r.retractDate = c.getRetractDate();
        Map<String, List<String>> props = new LinkedHashMap<>();
        c.getProperties().forEach((k, v) -> props.put(k, new ArrayList<>(v)));
        r.properties = props;
        r.contentType = c.getContentType();
        r.contentLength = c.getContentLength();
        r.filePath = c.getFilePath();
        sakai.common.Audit a = c.getAudit();
        r.audit = new Audit(a.getCreatedBy(), a.getCreatedAt(), a.getModifiedBy(), a.getModifiedAt());
        r.body = c.getBody() == null ? null : c.getBody().clone();
        return r;
    }
}
