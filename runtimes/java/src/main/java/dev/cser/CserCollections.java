package dev.cser;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Lists and maps (SPEC §5.3, §5.4): the count, the presence byte before every eighth element of a
 * list or map of optionals, the duplicate-key check, the element index or key an error's path
 * gets, and the capacity a forged count may claim. Generated code and the schema-driven codec
 * ({@code cser-dynamic}) both read and write every collection through these methods, passing the
 * element's own reader or writer; packed lists of numbers and bools are {@link CserReader}'s and
 * {@link CserWriter}'s array methods.
 *
 * <p>Lists are read into an {@link ArrayList} and maps into a {@link LinkedHashMap}, which keeps
 * the order of the wire. The generic methods are small so that the JIT may inline them into
 * their caller, where the element reader (a method reference or a lambda that captures nothing,
 * one constant object per call site) is known and inlined in turn. C2 often does not: a loop that
 * every collection of a program shares is compiled on its own early, and past C2's size limits it
 * is then called, paying a dispatch per element. So the commonest small elements have loops of
 * their own, which generated code calls: lists of strings and of bytes ({@link #readStringList},
 * {@link #writeBytesList}, …) and maps keyed by strings ({@link #readStringKeyedMap}). Each keeps
 * the generic method's rules, which {@code SpecialisedCollectionsTest} checks on random and
 * mutated bytes.
 *
 * <p>The observer parameters are for tools that show where each byte went ({@code cserc
 * explain}) or name the element a bad value sits in; generated code passes none.
 */
public final class CserCollections {
    private CserCollections() {}

    /** Reads one element, key or value of a collection. */
    @FunctionalInterface
    public interface ElementReader<T> {
        /** Reads the next value from {@code r}. */
        T read(CserReader r) throws CserDecodeException;
    }

    /** Writes one element, key or value of a collection. */
    @FunctionalInterface
    public interface ElementWriter<T> {
        /** Writes {@code value} (never null) with {@code w}. */
        void write(CserWriter w, T value);
    }

    /**
     * What a collection read reports as it goes, in byte order. Offsets count from the start of
     * the message, as {@link CserReader#position()} does.
     */
    public interface ReadObserver {
        /** The count, read from {@code offset} in {@code size} bytes. */
        void count(int offset, int size, int count);

        /** A presence byte, at {@code offset}, before it is checked. */
        void presence(int offset, int bits);

        /** Element {@code index} of a list is about to be read (a present one, in a list of optionals). */
        void element(int index);

        /** The key of entry {@code index} of a map is about to be read. */
        void key(int index);

        /** The value of {@code key} is about to be read (or would be, when it is absent). */
        void value(Object key);

        /** The element or entry announced last has been read. */
        void done();
    }

    /** What a collection write reports before each element or entry: where a bad value sits. */
    public interface WriteObserver {
        /** Element {@code index} of a list is about to be written (a present one, in a list of optionals). */
        void element(int index);

        /** The entry of {@code key} is about to be written. */
        void entry(Object key);
    }

    // ---- reading -------------------------------------------------------------------------------

    /** Reads a {@code list<T>}: the count, then each element; an element's error gets its index. */
    public static <T> List<T> readList(CserReader r, ElementReader<T> element) throws CserDecodeException {
        // The observer variant's loop without its checks and calls: C2 compiles a long list's loop
        // on its own, where a call per element of a method it will not inline costs the most.
        int n = r.readCount();
        List<T> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            try {
                list.add(element.read(r));
            } catch (CserDecodeException e) {
                throw e.pushIndex(i);
            }
        }
        return list;
    }

    /** {@link #readList(CserReader, ElementReader)}, reporting to {@code observer} (may be null). */
    public static <T> List<T> readList(CserReader r, ElementReader<T> element, ReadObserver observer)
            throws CserDecodeException {
        int n = readCount(r, false, observer);
        List<T> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            list.add(readElement(r, element, i, observer));
        }
        return list;
    }

    /**
     * Reads a {@code list<string>}: {@link #readList(CserReader, ElementReader)} with
     * {@link CserReader#readString()}. Generated code calls this one: a shared loop calling an
     * {@link ElementReader} pays a dispatch per element when the JIT does not inline the loop into
     * its caller, and for elements this small the dispatch is a large part of the cost.
     */
    public static List<String> readStringList(CserReader r) throws CserDecodeException {
        int n = r.readCount();
        List<String> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            try {
                list.add(r.readString());
            } catch (CserDecodeException e) {
                throw e.pushIndex(i);
            }
        }
        return list;
    }

    /** Reads a {@code list<bytes>}: {@link #readStringList(CserReader)}'s loop with {@link CserReader#readBytes()}. */
    public static List<byte[]> readBytesList(CserReader r) throws CserDecodeException {
        int n = r.readCount();
        List<byte[]> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            try {
                list.add(r.readBytes());
            } catch (CserDecodeException e) {
                throw e.pushIndex(i);
            }
        }
        return list;
    }

    /**
     * Reads a {@code list<optional<T>>}: the count, a presence byte before elements 0, 8, 16, …
     * (bits past the last element are BAD_PRESENCE), and each present element; absent ones are
     * null.
     */
    public static <T> List<T> readOptionalList(CserReader r, ElementReader<T> element) throws CserDecodeException {
        return readOptionalList(r, element, null);
    }

    /** {@link #readOptionalList(CserReader, ElementReader)}, reporting to {@code observer} (may be null). */
    public static <T> List<T> readOptionalList(CserReader r, ElementReader<T> element, ReadObserver observer)
            throws CserDecodeException {
        int n = readCount(r, true, observer);
        // Up to eight absent elements fit in a byte: size by the bytes left, not the count.
        List<T> list = new ArrayList<>(Math.min(n, r.remaining()));
        int presence = 0;
        for (int i = 0; i < n; i++) {
            if ((i & 7) == 0) {
                presence = readPresence(r, n - i, observer);
            }
            list.add((presence & (1 << (i & 7))) != 0 ? readElement(r, element, i, observer) : null);
        }
        return list;
    }

    /**
     * Reads a {@code map<K, V>}: the count, then each key and value. An error in a value gets its
     * key; a key read twice is DUPLICATE_MAP_KEY, just after its entry.
     */
    public static <K, V> Map<K, V> readMap(CserReader r, ElementReader<K> key, ElementReader<V> value)
            throws CserDecodeException {
        // As readList(r, element): the observer variant's loop without its checks.
        int n = r.readCount();
        Map<K, V> map = new LinkedHashMap<>(Limits.capacityFor(n));
        for (int i = 0; i < n; i++) {
            K k = key.read(r);
            V v = readValue(r, value, k);
            putNew(r, map, k, v, i, null);
        }
        return map;
    }

    /** {@link #readMap(CserReader, ElementReader, ElementReader)}, reporting to {@code observer} (may be null). */
    public static <K, V> Map<K, V> readMap(CserReader r, ElementReader<K> key, ElementReader<V> value,
            ReadObserver observer) throws CserDecodeException {
        int n = readCount(r, false, observer);
        Map<K, V> map = new LinkedHashMap<>(Limits.capacityFor(n));
        for (int i = 0; i < n; i++) {
            K k = readKey(r, key, i, observer);
            V v = readValue(r, value, k);
            putNew(r, map, k, v, i, observer);
        }
        return map;
    }

    /**
     * Reads a {@code map<string, V>}: {@link #readMap(CserReader, ElementReader, ElementReader)}
     * with the keys read by {@link CserReader#readString()}, for {@link #readStringList}'s reasons.
     */
    public static <V> Map<String, V> readStringKeyedMap(CserReader r, ElementReader<V> value)
            throws CserDecodeException {
        int n = r.readCount();
        Map<String, V> map = new LinkedHashMap<>(Limits.capacityFor(n));
        for (int i = 0; i < n; i++) {
            String k = r.readString();
            V v = readValue(r, value, k);
            putNew(r, map, k, v, i, null);
        }
        return map;
    }

    /**
     * Reads a {@code map<K, optional<V>>}: the count, a presence byte before entries 0, 8, 16, …,
     * each key and each present value; absent values are null.
     */
    public static <K, V> Map<K, V> readOptionalMap(CserReader r, ElementReader<K> key, ElementReader<V> value)
            throws CserDecodeException {
        return readOptionalMap(r, key, value, null);
    }

    /** {@link #readOptionalMap(CserReader, ElementReader, ElementReader)}, reporting to {@code observer} (may be null). */
    public static <K, V> Map<K, V> readOptionalMap(CserReader r, ElementReader<K> key, ElementReader<V> value,
            ReadObserver observer) throws CserDecodeException {
        int n = readCount(r, true, observer);
        Map<K, V> map = new LinkedHashMap<>(Limits.capacityFor(n));
        int presence = 0;
        for (int i = 0; i < n; i++) {
            if ((i & 7) == 0) {
                presence = readPresence(r, n - i, observer);
            }
            K k = readKey(r, key, i, observer);
            V v = (presence & (1 << (i & 7))) != 0 ? readValue(r, value, k) : null;
            putNew(r, map, k, v, i, observer);
        }
        return map;
    }

    /** The count of a collection: a list or map of optionals may claim eight times the bytes left. */
    private static int readCount(CserReader r, boolean ofOptionals, ReadObserver observer)
            throws CserDecodeException {
        int at = r.position();
        int n = ofOptionals ? r.readOptionalCount() : r.readCount();
        if (observer != null) {
            observer.count(at, r.position() - at, n);
        }
        return n;
    }

    /** The presence byte of the next {@code left} slots: bits past them must be 0 (BAD_PRESENCE). */
    private static int readPresence(CserReader r, int left, ReadObserver observer) throws CserDecodeException {
        int bits = r.readByte();
        if (observer != null) {
            observer.presence(r.position() - 1, bits);
        }
        r.checkPresence(bits, Math.min(8, left));
        return bits;
    }

    private static <T> T readElement(CserReader r, ElementReader<T> element, int i, ReadObserver observer)
            throws CserDecodeException {
        if (observer != null) {
            observer.element(i);
        }
        T v;
        try {
            v = element.read(r);
        } catch (CserDecodeException e) {
            throw e.pushIndex(i);
        }
        if (observer != null) {
            observer.done();
        }
        return v;
    }

    /** A key's own errors get no key in their path: there is none yet. */
    private static <K> K readKey(CserReader r, ElementReader<K> key, int i, ReadObserver observer)
            throws CserDecodeException {
        if (observer != null) {
            observer.key(i);
        }
        K k = key.read(r);
        if (observer != null) {
            observer.value(k);
        }
        return k;
    }

    private static <K, V> V readValue(CserReader r, ElementReader<V> value, K k) throws CserDecodeException {
        try {
            return value.read(r);
        } catch (CserDecodeException e) {
            throw e.pushKey(k);
        }
    }

    /** Adds entry {@code i}; DUPLICATE_MAP_KEY if its key is there already. */
    private static <K, V> void putNew(CserReader r, Map<K, V> map, K k, V v, int i, ReadObserver observer)
            throws CserDecodeException {
        if (observer != null) {
            observer.done();
        }
        map.put(k, v);
        if (map.size() != i + 1) {
            throw r.error(DecodeErrorKind.DUPLICATE_MAP_KEY, "duplicate map key " + k);
        }
    }

    // ---- writing -------------------------------------------------------------------------------

    /** Writes a {@code list<T>}: the count, then each element. */
    public static <T> void writeList(CserWriter w, List<T> list, ElementWriter<? super T> element) {
        // As readList(r, element): the observer variant's loop without its checks.
        int n = list.size();
        w.writeCount(n);
        for (int i = 0; i < n; i++) {
            element.write(w, list.get(i));
        }
    }

    /** {@link #writeList(CserWriter, List, ElementWriter)}, reporting to {@code observer} (may be null). */
    public static <T> void writeList(CserWriter w, List<T> list, ElementWriter<? super T> element,
            WriteObserver observer) {
        int n = list.size();
        w.writeCount(n);
        for (int i = 0; i < n; i++) {
            if (observer != null) {
                observer.element(i);
            }
            element.write(w, list.get(i));
        }
    }

    /** Writes a {@code list<string>}: the loop of {@link #readStringList(CserReader)}'s reasons. */
    public static void writeStringList(CserWriter w, List<String> list) {
        int n = list.size();
        w.writeCount(n);
        for (int i = 0; i < n; i++) {
            w.writeString(list.get(i));
        }
    }

    /** Writes a {@code list<bytes>}. */
    public static void writeBytesList(CserWriter w, List<byte[]> list) {
        int n = list.size();
        w.writeCount(n);
        for (int i = 0; i < n; i++) {
            w.writeBytes(list.get(i));
        }
    }

    /**
     * Writes a {@code list<optional<T>>}: the count, then a presence byte before elements 0, 8,
     * 16, … and each present (non-null) element.
     */
    public static <T> void writeOptionalList(CserWriter w, List<T> list, ElementWriter<? super T> element) {
        writeOptionalList(w, list, element, null);
    }

    /** {@link #writeOptionalList(CserWriter, List, ElementWriter)}, reporting to {@code observer} (may be null). */
    public static <T> void writeOptionalList(CserWriter w, List<T> list, ElementWriter<? super T> element,
            WriteObserver observer) {
        int n = list.size();
        w.writeCount(n);
        for (int i = 0; i < n; i++) {
            if ((i & 7) == 0) {
                w.writeByte(presenceByte(list, i, n));
            }
            T v = list.get(i);
            if (v != null) {
                if (observer != null) {
                    observer.element(i);
                }
                element.write(w, v);
            }
        }
    }

    /** The presence byte of elements {@code from} to {@code from + 7} (those before {@code n}). */
    private static int presenceByte(List<?> list, int from, int n) {
        int bits = 0;
        for (int j = from; j < n && j < from + 8; j++) {
            if (list.get(j) != null) {
                bits |= 1 << (j - from);
            }
        }
        return bits;
    }

    /** Writes a {@code map<K, V>}: the count, then each key and value, in the map's order. */
    public static <K, V> void writeMap(CserWriter w, Map<K, V> map, ElementWriter<? super K> key,
            ElementWriter<? super V> value) {
        // As readList(r, element): the observer variant's loop without its checks.
        w.writeCount(map.size());
        for (Map.Entry<K, V> en : map.entrySet()) {
            key.write(w, en.getKey());
            value.write(w, en.getValue());
        }
    }

    /** {@link #writeMap(CserWriter, Map, ElementWriter, ElementWriter)}, reporting to {@code observer} (may be null). */
    public static <K, V> void writeMap(CserWriter w, Map<K, V> map, ElementWriter<? super K> key,
            ElementWriter<? super V> value, WriteObserver observer) {
        w.writeCount(map.size());
        for (Map.Entry<K, V> en : map.entrySet()) {
            K k = en.getKey();
            if (observer != null) {
                observer.entry(k);
            }
            key.write(w, k);
            value.write(w, en.getValue());
        }
    }

    /** Writes a {@code map<string, V>}: see {@link #readStringKeyedMap(CserReader, ElementReader)}. */
    public static <V> void writeStringKeyedMap(CserWriter w, Map<String, V> map, ElementWriter<? super V> value) {
        w.writeCount(map.size());
        for (Map.Entry<String, V> en : map.entrySet()) {
            w.writeString(en.getKey());
            value.write(w, en.getValue());
        }
    }

    /**
     * Writes a {@code map<K, optional<V>>}: the count, then a presence byte before entries 0, 8,
     * 16, …, each key and each present (non-null) value.
     */
    public static <K, V> void writeOptionalMap(CserWriter w, Map<K, V> map, ElementWriter<? super K> key,
            ElementWriter<? super V> value) {
        writeOptionalMap(w, map, key, value, null);
    }

    /** {@link #writeOptionalMap(CserWriter, Map, ElementWriter, ElementWriter)}, reporting to {@code observer} (may be null). */
    public static <K, V> void writeOptionalMap(CserWriter w, Map<K, V> map, ElementWriter<? super K> key,
            ElementWriter<? super V> value, WriteObserver observer) {
        // A second iterator runs ahead to fill each presence byte before its eight entries.
        Iterator<V> ahead = map.values().iterator();
        int i = 0;
        w.writeCount(map.size());
        for (Map.Entry<K, V> en : map.entrySet()) {
            if ((i & 7) == 0) {
                w.writeByte(presenceByte(ahead));
            }
            K k = en.getKey();
            if (observer != null) {
                observer.entry(k);
            }
            key.write(w, k);
            V v = en.getValue();
            if (v != null) {
                value.write(w, v);
            }
            i++;
        }
    }

    /** The presence byte of the next eight values of {@code ahead} (fewer at the end). */
    private static int presenceByte(Iterator<?> ahead) {
        int bits = 0;
        for (int j = 0; j < 8 && ahead.hasNext(); j++) {
            if (ahead.next() != null) {
                bits |= 1 << j;
            }
        }
        return bits;
    }
}
