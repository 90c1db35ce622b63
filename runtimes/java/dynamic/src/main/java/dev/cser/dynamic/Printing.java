package dev.cser.dynamic;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** {@code toString} of field values: arrays by content, everything else as it prints itself. */
final class Printing {
    private Printing() {}

    static String show(Object v) {
        if (v instanceof byte[] b) {
            return Arrays.toString(b);
        }
        if (v instanceof List<?> list) {
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < list.size(); i++) {
                s.append(i == 0 ? "" : ", ").append(show(list.get(i)));
            }
            return s.append(']').toString();
        }
        if (v instanceof Map<?, ?> map) {
            StringBuilder s = new StringBuilder("{");
            Iterator<? extends Map.Entry<?, ?>> it = map.entrySet().iterator();
            while (it.hasNext()) {
                Map.Entry<?, ?> e = it.next();
                s.append(show(e.getKey())).append('=').append(show(e.getValue())).append(it.hasNext() ? ", " : "");
            }
            return s.append('}').toString();
        }
        return String.valueOf(v);
    }
}
