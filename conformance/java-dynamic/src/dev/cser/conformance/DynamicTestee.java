package dev.cser.conformance;

import static java.nio.charset.StandardCharsets.UTF_8;

import dev.cser.CserStreamReader;
import dev.cser.CserStreamWriter;
import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.diag.DiagnosticFormatter;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.dynamic.DynamicSchemas;
import dev.cser.dynamic.DynamicCodec;
import dev.cser.dynamic.DynamicJson;
import dev.cser.dynamic.DynamicRecord;
import dev.cser.dynamic.DynamicSchema;
import dev.cser.dynamic.DynamicValue;
import dev.cser.dynamic.RootDescriptor;
import dev.cser.json.Json;
import dev.cser.json.JsonException;
import java.io.BufferedInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The conformance testee of the schema-driven codec (conformance/README.md): compiles the schema
 * into descriptors at start-up ({@code dev.cser.compiler.dynamic.DynamicSchemas}) and answers
 * every request through {@link DynamicCodec} and {@link DynamicJson}, with no generated code.
 *
 * <p>{@code java -cp cserc.jar:CLASSES dev.cser.conformance.DynamicTestee SCHEMA.cser... [-I DIR]...}
 *
 * <p>Several schema files are compiled together, as {@code cserc} compiles them: the schema
 * generator's campaign (conformance/schemagen) hands it every schema of a batch at once.
 */
public final class DynamicTestee extends TesteeProtocol {
    private final DynamicSchema schema;

    private DynamicTestee(DynamicSchema schema, PrintStream out) {
        super(out);
        this.schema = schema;
    }

    public static void main(String[] args) throws IOException {
        List<Path> includes = new ArrayList<>();
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("-I") && i + 1 < args.length) {
                includes.add(Path.of(args[++i]));
            } else if (args[i].startsWith("-I") && args[i].length() > 2) {
                includes.add(Path.of(args[i].substring(2)));
            } else if (!args[i].startsWith("-")) {
                files.add(Path.of(args[i]));
            } else {
                System.err.println("usage: DynamicTestee SCHEMA.cser... [-I DIR]...");
                System.exit(2);
            }
        }
        if (files.isEmpty()) {
            System.err.println("usage: DynamicTestee SCHEMA.cser... [-I DIR]...");
            System.exit(2);
        }
        SchemaCompiler compiler = new SchemaCompiler(includes);
        DynamicSchema schema;
        try {
            schema = DynamicSchemas.compile(compiler, files);
        } catch (SchemaException e) {
            System.err.print(new DiagnosticFormatter(compiler.sources()).formatAll(e.diagnostics()));
            System.exit(1);
            return;
        }
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, UTF_8);
        new DynamicTestee(schema, out).run(new BufferedInputStream(System.in, 1 << 16));
    }

    @Override
    Map<String, Object> respond(Object id, Map<?, ?> req) throws IOException {
        Object op = req.get("op");
        if (!(req.get("type") instanceof String typeName)) {
            return failure(id, "the request has no \"type\" string");
        }
        if (!(schema.type(typeName) instanceof RootDescriptor type)) {
            return failure(id, "unknown type " + typeName);
        }
        DynamicCodec codec = DynamicCodec.of(type);
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("id", id);
        if ("encode".equals(op)) {
            byte[] bytes = codec.encode(DynamicJson.fromJson(encodeInput(req), type));
            answer.put("ok", true);
            answer.put("hex", hex(bytes));
        } else if ("decode".equals(op)) {
            if (!(req.get("hex") instanceof String hex)) {
                return failure(id, "a decode request needs a \"hex\" string");
            }
            answer.put("ok", true);
            answer.put("value", DynamicJson.toJson(codec.decode(unhex(hex))));
            // Fail here, inside the try, rather than while answering.
            Json.write(answer);
        } else if ("reencode".equals(op)) {
            if (!(req.get("hex") instanceof String hex)) {
                return failure(id, "a reencode request needs a \"hex\" string");
            }
            answer.put("ok", true);
            answer.put("hex", hex(codec.encode(codec.decode(unhex(hex)))));
        } else if ("patch".equals(op)) {
            if (!(req.get("hex") instanceof String hex)) {
                return failure(id, "a patch request needs a \"hex\" string");
            }
            if (!(req.get("set") instanceof Map<?, ?> set)) {
                return failure(id, "a patch request needs a \"set\" object");
            }
            DynamicValue value = codec.decode(unhex(hex));
            if (!(value instanceof DynamicRecord rec)) {
                return failure(id, "patch sets fields of a record or struct, and " + typeName + " is a union");
            }
            patch(rec, set);
            answer.put("ok", true);
            answer.put("hex", hex(codec.encode(rec)));
        } else if ("restream".equals(op)) {
            if (!(req.get("hex") instanceof String hex)) {
                return failure(id, "a restream request needs a \"hex\" string");
            }
            answer.put("ok", true);
            answer.put("hex", hex(restream(codec, unhex(hex))));
        } else {
            return failure(id, "unknown op " + (op instanceof String ? Json.write(op) : String.valueOf(op)));
        }
        return answer;
    }

    /**
     * Sets the fields named in {@code set} from their JSON mapping, keeping everything else as
     * decoded (unknown fields of the value and of the records in its other fields). The new
     * values come from reading the value's JSON with {@code set} applied, which checks them.
     */
    private static void patch(DynamicRecord value, Map<?, ?> set) {
        Map<?, ?> json = (Map<?, ?>) DynamicJson.toJson(value);
        // Only the set fields are read from JSON: the others may hold unknown union variants
        // ("#N", SPEC §11), which JSON cannot make, and are kept from the decoded value anyway.
        Map<Object, Object> patched = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : set.entrySet()) {
            if (!json.containsKey(e.getKey())) {
                throw new JsonException(value.type().qualifiedName() + " has no field " + Json.write(e.getKey()));
            }
            patched.put(e.getKey(), e.getValue());
        }
        DynamicRecord from = (DynamicRecord) DynamicJson.fromJson(patched, value.type());
        for (Object name : set.keySet()) {
            value.set((String) name, from.get((String) name));
        }
    }

    /** Reads a stream of the codec's type (any fingerprint) and writes its records to a new one. */
    private static byte[] restream(DynamicCodec codec, byte[] stream) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CserStreamReader<DynamicValue> in = new CserStreamReader<>(new ByteArrayInputStream(stream), codec);
                CserStreamWriter<DynamicValue> w = new CserStreamWriter<>(out, codec)) {
            for (DynamicValue v = in.read(); v != null; v = in.read()) {
                w.write(v);
            }
        }
        return out.toByteArray();
    }
}
