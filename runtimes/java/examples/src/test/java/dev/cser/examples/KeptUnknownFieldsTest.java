package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.CserDecodeException;
import dev.cser.CserStreamHeader;
import dev.cser.CserStreamReader;
import dev.cser.CserStreamWriter;
import dev.cser.DecodeErrorKind;
import dev.cser.UnknownFields;
import dev.cser.json.Json;
import evolution.AddressV1;
import evolution.AddressV2;
import evolution.BatchV1;
import evolution.BatchV2;
import evolution.EntityV1;
import evolution.EntityV2;
import evolution.HolderV1;
import evolution.HolderV2;
import evolution.StatusV1;
import evolution.StatusV2;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Kept unknown fields (SPEC §5.5.1) with schema/examples/evolution.cser: the V2 types are the V1
 * types with fields appended, so V1 reads V2's bytes. A V1 program must pass V2 values through
 * byte for byte, keep what it did not know when it edits them, and say what it holds.
 */
class KeptUnknownFieldsTest {

    // ---- values with every appended field set, none of them zero -------------------------------

    private static AddressV2 address(String city, int floor) {
        return new AddressV2().setCity(city).setZip("z-" + city).setFloor(floor);
    }

    private static EntityV2 entity(String id) {
        Map<String, AddressV2> places = new LinkedHashMap<>();
        places.put("home", address("Oslo", 3));
        places.put("work", address("Bergen", 12));
        Map<String, String> attrs = new LinkedHashMap<>();
        attrs.put("k", "v");
        attrs.put("lang", "nn");
        return new EntityV2().setId(id).setTitle("title of " + id).setOwner("ann").setAddress(address("Paris", 2))
                .setHistory(new ArrayList<>(List.of(address("Rome", 1), address("Lima", 300))))
                .setPlaces(places).setBilling(address("Quito", 4)).setHolder(new HolderV2.Address(address("Kyiv", 5)))
                .setStatus(StatusV2.PAUSED).setRevision(-7L).setLabels(new ArrayList<>(List.of("a", "b")))
                .setShipping(address("Nuuk", 6)).setArchived(true).setPriority(99).setColor("red").setScore(2.5)
                .setExpires(1_700_000_000_000L).setAttrs(attrs).setOffice(address("Bonn", 7));
    }

    private static BatchV2 batch() {
        Map<String, EntityV2> byId = new LinkedHashMap<>();
        byId.put("e3", entity("e3"));
        byId.put("e4", entity("e4").setOwner(null).setHolder(new HolderV2.Name("n")));
        return new BatchV2().setEntities(new ArrayList<>(List.of(entity("e1"), entity("e2").setExpires(null))))
                .setById(byId).setFirst(entity("e5")).setWrittenAt(-1L);
    }

    // ---- pass-through is byte-identical --------------------------------------------------------

    @Test
    void anEntityPassesThroughAV1ProgramByteForByte() throws CserDecodeException {
        byte[] v2 = entity("e1").encode();
        EntityV1 v1 = EntityV1.decode(v2);
        assertArrayEquals(v2, v1.encode());
        // Every record kept its own: the root, its nested fields, list elements, map values,
        // the optional and the union variant.
        assertTrue(v1.hasUnknownFields());
        // EntityV1's one presence byte has slots 0 (owner) and 1 (billing); V2 set bits 2-7.
        assertEquals(0xfc, v1.getUnknownFields().presenceBits());
        assertTrue(v1.getAddress().hasUnknownFields());
        assertTrue(v1.getHistory().get(1).hasUnknownFields());
        assertTrue(v1.getPlaces().get("work").hasUnknownFields());
        assertTrue(v1.getBilling().hasUnknownFields());
        assertTrue(((HolderV1.Address) v1.getHolder()).value().hasUnknownFields());
        // AddressV1 has no presence byte: AddressV2's lies among the unknown bytes.
        assertEquals(0, v1.getAddress().getUnknownFields().presenceBits());
    }

