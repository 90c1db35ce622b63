package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cser.compiler.diag.DiagnosticFormatter;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Schema;
import dev.cser.compiler.schema.SchemaFile;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.UnionType;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Schemas that must compile without errors, and what the linked model says about them. */
class ValidSchemaTest {
    private static final Path VALID = TestPaths.RESOURCES.resolve("valid");

    @TempDir
    Path dir;

    /** Compiles the files with the include directories, failing with the rendered errors if any. */
    private static Schema compile(List<Path> includeDirs, Path... files) {
        SchemaCompiler compiler = new SchemaCompiler(includeDirs);
        try {
            return compiler.compile(List.of(files));
        } catch (SchemaException e) {
            return fail("unexpected errors:\n" + new DiagnosticFormatter(compiler.sources()).formatAll(e.diagnostics()));
        }
    }

    /** Compiles one schema given as text. */
    private Schema compile(String text) throws IOException {
        Path file = dir.resolve("schema.cser");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return compile(List.of(), file);
    }

    private static <T extends Declaration> T declaration(Schema schema, String qualifiedName, Class<T> kind) {
        Declaration d = schema.declarations().get(qualifiedName);
        assertInstanceOf(kind, d, qualifiedName);
        return kind.cast(d);
    }

    private static Field field(MessageType message, String name) {
        return message.fields().stream().filter(f -> f.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no field " + name + " in " + message.name()));
    }

    // ---- imports -----------------------------------------------------------------------------

    private static Schema shapes() {
        return compile(List.of(VALID.resolve("include")), VALID.resolve("main/shapes.cser"));
    }

    @Test
    void importsResolveThroughIncludeDirectoriesAndTheSameFileImportedTwiceIsReadOnce() {
        Schema schema = shapes();
        assertEquals(List.of("app.shapes", "shared.geo"),
                schema.files().stream().map(SchemaFile::packageName).sorted().toList());
        assertTrue(schema.declarations().containsKey("shared.geo.Point"));
        SchemaFile geo = schema.files().stream().filter(f -> f.packageName().equals("shared.geo")).findFirst().orElseThrow();
        assertEquals("Shared geometry.", geo.doc());
        MessageType polygon = declaration(schema, "app.shapes.Polygon", MessageType.class);
        Type.ListType points = (Type.ListType) field(polygon, "points").type();
        assertEquals(schema.declarations().get("shared.geo.Point"), ((Type.NamedType) points.element()).declaration());
    }

    @Test
    void withoutTheIncludeDirectoryTheImportIsNotFound() {
        Path shapes = VALID.resolve("main/shapes.cser");
        SchemaException e = assertThrows(SchemaException.class,
                () -> new SchemaCompiler(List.of()).compile(List.of(shapes)));
        assertEquals(2, e.diagnostics().size(), "one per import line");
        assertEquals("import \"geo.cser\" not found (looked in " + shapes.getParent() + ")",
                e.diagnostics().get(0).message());
        assertEquals(4, e.diagnostics().get(0).location().line());
        assertEquals(8, e.diagnostics().get(0).location().column());
    }

    @Test
    void importsLookBesideTheImportingFileFirstThenInEachIncludeDirectoryInOrder() throws IOException {
        Path first = Files.createDirectories(dir.resolve("first"));
        Path second = Files.createDirectories(dir.resolve("second"));
        Files.writeString(first.resolve("lib.cser"), "package from.first;\nenum E { Z = 0; }\n");
        Files.writeString(second.resolve("lib.cser"), "package from.second;\nenum E { Z = 0; }\n");
        Path main = dir.resolve("main.cser");
        Files.writeString(main, "package app;\nimport \"lib.cser\";\n");

        assertTrue(compile(List.of(first, second), main).declarations().containsKey("from.first.E"));
        assertTrue(compile(List.of(second, first), main).declarations().containsKey("from.second.E"));

        Files.writeString(dir.resolve("lib.cser"), "package beside;\nenum E { Z = 0; }\n");
        assertTrue(compile(List.of(first, second), main).declarations().containsKey("beside.E"));
    }

    @Test
    void diamondImportsRelativePathsAndQualifiedNamesAcrossPackages() {
        Schema schema = compile(List.of(), VALID.resolve("diamond/app.cser"));
        assertEquals(4, schema.files().size(), "common.cser is read once however it is named");
        MessageType invoice = declaration(schema, "app.diamond.Invoice", MessageType.class);
        assertEquals("A diamond of imports: app -> left -> lib/common, app -> right -> lib/common, and\n"
                + "lib/common imported by app directly, twice.",
                schema.files().stream().filter(f -> f.path().endsWith("app.cser")).findFirst().orElseThrow().doc());
        assertEquals(List.of("app.left.Line", "app.diamond.Total", "shared.common.Money",
                        "map<shared.common.Unit, app.diamond.Total>"),
                invoice.fields().stream().map(f -> f.type().canonical()).toList());
        assertTrue(declaration(schema, "app.diamond.Total", MessageType.class).isStruct());
    }

    @Test
    void theSameFileNamedTwiceOnTheCommandLineIsReadOnce() {
        Path common = VALID.resolve("diamond/lib/common.cser");
        Schema schema = compile(List.of(), common, VALID.resolve("diamond/lib/../lib/common.cser"));
        assertEquals(1, schema.files().size());
    }

    // ---- declarations --------------------------------------------------------------------------

    @Test
    void typesMayBeUsedBeforeTheyAreDeclared() {
        MessageType drawing = declaration(shapes(), "app.shapes.Drawing", MessageType.class);
        assertEquals("map<app.shapes.Layer, list<app.shapes.Shape>>", field(drawing, "by_layer").type().canonical());
        Type.ListType shapesType = (Type.ListType) field(drawing, "shapes").type();
        assertInstanceOf(UnionType.class, ((Type.NamedType) shapesType.element()).declaration());
    }

    @Test
    void recursionThroughOptionalListMapAndUnionIsAccepted() throws IOException {
        Schema schema = compile("""
                package rec;
                record Linked { i32 value = 1; optional<Linked> next = 2; }
                record Tree { list<Tree> children = 1; }
                record Dir { map<string, Dir> entries = 1; map<string, optional<Dir>> links = 2; }
                union Expr { i64 literal = 1; Binary binary = 2; }
                struct Binary { Expr left = 1; Expr right = 2; }
                record Pair { Pair2 other = 1; }
                record Pair2 { optional<Pair> back = 1; }
                """);
        assertEquals(7, schema.declarations().size());
        assertEquals("literal", declaration(schema, "rec.Expr", UnionType.class).zeroVariant().name());
    }

    @Test
    void keywordLikeNamesAreFieldNames() throws IOException {
        MessageType keywords = declaration(compile("""
                package kw;
                record Keywords {
                  string type = 1;
                  string class = 2;
                  i32 record = 3;
                  map<string, i32> map = 4;
                  list<i32> list = 5;
                  optional<i32> optional = 6;
                  bool package = 7;
                  bool import = 8;
                  bool struct = 9;
                  bool enum = 10;
                  bool union = 11;
                  deprecated bool deprecated = 12;
                }
                union Choice { string record = 1; i32 map = 2; }
                """), "kw.Keywords", MessageType.class);
        assertEquals(List.of("type", "class", "record", "map", "list", "optional", "package", "import", "struct",
                "enum", "union", "deprecated"), keywords.fields().stream().map(Field::name).toList());
        assertEquals("map<string, i32>", field(keywords, "map").type().canonical());
        assertTrue(field(keywords, "deprecated").deprecated());
    }

    @Test
    void fieldsAreInIdOrderAndDeprecatedFieldsStay() throws IOException {
        MessageType m = declaration(compile("""
                package order;
                record M { string c = 3; deprecated i32 a = 1; bool b = 2; }
                """), "order.M", MessageType.class);
        assertEquals(List.of("a", "b", "c"), m.fields().stream().map(Field::name).toList());
        assertEquals(List.of(1, 2, 3), m.fields().stream().map(Field::id).toList());
        assertEquals(List.of(true, false, false), m.fields().stream().map(Field::deprecated).toList());
    }

    @Test
    void optionalSlotsCountOptionalFieldsInIdOrderIncludingDeprecatedOnes() throws IOException {
        MessageType m = declaration(compile("""
                package slots;
                struct S {
                  optional<string> last = 5;
                  i32 plain = 1;
                  optional<i32> first = 2;
                  deprecated optional<bool> old = 3;
                  list<optional<i32>> not_optional_itself = 4;
                  optional<list<i32>> after = 6;
                }
                """), "slots.S", MessageType.class);
        assertEquals(List.of(-1, 0, 1, -1, 2, 3), m.fields().stream().map(Field::optionalSlot).toList());
        assertEquals(4, m.optionalCount());
        assertEquals(2, field(m, "last").optionalSlot());
    }

    @Test
    void docCommentsAttachToWhatFollowsThem() throws IOException {
        Schema schema = compile("""
                /// The file.
                package docs;

                /// A colour.
                /// Second line.
                enum Color {
                  /// Nothing.
                  NONE = 0;
                  // an ordinary comment
                  RED = 1;
                }

                // not a doc comment
                /* nor this */
                record Plain {
                  ///   Indented text keeps its indentation after the first space.
                  deprecated i32 old = 1;
                  /** not a doc comment either */
                  i32 undocumented = 2;
                }

                union Pick {
                  /// The colour variant.
                  Color color = 1;
                  Plain plain = 2;
                }
                """);
        assertEquals("The file.", schema.files().get(0).doc());
        EnumType color = declaration(schema, "docs.Color", EnumType.class);
        assertEquals("A colour.\nSecond line.", color.doc());
        assertEquals(List.of("Nothing.", ""), color.members().stream().map(EnumType.Member::doc).toList());
        MessageType plain = declaration(schema, "docs.Plain", MessageType.class);
        assertEquals("", plain.doc());
        assertEquals("  Indented text keeps its indentation after the first space.", field(plain, "old").doc());
        assertEquals("", field(plain, "undocumented").doc());
        UnionType pick = declaration(schema, "docs.Pick", UnionType.class);
        assertEquals(List.of("The colour variant.", ""), pick.variants().stream().map(Field::doc).toList());
    }

    @Test
    void theZeroValueOfAUnionIsItsLowestIdVariantAndOfAnEnumItsZeroMember() throws IOException {
        Schema schema = compile("""
                package zero;
                union U { string text = 2; i32 number = 1; }
                enum E { ONE = 1; ZERO = 0; }
                """);
        assertEquals("number", declaration(schema, "zero.U", UnionType.class).zeroVariant().name());
        assertEquals("ZERO", declaration(schema, "zero.E", EnumType.class).zeroMember().name());
        assertEquals("branch", declaration(shapes(), "app.shapes.Tree", UnionType.class).zeroVariant().name());
    }

    @Test
    void boundaryValuesAndEmptyRecords() throws IOException {
        Schema schema = compile("""
                package bounds;
                record Empty {}
                enum Wide { ZERO = 0; MAX = 2147483647; }
                record Sparse { map<u64, bytes> by_id = 1; map<i8, Wide> by_small = 2; map<Wide, string> by_enum = 3; }
                """);
        assertEquals(List.of(), declaration(schema, "bounds.Empty", MessageType.class).fields());
        assertEquals(2147483647, declaration(schema, "bounds.Wide", EnumType.class).members().get(1).value());
    }

    @Test
    void aByteOrderMarkAndWindowsLineEndingsAreAccepted() throws IOException {
        Path file = dir.resolve("bom.cser");
        Files.writeString(file, "\uFEFF/// Doc.\r\npackage bom;\r\n/// A.\r\nrecord A {\r\n  i32 x = 1;\r\n}\r\n",
                StandardCharsets.UTF_8);
        Schema schema = compile(List.of(), file);
        assertEquals("A.", declaration(schema, "bom.A", MessageType.class).doc());
        assertEquals("Doc.", schema.files().get(0).doc());
    }

    // ---- the repository's example schemas --------------------------------------------------

    static Stream<Path> examples() throws IOException {
        try (Stream<Path> files = Files.list(TestPaths.EXAMPLES)) {
            return files.filter(p -> p.toString().endsWith(".cser")).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("examples")
    void everyExampleSchemaCompiles(Path example) {
        Schema schema = compile(List.of(), example);
        assertFalse(schema.declarations().isEmpty());
    }
}
