package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import bench.employee.Employee;
import bench.employee.Staff;
import bench.empty.EmptyDataRecord;
import bench.media.MediaContent;
import chem.MoleculeSet;
import dev.cser.json.Json;
import dev.cser.json.JsonException;
import edge.cases.BinOp;
import edge.cases.Collections;
import edge.cases.Color;
import edge.cases.EvolvedV2;
import edge.cases.Expr;
import edge.cases.Keywords;
import edge.cases.Lit;
import edge.cases.Node;
import edge.cases.Sample;
import edge.cases.Scalars;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The JSON mapping of values (SPEC §11) in the code generated with {@code cserc --json}: round
 * trips of every workload and edge value, the exact text of the values whose form the spec
 * pins down, and error messages with field paths.
 */
class JsonMappingTest {
    /** value → toJson → text → parse → fromJson; checks equality and that the bytes match. */
    private static Object roundTrip(Object value) throws Exception {
        Class<?> type = schemaClass(value);
        String text = Json.write(value.getClass().getMethod("toJson").invoke(value));
        Object back = type.getMethod("fromJson", Object.class).invoke(null, Json.parse(text));
        byte[] bytes = (byte[]) value.getClass().getMethod("encode").invoke(value);
        byte[] backBytes = (byte[]) back.getClass().getMethod("encode").invoke(back);
        assertArrayEquals(bytes, backBytes, text);
        // And the JSON text is stable.
        assertEquals(text, Json.write(back.getClass().getMethod("toJson").invoke(back)));
        return back;
    }

    private static Class<?> schemaClass(Object value) {
        Class<?> c = value.getClass();
        Class<?> outer = c.getEnclosingClass();
        return outer != null && outer.isInterface() ? outer : c;
    }

    private static List<Object> values() {
        List<Object> v = new ArrayList<>();
        v.add(Workloads.emptyDataSet(3));
        v.add(new EmptyDataRecord());
        v.add(Workloads.employee(17));
        v.add(new Staff(new ArrayList<>(List.of(Workloads.employee(0), Workloads.employee(1)))));
        for (int n = 0; n < 12; n++) {
            v.add(SakaiData.entity(n));
        }
        v.add(Workloads.message(12345));
        v.add(Workloads.ethanol());
        v.add(new MoleculeSet(new ArrayList<>(List.of(Workloads.ethanol(), new chem.Molecule()))));
        v.add(Workloads.mediaContent());
        v.add(new Scalars());
        v.add(new Scalars().setI8Value(Byte.MIN_VALUE).setI16Value(Short.MIN_VALUE)
                .setI32Value(Integer.MIN_VALUE).setI64Value(Long.MIN_VALUE)
                .setF32Value(Float.NEGATIVE_INFINITY).setF64Value(-0.0)
                .setText("a\u00e9\u20ac\uD83D\uDE00\"\\\n\u0000"));
        v.add(new Scalars().setB(true).setI8Value(Byte.MAX_VALUE).setI16Value(Short.MAX_VALUE)
                .setI32Value(Integer.MAX_VALUE).setI64Value(Long.MAX_VALUE)
                .setU8Value((byte) -1).setU16Value((short) -1).setU32Value(-1).setU64Value(-1L)
                .setF32Value(Float.MAX_VALUE).setF64Value(Double.MAX_VALUE)
                .setData(new byte[] {0, -1, -128}).setColor(Color.BLUE));
        v.add(new Scalars().setF32Value(Float.MIN_VALUE).setF64Value(Double.MIN_VALUE));
        v.add(new Scalars().setF32Value(0.1f).setF64Value(0.1));
        v.add(new Scalars().setColor(Color.forNumber(77)));
        v.add(new Collections());
        v.add(new Collections().setMaybeNames(new ArrayList<>()).setMaybeMap(new LinkedHashMap<>()));
        v.add(fullCollections());
        v.add(new Sample(1.0, null, Color.GREEN));
        v.add(new Sample(1.0, 2.5, Color.GREEN));
        v.add(new Node().setLabel("root").setChildren(new ArrayList<>(List.of(new Node().setLabel("c"))))
                .setNext(new Node().setLabel("n")));
        v.add(EdgeValues.binaryExpression());
        v.add(EdgeValues.holder());
        v.add(new Keywords("t", "c", 3, true, "i", -6, "f", "n"));
        v.add(new EvolvedV2("widget", "new", new ArrayList<>(List.of("a", "b")), new Sample(-1.5, 0.0, Color.RED)));
        return v;
    }

