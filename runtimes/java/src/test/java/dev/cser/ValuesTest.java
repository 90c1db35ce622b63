package dev.cser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ValuesTest {

    @Test
    void mapCapacityAvoidsRehashingButIsCapped() {
        assertEquals(1, Values.mapCapacity(0));
        for (int n : new int[] {1, 2, 3, 12, 13, 100, 1000}) {
            assertTrue(Values.mapCapacity(n) * 0.75 >= n, "n=" + n);
        }
        assertTrue(Values.mapCapacity(Integer.MAX_VALUE) <= 100_000);
        assertEquals(1, Values.mapCapacity(-5));
    }

    @Test
    void listsOfArraysCompareByContent() {
        List<byte[]> a = List.of(new byte[] {1, 2}, new byte[0]);
        List<byte[]> b = new ArrayList<>(List.of(new byte[] {1, 2}, new byte[0]));
        assertTrue(Values.deepEquals(a, b));
        assertEquals(Values.deepHashCode(a), Values.deepHashCode(b));
        assertFalse(Values.deepEquals(a, List.of(new byte[] {1, 3}, new byte[0])));
        assertFalse(Values.deepEquals(a, List.of(new byte[] {1, 2})));
        assertFalse(Values.deepEquals(a, null));
        assertTrue(Values.deepEquals(null, null));
    }

    @Test
    void nestedMapsAndPrimitiveArrays() {
        Map<String, List<int[]>> a = new LinkedHashMap<>();
        a.put("x", List.of(new int[] {1}, new int[] {2, 3}));
        a.put("y", List.of());
        Map<String, List<int[]>> b = new HashMap<>();
        b.put("y", List.of());
        b.put("x", List.of(new int[] {1}, new int[] {2, 3}));
        assertTrue(Values.deepEquals(a, b));
        assertEquals(Values.deepHashCode(a), Values.deepHashCode(b));
        b.put("x", List.of(new int[] {1}, new int[] {2, 4}));
        assertFalse(Values.deepEquals(a, b));
        Map<String, double[]> nulls = new HashMap<>();
        nulls.put("a", null);
        Map<String, double[]> other = new HashMap<>();
        other.put("b", null);
        assertFalse(Values.deepEquals(nulls, other));
        assertTrue(Values.deepEquals(List.of(new double[] {Double.NaN}), List.of(new double[] {Double.NaN})));
        assertFalse(Values.deepEquals(List.of(new double[] {0.0}), List.of(new double[] {-0.0})));
    }
}
