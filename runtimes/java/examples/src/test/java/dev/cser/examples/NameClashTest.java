package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cser.CserDecodeException;
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
        Holder h = new Holder().setValue(v).setClass("c").setCodec("k").setTag(3).setEncode("e").setIsSet(true)
                .setSelf("me").setFrom("f").setAsync("a").setR("r").setW("w").setMsg("m");
        Holder back = Holder.decode(h.encode());
        assertEquals(h, back);
        assertEquals("c", back.getClass_());
        assertEquals(true, back.isSet());
        assertEquals(v, back.getValue());
    }
}