    /** The vectors' full Collections, with more values: NaN, the smallest i64, 0.1f. */
    private static Collections fullCollections() {
        return EdgeValues.fullCollections()
                .setBig(new long[] {-1L, 0L, Long.MIN_VALUE})
                .setDoubles(new double[] {1.5, -0.0, Double.POSITIVE_INFINITY, Double.NaN})
                .setBlobs(new ArrayList<>(List.of(new byte[0], new byte[] {1, 2}, new byte[] {1, 2, 3, 4})))
                .setFloats(new float[] {Float.MIN_NORMAL, 0.1f, Float.NaN});
    }

    @Test
    void everyValueRoundTrips() throws Exception {
        for (Object value : values()) {
            Object back = roundTrip(value);
            if (!(value instanceof Collections)) { // Collections holds NaN, which equals() tells apart
                assertEquals(value, back, value.toString().length() > 300 ? value.getClass().getName() : value.toString());
            }
        }
    }

    @Test
    void exactTextOfScalars() {
        Scalars s = new Scalars().setU64Value(-1L).setU32Value(-1).setU16Value((short) -1).setU8Value((byte) -1)
                .setI64Value(Long.MIN_VALUE).setF64Value(-0.0).setF32Value(0.1f).setData(new byte[] {0, -1, -128})
                .setColor(Color.forNumber(77)).setText("é\n");
        assertEquals("{\"b\":false,\"i8_value\":0,\"i16_value\":0,\"i32_value\":0,\"i64_value\":-9223372036854775808,"
                + "\"u8_value\":255,\"u16_value\":65535,\"u32_value\":4294967295,\"u64_value\":18446744073709551615,"
                + "\"f32_value\":0.10000000149011612,\"f64_value\":-0.0,\"text\":\"é\\n\",\"data\":\"AP+A\","
                + "\"color\":77}", Json.write(s.toJson()));
        assertEquals("\"NaN\"", field(new Scalars().setF64Value(Double.longBitsToDouble(0xfff8_0000_0000_0001L)), "f64_value"));
        assertEquals("\"Infinity\"", field(new Scalars().setF32Value(Float.POSITIVE_INFINITY), "f32_value"));
        assertEquals("\"-Infinity\"", field(new Scalars().setF64Value(Double.NEGATIVE_INFINITY), "f64_value"));
        assertEquals("\"BLUE\"", field(new Scalars().setColor(Color.BLUE), "color"));
    }

    private static String field(Scalars s, String name) {
        return Json.write(((Map<?, ?>) s.toJson()).get(name));
    }

    @Test
    void nanComesBackCanonical() {
        Scalars s = Scalars.fromJson(Json.parse("{\"f32_value\":\"NaN\",\"f64_value\":\"NaN\"}"));
        assertEquals(0x7fc00000, Float.floatToRawIntBits(s.getF32Value()));
        assertEquals(0x7ff8000000000000L, Double.doubleToRawLongBits(s.getF64Value()));
    }

    @Test
    void exactTextOfContainersAndUnions() {
        Map<Long, String> byId = new LinkedHashMap<>();
        byId.put(2L, "b");
        byId.put(-1L, "a");
        Map<String, Integer> sparseMap = new LinkedHashMap<>();
        sparseMap.put("x", null);
        Collections c = new Collections().setById(byId).setSparse(new ArrayList<>(java.util.Arrays.asList("s", null)))
                .setSparseMap(sparseMap).setOpt2(5).setFloats(new float[] {1.5f});
        String text = Json.write(c.toJson());
        assertEquals("{\"ints\":[],\"big\":[],\"doubles\":[],\"flags\":[],\"names\":[],\"blobs\":[],"
                + "\"by_id\":[[2,\"b\"],[-1,\"a\"]],\"by_color\":[],\"maybe_names\":null,\"maybe_map\":null,"
                + "\"sparse\":[\"s\",null],\"sparse_map\":[[\"x\",null]],\"matrix\":[],\"scalars\":null,\"colors\":[],"
                + "\"floats\":[1.5],\"opt1\":null,\"opt2\":5,\"opt3\":null,\"opt4\":null,\"opt5\":null,\"opt6\":null,"
                + "\"opt7\":null,\"opt8\":null,\"opt9\":null}", text);
        Expr e = new Expr.Bin(new BinOp("+", new Expr.Name("x"), new Expr.Lit(new Lit(-1))));
        assertEquals("{\"bin\":{\"op\":\"+\",\"left\":{\"name\":\"x\"},\"right\":{\"lit\":{\"value\":-1}}}}",
                Json.write(e.toJson()));
        assertEquals(e, Expr.fromJson(Json.parse(Json.write(e.toJson()))));
    }

