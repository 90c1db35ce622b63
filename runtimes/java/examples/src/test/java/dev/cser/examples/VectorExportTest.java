package dev.cser.examples;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import bench.employee.Employee;
import bench.employee.Staff;
import bench.empty.EmptyDataRecord;
import chem.MoleculeSet;
import dev.cser.CserCodec;
import edge.cases.Collections;
import edge.cases.Color;
import edge.cases.EvolvedV1;
import edge.cases.EvolvedV2;
import edge.cases.Keywords;
import edge.cases.Node;
import edge.cases.Sample;
import edge.cases.Scalars;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Writes the bytes of named values of every example schema to {@code target/vectors}, for the
 * other runtimes to decode: {@code <case>.bin} and an {@code index.txt} of {@code case type
 * length} lines. runtimes/rust/cser-examples/tests/java_vectors.rs builds the same values and
 * checks that Rust decodes these bytes to them and encodes them to the same bytes. A case added
 * here must be added there (that test fails on a case it does not know).
 */
class VectorExportTest {
    static final Path DIR = Path.of("target", "vectors");

    private final Map<String, Object> cases = new LinkedHashMap<>();

    private void add(String name, Object value) {
        if (cases.put(name, value) != null) {
            throw new IllegalStateException("two cases named " + name);
        }
    }

    private void addAll() {
        add("w1_empty_set", Workloads.emptyDataSet(3));
        add("w1_empty_record", new EmptyDataRecord());
        add("w2_employee", Workloads.employee(17));
        List<Employee> employees = new ArrayList<>();
        for (int n = 0; n < 3; n++) {
            employees.add(Workloads.employee(n));
        }
        add("w2_staff", new Staff(employees));
        for (int n = 0; n < 12; n++) {
            add("w3_entity_" + n, SakaiData.entity(n));
        }
        add("w4_message", Workloads.message(12345));
        add("w5_ethanol", Workloads.ethanol());
        add("w5_set", new MoleculeSet(new ArrayList<>(List.of(Workloads.ethanol(), new chem.Molecule()))));
        add("w6_media_content", Workloads.mediaContent());

        add("scalars_zero", new Scalars());
        add("scalars_min", new Scalars().setI8Value(Byte.MIN_VALUE).setI16Value(Short.MIN_VALUE)
                .setI32Value(Integer.MIN_VALUE).setI64Value(Long.MIN_VALUE)
                .setF32Value(Float.NEGATIVE_INFINITY).setF64Value(-0.0)
                .setText("a\u00e9\u20ac\uD83D\uDE00"));
        add("scalars_max", new Scalars().setB(true).setI8Value(Byte.MAX_VALUE).setI16Value(Short.MAX_VALUE)
                .setI32Value(Integer.MAX_VALUE).setI64Value(Long.MAX_VALUE)
                .setU8Value((byte) -1).setU16Value((short) -1).setU32Value(-1).setU64Value(-1L)
                .setF32Value(Float.POSITIVE_INFINITY).setF64Value(Double.MAX_VALUE)
                .setText("x".repeat(1 << 20)).setData(new byte[] {0, -1, -128}).setColor(Color.BLUE));
        add("scalars_nan", new Scalars().setF32Value(Float.intBitsToFloat(0x7fc0_0001))
                .setF64Value(Double.longBitsToDouble(0xfff8_0000_0000_0001L)));
        add("scalars_unknown_enum", new Scalars().setColor(Color.forNumber(77)));

        add("collections_absent", new Collections());
        add("collections_empty", new Collections().setMaybeNames(new ArrayList<>()).setMaybeMap(new LinkedHashMap<>()));
        add("collections_full", EdgeValues.fullCollections());

        add("sample_without_y", new Sample(1.0, null, Color.GREEN));
        add("sample_with_y", new Sample(1.0, 2.5, Color.GREEN));
        add("node_tree", new Node().setLabel("root")
                .setChildren(new ArrayList<>(List.of(EdgeValues.chain(3), new Node())))
                .setNext(EdgeValues.chain(2)));
        add("node_depth_64", EdgeValues.chain(64));
        add("expr_bin", EdgeValues.binaryExpression());
        add("holder_names", EdgeValues.holder());
        add("keywords", new Keywords("t", "c", 3, true, "i", -6, "f", "n"));
        add("evolved_v1", new EvolvedV1().setName("widget").setCount(7));
        add("evolved_v2", new EvolvedV2("widget", "new", new ArrayList<>(List.of("a", "b")),
                new Sample(-1.5, 0.0, Color.RED)));
    }

    @Test
    void writesEveryCaseAfterCheckingItRoundTrips() throws Exception {
        addAll();
        Files.createDirectories(DIR);
        StringBuilder index = new StringBuilder();
        for (Map.Entry<String, Object> c : cases.entrySet()) {
            Object value = c.getValue();
            byte[] bytes = (byte[]) value.getClass().getMethod("encode").invoke(value);
            Object back = decoder(value).invoke(null, (Object) bytes);
            // NaN fields make equals false on equal bits; the bytes are what is compared then.
            if (!c.getKey().contains("nan")) {
                assertEquals(value, back, c.getKey());
            }
            assertArrayEquals(bytes, (byte[]) back.getClass().getMethod("encode").invoke(back), c.getKey());
            Files.write(DIR.resolve(c.getKey() + ".bin"), bytes);
            index.append(c.getKey()).append(' ').append(codec(value).typeName()).append(' ')
                    .append(bytes.length).append('\n');
        }
        Files.writeString(DIR.resolve("index.txt"), index, UTF_8);
        assertEquals(702, Files.size(DIR.resolve("w3_entity_0.bin")), "the W3 seed entity");
    }

    /** The generated type's class: a union variant's is its union's. */
    private static Class<?> schemaClass(Object value) {
        Class<?> c = value.getClass();
        Class<?> outer = c.getEnclosingClass();
        return outer != null && outer.isInterface() ? outer : c;
    }

    private static Method decoder(Object value) throws NoSuchMethodException {
        return schemaClass(value).getMethod("decode", byte[].class);
    }

    private static CserCodec<?> codec(Object value) throws ReflectiveOperationException {
        return (CserCodec<?>) schemaClass(value).getField("CODEC").get(null);
    }
}
