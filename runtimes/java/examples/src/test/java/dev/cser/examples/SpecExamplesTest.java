package dev.cser.examples;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.cser.CserCodec;
import dev.cser.CserDecodeException;
import dev.cser.CserStreamReader;
import dev.cser.CserStreamWriter;
import dev.cser.DecodeErrorKind;
import dev.cser.UnknownFields;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import spec.examples.Account;
import spec.examples.BoolList;
import spec.examples.BoolValue;
import spec.examples.BytesValue;
import spec.examples.Circle;
import spec.examples.Color;
import spec.examples.ColorNames;
import spec.examples.ColorValue;
import spec.examples.Contact;
import spec.examples.Document;
import spec.examples.F32Value;
import spec.examples.F64List;
import spec.examples.F64Value;
import spec.examples.I16Value;
import spec.examples.I32List;
import spec.examples.I32Value;
import spec.examples.I64Value;
import spec.examples.I8Value;
import spec.examples.Line;
import spec.examples.Measure;
import spec.examples.OptionalScores;
import spec.examples.OptionalStrings;
import spec.examples.Pixel;
import spec.examples.Point3;
import spec.examples.Reading;
import spec.examples.Rect;
import spec.examples.Shape;
import spec.examples.Sparse9;
import spec.examples.Sprite;
import spec.examples.StringList;
import spec.examples.StringToI32;
import spec.examples.StringValue;
import spec.examples.TodoV1;
import spec.examples.TodoV2;
import spec.examples.U16Value;
import spec.examples.U32Value;
import spec.examples.U64Value;
import spec.examples.U8Value;
import spec.examples.Unit;

/**
 * The worked examples of SPEC.md §13, checked against the Java code generated from
 * schema/examples/spec_examples.cser. The test reads SPEC.md itself, so a byte changed in §13,
 * in the schema or in the Java encoder or decoder fails it.
 *
 * <p>§13.1 defines the blocks: a fenced block of §13 without an info string holds examples, each
 * starting with a line {@code KIND NAME: TEXT} (KIND one of example, read, reject, stream,
 * canonical, sha256) followed by lines whose leading hex bytes, up to two spaces, are the bytes.
 * The table below gives, for each NAME, the TEXT §13 must show (so the value written there is
 * the value checked here) and the Java value. Blocks tagged {@code cser} quote the schema file.
 */
class SpecExamplesTest {
    private static final Path SPEC = Path.of("../../../schema/SPEC.md");
    private static final Path SCHEMA = Path.of("../../../schema/examples/spec_examples.cser");

    /** How many blocks of each kind §13 holds, so that a parsing bug cannot skip some silently. */
    private static final Map<Kind, Integer> EXPECTED_COUNTS = Map.of(
            Kind.EXAMPLE, 103, Kind.READ, 2, Kind.REJECT, 31,
            Kind.STREAM, 1, Kind.CANONICAL, 1, Kind.SHA256, 2);

    enum Kind { EXAMPLE, READ, REJECT, STREAM, CANONICAL, SHA256 }

    /** One example as §13 writes it. */
    record Parsed(Kind kind, String name, String text, byte[] bytes, List<String> textLines, int line) {
        String where() {
            return "SPEC.md line " + line + " (" + kind.name().toLowerCase() + " " + name + ")";
        }
    }

    /** What this test expects of one example: the text after the name, and the Java side. */
    record Expected(Kind kind, String text, Object value) {}

    /** The input of a sha256 block: a literal string, or the text of a canonical block. */
    record Sha256Input(String literal, String canonicalBlock) {}

    private static final Pattern HEADER =
            Pattern.compile("^(example|read|reject|stream|canonical|sha256) ([a-z0-9_]+): (.+)$");
    private static final Pattern BYTES_LINE =
            Pattern.compile("^([0-9a-f]{2}(?: [0-9a-f]{2})*)(?:\\s*|\\s{2,}\\S.*)$");
    private static final Pattern REJECT_TEXT = Pattern.compile("^([A-Z][A-Za-z0-9]*) \\(([^)]+)\\)$");
    private static final Pattern TYPE_PREFIX = Pattern.compile("^([A-Z][A-Za-z0-9]*)");
    /** A record's unknown fields, last in its value (§13.1): {@code unknown(02; 02 01)}. */
    private static final Pattern UNKNOWN =
            Pattern.compile(", unknown\\(([0-9a-f]{2}); ((?:[0-9a-f]{2}(?: [0-9a-f]{2})*)?)\\)\\}$");
    private static final Pattern DECLARATION =
            Pattern.compile("(record|struct|enum|union) ([A-Z][A-Za-z0-9]*) \\{[^}]*\\}");

    private static final Map<String, Expected> EXPECTED = new LinkedHashMap<>();

    private static List<Parsed> parsed;
    private static List<String> cserSnippets;

    // ---- the table: one entry per example of §13, in the order of §13 --------------------------

