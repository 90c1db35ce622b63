package dev.cser.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.google.protobuf.MessageLite;
import dev.cser.CserDecodeException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every library gives back what it was given, on every workload, through the benchmarks' own
 * code paths ({@link Peer}): decode(encode(x)) equals x field by field (the peers' plain objects
 * compared field by field by reflection, protobuf messages converted back to them, cser objects
 * by their generated {@code equals}); and cser's encoded sizes are exact, so a size regression
 * fails the build.
 */
class RoundTripTest {

    static Stream<Arguments> pairs() {
        List<Arguments> list = new ArrayList<>();
        for (String w : Data.WORKLOADS) {
            for (String l : Peer.LIBRARIES) {
                list.add(Arguments.of(l, w));
            }
        }
        return list.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("pairs")
    void everyPeerRoundTripsEveryWorkload(String library, String workload) throws Exception {
        Peer peer = Peer.create(library, workload);
        byte[] bytes = peer.bytes();
        assertTrue(bytes.length > 0);
        // The reused buffers give the same bytes again.
        for (int i = 0; i < 2; i++) {
            int n = peer.encode();
            assertEquals(bytes.length, n, "re-encoded size");
            byte[] again = peer.buffer() instanceof byte[] b ? Arrays.copyOf(b, n) : null;
            if (again != null && !library.equals("jdk-serializable") && !library.equals("jdk-externalizable")) {
                assertArrayEquals(bytes, again, "re-encoded bytes");
            }
        }
        for (int i = 0; i < 2; i++) {
            Object decoded = peer.decode();
            assertNotNull(decoded);
            switch (library) {
                case "cser" -> {
                    assertNotSame(peer.value(), decoded);
                    assertEquals(Data.cser(workload), decoded);
                }
                case "protobuf" -> {
                    assertEquals(peer.value(), decoded);
                    assertFieldsEqual(Data.pojo(workload), ProtoData.toPojo((MessageLite) decoded), workload);
                }
                default -> {
                    assertNotSame(peer.value(), decoded);
                    assertFieldsEqual(Data.pojo(workload), decoded, workload);
                }
            }
        }
    }

    // ---- cser's exact sizes ---------------------------------------------------------------------

    @Test
    void cserSizesAreExact() {
        assertEquals(200_006, Data.w1Cser().encode().length, "W1");
        assertEquals(216_675, Data.w2Cser().encode().length, "W2");
        assertEquals(702, Data.w3Cser().encode().length, "W3");
        assertEquals(28, Data.w4Cser().encode().length, "W4");
        assertEquals(222, Data.w6Cser().encode().length, "W6");
        for (String w : List.of("W1", "W2", "W3", "W4", "W6")) {
            assertEquals(((byte[]) encodeCser(w)).length, Peer.create("cser", w).bytes().length, w + " via Peer");
        }
    }

    private static Object encodeCser(String w) {
        Object v = Data.cser(w);
        return switch (w) {
            case "W1" -> ((bench.empty.EmptyDataSet) v).encode();
            case "W2" -> ((bench.employee.Staff) v).encode();
            case "W3" -> ((sakai.content.ContentResource) v).encode();
            case "W4" -> ((bench.message.Message) v).encode();
            case "W6" -> ((bench.media.MediaContent) v).encode();
            default -> throw new IllegalArgumentException(w);
        };
    }

    @Test
    void cserIsDeterministicAndDecodes() throws CserDecodeException {
        bench.media.MediaContent w6 = Data.w6Cser();
        assertNull(w6.getMedia().getCopyright());
        assertArrayEquals(w6.encode(), Data.w6Cser().encode());
        assertEquals(Data.w3Cser(), sakai.content.ContentResource.decode(Data.w3Cser().encode()));
        assertEquals(Data.w5Cser(), chem.MoleculeSet.decode(Data.w5Cser().encode()));
    }

    // ---- the data -------------------------------------------------------------------------------

    @Test
    void thePeersGetTheSameValuesAsCser() {
        sakai.content.ContentResource c = Data.w3Cser();
        dev.cser.bench.pojo.ContentResource p = Data.w3Pojo();
        assertEquals(c.getId(), p.id);
        assertEquals(c.getProperties(), p.properties);
        assertEquals(c.getAudit().getModifiedAt(), p.audit.modifiedAt);
        assertEquals(c.getReleaseDate(), p.releaseDate);
        assertEquals(c.getRetractDate(), p.retractDate);
        assertEquals(c.getAccess().name(), p.access.name());
        assertEquals(Data.W1_ITEMS, Data.w1Pojo().items.size());
        dev.cser.bench.pojo.Employee e = Data.w2Pojo().employees.get(4321);
        assertEquals(List.of("LastName4321", "FirstName4321", "222-33-4321", 38321, 1),
                List.of(e.lastName, e.firstName, e.ssn, e.salary, e.level));
        dev.cser.bench.pojo.Message m = Data.w4Pojo();
        assertEquals(List.of(1, false, "User_12345", 12345, "data 12345"),
                List.of(m.type, m.active, m.username, m.userid, m.data));
        assertEquals(Data.w5Cser().getMolecules().size(), Data.w5Pojo().molecules.size());
        if (Data.w5FromFile()) {
            assertEquals(4991, Data.w5Pojo().molecules.size(), "the W5 file");
        }
        assertEquals(Data.w5Cser(), chem.MoleculeSet.fromJson(Data.w5Cser().toJson()));
    }

    @Test
    void w1ItemsDoNotShareTheirCollections() {
        dev.cser.bench.pojo.EmptyDataSet s = Data.w1Pojo();
        assertNotSame(s.items.get(0).tags, s.items.get(1).tags);
        assertNotSame(s.items.get(0).attributes, s.items.get(1).attributes);
    }

    @Test
    void percentiles() {
        double[] s = {1, 2, 3, 4, 5};
        assertEquals(3, RunAll.percentile(s, 50));
        assertEquals(1.4, RunAll.percentile(s, 10), 1e-9);
        assertEquals(4.6, RunAll.percentile(s, 90), 1e-9);
        assertEquals(7, RunAll.percentile(new double[] {7}, 90));
    }

    @Test
    void streamPairsAreSpreadOverTheRounds() {
        assertEquals(List.of(0, 1, 3, 5, 6, 8), roundsOf(10, 6));
        assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), roundsOf(10, 10));
        assertEquals(List.of(0), roundsOf(10, 1));
        int rounds = RunAll.STREAM_PLANS.values().stream().mapToInt(RunAll.StreamPlan::sessions).max().orElseThrow();
        for (Map.Entry<String, RunAll.StreamPlan> e : RunAll.STREAM_PLANS.entrySet()) {
            assertEquals(e.getValue().sessions(), roundsOf(rounds, e.getValue().sessions()).size(), e.getKey());
        }
        assertEquals(StreamBench.VARIANTS.size(), RunAll.STREAM_PLANS.size());
    }

    private static List<Integer> roundsOf(int rounds, int sessions) {
        List<Integer> in = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            if (RunAll.runsInRound(r, rounds, sessions)) {
                in.add(r);
            }
        }
        return in;
    }

    // ---- field-by-field comparison of the plain objects -----------------------------------------

    static void assertFieldsEqual(Object expected, Object actual, String path) {
        if (expected == null || actual == null) {
            assertEquals(expected, actual, path);
            return;
        }
        Class<?> type = expected.getClass();
        if (type.isArray()) {
            assertEquals(type, actual.getClass(), path + " type");
            if (expected instanceof byte[] e) {
                assertArrayEquals(e, (byte[]) actual, path);
            } else if (expected instanceof float[] e) {
                assertArrayEquals(e, (float[]) actual, path);
            } else if (expected instanceof double[] e) {
                assertArrayEquals(e, (double[]) actual, path);
            } else {
                fail(path + ": unexpected array type " + type);
            }
        } else if (expected instanceof List<?> e) {
            List<?> a = assertInstance(List.class, actual, path);
            assertEquals(e.size(), a.size(), path + ".size");
            for (int i = 0; i < e.size(); i++) {
                assertFieldsEqual(e.get(i), a.get(i), path + "[" + i + "]");
            }
        } else if (expected instanceof Map<?, ?> e) {
            Map<?, ?> a = assertInstance(Map.class, actual, path);
            assertEquals(List.copyOf(e.keySet()), List.copyOf(a.keySet()), path + " keys in order");
            for (Map.Entry<?, ?> en : e.entrySet()) {
                assertFieldsEqual(en.getValue(), a.get(en.getKey()), path + "[" + en.getKey() + "]");
            }
        } else if (type.getName().startsWith("dev.cser.bench.pojo.") && !type.isEnum()) {
            assertEquals(type, actual.getClass(), path + " type");
            assertNotSame(expected, actual, path);
            for (Field f : type.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                try {
                    assertFieldsEqual(f.get(expected), f.get(actual), path + "." + f.getName());
                } catch (IllegalAccessException ex) {
                    throw new AssertionError(ex);
                }
            }
            assertEquals(expected, actual, path + " equals");
        } else {
            assertEquals(expected, actual, path);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T assertInstance(Class<T> type, Object actual, String path) {
        assertTrue(type.isInstance(actual), path + ": " + actual.getClass() + " is not a " + type.getSimpleName());
        return (T) actual;
    }
}