    @Test
    void aBatchPassesThroughByteForByte() throws CserDecodeException {
        byte[] v2 = batch().encode();
        BatchV1 v1 = BatchV1.decode(v2);
        assertArrayEquals(v2, v1.encode());
        assertTrue(v1.hasUnknownFields()); // written_at
        assertTrue(v1.getEntities().get(0).hasUnknownFields());
        assertTrue(v1.getById().get("e4").hasUnknownFields());
        assertTrue(v1.getFirst().hasUnknownFields());
        assertEquals(batch(), BatchV2.decode(v1.encode()));
    }

    @Test
    void aUnionVariantAndARecordFieldPassThrough() throws CserDecodeException {
        byte[] holder = new HolderV2.Address(address("Kyiv", 5)).encode();
        HolderV1 v1 = HolderV1.decode(holder);
        assertArrayEquals(holder, v1.encode());
        byte[] addr = address("Oslo", 3).encode();
        AddressV1 a = AddressV1.decode(addr);
        assertEquals("Oslo", a.getCity());
        // The unknown bytes: zip's presence byte 01, zip "z-Oslo", floor 3.
        assertEquals("01 06 7a 2d 4f 73 6c 6f 03", Hex.of(a.getUnknownFields().bytes()));
        assertArrayEquals(addr, a.encode());
    }

    @Test
    void appendedFieldsAtTheirZeroValuesAreStillUnknownBytes() throws CserDecodeException {
        // labels 00, the second presence byte 00, attrs 00, office (03 00 00 00); the absent
        // optionals sharing EntityV1's presence byte leave no bits.
        EntityV2 v2 = new EntityV2().setId("x");
        EntityV1 v1 = EntityV1.decode(v2.encode());
        assertEquals(UnknownFields.of(0, Hex.bytes("00 00 00 03 00 00 00")), v1.getUnknownFields());
        assertArrayEquals(v2.encode(), v1.encode());
    }

    // ---- editing keeps them --------------------------------------------------------------------

    @Test
    void editingKnownFieldsKeepsEveryV2OnlyField() throws CserDecodeException {
        EntityV2 original = entity("e1");
        EntityV1 v1 = EntityV1.decode(original.encode());
        v1.setTitle("edited").setOwner(null);
        v1.getAddress().setCity("Lyon");
        v1.getHistory().get(0).setCity("Pisa");
        byte[] edited = v1.encode();

        EntityV2 expected = entity("e1").setTitle("edited").setOwner(null);
        expected.getAddress().setCity("Lyon");
        expected.getHistory().get(0).setCity("Pisa");
        EntityV2 back = EntityV2.decode(edited);
        assertEquals(expected, back);
        assertFalse(back.hasUnknownFields());
        assertEquals("edited", back.getTitle());
        assertNull(back.getOwner());
        assertEquals(original.getRevision(), back.getRevision());
        assertEquals(original.getShipping(), back.getShipping());
        assertEquals(original.getExpires(), back.getExpires());
        assertEquals(original.getOffice(), back.getOffice());
        assertEquals("z-Paris", back.getAddress().getZip());
        // And the bytes are V2's own encoding of the edited value.
        assertArrayEquals(expected.encode(), edited);
    }

    @Test
    void settingAnAbsentOptionalOfTheSharedPresenceByteKeepsTheUnknownBits() throws CserDecodeException {
        EntityV2 original = entity("e1").setOwner(null).setBilling(null);
        EntityV1 v1 = EntityV1.decode(original.encode());
        assertEquals(0xfc, v1.getUnknownFields().presenceBits());
        v1.setOwner("bob").setBilling(new AddressV1().setCity("Oslo"));
        EntityV2 back = EntityV2.decode(v1.encode());
        assertEquals(entity("e1").setOwner("bob").setBilling(new AddressV2().setCity("Oslo")), back);
    }

