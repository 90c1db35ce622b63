package dev.cser.dynamic;

import static dev.cser.dynamic.ValueType.map;
import static dev.cser.dynamic.ValueType.named;
import static dev.cser.dynamic.ValueType.optional;
import static dev.cser.dynamic.ValueType.scalar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class DescriptorTest {
    private static FieldDescriptor plain(String name, int id, ValueType type) {
        return new FieldDescriptor(name, id, type, false, null);
    }

    private static String buildError(TypeDescriptor... types) {
        DynamicSchema.Builder b = DynamicSchema.builder();
        for (TypeDescriptor t : types) {
            b.add(t);
        }
        return assertThrows(DescriptorException.class, b::build).getMessage();
    }

    private static MessageDescriptor record(String name, FieldDescriptor... fields) {
        return new MessageDescriptor(name, false, List.of(fields), 0, 1, 2);
    }

    @Test
    void everyReferenceMustNameATypeOfTheSchema() {
        assertEquals("t.A.b: no type t.B in the schema", buildError(record("t.A", plain("b", 1, named("t.B")))));
    }

    @Test
    void everyZeroValueMustBeFinite() {
        assertEquals("record t.A: its zero value would be infinite (it holds itself through fields that are not "
                + "optional, lists or maps, or through the zero variant of a union)",
                buildError(record("t.A", plain("a", 1, named("t.A")))));
        UnionDescriptor u = new UnionDescriptor("t.U", List.of(new VariantDescriptor("r", 1, named("t.R")),
                new VariantDescriptor("s", 2, scalar(Scalar.STRING))), "r", 1, 2);
        assertThrows(DescriptorException.class, () -> DynamicSchema.builder().add(u)
                .add(record("t.R", plain("u", 1, named("t.U")))).build());
        UnionDescriptor fixed = new UnionDescriptor("t.U", List.of(new VariantDescriptor("r", 1, named("t.R")),
                new VariantDescriptor("s", 2, scalar(Scalar.STRING))), "s", 1, 2);
        DynamicSchema schema = DynamicSchema.builder().add(fixed).add(record("t.R", plain("u", 1, named("t.U"))))
                .add(record("t.L", plain("l", 1, ValueType.list(named("t.L"))))).build();
        assertEquals("R{u=U.s[value=]}", new DynamicRecord((MessageDescriptor) schema.root("t.R")).toString());
    }

    @Test
    void mapKeysAndOptionalsFollowTheLanguage() {
        assertEquals("t.A.m: a map key must be an integer type, string or an enum, not f64",
                buildError(record("t.A", plain("m", 1, map(scalar(Scalar.F64), scalar(Scalar.I32))))));
        assertEquals("t.A.m: a map key must be an integer type, string or an enum, not t.A",
                buildError(record("t.A", plain("m", 1, map(named("t.A"), scalar(Scalar.I32))))));
        assertEquals("t.A.l: optional<optional<T>> is not a type", buildError(record("t.A",
                plain("l", 1, ValueType.list(optional(optional(scalar(Scalar.I32))))))));
        assertThrows(DescriptorException.class, () -> new VariantDescriptor("v", 1, optional(scalar(Scalar.I32))));
    }

    @Test
    void fieldsAndPresenceFactsMustFitTogether() {
        assertThrows(DescriptorException.class, () -> record("t.A", plain("a", 1, scalar(Scalar.I32)),
                plain("a", 2, scalar(Scalar.I32))));
        assertThrows(DescriptorException.class, () -> record("t.A", plain("a", 2, scalar(Scalar.I32)),
                plain("b", 1, scalar(Scalar.I32))));
        assertThrows(DescriptorException.class, () -> plain("o", 1, optional(scalar(Scalar.I32))));
        assertThrows(DescriptorException.class,
                () -> new FieldDescriptor("p", 1, scalar(Scalar.I32), false, new Presence(0, 0, 1, true, 1)));
        assertThrows(DescriptorException.class, () -> new Presence(9, 1, 1 << 2, false, 2));
        FieldDescriptor o1 = new FieldDescriptor("o", 1, optional(scalar(Scalar.I32)), false, new Presence(0, 0, 1, true, 2));
        assertThrows(DescriptorException.class, () -> record("t.A", o1), "the group claims 2 slots and has 1");
        FieldDescriptor o2 = new FieldDescriptor("o", 1, optional(scalar(Scalar.I32)), false, new Presence(0, 0, 1, true, 1));
        new MessageDescriptor("t.A", false, List.of(o2), 0xfe, 1, 2);
        assertThrows(DescriptorException.class, () -> new MessageDescriptor("t.A", false, List.of(o2), 0xff, 1, 2));
        assertThrows(DescriptorException.class, () -> new MessageDescriptor("t.S", true, List.of(o2), 0xfe, 1, 2));
        assertThrows(DescriptorException.class, () -> new MessageDescriptor("t.S", true, List.of(), 0, 1, 2));
    }

    @Test
    void unionsAndEnumsNeedTheirZero() {
        assertThrows(DescriptorException.class, () -> new UnionDescriptor("t.U", List.of(), "a", 1, 2));
        assertThrows(DescriptorException.class, () -> new UnionDescriptor("t.U",
                List.of(new VariantDescriptor("a", 1, scalar(Scalar.I32))), "b", 1, 2));
        assertThrows(DescriptorException.class,
                () -> new EnumDescriptor("t.E", List.of(new EnumDescriptor.Member("ONE", 1))));
        assertThrows(DescriptorException.class, () -> new EnumDescriptor("t.E",
                List.of(new EnumDescriptor.Member("A", 0), new EnumDescriptor.Member("B", 0))));
    }

    @Test
    void aSchemaHasOneTypeOfEachNameAndOwnsItsReferences() {
        MessageDescriptor a = record("t.A", plain("x", 1, scalar(Scalar.I32)));
        assertThrows(DescriptorException.class, () -> DynamicSchema.builder().add(a).add(a));
        FieldDescriptor shared = plain("b", 1, named("t.B"));
        DynamicSchema.builder().add(record("t.A", shared)).add(record("t.B")).build();
        assertThrows(DescriptorException.class,
                () -> DynamicSchema.builder().add(record("t.A", shared)).add(record("t.B")).build());
    }

    @Test
    void rootLookupsSayWhatTheSchemaHas() {
        DynamicSchema schema = TestSchemas.schema();
        assertEquals("no type t.Nope in the schema; its records, structs and unions: t.Bag, t.Contact, t.Point, t.Shape",
                assertThrows(IllegalArgumentException.class, () -> schema.root("t.Nope")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> schema.root("t.Color"));
        assertEquals("t.Contact", schema.rootByTypeId(TestSchemas.CONTACT_TYPE_ID).qualifiedName());
        assertEquals(null, schema.rootByTypeId(42));
        assertThrows(IllegalStateException.class, () -> ((ValueType.NamedType) named("t.X")).target());
    }
}
