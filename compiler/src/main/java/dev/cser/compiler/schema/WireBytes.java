package dev.cser.compiler.schema;

import java.io.ByteArrayOutputStream;

/**
 * Bytes the compiler computes once, so that no target computes them again (SPEC §4, §3): the
 * one varint encoder of the compiler, and the encoding of each type's zero value. Generated code
 * writes the zero bytes for deprecated fields, so every target writes the same thing without
 * building a zero value at run time.
 */
public final class WireBytes {
    private WireBytes() {}

    /** The minimal varint (LEB128) of {@code v}, read as unsigned (SPEC §4). */
    public static byte[] varint(long v) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeVarint(v, out);
        return out.toByteArray();
    }

    /** The bytes of the zero value of {@code type} as it appears nested (records length-prefixed). */
    public static byte[] zeroValue(Type type) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeZero(type, out);
        return out.toByteArray();
    }

    private static void writeZero(Type type, ByteArrayOutputStream out) {
        if (type instanceof Type.PrimitiveType p) {
            // Fixed-width zeros are all-zero bytes; every varint type, string and bytes is one 00.
            int width = Math.max(p.kind().fixedWidth(), 1);
            out.write(new byte[width], 0, width);
        } else if (type instanceof Type.OptionalType) {
            // An absent optional: its presence bit is 0 and it has no bytes of its own.
            return;
        } else if (type instanceof Type.NamedType n) {
            if (n.declaration() instanceof EnumType) {
                out.write(0);
            } else if (n.declaration() instanceof UnionType u) {
                // The tag, then the payload (SPEC §5.7): a record variant's own length and body,
                // any other variant's value with a length before it.
                Field zero = u.zeroVariant();
                writeVarint(zero.id(), out);
                boolean record = zero.type() instanceof Type.NamedType v && v.declaration() instanceof MessageType m
                        && !m.isStruct();
                if (record) {
                    writeZero(zero.type(), out);
                } else {
                    byte[] payload = zeroValue(zero.type());
                    writeVarint(payload.length, out);
                    out.write(payload, 0, payload.length);
                }
            } else {
                MessageType m = (MessageType) n.declaration();
                byte[] body = zeroBody(m);
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

    private static byte[] zeroBody(MessageType m) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Field f : m.fields()) {
            if (f.startsPresenceGroup()) {
                out.write(0);
            }
            writeZero(f.type(), out);
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
