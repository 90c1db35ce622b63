package dev.cser.dynamic;

import java.util.ArrayList;
import java.util.LinkedHashMap;

/**
 * The zero value of every type (SPEC §3): what a field holds in a new value and when an older
 * writer's body ends before it. Collections, records and byte arrays are fresh each time, since
 * values are mutable.
 */
final class ZeroValues {
    private static final byte[] NO_BYTES = new byte[0];

    private ZeroValues() {}

    static Object of(ValueType type) {
        if (type instanceof ValueType.ScalarType s) {
            return scalar(s.scalar());
        }
        if (type instanceof ValueType.ListType) {
            return new ArrayList<>();
        }
        if (type instanceof ValueType.MapType) {
            return new LinkedHashMap<>();
        }
        if (type instanceof ValueType.OptionalType) {
            return null;
        }
        TypeDescriptor t = ((ValueType.NamedType) type).target();
        if (t instanceof EnumDescriptor e) {
            return EnumValue.of(e, 0);
        }
        if (t instanceof MessageDescriptor m) {
            return new DynamicRecord(m);
        }
        return DynamicUnion.zero((UnionDescriptor) t);
    }

    static Object scalar(Scalar s) {
        return switch (s) {
            case BOOL -> Boolean.FALSE;
            case I8, U8 -> (byte) 0;
            case I16, U16 -> (short) 0;
            case I32, U32 -> 0;
            case I64, U64 -> 0L;
            case F32 -> 0.0f;
            case F64 -> 0.0;
            case STRING -> "";
            case BYTES -> NO_BYTES.clone();
        };
    }
}
