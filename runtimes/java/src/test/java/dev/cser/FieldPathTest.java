package dev.cser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FieldPathTest {
    @Test
    void emptyUntilPushed() {
        FieldPath p = new FieldPath();
        assertTrue(p.isEmpty());
        assertEquals("", p.toString());
        p.pushIndex(0);
        assertFalse(p.isEmpty());
        assertEquals("[0]", p.toString());
    }

    @Test
    void joinsInnermostFirstKeepingOnlyTheOuterTypeName() {
        FieldPath p = new FieldPath();
        p.pushField("Person.name");
        p.pushIndex(1);
        p.pushField("Media.persons");
        p.pushField("MediaContent.media");
        assertEquals("MediaContent.media.persons[1].name", p.toString());
    }

    @Test
    void keysAreQuotedWhenStrings() {
        FieldPath p = new FieldPath();
        p.pushField("count");
        p.pushKey("k");
        p.pushField("Doc.tags");
        p.pushKey(7);
        p.pushField("pkg.Root.docs");
        assertEquals("pkg.Root.docs[7].tags[\"k\"].count", p.toString());
    }
}
