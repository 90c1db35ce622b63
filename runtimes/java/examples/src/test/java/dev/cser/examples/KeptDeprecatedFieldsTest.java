package dev.cser.examples;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.cser.CserDecodeException;
import java.io.ByteArrayOutputStream;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Deprecated fields are kept as the bytes they were read from (SPEC §5.5.1): pass-through is
 * byte-identical whatever a writer put there, values read from zero bytes equal the ones a
 * program builds, and kept bytes are part of the value.
 */
class KeptDeprecatedFieldsTest {
    private static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replace(" ", ""));
    }

    @Test
    void aValueAnOlderWriterLeftIsWrittenBack() throws CserDecodeException {
        // SPEC §13.14, account_old_writer: "pw" written where the field is now deprecated.
        byte[] old = hex("06 01 75 02 70 77 05");
        spec.examples.Account a = spec.examples.Account.decode(old);
        assertArrayEquals(old, a.encode());
        a.setLogins(6);
        assertArrayEquals(hex("06 01 75 02 70 77 06"), a.encode(), "editing another field keeps it");
        spec.examples.Account built = new spec.examples.Account().setUser("u").setLogins(6);
        assertArrayEquals(hex("04 01 75 00 06"), built.encode());
        assertNotEquals(built, a);
        assertNotEquals(built.hashCode(), a.hashCode());
    }

    @Test
    void zeroBytesAreNotKept() throws CserDecodeException {
        spec.examples.Account read = spec.examples.Account.decode(hex("04 01 75 00 05"));
        spec.examples.Account built = new spec.examples.Account().setUser("u").setLogins(5);
        assertEquals(built, read);
        assertEquals(built.hashCode(), read.hashCode());
    }

    /** A newer writer's version of a deprecated field's record type: longer than this reader's zero value. */
    @Test
    void aDeprecatedRecordThatGainedFieldsPassesThrough() throws CserDecodeException {
        String wideZeros = "00".repeat(17 * 8);
        // Wide as a writer with one more field (u8 5) writes it: 137 bytes of body.
        byte[] newer = hex("8d 01" + "89 01" + wideZeros + "05" + "00" + "0e");
        edge.lint.Retired r = edge.lint.Retired.decode(newer);
        assertEquals(7, r.getKept());
        assertArrayEquals(newer, r.encode());
        byte[] zero = new edge.lint.Retired().setKept(7).encode();
        assertNotEquals(HexFormat.of().formatHex(zero), HexFormat.of().formatHex(newer));
    }

    /** A deprecated union field holding a variant this reader does not know. */
    @Test
    void aDeprecatedUnionWithANewVariantPassesThrough() throws CserDecodeException {
        // old: InnerV2.b (tag 2) = 9, payload length 1; kept: "k".
        byte[] newer = hex("05 02 01 09 01 6b");
        evolution.unions.Retired r = evolution.unions.Retired.decode(newer);
        assertEquals("k", r.getKept());
        assertArrayEquals(newer, r.encode());
    }

    @Test
    void aDeprecatedIntegerKeepsItsValue() throws CserDecodeException {
        // EvolvedV2: name "n", count (deprecated i32) = -2, the rest zero.
        edge.cases.EvolvedV2 zero = new edge.cases.EvolvedV2().setName("n");
        byte[] plain = zero.encode();
        // The count byte follows the name: 01 6e, then 00 (zigzag 0); put 03 (zigzag -2) there.
        byte[] kept = plain.clone();
        assertEquals(0, kept[3]);
        kept[3] = 3;
        edge.cases.EvolvedV2 read = edge.cases.EvolvedV2.decode(kept);
        assertArrayEquals(kept, read.encode());
        assertNotEquals(zero, read);
        assertEquals(zero, edge.cases.EvolvedV2.decode(plain));
    }

    /** Random values in the deprecated slot of Account: whatever was read is written back. */
    @Test
    void randomDeprecatedBytesPassThrough() throws Exception {
        Random rng = new Random(7);
        for (int i = 0; i < 2000; i++) {
            byte[] pw = new byte[rng.nextInt(200)];
            for (int j = 0; j < pw.length; j++) {
                pw[j] = (byte) (0x20 + rng.nextInt(0x5f));
            }
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            body.write(hex("01 75"));
            writeVarint(body, pw.length);
            body.write(pw);
            writeVarint(body, rng.nextInt(1 << 20));
            ByteArrayOutputStream msg = new ByteArrayOutputStream();
            writeVarint(msg, body.size());
            body.writeTo(msg);
            byte[] bytes = msg.toByteArray();
            assertArrayEquals(bytes, spec.examples.Account.decode(bytes).encode());
        }
    }

    private static void writeVarint(ByteArrayOutputStream out, int v) {
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }
}
