package dev.cser;

import static dev.cser.Hex.assertDecodeError;
import static dev.cser.Hex.bytes;
import static dev.cser.Hex.written;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CserCollectionsTest {

    private static CserReader reader(String hex) {
        return new CserReader(bytes(hex));
    }

    @Test
    void listsRoundTripIntoArrayLists() throws CserDecodeException {
        List<String> list = List.of("a", "bc");
        String hex = written(w -> CserCollections.writeList(w, list, CserWriter::writeString));
        assertEquals("02 01 61 02 62 63", hex);
        List<String> read = CserCollections.readList(reader(hex), CserReader::readString);
        assertEquals(list, read);
        assertInstanceOf(ArrayList.class, read);
    }

    @Test
    void presenceBytesOfAnOptionalList() throws CserDecodeException {
        List<Integer> list = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            list.add(i % 3 == 0 ? i : null);
        }
        String hex = written(w -> CserCollections.writeOptionalList(w, list, CserWriter::writeI32));
        // SPEC §5.4: count 10, bits for elements 0, 3, 6 then 9 (slot 1 of the second byte).
        assertEquals("0a 49 00 06 0c 02 12", hex);
        assertEquals(list, CserCollections.readOptionalList(reader(hex), CserReader::readI32));
    }

    @Test
    void presenceBitsPastTheEndAreRejected() {
        // Two elements: bit 2 names a third that does not exist.
        assertDecodeError(DecodeErrorKind.BAD_PRESENCE, 1,
                () -> CserCollections.readOptionalList(reader("02 04"), CserReader::readI32));
        // Nine entries: the second byte has one slot, bit 1 is past it.
        assertDecodeError(DecodeErrorKind.BAD_PRESENCE, 10,
                () -> CserCollections.readOptionalMap(reader("09 00 00 01 02 03 04 05 06 07 02 08"),
                        CserReader::readU8, CserReader::readU8));
    }

    @Test
    void anOptionalCountMayClaimEightTimesTheBytesLeft() throws CserDecodeException {
        // Sixteen absent elements in two presence bytes.
        List<Integer> read = CserCollections.readOptionalList(reader("10 00 00"), CserReader::readI32);
        assertEquals(Arrays.asList(new Integer[16]), read);
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0,
                () -> CserCollections.readOptionalList(reader("11 00 00"), CserReader::readI32));
        assertDecodeError(DecodeErrorKind.LENGTH_TOO_LARGE, 0,
                () -> CserCollections.readList(reader("03 00 00"), CserReader::readI32));
    }

    @Test
    void mapsKeepTheirOrderAndRejectRepeatedKeys() throws CserDecodeException {
        Map<String, Integer> map = new LinkedHashMap<>();
        map.put("b", 1);
        map.put("a", 2);
        String hex = written(w -> CserCollections.writeMap(w, map, CserWriter::writeString, CserWriter::writeI32));
        assertEquals("02 01 62 02 01 61 04", hex);
        Map<String, Integer> read = CserCollections.readMap(reader(hex), CserReader::readString, CserReader::readI32);
        assertEquals(List.of("b", "a"), List.copyOf(read.keySet()));
        assertInstanceOf(LinkedHashMap.class, read);

        CserDecodeException e = assertDecodeError(DecodeErrorKind.DUPLICATE_MAP_KEY, 7,
                () -> CserCollections.readMap(reader("02 01 61 02 01 61 04"), CserReader::readString,
                        CserReader::readI32));
        assertEquals("duplicate map key a", e.reason());
        assertDecodeError(DecodeErrorKind.DUPLICATE_MAP_KEY, 5,
                () -> CserCollections.readOptionalMap(reader("02 01 07 02 07"), CserReader::readU8,
                        CserReader::readU8));
    }

    @Test
    void presenceBytesOfAnOptionalMap() throws CserDecodeException {
        Map<Integer, Integer> map = new LinkedHashMap<>();
        for (int i = 0; i < 9; i++) {
            map.put(i, i % 2 == 1 ? i : null);
        }
        String hex = written(w -> CserCollections.writeOptionalMap(w, map, CserWriter::writeU32,
                CserWriter::writeU32));
        assertEquals("09 aa 00 01 01 02 03 03 04 05 05 06 07 07 00 08", hex);
        assertEquals(map, CserCollections.readOptionalMap(reader(hex), CserReader::readU32, CserReader::readU32));
    }

    @Test
    void nestedErrorsNameTheirIndexAndKey() {
        // map<string, list<i32>>: {"k": [1, <overlong varint>]}.
        CserDecodeException e = assertDecodeError(DecodeErrorKind.OVERLONG_VARINT, 6,
                () -> CserCollections.readMap(reader("01 01 6b 02 02 80 00"), CserReader::readString,
                        r -> CserCollections.readList(r, CserReader::readI32)));
        assertEquals("[\"k\"][1]", e.path());
        // list<optional<map<u8, i32>>>: element 1 holds {7: <truncated>}.
        e = assertDecodeError(DecodeErrorKind.TRUNCATED, 6,
                () -> CserCollections.readOptionalList(reader("02 03 00 01 07 80"),
                        r -> CserCollections.readMap(r, CserReader::readU8, CserReader::readI32)));
        assertEquals("[1][7]", e.path());
        // A key's own error has no key yet to name.
        e = assertDecodeError(DecodeErrorKind.TRUNCATED, 2,
                () -> CserCollections.readMap(reader("01 80"), CserReader::readI32, CserReader::readI32));
        assertEquals("", e.path());
    }

    @Test
    void observersSeeCountsPresenceBytesAndElements() throws CserDecodeException {
        List<String> events = new ArrayList<>();
        CserCollections.ReadObserver observer = new CserCollections.ReadObserver() {
            @Override
            public void count(int offset, int size, int count) {
                events.add("count@" + offset + "+" + size + "=" + count);
            }

            @Override
            public void presence(int offset, int bits) {
                events.add("presence@" + offset + "=" + bits);
            }

            @Override
            public void element(int index) {
                events.add("[" + index + "]");
            }

            @Override
            public void key(int index) {
                events.add("key" + index);
            }

            @Override
            public void value(Object key) {
                events.add("value " + key);
            }

            @Override
            public void done() {
                events.add("done");
            }
        };
        CserCollections.readOptionalList(reader("02 02 05"), CserReader::readI32, observer);
        assertEquals(List.of("count@0+1=2", "presence@1=2", "[1]", "done"), events);
        events.clear();
        CserCollections.readMap(reader("01 01 6b 02"), CserReader::readString, CserReader::readI32, observer);
        assertEquals(List.of("count@0+1=1", "key0", "value k", "done"), events);

        List<Object> written = new ArrayList<>();
        CserCollections.WriteObserver at = new CserCollections.WriteObserver() {
            @Override
            public void element(int index) {
                written.add(index);
            }

            @Override
            public void entry(Object key) {
                written.add(key);
            }
        };
        CserWriter w = new CserWriter();
        CserCollections.writeOptionalList(w, Arrays.asList(null, "x"), CserWriter::writeString, at);
        CserCollections.writeMap(w, Map.of("k", 1), CserWriter::writeString, CserWriter::writeI32, at);
        assertEquals(List.of(1, "k"), written);
    }
}
