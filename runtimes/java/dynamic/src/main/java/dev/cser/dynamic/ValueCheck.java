package dev.cser.dynamic;

import java.util.List;
import java.util.Map;

/**
 * Checks that a value handed to {@link DynamicRecord#set} or {@link DynamicUnion#of} fits its
 * type, so that a wrong value fails where it is set, with its field named, not later in an
 * encoder. Lists and maps are checked element by element; records and unions nested in them by
 * their type only (their own fields were checked when they were set).
 */
final class ValueCheck {
    private ValueCheck() {}

    /** @throws IllegalArgumentException naming {@code where} if {@code value} does not fit {@code type} */
    static void check(ValueType type, Object value, String where) {
        String problem = problem(type, value);
        if (problem != null) {
            throw new IllegalArgumentException(where + (problem.startsWith("[") ? "" : ": ") + problem);
        }
    }

    private static String problem(ValueType type, Object value) {
        if (type instanceof ValueType.OptionalType o) {
            return value == null ? null : problem(o.inner(), value);
        }
        if (value == null) {
            return "null is a value only of optional<T>, not of " + type.schemaText();
        }
        if (type instanceof ValueType.ScalarType s) {
            return s.scalar().javaClass().isInstance(value) ? null
                    : expected(type, s.scalar().javaClass().getSimpleName(), value);
        }
        if (type instanceof ValueType.ListType l) {
            if (!(value instanceof List<?> list)) {
                return expected(type, "a java.util.List", value);
            }
            for (int i = 0; i < list.size(); i++) {
                String p = problem(l.element(), list.get(i));
                if (p != null) {
                    return "[" + i + "]: " + p;
                }
            }
            return null;
        }
        if (type instanceof ValueType.MapType m) {
            if (!(value instanceof Map<?, ?> map)) {
                return expected(type, "a java.util.Map", value);
            }
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String p = problem(m.key(), e.getKey());
                if (p == null) {
                    p = problem(m.value(), e.getValue());
                }
                if (p != null) {
                    return "[" + e.getKey() + "]: " + p;
                }
            }
            return null;
        }
        TypeDescriptor t = ((ValueType.NamedType) type).target();
        boolean fits = t instanceof EnumDescriptor ? value instanceof EnumValue e && e.type() == t
                : value instanceof DynamicValue v && v.type() == t;
        return fits ? null : expected(type, "a value of " + t, value);
    }

    private static String expected(ValueType type, String what, Object value) {
        String got = value instanceof DynamicValue v ? "a value of " + v.type()
                : value instanceof EnumValue e ? "a value of " + e.type() : "a " + value.getClass().getName();
        return "a " + type.schemaText() + " is " + what + ", not " + got;
    }
}
