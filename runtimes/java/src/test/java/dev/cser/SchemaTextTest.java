package dev.cser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** SPEC §8.1's grammar: what {@link SchemaText#parse} reads, and that nothing else gets past it. */
class SchemaTextTest {
    static final String MEDIA = """
            union a.b.Event{1:a.b.Image shot;2:string note;}
            struct a.b.Image{1:f64 x;2:f64 y;}
            record a.b.Media{1:string uri;2:optional<string> title;3:list<a.b.Image> images;4!:i32 old;\
            5:map<string, a.b.Player> players;6:a.b.Event last;}
            enum a.b.Player{JAVA=0;FLASH=1;}
            """;

    @Test
    void readsTheSpecExample() {
        SchemaText t = SchemaText.parse(MEDIA);
        assertEquals(List.of("a.b.Event", "a.b.Image", "a.b.Media", "a.b.Player"), List.copyOf(t.types().keySet()));
        SchemaText.Type media = t.types().get("a.b.Media");
        assertEquals(SchemaText.Kind.RECORD, media.kind());
        assertEquals(6, media.members().size());
        assertTrue(media.members().get(3).deprecated());
        assertEquals("map<string, a.b.Player>", media.members().get(4).type().spelling());
        assertEquals(new SchemaText.EnumMember("FLASH", 1), t.types().get("a.b.Player").enumMembers().get(1));
        assertEquals(MEDIA, t.text());
    }

    @Test
    void errorsSayLineAndColumn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SchemaText.parse("record a.R{1:i32 x;}\nrecord a.S{1:a.Int y;}\n"));
        assertEquals("bad schema text at line 2, column 14: type a.Int is used but has no line", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> SchemaText.parse("record a.R{2:i32 x;}\n"));
        assertEquals("bad schema text at line 1, column 12: expected id 1", e.getMessage());
    }

    /** §2.1: 32 levels of lists, maps and optionals are a valid type, 33 are not. */
    @Test
    void nestingUpTo32Levels() {
        String deepest = "list<".repeat(32) + "i32" + ">".repeat(32);
        assertEquals(deepest, SchemaText.parse("record a.R{1:" + deepest + " x;}\n").types().get("a.R").members().get(0)
                .type().spelling());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SchemaText.parse("record a.R{1:list<" + deepest + "> x;}\n"));
        assertEquals("bad schema text at line 1, column " + (13 + 5 * 32 + 1) + ": a type nested more than 32 levels",
                e.getMessage());
    }

    /** Random edits of valid texts: each is read or rejected with the documented error, never anything else. */
    @Test
    void mutatedTextsAreReadOrRejectedCleanly() {
        Random rng = new Random(42);
        String[] seeds = {MEDIA, "enum a.E{A=0;B=7;}\n", "union a.U{1:list<map<u64, optional<bytes>>> x;2:a.U y;}\n"};
        String alphabet = "{}<>;:!=, .\n0123456789abxyzAZ_-";
        int accepted = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder s = new StringBuilder(seeds[rng.nextInt(seeds.length)]);
            for (int edits = 1 + rng.nextInt(3); edits > 0 && s.length() > 0; edits--) {
                int at = rng.nextInt(s.length());
                switch (rng.nextInt(4)) {
                    case 0 -> s.setCharAt(at, alphabet.charAt(rng.nextInt(alphabet.length())));
                    case 1 -> s.insert(at, alphabet.charAt(rng.nextInt(alphabet.length())));
                    case 2 -> s.deleteCharAt(at);
                    default -> s.insert(at, s.substring(at, Math.min(s.length(), at + rng.nextInt(20))));
                }
            }
            try {
                SchemaText.parse(s.toString());
                accepted++;
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().startsWith("bad schema text at line "), e.getMessage());
            }
        }
        assertTrue(accepted > 100, accepted + " accepted");
    }

    /** A chain of 20,000 types: read and compared with loops, not recursion (the stack stays small). */
    @Test
    void longChainsNeedNoStack() {
        StringBuilder w = new StringBuilder();
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            w.append(String.format("record a.T%05d{1:%s next;}\n", i, i + 1 < n ? String.format("list<a.T%05d>", i + 1)
                    : "i32"));
        }
        String writer = w.toString();
        String reader = writer.replace("{1:i32 next;}", "{1:i64 next;}").replace("a.T19999{1:i64", "a.T19999{1:u32");
        assertEquals("field 'next' (id 1) of a.T19999: i32 in the writer's schema, u32 in the reader's",
                SchemaCompat.difference(SchemaText.parse(writer), SchemaText.parse(reader), "a.T00000").orElseThrow());
    }
}
