package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.Schema;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SPEC §8 and §8.1: the canonical text of a root type and the two stream-header numbers. */
class CanonicalTextTest {
    @TempDir
    Path dir;

    /** The types Media reaches, in another package; the order in the file is not the canonical one. */
    private static final String MEDIA_TYPES = """
            package c.d;

            enum Player { FLASH = 1; JAVA = 0; }

            /// A point of an image.
            struct Image { f64 y = 2; f64 x = 1; }

            record NotReached { i32 x = 1; }
            """;

    private static final String MEDIA = """
            /// Media, using types of package c.d.
            package a.b;
            import "types.cser";

            record Media {
              string uri = 1;
              optional<string> title = 2;
              list<c.d.Image> images = 3;
              deprecated i32 old = 4;
              map<string, c.d.Player> players = 5;
              Event last = 6;
            }

            union Event { string note = 2; c.d.Image shot = 1; }

            record Unrelated { Media media = 1; }
            """;

    private static final String MEDIA_CANONICAL = """
            union a.b.Event{1:c.d.Image shot;2:string note;}
            record a.b.Media{1:string uri;2:optional<string> title;3:list<c.d.Image> images;4!:i32 old;\
            5:map<string, c.d.Player> players;6:a.b.Event last;}
            struct c.d.Image{1:f64 x;2:f64 y;}
            enum c.d.Player{JAVA=0;FLASH=1;}
            """;

    /** Compiles {@code media} (importing {@code types}) in a fresh directory and returns the declaration. */
    private Declaration compile(String media, String types, String root) throws Exception {
        Path here = Files.createTempDirectory(dir, "schema");
        Files.writeString(here.resolve("types.cser"), types, StandardCharsets.UTF_8);
        Files.writeString(here.resolve("media.cser"), media, StandardCharsets.UTF_8);
        Schema schema = new SchemaCompiler(List.of()).compile(List.of(here.resolve("media.cser")));
        return schema.declarations().get(root);
    }

    private long mediaFingerprint(String media, String types) throws Exception {
        return CanonicalText.fingerprint(compile(media, types, "a.b.Media"));
    }

