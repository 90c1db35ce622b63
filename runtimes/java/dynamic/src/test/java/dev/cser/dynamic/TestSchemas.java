package dev.cser.dynamic;

import static dev.cser.dynamic.ValueType.list;
import static dev.cser.dynamic.ValueType.map;
import static dev.cser.dynamic.ValueType.named;
import static dev.cser.dynamic.ValueType.optional;
import static dev.cser.dynamic.ValueType.scalar;

import java.util.HexFormat;
import java.util.List;

/**
 * A schema built by hand, as the compiler's adapter would build it from:
 *
 * <pre>
 * package t;
 * enum Color { RED = 0; GREEN = 1; }
 * record Contact { string name = 1; optional&lt;string&gt; email = 2; optional&lt;u32&gt; age = 3; }
 * struct Point { f64 x = 1; f64 y = 2; }
 * union Shape { Point point = 1; string label = 2; }
 * record Bag { list&lt;i32&gt; nums = 1; map&lt;string, optional&lt;Color&gt;&gt; tags = 2;
 *              deprecated string old = 3; list&lt;Contact&gt; contacts = 4; Shape shape = 5; }
 * </pre>
 */
final class TestSchemas {
    static final long CONTACT_TYPE_ID = 0x1111L;
    static final long CONTACT_FINGERPRINT = 0x2222L;

    private TestSchemas() {}

    static DynamicSchema schema() {
        return DynamicSchema.builder()
                .add(new EnumDescriptor("t.Color", List.of(new EnumDescriptor.Member("RED", 0),
                        new EnumDescriptor.Member("GREEN", 1))))
                .add(new MessageDescriptor("t.Contact", false, List.of(
                        new FieldDescriptor("name", 1, scalar(Scalar.STRING), false, null),
                        new FieldDescriptor("email", 2, optional(scalar(Scalar.STRING)), false,
                                new Presence(0, 0, 1, true, 2)),
                        new FieldDescriptor("age", 3, optional(scalar(Scalar.U32)), false,
                                new Presence(1, 0, 2, false, 2))),
                        0xfc, CONTACT_TYPE_ID, CONTACT_FINGERPRINT))
                .add(new MessageDescriptor("t.Point", true, List.of(
                        new FieldDescriptor("x", 1, scalar(Scalar.F64), false, null),
                        new FieldDescriptor("y", 2, scalar(Scalar.F64), false, null)), 0, 0x3333L, 0x4444L))
                .add(new UnionDescriptor("t.Shape", List.of(new VariantDescriptor("point", 1, named("t.Point")),
                        new VariantDescriptor("label", 2, scalar(Scalar.STRING))), "point", 0x5555L, 0x6666L))
                .add(new MessageDescriptor("t.Bag", false, List.of(
                        new FieldDescriptor("nums", 1, list(scalar(Scalar.I32)), false, null),
                        new FieldDescriptor("tags", 2, map(scalar(Scalar.STRING), optional(named("t.Color"))), false, null),
                        new FieldDescriptor("old", 3, scalar(Scalar.STRING), true, null),
                        new FieldDescriptor("contacts", 4, list(named("t.Contact")), false, null),
                        new FieldDescriptor("shape", 5, named("t.Shape"), false, null)), 0, 0x7777L, 0x8888L))
                .build();
    }

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    static String hex(byte[] b) {
        return HexFormat.of().formatHex(b);
    }
}
