package dev.cser.compiler.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.diag.SchemaException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wire facts the linked model computes once for every target (SPEC §3, §4, §5.4): presence
 * groups and bits, zero-value bytes, tags and fixed-width runs.
 */
class WireFactsTest {
    @TempDir
    Path dir;

    private Schema compile(String text) throws IOException, SchemaException {
        Path file = dir.resolve("facts.cser");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return new SchemaCompiler(List.of()).compile(List.of(file));
    }

    private static List<String> names(List<Field> fields) {
        return fields.stream().map(Field::name).toList();
    }

    @Test
    void presenceGroupsTakeEightOptionalSlotsEachDeprecatedIncluded() throws Exception {
        Schema s = compile("""
                package t;
                record R {
                  optional<i32> a = 1; string plain = 2; optional<i32> b = 3; deprecated optional<i32> c = 4;
                  optional<i32> d = 5; optional<i32> e = 6; optional<i32> f = 7; optional<i32> g = 8;
                  optional<i32> h = 9; optional<string> i = 10; bool flag = 11;
                }
                """);
        MessageType r = (MessageType) s.declarations().get("t.R");
        List<PresenceGroup> groups = r.presenceGroups();
        assertEquals(2, groups.size());
        assertEquals(List.of("a", "b", "c", "d", "e", "f", "g", "h"), names(groups.get(0).slots()));
        assertEquals(8, groups.get(0).bitsUsed());
        assertEquals(List.of("a", "b", "d", "e", "f", "g", "h"), names(groups.get(0).liveSlots()));
        assertEquals(List.of("i"), names(groups.get(1).slots()));
        assertEquals(1, groups.get(1).bitsUsed());
        assertEquals("i", groups.get(1).first().name());

        Field a = r.fields().get(0);
        Field plain = r.fields().get(1);
        Field h = r.fields().get(8);
        Field i = r.fields().get(9);
        assertTrue(a.startsPresenceGroup());
        assertEquals(0, a.presenceGroup());
        assertEquals(0x01, a.presenceMask());
        assertEquals(0x80, h.presenceMask());
        assertFalse(h.startsPresenceGroup());
        assertTrue(i.startsPresenceGroup());
        assertEquals(1, i.presenceGroup());
        assertEquals(0x01, i.presenceMask());
        assertEquals(-1, plain.presenceGroup());
        assertEquals(0, plain.presenceMask());
        assertEquals(groups.get(1), r.presenceGroupStartingAt(i));
        assertNull(r.presenceGroupStartingAt(h));
        assertEquals(List.of(), ((MessageType) compile("package u; struct P { i32 x = 1; }")
                .declarations().get("u.P")).presenceGroups());
    }

    @Test
    void theLastPresenceByteOfARecordKeepsTheBitsItDoesNotKnow() throws Exception {
        Schema s = compile("""
                package t;
                record Three { optional<i32> a = 1; string s = 2; optional<i32> b = 3; deprecated optional<i32> c = 4; }
                record Eight {
                  optional<i32> a = 1; optional<i32> b = 2; optional<i32> c = 3; optional<i32> d = 4;
                  optional<i32> e = 5; optional<i32> f = 6; optional<i32> g = 7; optional<i32> h = 8;
                }
                record Nine {
                  optional<i32> a = 1; optional<i32> b = 2; optional<i32> c = 3; optional<i32> d = 4;
                  optional<i32> e = 5; optional<i32> f = 6; optional<i32> g = 7; optional<i32> h = 8;
                  optional<i32> i = 9;
                }
                record Plain { i32 x = 1; }
                struct Frozen { optional<i32> a = 1; }
                """);
        MessageType three = (MessageType) s.declarations().get("t.Three");
        assertEquals(0, three.extensiblePresenceGroup().index());
        assertEquals(0xF8, three.unknownPresenceMask());
        MessageType nine = (MessageType) s.declarations().get("t.Nine");
        assertEquals(1, nine.extensiblePresenceGroup().index());
        assertEquals(0xFE, nine.unknownPresenceMask());
        for (String full : List.of("t.Eight", "t.Plain", "t.Frozen")) {
            MessageType m = (MessageType) s.declarations().get(full);
            assertNull(m.extensiblePresenceGroup(), full);
            assertEquals(0, m.unknownPresenceMask(), full);
        }
    }

    @Test
    void zeroBytesAreTheZeroValueAsItStandsInABody() throws Exception {
        Schema s = compile("""
                package t;
                struct P { f64 x = 1; optional<i32> y = 2; bool b = 3; }
                record R { string s = 1; P p = 2; list<i32> l = 3; }
                enum E { A = 0; B = 1; }
                union U { R r = 1; string text = 2; }
                record Holder {
                  i64 n = 1; f32 f = 2; P p = 3; R r = 4; E e = 5; U u = 6; optional<R> o = 7;
                  map<string, i32> m = 8; bytes data = 9;
                }
                """);
        List<Field> f = ((MessageType) s.declarations().get("t.Holder")).fields();
        assertArrayEquals(bytes(0x00), f.get(0).zeroBytes());
        assertArrayEquals(bytes(0, 0, 0, 0), f.get(1).zeroBytes());
        // A struct: its fields back to back (the presence byte before y, y absent), no length.
        assertArrayEquals(bytes(0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x00), f.get(2).zeroBytes());
        // A record: its body's length, then the body: "", then P's ten bytes, then an empty list.
        assertArrayEquals(bytes(12, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0x00, 0x00), f.get(3).zeroBytes());
        assertArrayEquals(bytes(0x00), f.get(4).zeroBytes());
        // A union: the tag of its zero variant (the lowest id), then that variant's zero value.
        byte[] u = f.get(5).zeroBytes();
        assertEquals(1, u[0]);
        assertEquals(14, u.length);
        assertArrayEquals(bytes(), f.get(6).zeroBytes());
        assertArrayEquals(bytes(0x00), f.get(7).zeroBytes());
        assertArrayEquals(bytes(0x00), f.get(8).zeroBytes());
    }

