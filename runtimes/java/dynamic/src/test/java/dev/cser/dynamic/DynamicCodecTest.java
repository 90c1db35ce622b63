package dev.cser.dynamic;

import static dev.cser.dynamic.TestSchemas.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.CserDecodeException;
import dev.cser.CserEncodeException;
import dev.cser.CserReader;
import dev.cser.DecodeErrorKind;
import dev.cser.UnknownFields;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DynamicCodecTest {
    private final DynamicSchema schema = TestSchemas.schema();
    private final MessageDescriptor contact = (MessageDescriptor) schema.root("t.Contact");
    private final MessageDescriptor bag = (MessageDescriptor) schema.root("t.Bag");
    private final DynamicCodec contacts = DynamicCodec.of(contact);
    private final DynamicCodec bags = DynamicCodec.of(bag);

    private DynamicRecord contact(String name, String email, Integer age) {
        return new DynamicRecord(contact).set("name", name).set("email", email).set("age", age);
    }

    @Test
    void writesTheWorkedExamplesOfSpec13_11() throws CserDecodeException {
        Map<String, DynamicRecord> examples = new LinkedHashMap<>();
        examples.put("0402416c00", contact("Al", null, null));
        examples.put("0802416c0103614062", contact("Al", "a@b", null));
        examples.put("0502416c021e", contact("Al", null, 30));
        examples.put("0902416c03036140621e", contact("Al", "a@b", 30));
        for (Map.Entry<String, DynamicRecord> e : examples.entrySet()) {
            assertEquals(e.getKey(), hex(contacts.encode(e.getValue())));
            assertEquals(e.getValue(), contacts.decode(hex(e.getKey())));
        }
    }

    @Test
    void keepsUnknownFieldsThroughDecodeEditEncode() throws CserDecodeException {
        // contact_both from a newer writer: presence bit 2 (a third optional) and two more bytes.
        byte[] newer = hex("0b 02416c 07 03614062 1e aabb");
        DynamicRecord r = (DynamicRecord) contacts.decode(newer);
        assertEquals(UnknownFields.of(0x04, hex("aabb")), r.getUnknownFields());
        assertEquals(hex(newer), hex(contacts.encode(r)));
        r.set("name", "Bo");
        assertEquals("0b02426f0703614062" + "1eaabb", hex(contacts.encode(r)));
        r.clearUnknownFields();
        assertEquals("0902426f03036140621e", hex(contacts.encode(r)));
    }

    @Test
    void anOlderWritersBodyLeavesTheRestAtZero() throws CserDecodeException {
        DynamicRecord r = (DynamicRecord) contacts.decode(hex("03 02416c"));
        assertEquals("Al", r.get("name"));
        assertNull(r.get("email"));
        assertFalse(r.hasUnknownFields());
        assertEquals("0402416c00", hex(contacts.encode(r)));
    }

    @Test
    void aSetPresenceBitWithoutItsValueIsTruncatedAtThatField() {
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> contacts.decode(hex("04 02416c 02")));
        assertEquals(DecodeErrorKind.TRUNCATED, e.kind());
        assertEquals(5, e.offset());
        assertEquals("Contact.age", e.path());
    }

    @Test
    void decodeErrorsNameTheirPathThroughListsMapsAndUnions() {
        // Bag{nums: [1], tags: [], old: "", contacts: [Contact{name: <bad UTF-8>}], shape: point}
        byte[] badName = hex("1c 0102 00 00 01 0402ff6c00 01 10 0000000000000000 0000000000000000");
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> bags.decode(badName));
        assertEquals(DecodeErrorKind.BAD_UTF8, e.kind());
        assertEquals("Bag.contacts[0].name", e.path());

        byte[] tagZero = hex("06 00 00 00 00 00 00");
        e = assertThrows(CserDecodeException.class, () -> bags.decode(tagZero));
        assertEquals(DecodeErrorKind.UNKNOWN_UNION_TAG, e.kind());
        assertEquals("Bag.shape.<tag 0>", e.path());

        byte[] unknownTooLong = hex("07 00 00 00 00 03 02 00");
        e = assertThrows(CserDecodeException.class, () -> bags.decode(unknownTooLong));
        assertEquals(DecodeErrorKind.LENGTH_TOO_LARGE, e.kind());
        assertEquals("Bag.shape.<tag 3>", e.path());

        // tags [["a", RED], ["a", RED]]: presence byte 03 before the first key.
        byte[] duplicate = hex("0d 00 02 03 0161 00 0161 00 00 00 02 00");
        e = assertThrows(CserDecodeException.class, () -> bags.decode(duplicate));
        assertEquals(DecodeErrorKind.DUPLICATE_MAP_KEY, e.kind());
        assertEquals("Bag.tags", e.path());
    }

    @Test
    void depthAndTrailingBytesAreCheckedAsByGeneratedCode() throws CserDecodeException {
        DynamicRecord zero = new DynamicRecord(bag);
        byte[] bytes = bags.encode(zero);
        assertEquals("1600000000" + "01" + "10" + "0000000000000000" + "0000000000000000", hex(bytes));
        assertEquals(zero, bags.decode(bytes));
        CserDecodeException deep = assertThrows(CserDecodeException.class,
                () -> bags.decode(new CserReader(bytes).withMaxDepth(2)));
        assertEquals(DecodeErrorKind.DEPTH_EXCEEDED, deep.kind());
        assertEquals("Bag.shape.point", deep.path());

        byte[] trailing = new byte[bytes.length + 1];
        System.arraycopy(bytes, 0, trailing, 0, bytes.length);
        CserDecodeException t = assertThrows(CserDecodeException.class, () -> bags.decode(trailing));
        assertEquals(DecodeErrorKind.TRAILING_BYTES, t.kind());
        assertEquals(bytes.length, t.offset());
    }

    @Test
    void aValueThatDoesNotFitIsAnEncodeErrorNamingItsPath() {
        DynamicRecord b = new DynamicRecord(bag);
        @SuppressWarnings("unchecked")
        List<Object> nums = (List<Object>) b.get("nums");
        nums.add(1);
        nums.add("two"); // behind set()'s back: the list is the caller's
        CserEncodeException e = assertThrows(CserEncodeException.class, () -> bags.encode(b));
        assertEquals("Bag.nums[1]: a i32 is held in a Integer, not a java.lang.String", e.getMessage());

        List<Object> people = new ArrayList<>();
        people.add(new DynamicRecord(contact).set("name", "x"));
        DynamicRecord withNull = new DynamicRecord(bag).set("contacts", people);
        people.add(null);
        assertTrue(assertThrows(CserEncodeException.class, () -> bags.encode(withNull)).getMessage()
                .startsWith("Bag.contacts[1]: null where the schema has a t.Contact"));

        assertThrows(CserEncodeException.class, () -> bags.encode(contact("Al", null, null)));

        DynamicRecord badTag = new DynamicRecord(bag);
        @SuppressWarnings("unchecked")
        Map<Object, Object> tags = (Map<Object, Object>) badTag.get("tags");
        tags.put("a", null);
        tags.put("b", "GREEN"); // a String where the schema has an enum
        assertTrue(assertThrows(CserEncodeException.class, () -> bags.encode(badTag)).getMessage()
                .startsWith("Bag.tags[\"b\"]: a t.Color is held in"));
    }

    @Test
    void anUnknownVariantIsKeptWhereverItIsAndWrittenBackUnchanged() throws CserDecodeException {
        UnionDescriptor shape = (UnionDescriptor) schema.root("t.Shape");
        DynamicCodec shapes = DynamicCodec.of(shape);
        // Shape with a variant 7 of a newer schema, at the root.
        byte[] root = hex("07 03 02 6f 6b");
        DynamicUnion u = (DynamicUnion) shapes.decode(root);
        assertTrue(u.isUnknown());
        assertNull(u.variant());
        assertEquals(7, u.tag());
        assertEquals("026f6b", hex(u.unknownVariant().payload()));
        assertEquals("Shape.<unknown>[value=UnknownVariant{tag=7, size=3}]", u.toString());
        assertEquals(hex(root), hex(shapes.encode(u)));
        assertEquals(u, shapes.decode(root));
        assertEquals("{\"#7\":\"Am9r\"}", dev.cser.json.Json.write(DynamicJson.toJson(u)));
        assertThrows(dev.cser.json.JsonException.class, () -> DynamicJson.read("{\"#7\":\"Am9r\"}", shape));

        // As a record's field: kept when another field is edited.
        DynamicRecord b = (DynamicRecord) bags.decode(hex("09 00 00 00 00 07 03 02 6f 6b"));
        assertEquals(u, b.get("shape"));
        b.set("nums", new ArrayList<>(List.of(5)));
        assertEquals("0a010a000000" + "0703026f6b", hex(bags.encode(b)));
    }

    @Test
    void unionsAndStructsAreMessagesOfTheirOwn() throws CserDecodeException {
        UnionDescriptor shape = (UnionDescriptor) schema.root("t.Shape");
        DynamicCodec shapes = DynamicCodec.of(shape);
        DynamicUnion label = DynamicUnion.of(shape, "label", "hi");
        assertEquals("0203026869", hex(shapes.encode(label)));
        assertEquals(label, shapes.decode(hex("0203026869")));
        assertEquals(DynamicUnion.zero(shape), shapes.decode(hex("0110" + "00".repeat(16))));
        // A payload the value does not fill, or that ends inside it.
        CserDecodeException trailing = assertThrows(CserDecodeException.class, () -> shapes.decode(hex("020402686900")));
        assertEquals(DecodeErrorKind.TRAILING_BYTES, trailing.kind());
        assertEquals(5, trailing.offset());
        assertEquals(DecodeErrorKind.TRUNCATED,
                assertThrows(CserDecodeException.class, () -> shapes.decode(hex("0108" + "00".repeat(16)))).kind());
        assertThrows(IllegalArgumentException.class, () -> DynamicUnion.of(shape, "label", 3));
        assertThrows(IllegalArgumentException.class, () -> DynamicUnion.of(shape, "circle", "x"));
    }
}
