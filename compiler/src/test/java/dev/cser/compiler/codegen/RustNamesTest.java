package dev.cser.compiler.codegen;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.rust.RustGenerator;
import dev.cser.compiler.schema.Schema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Rust: the members that hold a record's unknown fields and the bytes of a record's or struct's
 * deprecated fields (SPEC §5.5.1, §12.2), and what they cost.
 */
class RustNamesTest {
    @TempDir
    Path dir;

    private String emit(String schema) throws Exception {
        Path file = dir.resolve("n.cser");
        Files.writeString(file, schema, StandardCharsets.UTF_8);
        Schema s = new SchemaCompiler(List.of()).compile(List.of(file));
        return new Emitter(new RustGenerator()).emit(s, GeneratorOptions.DEFAULT).stream()
                .filter(f -> f.relativePath().equals("n.rs")).findFirst().orElseThrow().content();
    }

    @Test
    void aFieldNamedLikeTheUnknownFieldsMemberGetsAnUnderscore() throws Exception {
        String rs = emit("package n;\nrecord R { string unknown_fields = 1; i32 unknown_fields_ = 2; }\n"
                + "struct S { bool unknown_fields = 1; }\n");
        assertTrue(rs.contains("    pub unknown_fields_: String,\n"), rs);
        assertTrue(rs.contains("    pub unknown_fields_2: i32,\n"), rs);
        assertTrue(rs.contains("    pub unknown_fields: ::cser::UnknownFields,\n"), rs);
        // The same rule in a struct, which has no unknown fields.
        assertTrue(rs.contains("    pub unknown_fields_: bool,\n"), rs);
        assertEquals(1, count(rs, "::cser::UnknownFields"), rs);
    }

    @Test
    void onlyARecordWithFreePresenceBitsWritesThem() throws Exception {
        // R's one presence byte has seven free bits; F's is full (eight slots); P has none; S is a struct.
        String rs = emit("package n;\nrecord R { string a = 1; optional<i32> b = 2; u32 c = 3; }\n"
                + "record F { optional<u8> a = 1; optional<u8> b = 2; optional<u8> c = 3; optional<u8> d = 4;"
                + " optional<u8> e = 5; optional<u8> f = 6; optional<u8> g = 7; optional<u8> h = 8; }\n"
                + "record P { string a = 1; }\n"
                + "struct S { optional<i32> a = 1; }\n");
        String r = item(rs, "R");
        assertEquals(1, count(r, "let presence_at = w.len();"), r);
        assertTrue(r.contains("w.write_unknown_fields(&self.unknown_fields, presence_at, 0xfe);"), r);
        // Kept where the body ends after the presence byte (before c), and at the end.
        assertEquals(2, count(r, "r.read_unknown_fields(presence & 0xfe, &mut self.unknown_fields);"), r);
        for (String name : List.of("F", "P")) {
            String m = item(rs, name);
            assertFalse(m.contains("presence_at"), m);
            assertTrue(m.contains("w.write_unknown_bytes(&self.unknown_fields);"), m);
            assertEquals(1, count(m, "r.read_unknown_bytes(&mut self.unknown_fields);"), m);
        }
        String s = item(rs, "S");
        assertFalse(s.contains("unknown"), s);
    }