    static {
        // 13.2 bool
        example("bool_false", "BoolValue{value: false}", new BoolValue().setValue(false));
        example("bool_true", "BoolValue{value: true}", new BoolValue().setValue(true));

        // 13.3 i8, u8
        example("i8_minus_1", "I8Value{value: -1}", new I8Value().setValue((byte) -1));
        example("i8_min", "I8Value{value: -128}", new I8Value().setValue(Byte.MIN_VALUE));
        example("i8_max", "I8Value{value: 127}", new I8Value().setValue(Byte.MAX_VALUE));
        example("u8_max", "U8Value{value: 255}", new U8Value().setValue((byte) 255));
        example("u8_128", "U8Value{value: 128}", new U8Value().setValue((byte) 128));

        // 13.4 zigzag
        example("i32_zero", "I32Value{value: 0}", new I32Value().setValue(0));
        example("i32_minus_1", "I32Value{value: -1}", new I32Value().setValue(-1));
        example("i32_1", "I32Value{value: 1}", new I32Value().setValue(1));
        example("i32_minus_64", "I32Value{value: -64}", new I32Value().setValue(-64));
        example("i32_64", "I32Value{value: 64}", new I32Value().setValue(64));
        example("i32_min", "I32Value{value: -2147483648}", new I32Value().setValue(Integer.MIN_VALUE));
        example("i32_max", "I32Value{value: 2147483647}", new I32Value().setValue(Integer.MAX_VALUE));
        example("i16_zero", "I16Value{value: 0}", new I16Value().setValue((short) 0));
        example("i16_minus_1", "I16Value{value: -1}", new I16Value().setValue((short) -1));
        example("i16_1", "I16Value{value: 1}", new I16Value().setValue((short) 1));
        example("i16_minus_64", "I16Value{value: -64}", new I16Value().setValue((short) -64));
        example("i16_64", "I16Value{value: 64}", new I16Value().setValue((short) 64));
        example("i16_min", "I16Value{value: -32768}", new I16Value().setValue(Short.MIN_VALUE));
        example("i16_max", "I16Value{value: 32767}", new I16Value().setValue(Short.MAX_VALUE));
        example("i64_zero", "I64Value{value: 0}", new I64Value().setValue(0));
        example("i64_minus_1", "I64Value{value: -1}", new I64Value().setValue(-1));
        example("i64_1", "I64Value{value: 1}", new I64Value().setValue(1));
        example("i64_minus_64", "I64Value{value: -64}", new I64Value().setValue(-64));
        example("i64_64", "I64Value{value: 64}", new I64Value().setValue(64));
        example("i64_min", "I64Value{value: -9223372036854775808}", new I64Value().setValue(Long.MIN_VALUE));
        example("i64_max", "I64Value{value: 9223372036854775807}", new I64Value().setValue(Long.MAX_VALUE));

        // 13.5 unsigned varints (Java holds the bit pattern in the signed type of the same width)
        example("u16_127", "U16Value{value: 127}", new U16Value().setValue((short) 127));
        example("u16_128", "U16Value{value: 128}", new U16Value().setValue((short) 128));
        example("u16_16383", "U16Value{value: 16383}", new U16Value().setValue((short) 16383));
        example("u16_16384", "U16Value{value: 16384}", new U16Value().setValue((short) 16384));
        example("u16_max", "U16Value{value: 65535}", new U16Value().setValue((short) 65535));
        example("u32_127", "U32Value{value: 127}", new U32Value().setValue(127));
        example("u32_128", "U32Value{value: 128}", new U32Value().setValue(128));
        example("u32_300", "U32Value{value: 300}", new U32Value().setValue(300));
        example("u32_16383", "U32Value{value: 16383}", new U32Value().setValue(16383));
        example("u32_16384", "U32Value{value: 16384}", new U32Value().setValue(16384));
        example("u32_max", "U32Value{value: 4294967295}", new U32Value().setValue((int) 4294967295L));
        example("u64_zero", "U64Value{value: 0}", new U64Value().setValue(0));
        example("u64_127", "U64Value{value: 127}", new U64Value().setValue(127));
        example("u64_128", "U64Value{value: 128}", new U64Value().setValue(128));
        example("u64_16383", "U64Value{value: 16383}", new U64Value().setValue(16383));
        example("u64_16384", "U64Value{value: 16384}", new U64Value().setValue(16384));
        example("u64_2_63", "U64Value{value: 9223372036854775808}",
                new U64Value().setValue(Long.parseUnsignedLong("9223372036854775808")));
        example("u64_max", "U64Value{value: 18446744073709551615}",
                new U64Value().setValue(Long.parseUnsignedLong("18446744073709551615")));

        // 13.6 floats
        example("f32_1_5", "F32Value{value: 1.5}", new F32Value().setValue(1.5f));
        example("f32_minus_zero", "F32Value{value: -0.0}", new F32Value().setValue(-0.0f));
        example("f32_nan", "F32Value{value: NaN}", new F32Value().setValue(Float.NaN));
        example("f32_nan_payload", "F32Value{value: NaN(bits 7fc00001)}",
                new F32Value().setValue(Float.intBitsToFloat(0x7fc00001)));
        example("f64_1_5", "F64Value{value: 1.5}", new F64Value().setValue(1.5));
        example("f64_minus_zero", "F64Value{value: -0.0}", new F64Value().setValue(-0.0));
        example("f64_nan", "F64Value{value: NaN}", new F64Value().setValue(Double.NaN));
        example("f64_nan_payload", "F64Value{value: NaN(bits fff8000000000001)}",
                new F64Value().setValue(Double.longBitsToDouble(0xfff8000000000001L)));
        example("f64_infinity", "F64Value{value: Infinity}", new F64Value().setValue(Double.POSITIVE_INFINITY));

        // 13.7 string, bytes
        example("string_empty", "StringValue{value: \"\"}", new StringValue().setValue(""));
        example("string_ascii", "StringValue{value: \"cser\"}", new StringValue().setValue("cser"));
        example("string_2_byte", "StringValue{value: \"\u00e9\"}", new StringValue().setValue("\u00e9"));
        example("string_4_byte", "StringValue{value: \"\ud83d\ude00\"}", new StringValue().setValue("\ud83d\ude00"));
        example("string_mixed", "StringValue{value: \"a\u00e9\u20ac\ud83d\ude00\"}",
                new StringValue().setValue("a\u00e9\u20ac\ud83d\ude00"));
        example("bytes_empty", "BytesValue{value: bytes()}", new BytesValue().setValue(new byte[0]));
        example("bytes_three", "BytesValue{value: bytes(00 ff 10)}",
                new BytesValue().setValue(new byte[] {0x00, (byte) 0xff, 0x10}));

        // 13.8 enum
        example("color_red", "ColorValue{value: RED}", new ColorValue().setValue(Color.RED));
        example("color_green", "ColorValue{value: GREEN}", new ColorValue().setValue(Color.GREEN));
        example("color_unknown", "ColorValue{value: Color(7)}", new ColorValue().setValue(Color.forNumber(7)));
        example("color_unknown_300", "ColorValue{value: Color(300)}", new ColorValue().setValue(Color.forNumber(300)));

        // 13.9 list, map
        example("strings", "StringList{value: [\"a\", \"\", \"bc\"]}", new StringList().setValue(list("a", "", "bc")));
        example("strings_empty", "StringList{value: []}", new StringList().setValue(list()));
        example("f64_list", "F64List{value: [1.5, -2.0]}", new F64List().setValue(new double[] {1.5, -2.0}));
        example("bool_list", "BoolList{value: [true, false, true]}",
                new BoolList().setValue(new boolean[] {true, false, true}));
        example("i32_list", "I32List{value: [1, -1, 300, -300]}", new I32List().setValue(new int[] {1, -1, 300, -300}));
        example("string_to_i32", "StringToI32{value: {\"b\": 1, \"a\": -1}}",
                new StringToI32().setValue(map("b", 1, "a", -1)));
        example("color_names", "ColorNames{value: {BLUE: \"b\", RED: \"r\"}}",
                new ColorNames().setValue(map(Color.BLUE, "b", Color.RED, "r")));

        // 13.10 record
        example("point", "Point3{x: 1, y: -2, z: 0}", new Point3().setX(1).setY(-2).setZ(0));
        example("point_zero", "Point3{}", new Point3());

        // 13.11 optional, presence bytes
        example("contact_absent", "Contact{name: \"Al\", email: null, age: null}", new Contact().setName("Al"));
        example("contact_email", "Contact{name: \"Al\", email: \"a@b\", age: null}",
                new Contact().setName("Al").setEmail("a@b"));
        example("contact_age", "Contact{name: \"Al\", email: null, age: 30}", new Contact().setName("Al").setAge(30));
        example("contact_both", "Contact{name: \"Al\", email: \"a@b\", age: 30}",
                new Contact().setName("Al").setEmail("a@b").setAge(30));
        example("sparse9_absent", "Sparse9{kind: 0, note: \"\"}", new Sparse9());
        example("sparse9", "Sparse9{kind: 1, s0: 10, s2: 12, s7: 17, note: \"n\", s8: 18}",
                new Sparse9().setKind((byte) 1).setS0((byte) 10).setS2((byte) 12).setS7((byte) 17)
                        .setNote("n").setS8((byte) 18));
        example("optional_strings", "OptionalStrings{value: [\"a\", null, \"b\"]}",
                new OptionalStrings().setValue(list("a", null, "b")));
        example("optional_strings_nine", "OptionalStrings{value: [null \u00d7 8, \"x\"]}",
                new OptionalStrings().setValue(list(null, null, null, null, null, null, null, null, "x")));
        example("optional_strings_sixteen_absent", "OptionalStrings{value: [null \u00d7 16]}",
                new OptionalStrings().setValue(new ArrayList<>(java.util.Collections.nCopies(16, (String) null))));
        example("optional_strings_empty", "OptionalStrings{value: []}", new OptionalStrings().setValue(list()));
        example("optional_scores", "OptionalScores{value: {\"a\": 1, \"b\": null}}",
                new OptionalScores().setValue(map("a", 1, "b", null)));

        // 13.12 nesting
        example("line", "Line{label: \"L\", start: Point3{x: 1, y: 2, z: 3}, end: Point3{}}",
                new Line().setLabel("L").setStart(new Point3().setX(1).setY(2).setZ(3)).setEnd(new Point3()));
        example("pixel", "Pixel{r: 255, g: 128, b: 0}", pixel(255, 128, 0));
        example("sprite", "Sprite{name: \"s\", color: Pixel{r: 1, g: 2, b: 3}, "
                        + "palette: [Pixel{r: 4, g: 5, b: 6}, Pixel{r: 7, g: 8, b: 9}]}",
                new Sprite().setName("s").setColor(pixel(1, 2, 3)).setPalette(list(pixel(4, 5, 6), pixel(7, 8, 9))));
        example("measure_absent", "Measure{value: 1.5, error: null}", new Measure().setValue(1.5f));
        example("measure_present", "Measure{value: 1.5, error: 300}",
                new Measure().setValue(1.5f).setError((short) 300));

        // 13.13 union
        example("shape_circle", "Shape.circle(Circle{radius: 1.0})", new Shape.Circle(new Circle().setRadius(1.0f)));
        example("shape_rect", "Shape.rect(Rect{w: 3, h: 4})",
                new Shape.Rect(new Rect().setW((short) 3).setH((short) 4)));
        example("shape_label", "Shape.label(\"hi\")", new Shape.Label("hi"));
        example("shape_unknown", "Shape.unknown(4; 02 6f 6b)", unknownShape(4, "02 6f 6b"));

        // 13.14 deprecated fields, evolution
        example("account", "Account{user: \"u\", logins: 5}", new Account().setUser("u").setLogins(5));
        read("account_old_writer", "Account{user: \"u\", logins: 5}", new Account().setUser("u").setLogins(5));
        example("todo_v1", "TodoV1{title: \"t\", note: null}", new TodoV1().setTitle("t"));
        read("todo_v1_read_by_v2", "TodoV2{title: \"t\", note: null, priority: null, done: false}",
                new TodoV2().setTitle("t"));
        example("todo_v2", "TodoV2{title: \"t\", note: \"n\", priority: 2, done: true}",
                new TodoV2().setTitle("t").setNote("n").setPriority((byte) 2).setDone(true));
        // §5.5.1: TodoV1 keeps what TodoV2 appended (presence bit 02, bytes 02 01) and writes it back.
        example("todo_v2_read_by_v1", "TodoV1{title: \"t\", note: \"n\", unknown(02; 02 01)}",
                new TodoV1().setTitle("t").setNote("n").setUnknownFields(UnknownFields.of(0x02, new byte[] {2, 1})));
        example("todo_v2_edited_by_v1", "TodoV1{title: \"t\", note: null, unknown(02; 02 01)}",
                new TodoV1().setTitle("t").setUnknownFields(UnknownFields.of(0x02, new byte[] {2, 1})));
        example("todo_v2_edited_read_by_v2", "TodoV2{title: \"t\", note: null, priority: 2, done: true}",
                new TodoV2().setTitle("t").setPriority((byte) 2).setDone(true));
        example("todo_v1_written_back", "TodoV1{title: \"t\", note: \"n\"}", new TodoV1().setTitle("t").setNote("n"));

        // 13.15 a body longer than 127 bytes
        example("document_130", "Document{text: \"a\" \u00d7 130}", new Document().setText("a".repeat(130)));

        // 13.16 a stream
        put("reading_canonical", new Expected(Kind.CANONICAL, "spec.examples.Reading", Reading.CODEC));
        sha256("reading_type_id", "the 21 bytes of UTF-8 \"spec.examples.Reading\"",
                new Sha256Input("spec.examples.Reading", null));
        sha256("reading_fingerprint", "the 177 bytes of the canonical text above, both lines ending in 0a",
                new Sha256Input(null, "reading_canonical"));
        put("readings", new Expected(Kind.STREAM,
                "Reading{sensor: 7, value: -3, unit: KELVIN}, "
                        + "Reading{sensor: 300, value: 21, unit: CELSIUS, tags: {\"a\": 1}}",
                List.of(new Reading().setSensor(7).setValue(-3).setUnit(Unit.KELVIN),
                        new Reading().setSensor(300).setValue(21).setUnit(Unit.CELSIUS).setTags(map("a", 1)))));

        // 13.17 rejected input
        reject("overlong_varint", "U32Value (overlong varint)", DecodeErrorKind.OVERLONG_VARINT);
        reject("varint_11_bytes", "U64Value (bad varint)", DecodeErrorKind.BAD_VARINT);
        reject("varint_above_u64", "U64Value (bad varint)", DecodeErrorKind.BAD_VARINT);
        reject("u16_out_of_range", "U16Value (out of range)", DecodeErrorKind.OUT_OF_RANGE);
        reject("i32_out_of_range", "I32Value (out of range)", DecodeErrorKind.OUT_OF_RANGE);
        reject("enum_out_of_range", "ColorValue (out of range)", DecodeErrorKind.OUT_OF_RANGE);
        reject("bool_two", "BoolValue (bad bool)", DecodeErrorKind.BAD_BOOL);
        reject("bool_list_two", "BoolList (bad bool)", DecodeErrorKind.BAD_BOOL);
        reject("f64_cut", "F64Value (truncated)", DecodeErrorKind.TRUNCATED);
        reject("record_cut_in_field", "Point3 (truncated)", DecodeErrorKind.TRUNCATED);
        reject("record_cut_message", "Point3 (length too large)", DecodeErrorKind.LENGTH_TOO_LARGE);
        reject("record_trailing_byte", "Point3 (trailing bytes)", DecodeErrorKind.TRAILING_BYTES);
        reject("struct_trailing_byte", "BoolValue (trailing bytes)", DecodeErrorKind.TRAILING_BYTES);
        reject("cesu_surrogate", "StringValue (bad UTF-8)", DecodeErrorKind.BAD_UTF8);
        reject("cesu_pair", "StringValue (bad UTF-8)", DecodeErrorKind.BAD_UTF8);
        reject("overlong_nul", "StringValue (bad UTF-8)", DecodeErrorKind.BAD_UTF8);
        reject("above_10ffff", "StringValue (bad UTF-8)", DecodeErrorKind.BAD_UTF8);
        reject("duplicate_string_key", "StringToI32 (duplicate map key)", DecodeErrorKind.DUPLICATE_MAP_KEY);
        reject("duplicate_enum_key", "ColorNames (duplicate map key)", DecodeErrorKind.DUPLICATE_MAP_KEY);
        reject("struct_presence", "Measure (bad presence)", DecodeErrorKind.BAD_PRESENCE);
        reject("list_presence", "OptionalStrings (bad presence)", DecodeErrorKind.BAD_PRESENCE);
        reject("map_presence", "OptionalScores (bad presence)", DecodeErrorKind.BAD_PRESENCE);
        reject("unknown_variant_too_long", "Shape (length too large)", DecodeErrorKind.LENGTH_TOO_LARGE);
        reject("union_payload_short", "Shape (truncated)", DecodeErrorKind.TRUNCATED);
        reject("union_payload_trailing", "Shape (trailing bytes)", DecodeErrorKind.TRAILING_BYTES);
        reject("union_tag_zero", "Shape (unknown union tag)", DecodeErrorKind.UNKNOWN_UNION_TAG);
        reject("huge_string", "StringValue (length too large)", DecodeErrorKind.LENGTH_TOO_LARGE);
        reject("huge_record", "Point3 (length too large)", DecodeErrorKind.LENGTH_TOO_LARGE);
        reject("huge_list", "StringList (length too large)", DecodeErrorKind.LENGTH_TOO_LARGE);
        reject("huge_packed_list", "F64List (length too large)", DecodeErrorKind.LENGTH_TOO_LARGE);
        reject("huge_optional_list", "OptionalStrings (length too large)", DecodeErrorKind.LENGTH_TOO_LARGE);
    }

