package dev.cser;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The helpers with a loop of their own ({@code readStringList}, {@code writeBytesList},
 * {@code readStringKeyedMap}, and the generic methods without an observer) against the generic
 * methods with one (null): for random collections the same bytes, and for those bytes mutated at
 * random the same values or the same error (kind, offset, path, reason).
 */
class SpecialisedCollectionsTest {
    private static final int CASES = 2000;

    /** What a read gives: the value, or the error's kind, offset, path and reason. */
    private interface Read {
        Object read(CserReader r) throws CserDecodeException;
    }

    private static String outcome(byte[] bytes, Read read) {
        CserReader r = new CserReader(bytes);
        try {
            Object v = read.read(r);
            return "ok " + show(v) + " at " + r.position();
        } catch (CserDecodeException e) {
            return "error " + e.kind() + " @" + e.offset() + " " + e.path() + " " + e.reason();
        }
    }

    /** Values compared as text: byte arrays by content. */
    private static String show(Object v) {
        if (v instanceof byte[] b) {
            return java.util.Arrays.toString(b);
        }
        if (v instanceof List<?> l) {
            List<String> out = new ArrayList<>();
            l.forEach(e -> out.add(show(e)));
            return out.toString();
        }
        if (v instanceof Map<?, ?> m) {
            List<String> out = new ArrayList<>();
            m.forEach((k, e) -> out.add(k + "=" + show(e)));
            return out.toString();
        }
        return String.valueOf(v);
    }

    private static byte[] write(java.util.function.Consumer<CserWriter> body) {
        CserWriter w = new CserWriter();
        body.accept(w);
        return w.toByteArray();
    }

    private static String randomString(Random rnd) {
        int n = rnd.nextInt(6);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            // Mostly ASCII, some two- and three-byte characters, few distinct values so that maps
            // of mutated bytes meet repeated keys.
            int c = rnd.nextInt(10);
            sb.append(c < 7 ? (char) ('a' + rnd.nextInt(3)) : c < 9 ? 'é' : '€');
        }
        return sb.toString();
    }

    /** {@code bytes} with one to three bytes changed, cut or grown at random. */
    private static byte[] mutate(byte[] bytes, Random rnd) {
        byte[] b = bytes.clone();
        switch (rnd.nextInt(3)) {
            case 0 -> {
                for (int k = 0; k < 1 + rnd.nextInt(3) && b.length > 0; k++) {
                    b[rnd.nextInt(b.length)] = (byte) rnd.nextInt(256);
                }
            }
            case 1 -> b = java.util.Arrays.copyOf(b, b.length == 0 ? 0 : rnd.nextInt(b.length));
            default -> {
                b = java.util.Arrays.copyOf(b, b.length + 1 + rnd.nextInt(3));
                b[rnd.nextInt(b.length)] = (byte) 0xff;
            }
        }
        return b;
    }

    private static void same(byte[] bytes, Read generic, Read specialised) {
        assertEquals(outcome(bytes, generic), outcome(bytes, specialised));
    }

    @Test
    void stringListsAsTheGenericList() {
        Random rnd = new Random(1);
        for (int c = 0; c < CASES; c++) {
            List<String> list = new ArrayList<>();
            for (int i = rnd.nextInt(12); i > 0; i--) {
                list.add(randomString(rnd));
            }
            byte[] generic = write(w -> CserCollections.writeList(w, list, CserWriter::writeString, null));
            assertArrayEquals(generic, write(w -> CserCollections.writeList(w, list, CserWriter::writeString)));
            assertArrayEquals(generic, write(w -> CserCollections.writeStringList(w, list)));
            Read g = r -> CserCollections.readList(r, CserReader::readString, null);
            Read p = r -> CserCollections.readList(r, CserReader::readString);
            Read s = CserCollections::readStringList;
            byte[] mutated = mutate(generic, rnd);
            for (byte[] b : List.of(generic, mutated)) {
                same(b, g, p);
                same(b, g, s);
            }
        }
    }

    @Test
    void bytesListsAsTheGenericList() {
        Random rnd = new Random(2);
        for (int c = 0; c < CASES; c++) {
            List<byte[]> list = new ArrayList<>();
            for (int i = rnd.nextInt(12); i > 0; i--) {
                list.add(randomString(rnd).getBytes(StandardCharsets.UTF_8));
            }
            byte[] generic = write(w -> CserCollections.writeList(w, list, CserWriter::writeBytes));
            assertArrayEquals(generic, write(w -> CserCollections.writeBytesList(w, list)));
            Read g = r -> CserCollections.readList(r, CserReader::readBytes);
            Read s = CserCollections::readBytesList;
            same(generic, g, s);
            same(mutate(generic, rnd), g, s);
        }
    }

    @Test
    void stringKeyedMapsAsTheGenericMap() {
        Random rnd = new Random(3);
        for (int c = 0; c < CASES; c++) {
            Map<String, List<String>> map = new LinkedHashMap<>();
            for (int i = rnd.nextInt(8); i > 0; i--) {
                List<String> value = new ArrayList<>();
                for (int j = rnd.nextInt(3); j > 0; j--) {
                    value.add(randomString(rnd));
                }
                map.put(randomString(rnd), value);
            }
            byte[] generic = write(w -> CserCollections.writeMap(w, map, CserWriter::writeString,
                    (w0, v) -> CserCollections.writeList(w0, v, CserWriter::writeString, null), null));
            assertArrayEquals(generic, write(w -> CserCollections.writeMap(w, map, CserWriter::writeString,
                    (w0, v) -> CserCollections.writeList(w0, v, CserWriter::writeString))));
            assertArrayEquals(generic, write(w -> CserCollections.writeStringKeyedMap(w, map,
                    CserCollections::writeStringList)));
            Read g = r -> CserCollections.readMap(r, CserReader::readString,
                    r0 -> CserCollections.readList(r0, CserReader::readString, null), null);
            Read p = r -> CserCollections.readMap(r, CserReader::readString,
                    r0 -> CserCollections.readList(r0, CserReader::readString));
            Read s = r -> CserCollections.readStringKeyedMap(r, CserCollections::readStringList);
            byte[] mutated = mutate(generic, rnd);
            for (byte[] b : List.of(generic, mutated)) {
                same(b, g, p);
                same(b, g, s);
            }
        }
    }
}