    // ---- the API -------------------------------------------------------------------------------

    @Test
    void hasGetSetClear() throws CserDecodeException {
        EntityV1 built = new EntityV1().setId("x");
        assertFalse(built.hasUnknownFields());
        assertSame(UnknownFields.NONE, built.getUnknownFields());

        EntityV1 decoded = EntityV1.decode(entity("x").encode());
        UnknownFields kept = decoded.getUnknownFields();
        assertTrue(kept.size() > 0);

        assertSame(built, built.setUnknownFields(kept));
        assertTrue(built.hasUnknownFields());
        assertEquals(kept, built.getUnknownFields());
        assertSame(built, built.clearUnknownFields());
        assertFalse(built.hasUnknownFields());
        built.setUnknownFields(kept).setUnknownFields(null);
        assertFalse(built.hasUnknownFields());
        built.setUnknownFields(kept).setUnknownFields(UnknownFields.NONE);
        assertFalse(built.hasUnknownFields());

        // Cleared, a V1 value encodes as V1 alone.
        decoded.clearUnknownFields();
        assertEquals(0, EntityV2.decode(decoded.encode()).getUnknownFields().size());
        assertNull(EntityV2.decode(decoded.encode()).getRevision());
    }

    @Test
    void presenceBitsOfKnownSlotsAreRejected() {
        // Slot 0 (owner) and slot 1 (billing) are EntityV1's own; AddressV1 has no presence byte.
        assertThrows(IllegalArgumentException.class,
                () -> new EntityV1().setUnknownFields(UnknownFields.of(0x01, new byte[0])));
        assertThrows(IllegalArgumentException.class,
                () -> new AddressV1().setUnknownFields(UnknownFields.of(0x80, new byte[0])));
        new EntityV1().setUnknownFields(UnknownFields.of(0x80, new byte[0]));
        new AddressV1().setUnknownFields(UnknownFields.of(0, new byte[] {1}));
    }

    @Test
    void equalityAndHashIncludeThem() throws CserDecodeException {
        EntityV1 decoded = EntityV1.decode(entity("x").encode());
        EntityV1 copy = EntityV1.decode(entity("x").encode());
        assertEquals(decoded, copy);
        assertEquals(decoded.hashCode(), copy.hashCode());

        EntityV1 known = EntityV1.decode(decoded.encode());
        known.clearUnknownFields();
        assertNotEquals(decoded, known);
        // Same known fields, so the only difference is the root's unknown fields.
        assertEquals(known, EntityV1.decode(decoded.encode()).clearUnknownFields());

        EntityV1 otherBits = EntityV1.decode(entity("x").encode());
        otherBits.setUnknownFields(UnknownFields.of(0x04, decoded.getUnknownFields().bytes()));
        assertNotEquals(decoded, otherBits);

        // Without unknown fields, the hash is what it was before they existed.
        EntityV1 plain = new EntityV1().setId("p");
        int before = plain.hashCode();
        plain.setUnknownFields(UnknownFields.of(0, new byte[] {1})).clearUnknownFields();
        assertEquals(before, plain.hashCode());
        assertEquals(new AddressV1().hashCode(), new AddressV1().setUnknownFields(UnknownFields.NONE).hashCode());
    }

    @Test
    void toStringShowsBitsAndSizeOnlyWhenThereAreSome() throws CserDecodeException {
        assertEquals("AddressV1{city=Oslo}", new AddressV1().setCity("Oslo").toString());
        AddressV1 a = AddressV1.decode(address("Oslo", 3).encode());
        assertEquals("AddressV1{city=Oslo, unknownFields=UnknownFields{presenceBits=00, size=9}}", a.toString());
        EntityV1 e = EntityV1.decode(entity("x").encode());
        assertTrue(e.toString().endsWith(", unknownFields=UnknownFields{presenceBits=fc, size="
                + e.getUnknownFields().size() + "}}"), e.toString());
    }