    @Test
    void aFieldNamedLikeTheDeprecatedFieldsMemberGetsAnUnderscore() throws Exception {
        // In every record and struct, with deprecated fields or not: deprecating a field renames
        // no other.
        String rs = emit("package n;\nrecord R { string deprecated_fields = 1; deprecated i32 old = 2;"
                + " i32 deprecated_fields_ = 3; }\n"
                + "record P { bool deprecated_fields = 1; }\n"
                + "struct S { deprecated optional<i32> old = 1; u8 deprecated__fields = 2; }\n");
        String r = item(rs, "R");
        assertTrue(r.contains("    pub deprecated_fields_: String,\n"), r);
        assertTrue(r.contains("    pub deprecated_fields_3: i32,\n"), r);
        assertTrue(r.contains("    pub deprecated_fields: ::cser::DeprecatedFields,\n"), r);
        String p = item(rs, "P");
        assertTrue(p.contains("    pub deprecated_fields_: bool,\n"), p);
        assertFalse(p.contains("DeprecatedFields"), p);
        String s = item(rs, "S");
        assertTrue(s.contains("    pub deprecated_fields_: u8,\n"), s);
        assertTrue(s.contains("    pub deprecated_fields: ::cser::DeprecatedFields,\n"), s);
        assertEquals(2, count(rs, "pub deprecated_fields: ::cser::DeprecatedFields"), rs);
    }

    @Test
    void deprecatedFieldsAreReadAndWrittenByTheRuntimeUnderTheirIds() throws Exception {
        String rs = emit("package n;\nrecord R { string a = 1; deprecated string b = 2;"
                + " deprecated optional<i64> c = 3; optional<u8> d = 4; }\n"
                + "record Q { string a = 1; }\n");
        String r = item(rs, "R");
        // A non-optional one is its zero value when nothing is kept; an optional one is absent,
        // its presence bit set when it keeps bytes.
        assertTrue(r.contains("w.write_deprecated(&self.deprecated_fields, 2, &[0x00]);"), r);
        assertTrue(r.contains("w.write_deprecated(&self.deprecated_fields, 3, &[]);"), r);
        assertTrue(r.contains("self.deprecated_fields.contains(3),\n"), r);
        assertTrue(r.contains("r.read_deprecated(2, &[0x00], &mut self.deprecated_fields, |r| r.read_string())"), r);
        assertTrue(r.contains("r.read_deprecated(3, &[], &mut self.deprecated_fields, |r| r.read_i64())"), r);
        assertFalse(r.contains("write_raw"), r);
        assertFalse(item(rs, "Q").contains("deprecated_fields"), rs);
    }

    @Test
    void aVariantNamedLikeTheUnknownVariantTakesItsId() throws Exception {
        String rs = emit("package n;\nrecord R { string s = 1; }\n"
                + "union U { string text = 1; bool b = 2; R unknown = 3; i32 unknown_ = 4; }\n");
        int start = rs.indexOf("pub enum U {");
        String u = rs.substring(start, rs.indexOf("impl ::cser::Message for U {", start));
        // unknown -> Unknown3 (Unknown is the variant of an unknown tag, SPEC §5.7); unknown_,
        // also Unknown in PascalCase, takes its id too.
        assertTrue(u.contains("    Unknown3(R),\n"), u);
        assertTrue(u.contains("    Unknown4(i32),\n"), u);
        assertTrue(u.contains("    Unknown(::cser::UnknownVariant),\n"), u);
        assertTrue(u.contains("U::Unknown3(_) => 3,"), u);
        assertTrue(u.contains("U::Unknown(value) => value.tag(),"), u);
        // A record variant is read as a record; any other in a payload; an unknown tag kept.
        assertTrue(u.contains("3 => R::read_nested(r).map(U::Unknown3),"), u);
        assertTrue(u.contains("1 => r.read_payload(|r| r.read_string()).map(U::Text),"), u);
        assertTrue(u.contains("4 => r.read_payload(|r| r.read_i32()).map(U::Unknown4),"), u);
        assertTrue(u.contains("_ => r.read_unknown_variant(tag).map(U::Unknown),"), u);
        assertTrue(u.contains("U::Unknown(value) => w.write_unknown_payload(value, 4),"), u);
        assertEquals(3, count(u, "w.write_payload(|w| {"), u);
    }

    /** The text of one type's struct and impl blocks. */
    private static String item(String rs, String name) {
        int start = rs.indexOf("pub struct " + name + " {");
        int end = rs.indexOf("impl ::cser::Message for " + name + " {", start);
        return rs.substring(start, end);
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }
}