    /**
     * A {@code Shape} holding an unknown variant: no program can build one, so it is decoded from
     * bytes made here from the tag and payload (SPEC §5.7), not from the example's bytes.
     */
    private static Shape unknownShape(int tag, String payloadHex) {
        byte[] payload = HexFormat.of().parseHex(payloadHex.replace(" ", ""));
        dev.cser.CserWriter w = new dev.cser.CserWriter();
        w.writeVarint32(tag);
        w.writeVarint32(payload.length);
        w.writeRaw(payload, 0, payload.length);
        try {
            Shape s = Shape.decode(w.toByteArray());
            Shape.Unknown u = (Shape.Unknown) s;
            assertEquals(tag, u.tag());
            assertEquals(payloadHex.replace(" ", ""), HexFormat.of().formatHex(u.value().payload()));
            return s;
        } catch (CserDecodeException e) {
            throw new AssertionError(e);
        }
    }

    private static void example(String name, String text, Object value) {
        put(name, new Expected(Kind.EXAMPLE, text, value));
    }

    private static void read(String name, String text, Object value) {
        put(name, new Expected(Kind.READ, text, value));
    }

    private static void reject(String name, String text, DecodeErrorKind kind) {
        put(name, new Expected(Kind.REJECT, text, kind));
    }

    private static void sha256(String name, String text, Sha256Input input) {
        put(name, new Expected(Kind.SHA256, text, input));
    }