    @Test
    void theJsonMappingLeavesThemOut() throws CserDecodeException {
        EntityV1 decoded = EntityV1.decode(entity("x").encode());
        String json = Json.write(decoded.toJson());
        assertEquals(Json.write(EntityV1.decode(decoded.encode()).clearUnknownFields().toJson()), json);
        assertFalse(json.contains("unknown"), json);
        EntityV1 back = EntityV1.fromJson(Json.parse(json));
        assertFalse(back.hasUnknownFields());
        assertFalse(back.getAddress().hasUnknownFields());
        assertNotEquals(decoded, back);
        @SuppressWarnings("unchecked")
        Map<String, Object> object = (Map<String, Object>) decoded.toJson();
        assertEquals(List.of("id", "title", "owner", "address", "history", "places", "billing", "holder", "status"),
                List.copyOf(object.keySet()));
    }

    @Test
    void aV1ValueBuiltByAProgramEncodesAsBefore() {
        // id "", title "", presence 00, address (01 00), history 00, places 00, holder
        // address (01 01 00), status 00: unchanged by unknown fields. The holder's name "n" is
        // a string variant: tag 02, its payload's length 02, then 01 6e.
        assertEquals("0b 00 00 00 01 00 00 00 01 01 00 00", Hex.of(new EntityV1().encode()));
        EntityV1 e = new EntityV1().setId("i").setOwner("o").setBilling(new AddressV1().setCity("c"))
                .setHolder(new HolderV1.Name("n")).setStatus(StatusV1.ACTIVE);
        assertEquals("12 01 69 00 03 01 6f 01 00 00 00 02 01 63 02 02 01 6e 00", Hex.of(e.encode()));
    }

    // ---- hostile and malformed input -----------------------------------------------------------

    @Test
    void unknownBytesAreNotParsedByTheOlderReader() throws CserDecodeException {
        // AddressV1{city "c"} followed by bytes no V2 reader accepts: presence ff, then a zip whose
        // length (ff ff 02) is far past the end.
        byte[] hostile = Hex.bytes("06 01 63 ff ff ff 02");
        AddressV1 a = AddressV1.decode(hostile);
        assertEquals("c", a.getCity());
        assertEquals("ff ff ff 02", Hex.of(a.getUnknownFields().bytes()));
        assertArrayEquals(hostile, a.encode());
        assertThrows(CserDecodeException.class, () -> AddressV2.decode(hostile));
    }