    @Test
    void aUnionsZeroBytesAreItsTagAndPayload() throws Exception {
        Schema s = compile("""
                package t;
                struct P { i32 x = 1; i32 y = 2; }
                record R { string s = 1; }
                union Text { string text = 1; R r = 2; }
                union Point { P p = 1; }
                union Rec { R r = 1; }
                union Outer { Text t = 1; }
                record Holder { Text a = 1; Point b = 2; Rec c = 3; Outer d = 4; }
                """);
        List<Field> f = ((MessageType) s.declarations().get("t.Holder")).fields();
        // A non-record variant: a payload length before its value (SPEC §5.7).
        assertArrayEquals(bytes(0x01, 0x01, 0x00), f.get(0).zeroBytes());
        assertArrayEquals(bytes(0x01, 0x02, 0x00, 0x00), f.get(1).zeroBytes());
        // A record variant: the record's own length is the payload's.
        assertArrayEquals(bytes(0x01, 0x01, 0x00), f.get(2).zeroBytes());
        // A union variant: its payload holds the inner union's tag and payload.
        assertArrayEquals(bytes(0x01, 0x03, 0x01, 0x01, 0x00), f.get(3).zeroBytes());
    }

    @Test
    void aVariantsTagIsTheVarintOfItsId() throws Exception {
        StringBuilder text = new StringBuilder("package t; union V {");
        for (int id = 1; id <= 200; id++) {
            text.append(" string v").append(id).append(" = ").append(id).append(';');
        }
        List<Field> variants = ((UnionType) compile(text.append(" }").toString()).declarations().get("t.V")).variants();
        assertArrayEquals(bytes(0x01), variants.get(0).tagBytes());
        assertArrayEquals(bytes(0x7F), variants.get(126).tagBytes());
        assertArrayEquals(bytes(0x80, 0x01), variants.get(127).tagBytes());
        assertArrayEquals(bytes(0xC8, 0x01), variants.get(199).tagBytes());
    }

    @Test
    void varintsAreMinimalLeb128() {
        assertArrayEquals(bytes(0x00), WireBytes.varint(0));
        assertArrayEquals(bytes(0x7F), WireBytes.varint(127));
        assertArrayEquals(bytes(0x80, 0x01), WireBytes.varint(128));
        assertArrayEquals(bytes(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01), WireBytes.varint(-1L));
    }

    @Test
    void fixedWidthRunsAreTwoOrMoreAdjacentFixedWidthFields() throws Exception {
        Schema s = compile("""
                package t;
                record R {
                  f64 x = 1; f64 y = 2; bool b = 3; i32 n = 4; u8 lone = 5; string s = 6;
                  f32 a = 7; optional<f32> o = 8; i8 c = 9; u8 d = 10; deprecated f64 old = 11; f64 e = 12;
                }
                """);
        List<FixedWidthRun> runs = ((MessageType) s.declarations().get("t.R")).fixedWidthRuns();
        assertEquals(2, runs.size());
        assertEquals(List.of("x", "y", "b"), names(runs.get(0).fields()));
        assertEquals(17, runs.get(0).width());
        assertEquals(8, runs.get(0).offsetOf(1));
        assertEquals(16, runs.get(0).offsetOf(2));
        assertEquals(List.of("c", "d"), names(runs.get(1).fields()));
        assertEquals(2, runs.get(1).width());
    }

    @Test
    void typeGraphFollowsFieldsVariantsAndCollections() throws Exception {
        Schema s = compile("""
                package t;
                record Tree { list<Tree> children = 1; map<string, f32> weights = 2; }
                record Chain { optional<Chain> next = 1; }
                union Expr { Lit lit = 1; Pair pair = 2; }
                record Lit { i64 v = 1; list<f32> w = 2; }
                record Pair { Expr left = 1; Expr right = 2; }
                record Forest { list<Tree> trees = 1; }
                record Old { deprecated map<string, f64> gone = 1; }
                record Num { f64 v = 1; optional<Pair> sum = 2; }
                """);
        Declaration tree = s.declarations().get("t.Tree");
        // Through collections and loops; a deprecated field holds nothing.
        assertEquals(Set.of("Tree", "Forest"), names(TypeGraph.holders(s.allDeclarations(), t -> t instanceof Type.MapType)));
        assertEquals(Set.of("Tree", "Forest", "Lit", "Expr", "Pair", "Num"), names(TypeGraph.holders(s.allDeclarations(),
                t -> t instanceof Type.PrimitiveType p && (p.kind() == Primitive.F64 || p.kind() == Primitive.F32))));
        assertFalse(TypeGraph.holdsInline(s.declarations().get("t.Lit"), tree));
        // Through a list a value is held elsewhere; through an optional or a variant it is inline.
        assertTrue(TypeGraph.holdsInline(s.declarations().get("t.Chain"), s.declarations().get("t.Chain")));
        assertTrue(TypeGraph.holdsInline(s.declarations().get("t.Expr"), s.declarations().get("t.Pair")));
    }

    private static Set<String> names(Set<Declaration> declarations) {
        return declarations.stream().map(Declaration::name).collect(java.util.stream.Collectors.toSet());
    }

    private static byte[] bytes(int... values) {
        byte[] out = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = (byte) values[i];
        }
        return out;
    }
}
