package dev.cser.fuzz;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.fuzz.RootTypes.RootType;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

/** The allocation rule of the decoding targets (README.md, "Allocation"; F4 in RESULTS.md). */
class LimitsTest {
    private static RootType type(String name) {
        int selector = RootTypes.selectorOf(name);
        assertTrue(selector >= 0, name + " is a root type");
        return RootTypes.ALL.get(selector);
    }

    /** A message of {@code record { list<R> items = 1; }} holding {@code count} empty records. */
    private static byte[] emptyRecords(int count) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        uvarint(body, count);
        body.writeBytes(new byte[count]);
        ByteArrayOutputStream message = new ByteArrayOutputStream();
        uvarint(message, body.size());
        message.writeBytes(body.toByteArray());
        return message.toByteArray();
    }

    private static void uvarint(ByteArrayOutputStream out, long v) {
        while ((v & ~0x7FL) != 0) {
            out.write((int) (v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write((int) v);
    }

    @Test
    void aPackageWhoseEmptyRecordIsLargeIsAllowedItsSize() {
        // An empty chem.Molecule (a name and three lists) is more than 64 bytes of zero values.
        assertTrue(DecodeFuzzTest.byteCost(type("chem.MoleculeSet")) > Limits.ALLOC_FACTOR);
        for (RootType t : RootTypes.ALL) {
            assertTrue(DecodeFuzzTest.byteCost(t) >= Limits.ALLOC_FACTOR, t.name());
        }
    }

    @Test
    void thousandsOfEmptyRecordsAreAValueNotABlowUp() {
        // Before F4 was settled these failed: ~92 bytes allocated per input byte, over 64.
        RootType molecules = type("chem.MoleculeSet");
        byte[] message = emptyRecords(16_000);
        assertDoesNotThrow(() -> DecodeFuzzTest.check(molecules, message));
        assertDoesNotThrow(() -> new DynamicDecodeFuzzTest().decode(withSelector(molecules, message)));
        // The stream target's frames stay under its 4 KiB maximum message size.
        ByteArrayOutputStream frames = new ByteArrayOutputStream();
        for (int i = 0; i < 4; i++) {
            frames.writeBytes(emptyRecords(4_000));
        }
        assertDoesNotThrow(() -> new StreamFuzzTest().stream(withSelector(molecules, frames.toByteArray())));
    }

    private static byte[] withSelector(RootType type, byte[] rest) {
        byte[] input = new byte[rest.length + 1];
        input[0] = (byte) RootTypes.selectorOf(type.name());
        System.arraycopy(rest, 0, input, 1, rest.length);
        return input;
    }
}
