package dev.cser.compiler.codegen;

import dev.cser.compiler.schema.EnumType;
import dev.cser.compiler.schema.Field;
import dev.cser.compiler.schema.MessageType;
import dev.cser.compiler.schema.Primitive;
import dev.cser.compiler.schema.Type;
import dev.cser.compiler.schema.UnionType;
import java.io.ByteArrayOutputStream;

/**
 * The encoding of a type's zero value (SPEC §3), computed once by the compiler. Generated code
 * writes these bytes for deprecated fields, so every target writes the same thing without
 * building a zero value at run time.
 */
public final class ZeroBytes {
    private ZeroBytes() {}

    /** The bytes of the zero value of {@code type} as it appears nested (records length-prefixed). */
    public static byte[] of(Type type) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        write(type, out);
        return out.toByteArray();
    }

    private static void write(Type type, ByteArrayOutputStream out) {
        if (type instanceof Type.PrimitiveType p) {
            int width = p.kind() == Primitive.F32 ? 4 : p.kind() == Primitive.F64 ? 8 : 1;
            out.write(new byte[width], 0, width);
        } else if (type instanceof Type.OptionalType) {
            // An absent optional: its presence bit is 0 and it has no bytes of its own.
            return;
        } else if (type instanceof Type.NamedType n) {
            if (n.declaration() instanceof EnumType) {
                out.write(0);
            } else if (n.declaration() instanceof UnionType u) {
                Field zero = u.zeroVariant();
                writeVarint(zero.id(), out);
                write(zero.type(), out);
            } else {
                MessageType m = (MessageType) n.declaration();
                byte[] body = body(m);
                if (!m.isStruct()) {
                    writeVarint(body.length, out);
                }
                out.write(body, 0, body.length);
            }
        } else {
            // An empty list or map: a zero count.
            out.write(0);
        }
    }

    private static byte[] body(MessageType m) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Field f : m.fields()) {
            if (f.optionalSlot() >= 0 && f.optionalSlot() % 8 == 0) {
                out.write(0);
            }
            write(f.type(), out);
        }
        return out.toByteArray();
    }

    private static void writeVarint(long v, ByteArrayOutputStream out) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) ((v & 0x7F) | 0x80));
            v >>>= 7;
        }
        out.write((int) v);
    }
}
