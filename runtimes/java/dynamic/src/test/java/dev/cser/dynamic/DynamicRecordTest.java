package dev.cser.dynamic;

import static dev.cser.dynamic.TestSchemas.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.UnknownFields;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DynamicRecordTest {
    private final DynamicSchema schema = TestSchemas.schema();
    private final MessageDescriptor contact = (MessageDescriptor) schema.root("t.Contact");
    private final MessageDescriptor bag = (MessageDescriptor) schema.root("t.Bag");
    private final MessageDescriptor point = (MessageDescriptor) schema.root("t.Point");

    @Test
    void aNewValueHoldsTheZeroValues() {
        DynamicRecord b = new DynamicRecord(bag);
        assertEquals(List.of(), b.get("nums"));
        assertEquals(Map.of(), b.get("tags"));
        assertEquals(DynamicUnion.zero((UnionDescriptor) schema.root("t.Shape")), b.get("shape"));
        DynamicRecord c = new DynamicRecord(contact);
        assertEquals("", c.get("name"));
        assertNull(c.get("age"));
        assertEquals(0.0, new DynamicRecord(point).get("x"));
    }

    @Test
    void setChecksTheValueAgainstTheFieldsType() {
        DynamicRecord c = new DynamicRecord(contact);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> c.set("age", 30L));
        assertEquals("Contact.age: a u32 is Integer, not a java.lang.Long", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> c.set("name", null));
        assertThrows(IllegalArgumentException.class, () -> c.set("nick", "x"));
        DynamicRecord b = new DynamicRecord(bag);
        assertThrows(IllegalArgumentException.class, () -> b.set("old", "x"), "deprecated: no value");
        assertThrows(IllegalArgumentException.class, () -> b.get("old"));
        IllegalArgumentException inList = assertThrows(IllegalArgumentException.class,
                () -> b.set("nums", List.of(1, (short) 2)));
        assertTrue(inList.getMessage().startsWith("Bag.nums[1]: a i32 is Integer"), inList.getMessage());
        EnumDescriptor color = (EnumDescriptor) schema.type("t.Color");
        b.set("tags", new java.util.LinkedHashMap<>(Map.of("a", EnumValue.of(color, "GREEN"))));
        assertThrows(IllegalArgumentException.class, () -> b.set("contacts", List.of(new DynamicRecord(point))));
        assertEquals(c, new DynamicRecord(contact).set("age", null));
    }

    @Test
    void unknownFieldsTakeOnlyTheBitsTheRecordHasNoSlotFor() {
        DynamicRecord c = new DynamicRecord(contact);
        c.setUnknownFields(UnknownFields.of(0x04, hex("aa")));
        assertTrue(c.hasUnknownFields());
        assertThrows(IllegalArgumentException.class, () -> c.setUnknownFields(UnknownFields.of(0x01, new byte[0])));
        c.setUnknownFields(UnknownFields.NONE);
        assertFalse(c.hasUnknownFields());
        assertThrows(IllegalArgumentException.class,
                () -> new DynamicRecord(point).setUnknownFields(UnknownFields.of(0, hex("aa"))));
    }

    @Test
    void equalityIncludesUnknownFieldsAndPrintingShowsOnlyTheirSize() {
        DynamicRecord a = new DynamicRecord(contact).set("name", "Al");
        DynamicRecord b = new DynamicRecord(contact).set("name", "Al");
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        b.setUnknownFields(UnknownFields.of(0x08, hex("0102")));
        assertNotEquals(a, b);
        assertEquals("Contact{name=Al, email=null, age=null, unknownFields=UnknownFields{presenceBits=08, size=2}}",
                b.toString());
        assertEquals(new DynamicRecord(point).set("x", -0.0), new DynamicRecord(point).set("x", -0.0));
        assertNotEquals(new DynamicRecord(point).set("x", -0.0), new DynamicRecord(point));
    }

    @Test
    void enumValuesHoldNumbersTheSchemaDoesNotName() {
        EnumDescriptor color = (EnumDescriptor) schema.type("t.Color");
        EnumValue seven = EnumValue.of(color, 7);
        assertFalse(seven.isKnown());
        assertNull(seven.name());
        assertEquals("Color(7)", seven.toString());
        assertEquals(EnumValue.of(color, 1), EnumValue.of(color, "GREEN"));
        assertThrows(IllegalArgumentException.class, () -> EnumValue.of(color, "BLUE"));
        assertThrows(IllegalArgumentException.class, () -> EnumValue.of(color, -1));
    }
}
