package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.CserDecodeException;
import dev.cser.UnknownFields;
import edge.unknown.Clash;
import edge.unknown.UnknownFields_;
import edge.names.Holder;
import edge.names.Object_;
import edge.names.Override_;
import edge.names.String_;
import edge.names.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * edge_names.cser uses names that clash with java.lang and with keywords; that its generated
 * code compiles at all is most of the test. This checks the renamed API round-trips.
 */
class NameClashTest {

    @Test
    void clashingNamesRoundTrip() throws CserDecodeException {
        Value v = new Value.List(List.of(
                new Value.String_("s"),
                new Value.Object_(new Object_(7, true)),
                new Value.Long_(-5L),
                new Value.Text(new String_("t")),
                new Value.Override_(Override_.SELF)));
        Holder h = new Holder().setValue(v).setClass_("c").setCodec("k").setTag(3).setEncode("e").setIsSet(true)
                .setSelf("me").setFrom("f").setAsync("a").setR("r").setW("w").setMsg("m");
        Holder back = Holder.decode(h.encode());
        assertEquals(h, back);
        assertEquals("c", back.getClass_());
        assertEquals(true, back.isSet());
        assertEquals(v, back.getValue());
    }

    @Test
    void fieldsNamedLikeTheUnknownFieldMembersGetAnUnderscore() throws CserDecodeException {
        // java_names.cser: optional<string> unknown_fields, bool clear_unknown_fields, string
        // has_unknown_fields; a record named UnknownFields.
        Clash c = new Clash().setUnknownFields_("mine").setClearUnknownFields(true).setHasUnknownFields("h");
        assertTrue(c.hasUnknownFields_());
        assertFalse(c.hasUnknownFields());
        assertEquals(UnknownFields.NONE, c.getUnknownFields());
        UnknownFields_ holder = new UnknownFields_().setValue(c);
        UnknownFields_ back = UnknownFields_.decode(holder.encode());
        assertEquals(holder, back);
        assertEquals("mine", back.getValue().getUnknownFields_());
        assertTrue(back.getValue().isClearUnknownFields());
        assertEquals("h", back.getValue().getHasUnknownFields());
        assertFalse(back.getValue().hasUnknownFields());

        // Clash's unknown_fields is slot 0 of its presence byte: slots 1-7 keep unknown bits.
        Clash withUnknown = new Clash().setUnknownFields(UnknownFields.of(0x02, new byte[] {0x7f}));
        Clash decoded = Clash.decode(withUnknown.encode());
        assertEquals(withUnknown, decoded);
        assertNull(decoded.getUnknownFields_());
        assertEquals(UnknownFields.of(0x02, new byte[] {0x7f}), decoded.getUnknownFields());
    }
}
