package dev.cser.compiler.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.CserStreamReader;
import dev.cser.CserStreamWriter;
import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.TestPaths;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Schema;
import dev.cser.UnknownFields;
import dev.cser.UnknownVariant;
import dev.cser.dynamic.DecodeTrace;
import dev.cser.dynamic.DynamicCodec;
import dev.cser.dynamic.DynamicJson;
import dev.cser.dynamic.DynamicRecord;
import dev.cser.dynamic.DynamicSchema;
import dev.cser.dynamic.DynamicStream;
import dev.cser.dynamic.DynamicValue;
import dev.cser.dynamic.FieldDescriptor;
import dev.cser.dynamic.MessageDescriptor;
import dev.cser.dynamic.RootDescriptor;
import dev.cser.dynamic.ValueType;
import dev.cser.dynamic.VariantDescriptor;
import dev.cser.json.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DynamicSchemasTest {
    private static final Path SPEC_EXAMPLES = TestPaths.EXAMPLES.resolve("spec_examples.cser");

    /** SPEC §13.16's stream of two Readings, byte for byte. */
    private static final String READINGS = "4353455202" + "2ec32c631e41fc51" + "730fa0522228a544"
            + "05" + "0705010000" + "0a" + "ac022a00000101016102";

    @Test
    void writesAndReadsTheStreamOfSpec13_16WithNoGeneratedCode() throws Exception {
        DynamicSchema schema = DynamicSchemas.load(List.of(SPEC_EXAMPLES), List.of());
        RootDescriptor reading = schema.root("spec.examples.Reading");
        assertEquals(0x51fc411e632cc32eL, reading.typeId());
        assertEquals(0x44a5282252a00f73L, reading.fingerprint());
        DynamicCodec codec = DynamicCodec.of(reading);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CserStreamWriter<DynamicValue> w = new CserStreamWriter<>(out, codec)) {
            w.write(DynamicJson.read("{\"sensor\":7,\"value\":-3,\"unit\":\"KELVIN\"}", reading));
            w.write(DynamicJson.read("{\"sensor\":300,\"value\":21,\"unit\":\"CELSIUS\",\"tags\":[[\"a\",1]]}", reading));
        }
        assertEquals(READINGS, HexFormat.of().formatHex(out.toByteArray()));

        try (DynamicStream s = DynamicStream.open(new ByteArrayInputStream(out.toByteArray()), schema)) {
            assertEquals(reading, s.type());
            assertTrue(s.fingerprintMatches());
            CserStreamReader<DynamicValue> records = s.records();
            assertEquals("{\"sensor\":7,\"value\":-3,\"unit\":\"KELVIN\",\"tags\":null}",
                    DynamicJson.write(records.read(), false));
            assertEquals(300, ((DynamicRecord) records.read()).get("sensor"));
            assertNull(records.read());
        }
    }

    @Test
    void takesEveryWireFactFromTheLinkedModel() throws Exception {
        List<Path> files;
        try (Stream<Path> list = Files.list(TestPaths.EXAMPLES)) {
            files = list.filter(p -> p.toString().endsWith(".cser")).sorted().toList();
        }
        SchemaCompiler compiler = new SchemaCompiler(List.of(TestPaths.EXAMPLES));
        Schema linked = compiler.compile(files);
        DynamicSchema schema = DynamicSchemas.from(linked);
        assertEquals(linked.declarations().size(), schema.types().size());
        int optionals = 0;
        for (Declaration d : linked.allDeclarations()) {
            if (!(d instanceof MessageType m)) {
                continue;
            }
            MessageDescriptor md = (MessageDescriptor) schema.root(m.qualifiedName());
            assertEquals(m.isStruct(), md.isStruct());
            assertEquals(m.unknownPresenceMask(), md.unknownPresenceMask(), m.qualifiedName());
            assertEquals(CanonicalText.fingerprint(m), md.fingerprint());
            for (int i = 0; i < m.fields().size(); i++) {
                Field f = m.fields().get(i);
                FieldDescriptor fd = md.fields().get(i);
                assertEquals(f.name(), fd.name());
                assertEquals(f.type().canonical(), fd.type().schemaText());
                assertEquals(f.deprecated(), fd.deprecated());
                if (f.isOptional()) {
                    optionals++;
                    assertEquals(f.presenceMask(), fd.presence().mask());
                    assertEquals(f.presenceGroup(), fd.presence().group());
                    assertEquals(f.startsPresenceGroup(), fd.presence().startsGroup());
                }
            }
        }
        assertTrue(optionals > 8, "the examples have optional fields past one presence byte");
    }

    /**
     * Over every positive conformance vector, the pieces a {@link DecodeTrace} reports tile the
     * message: each byte belongs to exactly one, in order (what an annotated dump relies on).
     */
    @Test
    void aDecodeTraceCoversEveryByteOfEveryVectorOnce() throws Exception {
        Path root = TestPaths.REPOSITORY;
        Map<String, DynamicSchema> schemas = new HashMap<>();
        int checked = 0;
        try (Stream<Path> files = Files.list(root.resolve("conformance/vectors"))) {
            for (Path file : files.filter(p -> p.toString().endsWith(".jsonl")).sorted().toList()) {
                for (String line : Files.readAllLines(file)) {
                    Map<?, ?> v = (Map<?, ?>) Json.parse(line);
                    if (!List.of("example", "read").contains(v.get("mode"))) {
                        continue;
                    }
                    Path schemaFile = root.resolve((String) v.get("schema"));
                    DynamicSchema schema = schemas.computeIfAbsent(schemaFile.toString(), k -> load(schemaFile));
                    byte[] bytes = HexFormat.of().parseHex((String) v.get("hex"));
                    Tiles tiles = new Tiles();
                    DynamicCodec.of(schema.root((String) v.get("type"))).decode(bytes, tiles);
                    assertEquals(bytes.length, tiles.end, v.get("name") + ": the pieces end where the message does");
                    checked++;
                }
            }
        }
        assertTrue(checked > 300, "vectors checked: " + checked);
    }

    private static DynamicSchema load(Path file) {
        try {
            return DynamicSchemas.load(List.of(file), List.of(file.getParent()));
        } catch (SchemaException e) {
            throw new AssertionError(file + " does not compile", e);
        }
    }

    /** Checks that each piece starts where the previous one ended. */
    private static final class Tiles implements DecodeTrace {
        int end;

        private void piece(String path, int offset, int size) {
            assertEquals(end, offset, path + " starts where the piece before it ended");
            assertTrue(size > 0, path + " has bytes");
            end = offset + size;
        }

        @Override
        public void value(String path, int offset, int size, ValueType type, Object value) {
            piece(path, offset, size);
        }

        @Override
        public void length(String path, int offset, int size, int length) {
            piece(path, offset, size);
        }

        @Override
        public void presence(String path, int offset, int bits) {
            piece(path, offset, 1);
        }

        @Override
        public void count(String path, int offset, int size, int count) {
            piece(path, offset, size);
        }

        @Override
        public void tag(String path, int offset, int size, int tag, VariantDescriptor variant) {
            piece(path, offset, size);
        }

        @Override
        public void payload(String path, int offset, int size, int length) {
            piece(path, offset, size);
        }

        @Override
        public void unknownVariant(String path, int offset, int size, UnknownVariant variant) {
            piece(path, offset, size);
            end += variant.size();
        }

        @Override
        public void unknown(String path, int offset, UnknownFields fields) {
            assertEquals(end, offset, path + ": unknown fields start where the known ones end");
            end = offset + fields.size();
        }
    }

    @Test
    void aBadSchemaIsTheCompilersLocatedErrors(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.cser");
        Files.writeString(bad, "package p;\nrecord R { Missing m = 1; }\n");
        SchemaException e = assertThrows(SchemaException.class, () -> DynamicSchemas.load(List.of(bad), List.of()));
        assertEquals(1, e.diagnostics().size());
        assertTrue(e.diagnostics().get(0).toString().contains("Missing"), e.diagnostics().get(0).toString());
    }
}
