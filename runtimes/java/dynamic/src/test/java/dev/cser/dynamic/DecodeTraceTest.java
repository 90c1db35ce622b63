package dev.cser.dynamic;

import static dev.cser.dynamic.TestSchemas.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.cser.CserDecodeException;
import dev.cser.DecodeErrorKind;
import dev.cser.UnknownFields;
import dev.cser.UnknownVariant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DecodeTraceTest {
    private final DynamicSchema schema = TestSchemas.schema();

    /** Every event as "offset+size path: what". */
    private static final class Lines implements DecodeTrace {
        final List<String> lines = new ArrayList<>();

        @Override
        public void value(String path, int offset, int size, ValueType type, Object value) {
            lines.add(offset + "+" + size + " " + path + ": " + type.schemaText() + " " + value);
        }

        @Override
        public void length(String path, int offset, int size, int length) {
            lines.add(offset + "+" + size + " " + path + ": length " + length);
        }

        @Override
        public void presence(String path, int offset, int bits) {
            lines.add(offset + "+1 " + path + ": presence " + Integer.toBinaryString(bits));
        }

        @Override
        public void count(String path, int offset, int size, int count) {
            lines.add(offset + "+" + size + " " + path + ": count " + count);
        }

        @Override
        public void tag(String path, int offset, int size, int tag, VariantDescriptor variant) {
            lines.add(offset + "+" + size + " " + path + ": tag " + tag + " " + (variant == null ? "?" : variant.name()));
        }

        @Override
        public void payload(String path, int offset, int size, int length) {
            lines.add(offset + "+" + size + " " + path + ": payload " + length);
        }

        @Override
        public void unknownVariant(String path, int offset, int size, UnknownVariant variant) {
            lines.add(offset + "+" + size + " " + path + ": " + variant);
        }

        @Override
        public void unknown(String path, int offset, UnknownFields fields) {
            lines.add(offset + "+" + fields.size() + " " + path + ": " + fields);
        }
    }

    @Test
    void reportsEveryPieceWithItsOffsetSizeAndPath() throws CserDecodeException {
        DynamicCodec bags = DynamicCodec.of(schema.root("t.Bag"));
        // Bag{nums: [1, -1], tags: [["a", GREEN]], old: "x", contacts: [Contact{name: "Al", age: 3} + unknown], shape: label "hi"}
        Lines t = new Lines();
        bags.decode(hex("17 020201 0101 0161 01 0178 01 0602416c06 03 ff 02 03 026869"), t);
        assertEquals(List.of(
                "0+1 Bag: length 23",
                "1+3 Bag.nums: list<i32> [1, -1]",
                "4+1 Bag.tags: count 1",
                "5+1 Bag.tags: presence 1",
                "6+2 Bag.tags[0][0]: string a",
                "8+1 Bag.tags[\"a\"]: t.Color GREEN",
                "9+2 Bag.old: string x",
                "11+1 Bag.contacts: count 1",
                "12+1 Bag.contacts[0]: length 6",
                "13+3 Bag.contacts[0].name: string Al",
                "16+1 Bag.contacts[0]: presence 110",
                "17+1 Bag.contacts[0].age: u32 3",
                "18+1 Bag.contacts[0]: UnknownFields{presenceBits=04, size=1}",
                "19+1 Bag.shape: tag 2 label",
                "20+1 Bag.shape.label: payload 3",
                "21+3 Bag.shape.label: string hi"), t.lines);
    }

    @Test
    void reportsAnUnknownVariantsTagAndPayload() throws CserDecodeException {
        DynamicCodec shapes = DynamicCodec.of(schema.root("t.Shape"));
        Lines t = new Lines();
        shapes.decode(hex("07 03 02 6f 6b"), t);
        assertEquals(List.of("0+1 Shape: tag 7 ?", "1+1 Shape: UnknownVariant{tag=7, size=3}"), t.lines);
    }

    @Test
    void reportsWhatWasReadBeforeAnError() {
        DynamicCodec shapes = DynamicCodec.of(schema.root("t.Shape"));
        Lines t = new Lines();
        CserDecodeException e = assertThrows(CserDecodeException.class, () -> shapes.decode(hex("01 02 0000"), t));
        assertEquals(DecodeErrorKind.TRUNCATED, e.kind());
        assertEquals(List.of("0+1 Shape: tag 1 point", "1+1 Shape.point: payload 2"), t.lines);
    }
}
