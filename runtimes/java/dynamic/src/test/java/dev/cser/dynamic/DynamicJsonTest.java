package dev.cser.dynamic;

import static dev.cser.dynamic.TestSchemas.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cser.CserDecodeException;
import dev.cser.json.JsonException;
import org.junit.jupiter.api.Test;

class DynamicJsonTest {
    private final DynamicSchema schema = TestSchemas.schema();
    private final MessageDescriptor contact = (MessageDescriptor) schema.root("t.Contact");
    private final MessageDescriptor bag = (MessageDescriptor) schema.root("t.Bag");

    @Test
    void writesCompactAndPrettyJson() {
        DynamicRecord c = new DynamicRecord(contact).set("name", "{\"a\": [1]}").set("age", -1);
        assertEquals("{\"name\":\"{\\\"a\\\": [1]}\",\"email\":null,\"age\":4294967295}", DynamicJson.write(c, false));
        assertEquals("""
                {
                  "name": "{\\"a\\": [1]}",
                  "email": null,
                  "age": 4294967295
                }""", DynamicJson.write(c, true));
        assertEquals("""
                {
                  "nums": [],
                  "tags": [],
                  "contacts": [],
                  "shape": {
                    "point": {
                      "x": 0.0,
                      "y": 0.0
                    }
                  }
                }""", DynamicJson.write(new DynamicRecord(bag), true));
    }

    @Test
    void readsJsonAsGeneratedCodeDoesErrorsIncluded() {
        DynamicValue v = DynamicJson.read("{\"tags\":[[\"a\",\"GREEN\"],[\"b\",7],[\"c\",null]],\"old\":\"ignored\","
                + "\"shape\":{\"label\":\"hi\"}}", bag);
        assertEquals("{\"nums\":[],\"tags\":[[\"a\",\"GREEN\"],[\"b\",7],[\"c\",null]],\"contacts\":[],"
                + "\"shape\":{\"label\":\"hi\"}}", DynamicJson.write(v, false));
        assertEquals("Contact.age: 4294967296 is out of range for u32",
                assertThrows(JsonException.class, () -> DynamicJson.read("{\"age\":4294967296}", contact)).getMessage());
        assertEquals("Contact.nick: no such field in t.Contact",
                assertThrows(JsonException.class, () -> DynamicJson.read("{\"nick\":1}", contact)).getMessage());
        assertEquals("Bag.tags[0][1]: no member \"BLUE\" in enum t.Color",
                assertThrows(JsonException.class, () -> DynamicJson.read("{\"tags\":[[\"a\",\"BLUE\"]]}", bag))
                        .getMessage());
        assertEquals("Bag.contacts[0].name: expected a string, got null",
                assertThrows(JsonException.class, () -> DynamicJson.read("{\"contacts\":[{\"name\":null}]}", bag))
                        .getMessage());
        assertThrows(JsonException.class, () -> DynamicJson.read("{\"shape\":{}}", bag));
    }

    @Test
    void unknownFieldsAreNotPartOfTheMapping() throws CserDecodeException {
        DynamicRecord r = (DynamicRecord) DynamicCodec.of(contact).decode(hex("0b 02416c 07 03614062 1e aabb"));
        String json = DynamicJson.write(r, false);
        assertEquals("{\"name\":\"Al\",\"email\":\"a@b\",\"age\":30}", json);
        assertFalse(((DynamicRecord) DynamicJson.read(json, contact)).hasUnknownFields());
    }
}
