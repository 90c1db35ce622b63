package dev.cser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.function.Executable;

/** Test helpers: hex byte notation as in the SPEC, and decode-error assertions. */
final class Hex {
    private Hex() {
    }

    /** Parses {@code "0a 01 ff"} (spaces optional). */
    static byte[] bytes(String hex) {
        String s = hex.replace(" ", "");
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    /** Formats bytes as {@code "0a 01 ff"}. */
    static String hex(byte[] b) {
        return hex(b, 0, b.length);
    }

    static String hex(byte[] b, int off, int len) {
        StringBuilder sb = new StringBuilder();
        for (int i = off; i < off + len; i++) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            sb.append(String.format("%02x", b[i] & 0xFF));
        }
        return sb.toString();
    }

    /** Asserts that {@code body} fails with a decode error of this kind at this offset. */
    static CserDecodeException assertDecodeError(DecodeErrorKind kind, long offset, Executable body) {
        CserDecodeException e = assertThrows(CserDecodeException.class, body);
        assertEquals(kind, e.kind(), e::getMessage);
        assertEquals(offset, e.offset(), e::getMessage);
        return e;
    }

    /** What a writer produced, as hex. */
    static String written(java.util.function.Consumer<CserWriter> body) {
        CserWriter w = new CserWriter(1);
        body.accept(w);
        return hex(w.toByteArray());
    }
}