    @Test
    void deprecatedFieldsAreLeftOutAndIgnored() {
        EvolvedV2 v = new EvolvedV2().setName("w");
        assertEquals("{\"name\":\"w\",\"note\":null,\"tags\":[],\"sample\":{\"x\":0.0,\"y\":null,\"color\":\"RED\"}}",
                Json.write(v.toJson()));
        assertEquals(v, EvolvedV2.fromJson(Json.parse("{\"name\":\"w\",\"count\":\"whatever\"}")));
    }

    @Test
    void missingFieldsTakeZeroValuesAndEnumsTakeNumbers() {
        assertEquals(new Scalars(), Scalars.fromJson(Json.parse("{}")));
        assertEquals(new Expr.Lit(new Lit()), Expr.fromJson(Json.parse("{\"lit\":{}}")));
        assertEquals(Color.BLUE, Scalars.fromJson(Json.parse("{\"color\":2}")).getColor());
        assertEquals(Color.forNumber(2147483647), Scalars.fromJson(Json.parse("{\"color\":2147483647}")).getColor());
        assertNull(Collections.fromJson(Json.parse("{\"opt1\":null}")).getOpt1());
    }

    @Test
    void errorsNameTheFieldPath() {
        assertError("MediaContent.images[1].width: 4294967296 is out of range for i32", () -> MediaContent.fromJson(
                Json.parse("{\"images\":[{},{\"width\":4294967296}]}")));
        assertError("Employee.salary: 1.5 is not an integer (i32)",
                () -> Employee.fromJson(Json.parse("{\"salary\":1.5}")));
        assertError("Employee.bogus: no such field in bench.employee.Employee",
                () -> Employee.fromJson(Json.parse("{\"bogus\":1}")));
        assertError("expected an object for Employee, got an array", () -> Employee.fromJson(Json.parse("[]")));
        assertError("Scalars.u64_value: 18446744073709551616 is out of range for u64",
                () -> Scalars.fromJson(Json.parse("{\"u64_value\":18446744073709551616}")));
        assertError("Scalars.u8_value: -1 is out of range for u8",
                () -> Scalars.fromJson(Json.parse("{\"u8_value\":-1}")));
        assertError("Scalars.f32_value: 1e39 is out of range for f32",
                () -> Scalars.fromJson(Json.parse("{\"f32_value\":1e39}")));
        assertError("Scalars.data: bad base64: not canonical padded base64",
                () -> Scalars.fromJson(Json.parse("{\"data\":\"AP+\"}")));
        assertError("Scalars.color: no member \"PURPLE\" in enum edge.cases.Color",
                () -> Scalars.fromJson(Json.parse("{\"color\":\"PURPLE\"}")));
        assertError("Scalars.color: 2147483648 is out of range for enum edge.cases.Color",
                () -> Scalars.fromJson(Json.parse("{\"color\":2147483648}")));
        assertError("Scalars.text: expected a string, got null", () -> Scalars.fromJson(Json.parse("{\"text\":null}")));
        assertError("Collections.by_id[1]: duplicate map key 1",
                () -> Collections.fromJson(Json.parse("{\"by_id\":[[1,\"a\"],[1,\"b\"]]}")));
        assertError("Collections.by_color[0][1][0]: expected a string, got 3",
                () -> Collections.fromJson(Json.parse("{\"by_color\":[[\"RED\",[3]]]}")));
        assertError("BinOp.left.bin.right.lit.value: expected an integer (i64), got \"x\"".replace("\"x\"", "the string \"x\""),
                () -> BinOp.fromJson(Json.parse(
                        "{\"left\":{\"bin\":{\"right\":{\"lit\":{\"value\":\"x\"}}}}}")));
        assertError("Expr.nope: no such variant in union edge.cases.Expr",
                () -> Expr.fromJson(Json.parse("{\"nope\":1}")));
        assertError("expected an object with exactly one key (the variant of union Expr), got 2 keys",
                () -> Expr.fromJson(Json.parse("{\"lit\":{},\"name\":\"x\"}")));
    }

    private static void assertError(String message, Runnable r) {
        JsonException e = assertThrows(JsonException.class, r::run);
        assertEquals(message, e.getMessage());
    }

    @Test
    void deepJsonFailsCleanly() {
        // A chain of 500 nodes parses and converts; encoding then hits the depth limit of 64.
        String deep = "{\"label\":\"x\",\"next\":".repeat(500) + "{}" + "}".repeat(500);
        Node n = Node.fromJson(Json.parse(deep));
        assertThrows(dev.cser.CserEncodeException.class, n::encode);
        String tooDeep = "{\"label\":\"x\",\"next\":".repeat(2000) + "{}" + "}".repeat(2000);
        assertThrows(JsonException.class, () -> Json.parse(tooDeep));
    }
}
