package dev.cser.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import dev.cser.CserDecodeException;
import dev.cser.bench.pojo.ContentResource;
import dev.cser.bench.pojo.Image;
import dev.cser.bench.pojo.Media;
import dev.cser.bench.pojo.MediaContent;
import java.util.List;
import java.util.Map;
import org.apache.fory.Fory;
import org.junit.jupiter.api.Test;

/**
 * Every library gives back what it was given (field by field for the peers' plain objects), the
 * benchmarks' own encode and decode paths do too, and cser's sizes are exact.
 */
class RoundTripTest {

    // ---- cser ----------------------------------------------------------------------------------

    @Test
    void cserW6RoundTripsAndHasItsExactSize() throws CserDecodeException {
        bench.media.MediaContent value = Data.w6Cser();
        byte[] bytes = value.encode();
        System.out.println("cser W6: " + bytes.length + " bytes");
        assertEquals(222, bytes.length);
        assertEquals(value, bench.media.MediaContent.decode(bytes));
        assertNull(value.getMedia().getCopyright());
        assertArrayEquals(bytes, Data.w6Cser().encode(), "deterministic");
    }

    @Test
    void cserW3RoundTripsAndHasItsExactSize() throws CserDecodeException {
        sakai.content.ContentResource value = Data.w3Cser();
        byte[] bytes = value.encode();
        System.out.println("cser W3: " + bytes.length + " bytes");
        assertEquals(702, bytes.length);
        assertEquals(value, sakai.content.ContentResource.decode(bytes));
        assertArrayEquals(bytes, Data.w3Cser().encode(), "deterministic");
    }

    @Test
    void cserBenchmarkPathsDecodeTheValue() throws CserDecodeException {
        CserBench w6 = new CserBench();
        w6.workload = "W6";
        w6.setup();
        assertEquals(Data.w6Cser(), w6.decode());
        assertEquals(Data.w6Cser(), w6.roundtrip());
        assertEquals(Data.w6Cser(), w6.roundtrip(), "reused writer and reader");
        CserBench w3 = new CserBench();
        w3.workload = "W3";
        w3.setup();
        assertEquals(Data.w3Cser(), w3.decode());
        assertEquals(Data.w3Cser(), w3.roundtrip());
        assertEquals(Data.w3Cser(), w3.roundtrip(), "reused writer and reader");
    }

    @Test
    void thePeersGetTheSameValuesAsCser() {
        assertMediaContent(Data.w6Pojo(), Data.w6Pojo());
        sakai.content.ContentResource c = Data.w3Cser();
        ContentResource p = Data.w3Pojo();
        assertEquals(c.getId(), p.id);
        assertEquals(c.getProperties(), p.properties);
        assertEquals(c.getAudit().getModifiedAt(), p.audit.modifiedAt);
        assertEquals(c.getReleaseDate(), p.releaseDate);
        assertEquals(c.getRetractDate(), p.retractDate);
        assertEquals(c.getAccess().name(), p.access.name());
    }

    // ---- Kryo ----------------------------------------------------------------------------------

    @Test
    void kryoRoundTrips() {
        Kryo kryo = Codecs.kryo();
        MediaContent w6 = Data.w6Pojo();
        assertMediaContent(w6, kryo.readObject(new Input(Sizes.kryoBytes(kryo, w6)), MediaContent.class));
        ContentResource w3 = Data.w3Pojo();
        assertContentResource(w3, kryo.readObject(new Input(Sizes.kryoBytes(kryo, w3)), ContentResource.class));
    }

    @Test
    void kryoBenchmarkPathsDecodeTheValue() {
        KryoBench w6 = new KryoBench();
        w6.workload = "W6";
        w6.setup();
        assertMediaContent(Data.w6Pojo(), (MediaContent) w6.decode());
        assertMediaContent(Data.w6Pojo(), (MediaContent) w6.roundtrip());
        assertMediaContent(Data.w6Pojo(), (MediaContent) w6.roundtrip());
        KryoBench w3 = new KryoBench();
        w3.workload = "W3";
        w3.setup();
        assertContentResource(Data.w3Pojo(), (ContentResource) w3.decode());
        assertContentResource(Data.w3Pojo(), (ContentResource) w3.roundtrip());
        assertContentResource(Data.w3Pojo(), (ContentResource) w3.roundtrip());
    }

    // ---- Fory ----------------------------------------------------------------------------------

    @Test
    void foryFastestRoundTrips() {
        foryRoundTrips(Codecs.foryFastest());
    }

    @Test
    void foryCompatibleRoundTrips() {
        foryRoundTrips(Codecs.foryCompatible());
    }