    private static void put(String name, Expected e) {
        if (EXPECTED.put(name, e) != null) {
            throw new IllegalStateException("two expectations named " + name);
        }
    }

    @SafeVarargs
    private static <T> List<T> list(T... elements) {
        List<T> out = new ArrayList<>(elements.length);
        for (T e : elements) {
            out.add(e);
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static <K, V> Map<K, V> map(Object... keysAndValues) {
        Map<K, V> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((K) keysAndValues[i], (V) keysAndValues[i + 1]);
        }
        return m;
    }

    private static Pixel pixel(int r, int g, int b) {
        return new Pixel().setR((byte) r).setG((byte) g).setB((byte) b);
    }

    // ---- parsing §13 ---------------------------------------------------------------------------

    @BeforeAll
    static void parseSpec() throws IOException {
        List<String> lines = Files.readAllLines(SPEC, UTF_8);
        int start = -1;
        int end = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("## 13. ")) {
                start = i;
            } else if (lines.get(i).startsWith("## 14. ")) {
                end = i;
            }
        }
        assertTrue(start >= 0 && end > start, "SPEC.md has no §13 followed by §14");
        parsed = new ArrayList<>();
        cserSnippets = new ArrayList<>();
        for (int i = start + 1; i < end; i++) {
            String line = lines.get(i);
            if (!line.startsWith("```")) {
                continue;
            }
            String info = line.substring(3).trim();
            int close = i + 1;
            while (close < end && !lines.get(close).equals("```")) {
                close++;
            }
            assertTrue(close < end, "unclosed fence at SPEC.md line " + (i + 1));
            List<String> body = lines.subList(i + 1, close);
            if (info.equals("cser")) {
                cserSnippets.add(String.join("\n", body));
            } else if (info.isEmpty()) {
                parseBlock(body, i + 2);
            } else {
                fail("unexpected fence info '" + info + "' at SPEC.md line " + (i + 1));
            }
            i = close;
        }
    }

    /** Parses a block of examples; {@code firstLine} is the 1-based line number of body line 0. */
    private static void parseBlock(List<String> body, int firstLine) {
        Kind kind = null;
        String name = null;
        String text = null;
        int headerLine = 0;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        List<String> textLines = new ArrayList<>();
        for (int k = 0; k <= body.size(); k++) {
            String line = k < body.size() ? body.get(k) : null;
            Matcher header = line == null ? null : HEADER.matcher(line);
            if (line == null || header.matches()) {
                if (kind != null) {
                    parsed.add(new Parsed(kind, name, text, bytes.toByteArray(), List.copyOf(textLines), headerLine));
                }
                if (line == null) {
                    break;
                }
                kind = Kind.valueOf(header.group(1).toUpperCase());
                name = header.group(2);
                text = header.group(3);
                headerLine = firstLine + k;
                bytes.reset();
                textLines.clear();
                continue;
            }
            int lineNo = firstLine + k;
            if (kind == null) {
                assertTrue(line.isBlank(), "SPEC.md line " + lineNo + ": a §13 block must start with a header line");
                continue;
            }
            if (kind == Kind.CANONICAL) {
                textLines.add(line);
                continue;
            }
            if (line.isEmpty() || line.startsWith(" ")) {
                continue; // a blank line or the continuation of a description
            }
            Matcher m = BYTES_LINE.matcher(line);
            assertTrue(m.matches(), "SPEC.md line " + lineNo + ": neither bytes nor a description: " + line);
            byte[] group = HexFormat.of().parseHex(m.group(1).replace(" ", ""));
            bytes.write(group, 0, group.length);
        }
    }

    private static Map<String, Parsed> byName() {
        return parsed.stream().collect(Collectors.toMap(Parsed::name, p -> p, (a, b) -> {
            throw new AssertionError("two examples named " + a.name() + " (" + a.where() + ", " + b.where() + ")");
        }, LinkedHashMap::new));
    }

    // ---- the tests -----------------------------------------------------------------------------

    @Test
    void everyExampleOfSection13IsParsedAndChecked() {
        Map<String, Parsed> spec = byName();
        TreeSet<String> missing = new TreeSet<>(EXPECTED.keySet());
        missing.removeAll(spec.keySet());
        TreeSet<String> unexpected = new TreeSet<>(spec.keySet());
        unexpected.removeAll(EXPECTED.keySet());
        assertEquals(List.of(), List.copyOf(missing), "examples this test checks but §13 does not have");
        assertEquals(List.of(), List.copyOf(unexpected), "examples of §13 this test does not know");
        Map<Kind, Long> counts = new TreeMap<>(parsed.stream()
                .collect(Collectors.groupingBy(Parsed::kind, Collectors.counting())));
        Map<Kind, Long> expected = new TreeMap<>();
        EXPECTED_COUNTS.forEach((k, v) -> expected.put(k, (long) v));
        assertEquals(expected, counts, "examples of each kind in §13");
        for (Parsed p : parsed) {
            assertEquals(EXPECTED.get(p.name()).kind(), p.kind(), p.where());
            if (p.kind() != Kind.CANONICAL) {
                assertTrue(p.bytes().length > 0, p.where() + " has no bytes");
            }
        }
    }

    @TestFactory
    Stream<DynamicTest> section13Examples() {
        Map<String, Parsed> spec = byName();
        return parsed.stream().map(p -> DynamicTest.dynamicTest(p.kind().name().toLowerCase() + " " + p.name(),
                () -> check(p, spec)));
    }

    private static void check(Parsed p, Map<String, Parsed> spec) throws Exception {
        Expected e = EXPECTED.get(p.name());
        if (e == null) {
            fail(p.where() + ": not in this test's table");
        }
        assertEquals(e.kind(), p.kind(), p.where());
        assertEquals(e.text(), p.text(), p.where() + ": the value §13 shows is not the value this test checks");
        if (p.kind() == Kind.EXAMPLE || p.kind() == Kind.READ) {
            checkUnknownFields(p, e.value());
        }
        switch (p.kind()) {
            case EXAMPLE -> checkExample(p, e.value());
            case READ -> checkRead(p, e.value());
            case REJECT -> checkReject(p, (DecodeErrorKind) e.value());
            case STREAM -> checkStream(p, e.value(), spec);
            case CANONICAL -> checkCanonical(p, (CserCodec<?>) e.value());
            case SHA256 -> checkSha256(p, (Sha256Input) e.value(), spec);
            default -> fail("unknown kind " + p.kind());
        }
    }

    /**
     * The unknown fields §13 writes in the value, {@code unknown(U; T)}, are those of the Java
     * value (so the table cannot drift from the text); no {@code unknown(...)} means none. Only a
     * root record's are written in §13 today: one inside a nested value fails here, to be taught.
     */
    private static void checkUnknownFields(Parsed p, Object value) throws Exception {
        Matcher m = UNKNOWN.matcher(p.text());
        UnknownFields expected = UnknownFields.NONE;
        String rest = p.text();
        if (m.find()) {
            expected = UnknownFields.of(Integer.parseInt(m.group(1), 16),
                    HexFormat.of().parseHex(m.group(2).replace(" ", "")));
            rest = p.text().substring(0, m.start());
        }
        // A union's unknown variant, Union.unknown(N; P), is not a record's unknown fields.
        assertFalse(rest.replaceAll("\\.unknown\\(", ".").contains("unknown("),
                p.where() + ": unknown(...) other than last in the root value");
        Method get;
        try {
            get = value.getClass().getMethod("getUnknownFields");
        } catch (NoSuchMethodException e) {
            assertEquals(UnknownFields.NONE, expected, p.where() + ": unknown fields in a value that is not a record");
            return;
        }
        assertEquals(expected, invoke(get, value), p.where() + ": the unknown fields of the table's value");
    }

    /** Encoding the value gives exactly the bytes; decoding them gives the value, and encodes back. */
    private static void checkExample(Parsed p, Object value) throws Exception {
        assertEquals(typeName(value), typePrefix(p), p.where() + ": type");
        assertEquals(hex(p.bytes()), hex(encode(value)), p.where() + ": encode");
        Object decoded = decode(typePrefix(p), p.bytes());
        assertEquals(value, decoded, p.where() + ": decode");
        // Equality does not see NaN bits; the bytes do.
        assertEquals(hex(p.bytes()), hex(encode(decoded)), p.where() + ": decode, then encode");
    }

    /** Decoding the bytes gives the value; they are not its encoding (another writer's bytes). */
    private static void checkRead(Parsed p, Object value) throws Exception {
        assertEquals(typeName(value), typePrefix(p), p.where() + ": type");
        // The text form: a deprecated field's bytes, which the value read keeps (SPEC §5.5.1) and
        // the value written out does not have, are not in it.
        assertEquals(value.toString(), decode(typePrefix(p), p.bytes()).toString(), p.where() + ": decode");
        assertNotEquals(hex(p.bytes()), hex(encode(value)),
                p.where() + ": these bytes are the value's own encoding: make it an 'example'");
    }

    private static void checkReject(Parsed p, DecodeErrorKind kind) {
        Matcher m = REJECT_TEXT.matcher(p.text());
        assertTrue(m.matches(), p.where() + ": expected 'Type (error kind)'");
        assertEquals(kind.name(), m.group(2).toUpperCase().replace("-", "").replace(' ', '_'),
                p.where() + ": the kind §13 names");
        CserDecodeException error = assertThrows(CserDecodeException.class, () -> decode(m.group(1), p.bytes()),
                p.where() + ": decodes, but must be rejected");
        assertEquals(kind, error.kind(), p.where() + ": " + error.getMessage());
    }

    @SuppressWarnings("unchecked")
    private static void checkStream(Parsed p, Object value, Map<String, Parsed> spec) throws IOException {
        List<Reading> messages = (List<Reading>) value;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CserStreamWriter<Reading> writer = new CserStreamWriter<>(out, Reading.CODEC)) {
            for (Reading r : messages) {
                writer.write(r);
            }
        }
        assertEquals(hex(p.bytes()), hex(out.toByteArray()), p.where() + ": the stream writer's bytes");

        // The header's numbers are the first 8 bytes of the two digests §13 shows.
        byte[] typeIdDigest = spec.get("reading_type_id").bytes();
        byte[] fingerprintDigest = spec.get("reading_fingerprint").bytes();
        assertEquals(hex(Arrays.copyOf(typeIdDigest, 8)), hex(Arrays.copyOfRange(p.bytes(), 5, 13)),
                p.where() + ": type_id");
        assertEquals(hex(Arrays.copyOf(fingerprintDigest, 8)), hex(Arrays.copyOfRange(p.bytes(), 13, 21)),
                p.where() + ": fingerprint");

        try (CserStreamReader<Reading> reader =
                new CserStreamReader<>(new ByteArrayInputStream(p.bytes()), Reading.CODEC).requireFingerprint(true)) {
            List<Reading> read = new ArrayList<>();
            for (Reading r = reader.read(); r != null; r = reader.read()) {
                read.add(r);
            }
            assertEquals(messages, read, p.where() + ": read back");
            assertEquals(Reading.CODEC.fingerprint(), reader.writerFingerprint());
        }
    }

    /** The fingerprint of the canonical text §13 shows is the one the compiler generated. */
    private static void checkCanonical(Parsed p, CserCodec<?> codec) {
        assertEquals(codec.typeName(), p.text(), p.where());
        assertFalse(p.textLines().isEmpty(), p.where() + " has no text");
        assertEquals(codec.fingerprint(), first8LittleEndian(sha256(canonicalText(p))),
                p.where() + ": SHA-256 of this text is not the generated fingerprint");
    }

    private static void checkSha256(Parsed p, Sha256Input input, Map<String, Parsed> spec) {
        byte[] digest;
        long generated;
        if (input.literal() != null) {
            assertEquals(Reading.CODEC.typeName(), input.literal());
            digest = sha256(input.literal().getBytes(UTF_8));
            generated = Reading.CODEC.typeId();
        } else {
            Parsed canonical = spec.get(input.canonicalBlock());
            digest = sha256(canonicalText(canonical));
            generated = Reading.CODEC.fingerprint();
        }
        assertEquals(hex(digest), hex(p.bytes()), p.where() + ": digest");
        assertEquals(generated, first8LittleEndian(digest), p.where() + ": the generated constant");
    }

    /** Every declaration §13 quotes is in spec_examples.cser, and every one there is quoted. */
    @Test
    void schemaSnippetsQuoteTheSchemaFile() throws IOException {
        Map<String, String> file = declarations(Files.readString(SCHEMA, UTF_8));
        Map<String, String> quoted = new LinkedHashMap<>();
        for (String snippet : cserSnippets) {
            declarations(snippet).forEach((name, text) -> {
                assertNull(quoted.put(name, text), "§13 quotes " + name + " twice");
            });
        }
        assertEquals(new TreeSet<>(file.keySet()), new TreeSet<>(quoted.keySet()),
                "the declarations of spec_examples.cser and those quoted in §13");
        quoted.forEach((name, text) -> assertEquals(file.get(name), text, "§13's " + name));
    }

    private static Map<String, String> declarations(String source) {
        String normalized = source.replaceAll("//[^\n]*", " ").replaceAll("\\s+", " ");
        Map<String, String> out = new LinkedHashMap<>();
        Matcher m = DECLARATION.matcher(normalized);
        while (m.find()) {
            out.put(m.group(2), m.group());
        }
        return out;
    }

    // ---- helpers -------------------------------------------------------------------------------

    private static String canonicalText(Parsed canonical) {
        StringBuilder s = new StringBuilder();
        for (String line : canonical.textLines()) {
            if (!line.isEmpty()) {
                s.append(line).append('\n');
            }
        }
        return s.toString();
    }

    private static byte[] sha256(String text) {
        return sha256(text.getBytes(UTF_8));
    }

    private static byte[] sha256(byte[] input) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(input);
        } catch (NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    private static long first8LittleEndian(byte[] digest) {
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (digest[i] & 0xFF);
        }
        return v;
    }

    /** The schema type named at the start of an example's text: {@code Point3{...}}, {@code Shape.circle(...)}. */
    private static String typePrefix(Parsed p) {
        Matcher m = TYPE_PREFIX.matcher(p.text());
        assertTrue(m.find(), p.where() + ": the value does not start with a type name");
        return m.group(1);
    }

    /** The schema type of a generated value; a union variant's is its union's. */
    private static String typeName(Object value) {
        Class<?> c = value.getClass();
        Class<?> outer = c.getEnclosingClass();
        return outer != null && outer.isInterface() ? outer.getSimpleName() : c.getSimpleName();
    }

    private static byte[] encode(Object value) throws Exception {
        return (byte[]) invoke(value.getClass().getMethod("encode"), value);
    }

    private static Object decode(String type, byte[] bytes) throws Exception {
        Method decode = Class.forName("spec.examples." + type).getMethod("decode", byte[].class);
        return invoke(decode, null, (Object) bytes);
    }

    private static Object invoke(Method m, Object target, Object... args) throws Exception {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof Exception cause) {
                throw cause;
            }
            throw e;
        }
    }

    private static String hex(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").formatHex(bytes);
    }
}
