package dev.cser.compiler.codegen;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.codegen.python.PythonGenerator;
import dev.cser.compiler.schema.Schema;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Python names that would break the generated code are escaped, and clashes are avoided. */
class PythonNamesTest {
    @TempDir
    Path dir;

    private String emit(String schema) throws Exception {
        Path file = dir.resolve("n.cser");
        Files.writeString(file, schema, StandardCharsets.UTF_8);
        Schema s = new SchemaCompiler(List.of()).compile(List.of(file));
        List<GeneratedFile> files = new Emitter(new PythonGenerator()).emit(s, GeneratorOptions.DEFAULT);
        assertEquals(1, files.size());
        return files.get(0).content();
    }

    @Test
    void keywordsBuiltinsAndGeneratedMembersGetAnUnderscore() throws Exception {
        String py = emit("package n;\nrecord R { string class = 1; i32 list = 2; bool self = 3; string encode = 4;"
                + " string id = 5; }\n");
        assertTrue(py.contains("    class_: str\n"), py);
        assertTrue(py.contains("    list_: int\n"), py);
        assertTrue(py.contains("    self_: bool\n"), py);
        assertTrue(py.contains("    encode_: str\n"), py);
        // Names that break nothing are kept as written.
        assertTrue(py.contains("    id: str\n"), py);
        assertTrue(py.contains("__slots__ = (\"_cser_unknown\", \"class_\", \"encode_\", \"id\", \"list_\", \"self_\",)"),
                py);
    }

    @Test
    void fieldsNamedLikeTheUnknownFieldsApiGetAnUnderscore() throws Exception {
        // Every record has has_unknown_fields(), unknown_fields(), set_unknown_fields() and
        // clear_unknown_fields() (SPEC §12.3), and keeps them in the slot _cser_unknown.
        String py = emit("package n;\nrecord R { string unknown_fields = 1; bool has_unknown_fields = 2;"
                + " i32 set_unknown_fields = 3; i32 clear_unknown_fields = 4; }\nstruct S { i32 unknown_fields = 1; }\n");
        assertTrue(py.contains("    unknown_fields_: str\n"), py);
        assertTrue(py.contains("    has_unknown_fields_: bool\n"), py);
        assertTrue(py.contains("    set_unknown_fields_: int\n"), py);
        assertTrue(py.contains("    clear_unknown_fields_: int\n"), py);
        assertTrue(py.contains("__slots__ = (\"_cser_unknown\", \"clear_unknown_fields_\", \"has_unknown_fields_\","
                + " \"set_unknown_fields_\", \"unknown_fields_\",)"), py);
        assertTrue(py.contains("    def unknown_fields(self) -> _u.UnknownFields | None:\n"), py);
        // A struct never evolves: no unknown fields, no slot for them.
        assertTrue(py.contains("__slots__ = (\"unknown_fields_\",)"), py);
    }

    @Test
    void aRecordWithoutFieldsStillKeepsUnknownFields() throws Exception {
        String py = emit("package n;\nrecord E { }\n");
        assertTrue(py.contains("__slots__ = (\"_cser_unknown\",)"), py);
        assertTrue(py.contains("        return self._cser_unknown == other._cser_unknown\n"), py);
        assertTrue(py.contains("        return f\"E({_u.repr_suffix(self._cser_unknown, first=True)})\"\n"), py);
        assertTrue(py.contains("    ), -1, 0, ()),\n"), py);
    }

    @Test
    void aVariantClassNamedLikeADeclaredTypeGetsASuffix() throws Exception {
        String py = emit("package n;\nrecord UA { i32 x = 1; }\nunion U { string a = 1; UA b = 2; }\n");
        assertTrue(py.contains("class UAVariant(U):"), py);
        assertTrue(py.contains("class UB(U):"), py);
        assertTrue(py.contains("class UA:"), py);
    }

    @Test
    void aVariantNamedLikeTheUnknownVariantClassGetsItsId() throws Exception {
        // Every union has a subclass union + Unknown for an unknown variant (SPEC §5.7), named
        // before its variants: a variant `unknown` takes its id.
        String py = emit("package n;\nunion Expr { string name = 1; i32 count = 2; i32 unknown = 3; }\n");
        assertTrue(py.contains("class ExprUnknown(Expr):"), py);
        assertTrue(py.contains("class ExprUnknown_3(Expr):"), py);
        assertTrue(py.contains("    TAG: _t.ClassVar[int] = 3\n"), py);
        assertTrue(py.contains("    value: _u.UnknownVariant\n"), py);
        assertTrue(py.contains("(3, ExprUnknown_3, \"Expr.unknown\", _d.I32),"), py);
        assertTrue(py.contains("), ExprUnknown),"), py);
        assertTrue(py.contains("from cser import unknown as _u\n"), py);
    }

    @Test
    void anUnknownVariantClassNamedLikeADeclaredTypeGetsASuffix() throws Exception {
        String py = emit("package n;\nrecord UUnknown { i32 x = 1; }\nunion U { string a = 1; UUnknown b = 2; }\n");
        assertTrue(py.contains("class UUnknown:"), py);
        assertTrue(py.contains("class UUnknownVariant(U):"), py);
        assertTrue(py.contains("class UB(U):"), py);
    }

    @Test
    void aTypeNamedLikeAPythonBuiltinClassIsEscaped() throws Exception {
        // The generated from_json (--json) catches RecursionError; a class of that name (or of any
        // other capitalised builtin) would hide it in its module (found by the schema generator).
        String py = emit("package n;\nrecord ValueError { i32 x = 1; }\n"
                + "union RecursionError { ValueError v = 1; i32 i = 2; }\nenum Exception { A = 0; }\n");
        assertTrue(py.contains("class ValueError_:"), py);
        assertTrue(py.contains("class RecursionError_:"), py);
        assertTrue(py.contains("class Exception_(_enum.IntEnum):"), py);
    }

    @Test
    void aTypeNamedLikeAPythonKeywordIsEscaped() throws Exception {
        String py = emit("package n;\nrecord None { i32 x = 1; }\nrecord R { None o = 1; }\n");
        assertTrue(py.contains("class None_:"), py);
        assertTrue(py.contains("    o: None_\n"), py);
    }

    @Test
    void enumMembersTagAndTagUnderscoreStayTwoMembers() throws Exception {
        // An enum's class body defines no TAG (a variant class's does): escaping the member TAG
        // made it the member TAG_ as well (schemagen seeds 162 and 176; mypy: "Attempted to reuse
        // member name").
        String py = emit("package n;\nenum E { TAG = 0; TAG_ = 1; TAG__ = 2; }\n");
        assertTrue(py.contains("    TAG = 0\n"), py);
        assertTrue(py.contains("    TAG_ = 1\n"), py);
        assertTrue(py.contains("    TAG__ = 2\n"), py);
    }

    @Test
    void aTypeNamedFingerprintIsEscapedInsideEveryClassBody() throws Exception {
        // Every record, struct and union class defines FINGERPRINT: a field of a type of that
        // name would be annotated with the class attribute (as TAG in variant classes).
        String py = emit("package n;\nrecord FINGERPRINT { i32 x = 1; }\nrecord R { FINGERPRINT f = 1; }\n");
        assertTrue(py.contains("class FINGERPRINT_:"), py);
        assertTrue(py.contains("    f: FINGERPRINT_\n"), py);
    }
}