    /** The first 8 bytes of SHA-256, read little-endian: computed here without the compiler. */
    private static long sha256First8(String text) throws Exception {
        byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        return ByteBuffer.wrap(hash, 0, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
    }

    @Test
    void exactTextAcrossTwoPackages() throws Exception {
        assertEquals(MEDIA_CANONICAL, CanonicalText.of(compile(MEDIA, MEDIA_TYPES, "a.b.Media")));
        assertEquals("struct c.d.Image{1:f64 x;2:f64 y;}\n", CanonicalText.of(compile(MEDIA, MEDIA_TYPES, "c.d.Image")));
        // Lines sort by qualified name, not by keyword: the root is not first.
        assertEquals("""
                union a.b.Event{1:c.d.Image shot;2:string note;}
                record a.b.Media{1:string uri;2:optional<string> title;3:list<c.d.Image> images;4!:i32 old;\
                5:map<string, c.d.Player> players;6:a.b.Event last;}
                record a.b.Unrelated{1:a.b.Media media;}
                struct c.d.Image{1:f64 x;2:f64 y;}
                enum c.d.Player{JAVA=0;FLASH=1;}
                """, CanonicalText.of(compile(MEDIA, MEDIA_TYPES, "a.b.Unrelated")));
    }

    @Test
    void theExampleOfTheSpecification() throws Exception {
        Path file = dir.resolve("spec.cser");
        Files.writeString(file, """
                package a.b;
                record Media { string uri = 1; optional<string> title = 2; list<Image> images = 3;
                  deprecated i32 old = 4; map<string, Player> players = 5; Event last = 6; }
                struct Image { f64 x = 1; f64 y = 2; }
                enum Player { JAVA = 0; FLASH = 1; }
                union Event { Image shot = 1; string note = 2; }
                """, StandardCharsets.UTF_8);
        Declaration media = new SchemaCompiler(List.of()).compile(List.of(file)).declarations().get("a.b.Media");
        assertEquals("""
                union a.b.Event{1:a.b.Image shot;2:string note;}
                struct a.b.Image{1:f64 x;2:f64 y;}
                record a.b.Media{1:string uri;2:optional<string> title;3:list<a.b.Image> images;4!:i32 old;\
                5:map<string, a.b.Player> players;6:a.b.Event last;}
                enum a.b.Player{JAVA=0;FLASH=1;}
                """, CanonicalText.of(media));
    }

    @Test
    void fingerprintIsTheHashOfTheCanonicalText() throws Exception {
        assertEquals(sha256First8(MEDIA_CANONICAL), mediaFingerprint(MEDIA, MEDIA_TYPES));
    }

    @Test
    void layoutCommentsAndUnreachedTypesDoNotChangeTheFingerprint() throws Exception {
        long base = mediaFingerprint(MEDIA, MEDIA_TYPES);
        String reordered = """
                package a.b;   import "types.cser";
                // Event first this time, and no doc comments.
                union Event {
                    c.d.Image shot = 1;
                    string note = 2;
                }
                record Unrelated { Media media = 1; i64 more = 2; }
                record Media { map<string, c.d.Player> players = 5; Event last = 6;
                  string uri = 1; optional<string> title = 2; list<c.d.Image> images = 3; deprecated i32 old = 4; }
                """;
        String typesChanged = MEDIA_TYPES.replace("/// A point of an image.\n", "/* moved */")
                .replace("record NotReached { i32 x = 1; }", "record NotReached { i32 x = 1; string y = 2; }");
        assertEquals(base, mediaFingerprint(reordered, typesChanged));
    }

    @Test
    void anyChangeToAReachedTypeChangesTheFingerprint() throws Exception {
        long base = mediaFingerprint(MEDIA, MEDIA_TYPES);
        String appended = MEDIA.replace("Event last = 6;", "Event last = 6;\n  bool extra = 7;");
        assertNotEquals(base, mediaFingerprint(appended, MEDIA_TYPES));
        String renamed = MEDIA.replace("string uri = 1;", "string url = 1;");
        assertNotEquals(base, mediaFingerprint(renamed, MEDIA_TYPES));
        String deprecated = MEDIA.replace("string uri = 1;", "deprecated string uri = 1;");
        assertNotEquals(base, mediaFingerprint(deprecated, MEDIA_TYPES));
        String memberAdded = MEDIA_TYPES.replace("JAVA = 0;", "JAVA = 0; HTML = 2;");
        assertNotEquals(base, mediaFingerprint(MEDIA, memberAdded));
    }

    @Test
    void typeIdIsTheFirstEightBytesOfTheQualifiedNamesSha256LittleEndian() throws Exception {
        assertEquals(sha256First8("a.b.Media"), CanonicalText.typeId(compile(MEDIA, MEDIA_TYPES, "a.b.Media")));
        assertEquals(sha256First8("c.d.Image"), CanonicalText.typeId(compile(MEDIA, MEDIA_TYPES, "c.d.Image")));
    }

    /** SPEC §13.16 gives both numbers of the stream of spec.examples.Reading. */
    @Test
    void theNumbersOfTheSpecificationsStreamExample() throws Exception {
        Schema schema = new SchemaCompiler(List.of())
                .compile(List.of(TestPaths.EXAMPLES.resolve("spec_examples.cser")));
        Declaration reading = schema.declarations().get("spec.examples.Reading");
        assertEquals("""
                record spec.examples.Reading{1:u32 sensor;2:i32 value;3:spec.examples.Unit unit;4!:string label;\
                5:optional<map<string, i32>> tags;}
                enum spec.examples.Unit{CELSIUS=0;KELVIN=1;}
                """, CanonicalText.of(reading));
        assertEquals(0x51fc411e632cc32eL, CanonicalText.typeId(reading));
        assertEquals(0x44a5282252a00f73L, CanonicalText.fingerprint(reading));
    }
}
