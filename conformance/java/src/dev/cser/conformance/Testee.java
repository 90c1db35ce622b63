package dev.cser.conformance;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.cser.CserCodec;
import dev.cser.CserStreamReader;
import dev.cser.CserStreamWriter;
import dev.cser.json.Json;
import dev.cser.json.JsonException;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The Java conformance testee (conformance/README.md): answers JSON-line requests on stdin with
 * the code cserc generated for a schema, one JSON line per request on stdout.
 *
 * <p>{@code java -cp CLASSES:RUNTIME dev.cser.conformance.Testee CLASSES}: CLASSES holds the
 * compiled generated code; every class there with a {@code public static CserCodec CODEC} is a
 * root type, found by its codec's {@code typeName()}. Encoding goes through the generated
 * {@code fromJson} and {@code encode}, decoding through {@code decode} and {@code toJson};
 * {@code reencode} decodes and encodes again, {@code patch} decodes, sets top-level fields from
 * their JSON mapping and encodes, keeping the rest of the value as decoded (unknown fields
 * included, SPEC §5.5.1), and {@code restream} reads a stream and writes its records again.
 */
public final class Testee extends TesteeProtocol {
    /** The entry points of one generated record, struct or union. */
    private record Entry(Class<?> type, CserCodec<Object> codec, Method fromJson, Method encode, Method decode,
            Method toJson) {}

    private final Map<String, Entry> types;

