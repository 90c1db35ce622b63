package dev.cser.compiler.schema;

import java.util.List;

/**
 * Two or more consecutive fields of a record or struct that are each a fixed-width scalar
 * ({@code bool i8 u8 f32 f64}), present and not deprecated: their bytes sit back to back at fixed
 * offsets, so a target may read or write them in one step (SPEC §5.1).
 *
 * @param fields the fields in id order
 */
public record FixedWidthRun(List<Field> fields) {

    public FixedWidthRun {
        fields = List.copyOf(fields);
    }

    /** The offset of {@code fields().get(i)} from the start of the run. */
    public int offsetOf(int i) {
        int offset = 0;
        for (int j = 0; j < i; j++) {
            offset += widthOf(fields.get(j));
        }
        return offset;
    }

    /** The bytes the whole run takes. */
    public int width() {
        return offsetOf(fields.size());
    }

    /** Whether {@code f} can stand in a run: a fixed-width scalar, neither optional nor deprecated. */
    static boolean fits(Field f) {
        return !f.deprecated() && f.type() instanceof Type.PrimitiveType p && p.kind().isFixedWidth();
    }

    private static int widthOf(Field f) {
        return ((Type.PrimitiveType) f.type()).kind().fixedWidth();
    }
}
