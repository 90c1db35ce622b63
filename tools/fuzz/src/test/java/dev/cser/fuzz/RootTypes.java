package dev.cser.fuzz;

import dev.cser.CserCodec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * Every root type (record, struct, union) of the code generated into this module: the classes
 * with a static {@code CODEC}, found by walking the generated classes, sorted by schema name.
 * The type selector byte of a fuzz input picks {@code ALL.get(selector % ALL.size())}.
 */
final class RootTypes {
    /** One root type: its codec and the generated {@code decode(byte[])} and {@code encode()}. */
    record RootType(String name, Class<?> type, CserCodec<Object> codec, MethodHandle decode, MethodHandle encode) {
        Object decode(byte[] bytes) throws Throwable {
            return decode.invoke(bytes);
        }

        byte[] encode(Object value) throws Throwable {
            return (byte[]) encode.invoke(value);
        }

        /** The top-level package of its schema (bench, chem, conf, ...): its allocation group. */
        String group() {
            return name.substring(0, name.indexOf('.'));
        }
    }

    /** The package roots of the generated code: the schemas' packages. */
    private static final List<String> PACKAGES = List.of("bench", "chem", "conf", "edge", "sakai", "spec");

    static final List<RootType> ALL = load();

    private RootTypes() {}

    /** The root type an input's first byte selects. */
    static RootType select(int selectorByte) {
        return ALL.get((selectorByte & 0xFF) % ALL.size());
    }

    /** A decode fuzz input: the type its first byte selects and the message, the bytes after it. */
    record Input(RootType type, byte[] message) {
        /** The input's type and message, or null for an empty input (no selector byte). */
        static Input of(byte[] input) {
            return input.length == 0 ? null : new Input(select(input[0]), Arrays.copyOfRange(input, 1, input.length));
        }
    }

    /** The selector byte of the type named {@code name} (its schema name), or -1. */
    static int selectorOf(String name) {
        for (int i = 0; i < ALL.size(); i++) {
            if (ALL.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    @SuppressWarnings("unchecked")
    private static List<RootType> load() {
        try {
            // The generated classes are this module's main classes: the directory holding the
            // class of a known generated type.
            String known = "conf/scalars/BoolV.class";
            Path classes = Path.of(conf.scalars.BoolV.class.getClassLoader().getResource(known).toURI());
            for (int i = 0; i < known.split("/").length; i++) {
                classes = classes.getParent();
            }
            List<RootType> types = new ArrayList<>();
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            for (String pkg : PACKAGES) {
                try (Stream<Path> files = Files.walk(classes.resolve(pkg))) {
                    for (Path p : files.filter(f -> f.toString().endsWith(".class") && !f.getFileName().toString().contains("$")).toList()) {
                        String rel = classes.relativize(p).toString();
                        String className = rel.substring(0, rel.length() - ".class".length()).replace('/', '.');
                        Class<?> c = Class.forName(className);
                        Field f;
                        try {
                            f = c.getField("CODEC");
                        } catch (NoSuchFieldException e) {
                            continue; // an enum
                        }
                        if (!Modifier.isStatic(f.getModifiers())) {
                            continue;
                        }
                        CserCodec<Object> codec = (CserCodec<Object>) f.get(null);
                        MethodHandle decode = lookup.findStatic(c, "decode", MethodType.methodType(c, byte[].class))
                                .asType(MethodType.methodType(Object.class, byte[].class));
                        MethodHandle encode = lookup.findVirtual(c, "encode", MethodType.methodType(byte[].class))
                                .asType(MethodType.methodType(byte[].class, Object.class));
                        types.add(new RootType(codec.typeName(), c, codec, decode, encode));
                    }
                }
            }
            types.sort(Comparator.comparing(RootType::name));
            if (types.isEmpty() || types.size() > 256) {
                throw new IllegalStateException(types.size() + " root types: the selector is one byte");
            }
            return List.copyOf(types);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ReflectiveOperationException | URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