    private static void foryRoundTrips(Fory fory) {
        MediaContent w6 = Data.w6Pojo();
        assertMediaContent(w6, fory.deserialize(fory.serialize(w6), MediaContent.class));
        ContentResource w3 = Data.w3Pojo();
        assertContentResource(w3, fory.deserialize(fory.serialize(w3), ContentResource.class));
    }

    @Test
    void foryBenchmarkPathsDecodeTheValue() {
        for (String mode : List.of("fastest", "compatible")) {
            ForyBench w6 = new ForyBench();
            w6.workload = "W6";
            w6.mode = mode;
            w6.setup();
            for (int i = 0; i < 2; i++) {
                assertMediaContent(Data.w6Pojo(), (MediaContent) w6.decode());
                assertMediaContent(Data.w6Pojo(), (MediaContent) w6.roundtrip());
            }
            ForyBench w3 = new ForyBench();
            w3.workload = "W3";
            w3.mode = mode;
            w3.setup();
            for (int i = 0; i < 2; i++) {
                assertContentResource(Data.w3Pojo(), (ContentResource) w3.decode());
                assertContentResource(Data.w3Pojo(), (ContentResource) w3.roundtrip());
            }
        }
    }

    @Test
    void sizesAreStable() {
        assertEquals(Sizes.w6(), Sizes.w6());
        assertEquals(Sizes.w3(), Sizes.w3());
        assertEquals(List.of(Sizes.LIBRARIES), List.copyOf(Sizes.w6().keySet()));
    }

    // ---- field-by-field comparison of the plain objects -----------------------------------------

    static void assertMediaContent(MediaContent expected, MediaContent actual) {
        assertNotSame(expected, actual);
        Media e = expected.media;
        Media a = actual.media;
        assertEquals(e.uri, a.uri, "media.uri");
        assertEquals(e.title, a.title, "media.title");
        assertEquals(e.width, a.width, "media.width");
        assertEquals(e.height, a.height, "media.height");
        assertEquals(e.format, a.format, "media.format");
        assertEquals(e.duration, a.duration, "media.duration");
        assertEquals(e.size, a.size, "media.size");
        assertEquals(e.bitrate, a.bitrate, "media.bitrate");
        assertEquals(e.hasBitrate, a.hasBitrate, "media.hasBitrate");
        assertEquals(e.persons, a.persons, "media.persons");
        assertEquals(e.player, a.player, "media.player");
        assertEquals(e.copyright, a.copyright, "media.copyright");
        assertEquals(expected.images.size(), actual.images.size(), "images.size");
        for (int i = 0; i < expected.images.size(); i++) {
            Image ei = expected.images.get(i);
            Image ai = actual.images.get(i);
            assertEquals(ei.uri, ai.uri, "images[" + i + "].uri");
            assertEquals(ei.title, ai.title, "images[" + i + "].title");
            assertEquals(ei.width, ai.width, "images[" + i + "].width");
            assertEquals(ei.height, ai.height, "images[" + i + "].height");
            assertEquals(ei.size, ai.size, "images[" + i + "].size");
        }
        assertEquals(expected, actual);
    }

    static void assertContentResource(ContentResource e, ContentResource a) {
        assertNotSame(e, a);
        assertEquals(e.id, a.id, "id");
        assertEquals(e.resourceType, a.resourceType, "resourceType");
        assertEquals(e.access, a.access, "access");
        assertEquals(e.groups, a.groups, "groups");
        assertEquals(e.hidden, a.hidden, "hidden");
        assertEquals(e.releaseDate, a.releaseDate, "releaseDate");
        assertEquals(e.retractDate, a.retractDate, "retractDate");
        assertEquals(List.copyOf(e.properties.keySet()), List.copyOf(a.properties.keySet()), "property order");
        for (Map.Entry<String, List<String>> p : e.properties.entrySet()) {
            assertEquals(p.getValue(), a.properties.get(p.getKey()), "properties[" + p.getKey() + "]");
        }
        assertEquals(e.contentType, a.contentType, "contentType");
        assertEquals(e.contentLength, a.contentLength, "contentLength");
        assertEquals(e.filePath, a.filePath, "filePath");
        assertEquals(e.audit.createdBy, a.audit.createdBy, "audit.createdBy");
        assertEquals(e.audit.createdAt, a.audit.createdAt, "audit.createdAt");
        assertEquals(e.audit.modifiedBy, a.audit.modifiedBy, "audit.modifiedBy");
        assertEquals(e.audit.modifiedAt, a.audit.modifiedAt, "audit.modifiedAt");
        assertArrayEquals(e.body, a.body, "body");
        assertEquals(e, a);
    }
}
