package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cser.CserDecodeException;
import dev.cser.DecodeErrorKind;
import edge.cases.Collections;
import edge.cases.Color;
import edge.cases.Sample;
import edge.cases.Scalars;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Lists, maps and optionals, alone and combined; empty and absent kept apart. */
class CollectionsRoundTripTest {

    private static Collections roundTrip(Collections c) throws CserDecodeException {
        byte[] bytes = c.encode();
        Collections back = Collections.decode(bytes);
        assertEquals(c, back);
        assertEquals(c.hashCode(), back.hashCode());
        assertArrayEquals(bytes, back.encode(), "re-encoding must give identical bytes");
        return back;
    }

    @Test
    void emptyAndAbsentAreDifferentValues() throws CserDecodeException {
        Collections absent = new Collections();
        Collections empty = new Collections().setMaybeNames(new ArrayList<>()).setMaybeMap(new LinkedHashMap<>());
        assertNotEquals(absent, empty);
        assertNull(roundTrip(absent).getMaybeNames());
        assertEquals(List.of(), roundTrip(empty).getMaybeNames());
        assertEquals(Map.of(), roundTrip(empty).getMaybeMap());
        // Each present empty collection costs its one count byte, each absent one nothing.
        assertEquals(absent.encode().length + 2, empty.encode().length);
    }

    @Test
    void everyCollectionFilled() throws CserDecodeException {
        Map<Long, String> byId = new LinkedHashMap<>();
        byId.put(Long.MAX_VALUE, "max");
        byId.put(-1L, "minus one");
        byId.put(0L, "");
        Map<Color, List<String>> byColor = new LinkedHashMap<>();
        byColor.put(Color.BLUE, List.of("sky", "sea"));
        byColor.put(Color.forNumber(9), List.of());
        byColor.put(Color.RED, List.of("rose"));
        Collections c = new Collections()
                .setInts(new int[] {0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 127, 128})
                .setBig(new long[] {-1L, 0L, 1L << 63})
                .setDoubles(new double[] {Double.NaN, -0.0, 1.5})
                .setFlags(new boolean[] {true, false, true})
                .setNames(new ArrayList<>(List.of("a", "", "\uD83D\uDE00")))
                .setBlobs(new ArrayList<>(List.of(new byte[] {1, 2}, new byte[0])))
                .setById(byId)
                .setByColor(byColor)
                .setMatrix(new ArrayList<>(List.of(new int[] {1, 2}, new int[0], new int[] {-3})))
                .setScalars(new Scalars().setText("nested"))
                .setColors(new ArrayList<>(List.of(Color.GREEN, Color.forNumber(100))))
                .setFloats(new float[] {Float.NaN, -0.0f, Float.MAX_VALUE});
        Collections back = roundTrip(c);
        // Insertion order of maps is kept.
        assertEquals(List.of(Long.MAX_VALUE, -1L, 0L), new ArrayList<>(back.getById().keySet()));
        assertEquals(List.of(Color.BLUE, Color.forNumber(9), Color.RED), new ArrayList<>(back.getByColor().keySet()));
        assertArrayEquals(new byte[] {1, 2}, back.getBlobs().get(0));
    }

    @Test
    void sparseListsAndMapsAcrossSeveralPresenceBytes() throws CserDecodeException {
        List<String> sparse = new ArrayList<>();
        Map<String, Integer> sparseMap = new LinkedHashMap<>();
        for (int i = 0; i < 21; i++) {
            sparse.add(i % 3 == 0 ? null : "s" + i);
            sparseMap.put("k" + i, i % 4 == 0 ? null : i);
        }
        Collections back = roundTrip(new Collections().setSparse(sparse).setSparseMap(sparseMap));
        assertEquals(sparse, back.getSparse());
        assertEquals(sparseMap, back.getSparseMap());
    }

    @Test
    void allNullElementsCostOneBitEach() throws CserDecodeException {
        List<String> nulls = Arrays.asList(new String[16]);
        byte[] withNulls = new Collections().setSparse(nulls).encode();
        byte[] without = new Collections().encode();
        // 16 absent elements: the count byte (already there for the empty list) becomes 0x10,
        // plus two presence bytes.
        assertEquals(without.length + 2, withNulls.length);
        assertEquals(nulls, roundTrip(new Collections().setSparse(nulls)).getSparse());
    }

    @Test
    void optionalFieldsInTwoPresenceGroups() throws CserDecodeException {
        Collections c = new Collections().setOpt1(1).setOpt3(-3).setOpt8(8).setOpt9(9);
        Collections back = roundTrip(c);
        assertEquals(9, back.getOpt9());
        assertNull(back.getOpt2());
        assertEquals(c, back);
    }

    @Test
    void duplicateMapKeyIsRejected() {
        Map<Long, String> byId = new LinkedHashMap<>();
        byId.put(5L, "a");
        byId.put(6L, "b");
        byte[] bytes = new Collections().setById(byId).encode();
        // Turn key 6 (zigzag 0c) into a second key 5 (zigzag 0a).
        int at = indexOf(bytes, new byte[] {0x0c, 0x01, 'b'});
        bytes[at] = 0x0a;
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> Collections.decode(bytes));
        assertEquals(DecodeErrorKind.DUPLICATE_MAP_KEY, e.kind());
    }

    @Test
    void structWithOptionalAndTrailingBytes() throws CserDecodeException {
        Sample s = new Sample().setX(1.0).setY(null).setColor(Color.GREEN);
        byte[] bytes = s.encode();
        // f64 x, presence byte 00, enum 01: no framing, no y.
        assertEquals("00 00 00 00 00 00 f0 3f 00 01", Hex.of(bytes));
        assertEquals(s, Sample.decode(bytes));
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> Sample.decode(longer));
        assertEquals(DecodeErrorKind.TRAILING_BYTES, e.kind());
        assertEquals(bytes.length, e.offset());
        // A presence bit for a slot the struct does not have is rejected.
        byte[] badBits = bytes.clone();
        badBits[8] = 0x02;
        assertEquals(DecodeErrorKind.BAD_PRESENCE,
                assertThrows(CserDecodeException.class, () -> Sample.decode(badBits)).kind());
    }

    static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("pattern not found");
    }
}
