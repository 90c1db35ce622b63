package dev.cser.examples;

import edge.cases.BinOp;
import edge.cases.Collections;
import edge.cases.Color;
import edge.cases.Expr;
import edge.cases.Lit;
import edge.cases.Node;
import edge.cases.Scalars;
import edge.names.Holder;
import edge.names.Object_;
import edge.names.Override_;
import edge.names.String_;
import edge.names.Value;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Values of the edge-case schemas that several tests use: the cases VectorExportTest writes for
 * the Rust tests (which build the same values: change both), and JsonMappingTest starts from.
 */
final class EdgeValues {
    private EdgeValues() {}

    /** Every collection of Collections with something in it. */
    static Collections fullCollections() {
        Map<Long, String> byId = new LinkedHashMap<>();
        byId.put(Long.MIN_VALUE, "min");
        byId.put(7L, "seven");
        Map<Color, List<String>> byColor = new LinkedHashMap<>();
        byColor.put(Color.BLUE, new ArrayList<>(List.of("sky")));
        byColor.put(Color.forNumber(9), new ArrayList<>());
        Map<String, Integer> sparseMap = new LinkedHashMap<>();
        for (int i = 0; i < 11; i++) {
            sparseMap.put("k" + i, i % 3 != 0 ? i : null);
        }
        List<String> sparse = new ArrayList<>();
        for (int i = 0; i < 17; i++) {
            sparse.add(i % 4 == 1 ? "s" + i : null);
        }
        return new Collections()
                .setInts(new int[] {Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE})
                .setBig(new long[] {-1L, 0L})
                .setDoubles(new double[] {1.5, -0.0, Double.POSITIVE_INFINITY})
                .setFlags(new boolean[] {true, false, true})
                .setNames(new ArrayList<>(List.of("a", "")))
                .setBlobs(new ArrayList<>(List.of(new byte[0], new byte[] {1, 2})))
                .setById(byId)
                .setByColor(byColor)
                .setMaybeNames(new ArrayList<>(List.of("x")))
                .setSparse(sparse)
                .setSparseMap(sparseMap)
                .setMatrix(new ArrayList<>(List.of(new int[] {1, 2}, new int[0], new int[] {3})))
                .setScalars(new Scalars())
                .setColors(new ArrayList<>(List.of(Color.RED, Color.forNumber(1 << 30))))
                .setFloats(new float[] {Float.MIN_NORMAL})
                .setOpt1(0)
                .setOpt9(-9);
    }

    /** A list of {@code depth} nodes linked by {@code next}, the last one labelled "leaf": the root is at depth 1. */
    static Node chain(int depth) {
        Node node = new Node().setLabel("leaf");
        for (int i = 1; i < depth; i++) {
            node = new Node().setLabel("n" + i).setNext(node);
        }
        return node;
    }

    /** A union nested in a union, with the smallest i64. */
    static Expr binaryExpression() {
        return new Expr.Bin(new BinOp("+", new Expr.Lit(new Lit(Long.MIN_VALUE)),
                new Expr.Call(new ArrayList<>(List.of(new Expr.Name("f"), new Expr.Lit(new Lit()))))));
    }

    /** Names that clash with Java: every variant of Value, and fields named like keywords. */
    static Holder holder() {
        return new Holder()
                .setValue(new Value.List(new ArrayList<>(List.of(
                        new Value.Long_(-1L),
                        new Value.String_("s"),
                        new Value.Object_(new Object_(7, true)),
                        new Value.Text(new String_("t")),
                        new Value.Override_(Override_.SELF)))))
                .setClass_("c").setEncode("e").setSelf("me").setAsync("a").setIsSet(true);
    }
}
