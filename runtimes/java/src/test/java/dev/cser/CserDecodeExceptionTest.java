package dev.cser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class CserDecodeExceptionTest {

    @Test
    void carriesKindOffsetAndReason() {
        CserDecodeException e = new CserDecodeException(DecodeErrorKind.BAD_BOOL, "bool byte 2", 17);
        assertEquals(DecodeErrorKind.BAD_BOOL, e.kind());
        assertEquals(17, e.offset());
        assertEquals("bool byte 2", e.reason());
        assertEquals("", e.path());
        assertEquals("BAD_BOOL: bool byte 2 at offset 17", e.getMessage());
        assertTrue(e instanceof IOException);
    }

    @Test
    void pathIsBuiltWhileUnwinding() {
        CserDecodeException e = new CserDecodeException(DecodeErrorKind.BAD_UTF8, "invalid UTF-8", 99);
        // Innermost first, as generated decoders unwind.
        assertSame(e, e.pushField("Person.name"));
        assertSame(e, e.pushIndex(1));
        e.pushField("Media.persons");
        e.pushField("MediaContent.media");
        assertEquals("MediaContent.media.persons[1].name", e.path());
        assertEquals("BAD_UTF8: invalid UTF-8 at offset 99 in MediaContent.media.persons[1].name", e.getMessage());
    }

    @Test
    void outermostSegmentKeepsItsTypeName() {
        CserDecodeException e = new CserDecodeException(DecodeErrorKind.TRUNCATED, "x", 0);
        e.pushIndex(1).pushField("Media.persons");
        assertEquals("Media.persons[1]", e.path());
        CserDecodeException q = new CserDecodeException(DecodeErrorKind.TRUNCATED, "x", 0);
        q.pushField("Inner.value").pushField("a.b.Outer.inner");
        assertEquals("a.b.Outer.inner.value", q.path());
    }

    @Test
    void mapKeysAndBareFieldNames() {
        CserDecodeException e = new CserDecodeException(DecodeErrorKind.OUT_OF_RANGE, "x", 0);
        e.pushField("count").pushKey("k\"1").pushField("Doc.tags").pushKey(7).pushField("Root.docs");
        assertEquals("Root.docs[7].tags[\"k\"1\"].count", e.path());
    }

    @Test
    void streamContextIsAppended() {
        CserDecodeException e = new CserDecodeException(DecodeErrorKind.TRUNCATED, "input ends", 3456);
        e.pushField("Text.text");
        e.setContext("record 12, frame at stream offset 3400");
        assertEquals("TRUNCATED: input ends at offset 3456 in Text.text (record 12, frame at stream offset 3400)",
                e.getMessage());
    }

    @Test
    void keepsAStackTraceByDefault() {
        assertTrue(new CserDecodeException(DecodeErrorKind.TRUNCATED, "x", 0).getStackTrace().length > 0);
    }
}
