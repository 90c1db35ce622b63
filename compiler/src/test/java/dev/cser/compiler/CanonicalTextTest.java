package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.Schema;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SPEC §8.1: the canonical text of a root type, and the two stream-header numbers. */
class CanonicalTextTest {
    @TempDir
    Path dir;

    private Declaration compile(String text, String root) throws Exception {
        Path file = dir.resolve("s" + Math.abs(text.hashCode()) + ".cser");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        Schema schema = new SchemaCompiler(List.of()).compile(List.of(file));
        return schema.declarations().get(root);
    }

    private static final String SCHEMA = """
            package a.b;
            /// Docs do not count.
            record Media { string uri = 1; optional<string> title = 2; list<Image> images = 3;
              deprecated i32 old = 4; map<string, Player> players = 5; Event last = 6; }
            struct Image { f64 x = 1; f64 y = 2; }
            enum Player { FLASH = 1; JAVA = 0; }
            union Event { Image shot = 1; string note = 2; }
            record Unrelated { i32 x = 1; }
            """;

    @Test
    void exactText() throws Exception {
        assertEquals("""
                union a.b.Event{1:a.b.Image shot;2:string note;}
                struct a.b.Image{1:f64 x;2:f64 y;}
                record a.b.Media{1:string uri;2:optional<string> title;3:list<a.b.Image> images;4!:i32 old;\
                5:map<string, a.b.Player> players;6:a.b.Event last;}
                enum a.b.Player{JAVA=0;FLASH=1;}
                """, CanonicalText.of(compile(SCHEMA, "a.b.Media")));
    }

    @Test
    void layoutAndDocsDoNotChangeTheFingerprintButAFieldDoes() throws Exception {
        long base = CanonicalText.fingerprint(compile(SCHEMA, "a.b.Media"));
        String reordered = SCHEMA.replace("/// Docs do not count.\n", "")
                .replace("record Unrelated { i32 x = 1; }", "")
                + "\n// moved\nrecord Unrelated {\n  i32 x = 1;\n}\n";
        assertEquals(base, CanonicalText.fingerprint(compile(reordered, "a.b.Media")));
        String appended = SCHEMA.replace("Event last = 6; }", "Event last = 6; bool extra = 7; }");
        assertNotEquals(base, CanonicalText.fingerprint(compile(appended, "a.b.Media")));
    }

    @Test
    void typeIdIsTheFirstEightBytesOfTheNamesSha256LittleEndian() throws Exception {
        byte[] hash = MessageDigest.getInstance("SHA-256").digest("a.b.Media".getBytes(StandardCharsets.UTF_8));
        long expected = 0;
        for (int i = 0; i < 8; i++) {
            expected |= (hash[i] & 0xFFL) << (8 * i);
        }
        assertEquals(expected, CanonicalText.typeId(compile(SCHEMA, "a.b.Media")));
    }

}