    private Testee(Map<String, Entry> types, PrintStream out) {
        super(out);
        this.types = types;
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: Testee CLASSES_DIR");
            System.exit(2);
        }
        Map<String, Entry> types = scan(Path.of(args[0]));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, UTF_8);
        new Testee(types, out).run(new BufferedInputStream(System.in, 1 << 16));
    }

    /** Every generated class with a CODEC, by its schema's qualified name. */
    private static Map<String, Entry> scan(Path classes) throws IOException {
        List<String> names;
        try (Stream<Path> walk = Files.walk(classes)) {
            names = walk.filter(p -> p.toString().endsWith(".class"))
                    .map(p -> classes.relativize(p).toString().replace('\\', '/'))
                    .filter(n -> !n.contains("$") && !n.startsWith("dev/cser/conformance/"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .sorted()
                    .collect(Collectors.toList());
        }
        Map<String, Entry> types = new TreeMap<>();
        ClassLoader loader = Testee.class.getClassLoader();
        for (String name : names) {
            Class<?> c;
            try {
                c = Class.forName(name, true, loader);
                var field = c.getField("CODEC");
                if (!Modifier.isStatic(field.getModifiers()) || !CserCodec.class.isAssignableFrom(field.getType())) {
                    continue;
                }
                @SuppressWarnings("unchecked")
                CserCodec<Object> codec = (CserCodec<Object>) field.get(null);
                types.put(codec.typeName(), new Entry(c, codec, c.getMethod("fromJson", Object.class), c.getMethod("encode"),
                        c.getMethod("decode", byte[].class), c.getMethod("toJson")));
            } catch (NoSuchFieldException e) {
                // An enum, or a class that is not a root type.
            } catch (ReflectiveOperationException | LinkageError e) {
                System.err.println("testee: skipping " + name + ": " + e);
            }
        }
        if (types.isEmpty()) {
            System.err.println("testee: no generated type with a CODEC under " + classes);
        }
        return types;
    }

    @Override
    Map<String, Object> respond(Object id, Map<?, ?> req) throws Throwable {
        Object op = req.get("op");
        Object typeName = req.get("type");
        if (!(typeName instanceof String)) {
            return failure(id, "the request has no \"type\" string");
        }
        Entry type = types.get(typeName);
        if (type == null) {
            return failure(id, "unknown type " + typeName);
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", id);
        if ("encode".equals(op)) {
            Object value = invoke(type.fromJson, null, encodeInput(req));
            byte[] bytes = (byte[]) invoke(type.encode, value);
            answer.put("ok", true);
            answer.put("hex", hex(bytes));
        } else if ("decode".equals(op)) {
            if (!(req.get("hex") instanceof String hex)) {
                return failure(id, "a decode request needs a \"hex\" string");
            }
            Object value = invoke(type.decode, null, (Object) unhex(hex));
            Object json = invoke(type.toJson, value);
            answer.put("ok", true);
            answer.put("value", json);
            // Fail here, inside the try, rather than while answering.
            Json.write(answer);
        } else if ("reencode".equals(op)) {
            if (!(req.get("hex") instanceof String hex)) {
                return failure(id, "a reencode request needs a \"hex\" string");
            }
            Object value = invoke(type.decode, null, (Object) unhex(hex));
            answer.put("ok", true);
            answer.put("hex", hex((byte[]) invoke(type.encode, value)));
        } else if ("patch".equals(op)) {
            if (!(req.get("hex") instanceof String hex)) {
                return failure(id, "a patch request needs a \"hex\" string");
            }
            if (!(req.get("set") instanceof Map<?, ?> set)) {
                return failure(id, "a patch request needs a \"set\" object");
            }
            if (type.type.isInterface()) {
                return failure(id, "patch sets fields of a record or struct, and " + typeName + " is a union");
            }
            byte[] bytes = unhex(hex);
            Object value = invoke(type.decode, null, (Object) bytes);
            patch(type, (String) typeName, value, set, bytes);
            answer.put("ok", true);
            answer.put("hex", hex((byte[]) invoke(type.encode, value)));
        } else if ("restream".equals(op)) {
            if (!(req.get("hex") instanceof String hex)) {
                return failure(id, "a restream request needs a \"hex\" string");
            }
            answer.put("ok", true);
            answer.put("hex", hex(restream(type.codec, unhex(hex))));
        } else {
            return failure(id, "unknown op " + (op instanceof String ? Json.write(op) : String.valueOf(op)));
        }
        return answer;
    }

    /**
     * Reads {@code stream} as a stream of the codec's type (any writer fingerprint) and writes
     * every record it holds to a new stream, with this schema's fingerprint.
     */
    private static byte[] restream(CserCodec<Object> codec, byte[] stream) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CserStreamReader<Object> in = new CserStreamReader<>(new ByteArrayInputStream(stream), codec);
                CserStreamWriter<Object> w = new CserStreamWriter<>(out, codec)) {
            for (Object v = in.read(); v != null; v = in.read()) {
                w.write(v);
            }
        }
        return out.toByteArray();
    }

    /**
     * Sets the fields of {@code value} named in {@code set} from their JSON mapping (SPEC §11),
     * leaving every other field as it is: records nested in them keep their unknown fields, and so
     * does {@code value}. The new values come from {@code fromJson} of the value's JSON with
     * {@code set} applied (which checks them), through the getters and setters of SPEC §12.1.
     */
    private static void patch(Entry type, String typeName, Object value, Map<?, ?> set, byte[] bytes)
            throws Throwable {
        Map<?, ?> original = (Map<?, ?>) invoke(type.toJson, value);
        Map<?, ?> json = readable(type, original);
        Map<Object, Object> patched = new LinkedHashMap<>(json);
        for (Map.Entry<?, ?> e : set.entrySet()) {
            if (!json.containsKey(e.getKey())) {
                throw new JsonException(typeName + " has no field " + Json.write(e.getKey()));
            }
            patched.put(e.getKey(), e.getValue());
        }
        Object from = invoke(type.fromJson, null, patched);
        Map<?, ?> wanted = (Map<?, ?>) invoke(type.toJson, from);
        for (Object name : set.keySet()) {
            if (!java.util.Objects.equals(original.get(name), wanted.get(name))) {
                Method[] accessors = accessors(type, bytes, original, from, wanted, (String) name);
                invoke(accessors[0], value, invoke(accessors[1], from));
            }
        }
    }

    /**
     * {@code json} with each top-level field that holds an unknown union variant ({@code "#N"},
     * SPEC §11), which JSON cannot be read back into, at its zero value instead: what the value
     * of the set fields is read from. The fields a patch keeps are never taken from it.
     */
    private static Map<?, ?> readable(Entry type, Map<?, ?> json) throws Throwable {
        Map<?, ?> zero = null;
        Map<Object, Object> out = new LinkedHashMap<>(json);
        for (Map.Entry<?, ?> e : json.entrySet()) {
            if (holdsUnknownVariant(e.getValue())) {
                if (zero == null) {
                    zero = (Map<?, ?>) invoke(type.toJson, invoke(type.fromJson, null, Map.of()));
                }
                out.put(e.getKey(), zero.get(e.getKey()));
            }
        }
        return out;
    }

    private static boolean holdsUnknownVariant(Object json) {
        if (json instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (e.getKey() instanceof String k && k.startsWith("#") || holdsUnknownVariant(e.getValue())) {
                    return true;
                }
            }
        } else if (json instanceof List<?> l) {
            for (Object o : l) {
                if (holdsUnknownVariant(o)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The setter and getter of field {@code field}, found by what they do rather than by their
     * names: SPEC §12.1 renames accessors that meet (a field {@code x_} beside {@code x} has
     * {@code setX2}), and guessing names from the schema name set the wrong field. Each setter
     * with its getter is tried on a value read from {@code json}: the one that changes
     * {@code field} to its value in {@code wanted}, and nothing else, is the field's.
     */
    private static Method[] accessors(Entry type, byte[] bytes, Map<?, ?> json, Object from, Map<?, ?> wanted,
            String field) throws Throwable {
        Class<?> c = type.type;
        for (Method setter : c.getMethods()) {
            if (!setter.getName().startsWith("set") || setter.getParameterCount() != 1 || setter.getReturnType() != c
                    || Modifier.isStatic(setter.getModifiers())) {
                continue;
            }
            String rest = setter.getName().substring(3);
            for (String name : Stream.of("get" + rest, "is" + rest, rest.startsWith("Is") ? "is" + rest.substring(2) : "")
                    .filter(n -> !n.isEmpty()).distinct().toList()) {
                Method getter;
                try {
                    getter = c.getMethod(name);
                } catch (NoSuchMethodException e) {
                    continue;
                }
                if (getter.getReturnType() != setter.getParameterTypes()[0]) {
                    continue;
                }
                Object probe = invoke(type.decode, null, (Object) bytes);
                invoke(setter, probe, invoke(getter, from));
                Map<?, ?> after = (Map<?, ?>) invoke(type.toJson, probe);
                Map<Object, Object> expected = new LinkedHashMap<>(json);
                expected.put(field, wanted.get(field));
                if (after.equals(expected)) {
                    return new Method[] {setter, getter};
                }
            }
        }
        throw new NoSuchMethodException("no setter of field " + field + " in " + c.getName());
    }

    /** Calls a generated method, rethrowing what it threw. */
    private static Object invoke(Method m, Object target, Object... args) throws Throwable {
        try {
            return m.invoke(target, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }
}
