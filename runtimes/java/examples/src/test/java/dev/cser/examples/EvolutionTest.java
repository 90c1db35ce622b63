package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.cser.CserDecodeException;
import edge.cases.Color;
import edge.cases.EvolvedV1;
import edge.cases.EvolvedV2;
import edge.cases.Sample;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * EvolvedV1 and EvolvedV2 are two versions of one record (V2 appends fields and deprecates one):
 * each reads the other's bytes (SPEC §9).
 */
class EvolutionTest {

    @Test
    void newReaderFillsZerosForFieldsAnOldWriterDidNotHave() throws CserDecodeException {
        byte[] old = new EvolvedV1().setName("widget").setCount(7).encode();
        EvolvedV2 v2 = EvolvedV2.decode(old);
        assertEquals("widget", v2.getName());
        assertNull(v2.getNote());
        assertEquals(List.of(), v2.getTags());
        assertEquals(new Sample(), v2.getSample());
    }

    @Test
    void oldReaderSkipsFieldsANewWriterAppended() throws CserDecodeException {
        EvolvedV2 v2 = new EvolvedV2().setName("widget").setNote("new")
                .setTags(new ArrayList<>(List.of("a", "b"))).setSample(new Sample().setX(2).setY(3.0).setColor(Color.BLUE));
        EvolvedV1 v1 = EvolvedV1.decode(v2.encode());
        assertEquals("widget", v1.getName());
        // The deprecated field is written as its zero value.
        assertEquals(0, v1.getCount());
    }

    @Test
    void deprecatedFieldStaysOnTheWire() throws CserDecodeException {
        byte[] bytes = new EvolvedV2().setName("x").encode();
        // length, name (01 78), count (00), presence byte (00), tags (00), sample: x (8 zeros), presence (00), color (00).
        assertEquals("0f 01 78 00 00 00" + " 00".repeat(8) + " 00 00", Hex.of(bytes));
        assertEquals(new EvolvedV2().setName("x"), EvolvedV2.decode(bytes));
    }
}
