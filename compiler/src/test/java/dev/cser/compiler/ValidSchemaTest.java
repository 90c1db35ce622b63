package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.UnionType;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Schemas that must compile, and what the linked model says about them. */
class ValidSchemaTest {
    private static final Path VALID = Path.of("src/test/resources/valid");

    private static Schema shapes() throws SchemaException {
        return new SchemaCompiler(List.of(VALID.resolve("include")))
                .compile(List.of(VALID.resolve("main/shapes.cser")));
    }

    @Test
    void importsResolveThroughIncludeDirectoriesAndOnlyOnce() throws SchemaException {
        Schema schema = shapes();
        assertEquals(2, schema.files().size());
        assertTrue(schema.declarations().containsKey("shared.geo.Point"));
        assertEquals("Shared geometry.", schema.files().stream()
                .filter(f -> f.packageName().equals("shared.geo")).findFirst().orElseThrow().doc());
    }

    @Test
    void withoutTheIncludeDirectoryTheImportIsNotFound() {
        SchemaException e = assertThrows(SchemaException.class,
                () -> new SchemaCompiler(List.of()).compile(List.of(VALID.resolve("main/shapes.cser"))));
        assertTrue(e.diagnostics().get(0).message().startsWith("import \"geo.cser\" not found"));
    }

    @Test
    void fieldsDocsSlotsAndForwardReferences() throws SchemaException {
        MessageType drawing = (MessageType) shapes().declarations().get("app.shapes.Drawing");
        assertEquals("A drawing: uses types before they are declared.", drawing.doc());
        List<Field> fields = drawing.fields();
        assertEquals(List.of("shapes", "by_layer", "next", "type", "class", "old", "title"),
                fields.stream().map(Field::name).toList());
        assertEquals("The shapes, in paint order.", fields.get(0).doc());
        assertEquals(0, fields.get(2).optionalSlot());
        assertEquals(1, fields.get(6).optionalSlot());
        assertEquals(-1, fields.get(0).optionalSlot());
        assertTrue(fields.get(5).deprecated());
        assertEquals("map<app.shapes.Layer, list<app.shapes.Shape>>", fields.get(1).type().canonical());
        Type.ListType shapesType = (Type.ListType) fields.get(0).type();
        assertTrue(((Type.NamedType) shapesType.element()).declaration() instanceof UnionType);
    }

    @Test
    void unionZeroVariantIsTheFirstFiniteOne() throws SchemaException {
        Schema schema = shapes();
        assertEquals("dot", ((UnionType) schema.declarations().get("app.shapes.Shape")).zeroVariant().name());
        assertEquals("leaf", ((UnionType) schema.declarations().get("app.shapes.Tree")).zeroVariant().name());
        assertEquals("BACK", ((EnumType) schema.declarations().get("app.shapes.Layer")).zeroMember().name());
    }

    @Test
    void everyExampleSchemaCompiles() throws SchemaException {
        Path examples = Path.of("../schema/examples");
        for (String name : List.of("empty_data", "employee", "sakai", "message", "molecule", "media", "edge_cases",
                "edge_names")) {
            Schema s = new SchemaCompiler(List.of()).compile(List.of(examples.resolve(name + ".cser")));
            assertTrue(!s.declarations().isEmpty(), name);
        }
    }
}