    @Test
    void unknownBytesAreBoundedByTheBody() throws CserDecodeException {
        // A body of 1,000,000 bytes of garbage after city: kept, exactly, and nothing more.
        int garbage = 1_000_000;
        byte[] message = new byte[3 + 2 + garbage];
        // The body's length, 1,000,002 (city 01 63, then the garbage), as a varint: c2 84 3d.
        assertEquals(1_000_002, 0x42 | (0x04 << 7) | (0x3d << 14));
        System.arraycopy(Hex.bytes("c2 84 3d 01 63"), 0, message, 0, 5);
        Arrays.fill(message, 5, message.length, (byte) 0xee);
        AddressV1 a = AddressV1.decode(message);
        assertEquals(garbage, a.getUnknownFields().size());
        assertArrayEquals(message, a.encode());

        // A length beyond the input is rejected before anything is kept.
        byte[] cut = Arrays.copyOf(message, message.length - 1);
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> AddressV1.decode(cut));
        assertEquals(DecodeErrorKind.LENGTH_TOO_LARGE, e.kind());
    }

    @Test
    void aNestedRecordKeepsOnlyItsOwnBody() throws CserDecodeException {
        // BatchV1{entities: [EntityV1 whose address body has 2 extra bytes]}: the extra bytes stay
        // with the address; the entity after it and the batch are read as usual.
        EntityV1 inner = new EntityV1().setId("a");
        inner.getAddress().setUnknownFields(UnknownFields.of(0, Hex.bytes("aa bb")));
        BatchV1 batch = new BatchV1().setEntities(new ArrayList<>(List.of(inner, new EntityV1().setId("b"))));
        byte[] bytes = batch.encode();
        BatchV1 back = BatchV1.decode(bytes);
        assertEquals(batch, back);
        assertEquals("aa bb", Hex.of(back.getEntities().get(0).getAddress().getUnknownFields().bytes()));
        assertFalse(back.getEntities().get(0).hasUnknownFields());
        assertFalse(back.getEntities().get(1).getAddress().hasUnknownFields());
        assertFalse(back.hasUnknownFields());
    }

    @Test
    void unknownBitsWithoutUnknownBytesAreKept() throws CserDecodeException {
        // Not canonical (a set bit with no value after it) but §5.5.1 keeps u as it is.
        EntityV1 v1 = new EntityV1().setId("i");
        v1.setUnknownFields(UnknownFields.of(0x40, new byte[0]));
        byte[] bytes = v1.encode();
        assertEquals("0c 01 69 00 40 01 00 00 00 01 01 00 00", Hex.of(bytes));
        EntityV1 back = EntityV1.decode(bytes);
        assertEquals(UnknownFields.of(0x40, new byte[0]), back.getUnknownFields());
        assertArrayEquals(bytes, back.encode());
    }

    @Test
    void bitsOfAnEarlierPresenceByteAreNotTakenForUnknownBits() throws CserDecodeException {
        // EntityV2's last presence byte (slot 8, expires) is its second: V1 bytes end before it.
        // Their first byte has bit 1 (billing) set, which is not past V2's slots of that byte.
        EntityV1 v1 = new EntityV1().setId("i").setBilling(new AddressV1().setCity("c"));
        EntityV2 v2 = EntityV2.decode(v1.encode());
        assertFalse(v2.hasUnknownFields());
        assertEquals("c", v2.getBilling().getCity());
    }

    // ---- streams -------------------------------------------------------------------------------

    @Test
    void streamFramesPassThroughAV1Program() throws IOException {
        List<EntityV2> values = List.of(entity("s1"), entity("s2").setShipping(null), new EntityV2().setId("s3"));
        ByteArrayOutputStream v2Stream = new ByteArrayOutputStream();
        try (CserStreamWriter<EntityV2> w = new CserStreamWriter<>(v2Stream, EntityV2.CODEC)) {
            for (EntityV2 v : values) {
                w.write(v);
            }
        }
        // A V1 reader checks the type id of the stream (§8); EntityV1 and EntityV2 are one type
        // under two names here, so the stream is relabelled as EntityV1's.
        byte[] stream = v2Stream.toByteArray();
        putLongLe(stream, CserStreamHeader.TYPE_ID_OFFSET, EntityV1.CODEC.typeId());
        List<EntityV1> read = new ArrayList<>();
        try (CserStreamReader<EntityV1> r = new CserStreamReader<>(new ByteArrayInputStream(stream), EntityV1.CODEC)) {
            for (EntityV1 v : r) {
                read.add(v);
            }
        }
        assertEquals(3, read.size());
        assertTrue(read.get(0).hasUnknownFields());
        ByteArrayOutputStream v1Stream = new ByteArrayOutputStream();
        try (CserStreamWriter<EntityV1> w = new CserStreamWriter<>(v1Stream, EntityV1.CODEC)) {
            for (EntityV1 v : read) {
                w.write(v);
            }
        }
        byte[] rewritten = v1Stream.toByteArray();
        int header = CserStreamHeader.LENGTH;
        assertEquals(Hex.of(Arrays.copyOfRange(stream, header, stream.length)),
                Hex.of(Arrays.copyOfRange(rewritten, header, rewritten.length)), "the frames");
    }

    private static void putLongLe(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }
}
