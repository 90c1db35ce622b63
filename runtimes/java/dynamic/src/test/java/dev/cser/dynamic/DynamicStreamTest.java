package dev.cser.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.CserDecodeException;
import dev.cser.CserStreamHeader;
import dev.cser.CserStreamReader;
import dev.cser.CserStreamWriter;
import dev.cser.DecodeErrorKind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DynamicStreamTest {
    private final DynamicSchema schema = TestSchemas.schema();
    private final MessageDescriptor contact = (MessageDescriptor) schema.root("t.Contact");

    private byte[] stream(String... names) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CserStreamWriter<DynamicValue> w = new CserStreamWriter<>(out, DynamicCodec.of(contact))) {
            for (String n : names) {
                w.write(new DynamicRecord(contact).set("name", n));
            }
        }
        return out.toByteArray();
    }

    @Test
    void findsTheTypeByItsIdAndReadsEveryRecord() throws IOException {
        byte[] bytes = stream("a", "b");
        assertEquals(TestSchemas.hex(CserStreamHeader.encode(TestSchemas.CONTACT_TYPE_ID,
                TestSchemas.CONTACT_FINGERPRINT)) + "03016100" + "03016200", TestSchemas.hex(bytes));
        try (DynamicStream s = DynamicStream.open(new ByteArrayInputStream(bytes), schema)) {
            assertEquals(contact, s.type());
            assertTrue(s.fingerprintMatches());
            assertEquals("0000000000002222", s.fingerprintHex());
            CserStreamReader<DynamicValue> records = s.records();
            assertEquals("a", ((DynamicRecord) records.read()).get("name"));
            assertEquals("b", ((DynamicRecord) records.read()).get("name"));
            assertNull(records.read());
        }
    }

    @Test
    void aCorruptRecordIsOneErrorAndTheNextIsRead() throws IOException {
        byte[] bytes = stream("a", "b", "c");
        bytes[CserStreamHeader.LENGTH + 4 + 2] = (byte) 0xff; // the name of record 1
        try (DynamicStream s = DynamicStream.open(new ByteArrayInputStream(bytes), schema)) {
            CserStreamReader<DynamicValue> records = s.records();
            assertEquals("a", ((DynamicRecord) records.read()).get("name"));
            CserDecodeException e = assertThrows(CserDecodeException.class, records::read);
            assertEquals(DecodeErrorKind.BAD_UTF8, e.kind());
            assertTrue(e.getMessage().endsWith("in Contact.name (record 1, frame at stream offset 25)"), e.getMessage());
            assertEquals("c", ((DynamicRecord) records.read()).get("name"));
        }
    }

    @Test
    void headersTheSchemaCannotReadFailAsInEveryStreamReader() throws IOException {
        byte[] other = CserStreamHeader.encode(42, 7);
        try (DynamicStream s = DynamicStream.open(new ByteArrayInputStream(other), schema)) {
            assertNull(s.type());
            assertFalse(s.fingerprintMatches());
            assertEquals(DecodeErrorKind.WRONG_TYPE, assertThrows(CserDecodeException.class, s::records).kind());
            CserStreamReader<DynamicValue> forced = s.records(contact);
            assertEquals(DecodeErrorKind.WRONG_TYPE, assertThrows(CserDecodeException.class, forced::read).kind());
        }
        byte[] bad = stream("a");
        bad[2] = 'X';
        CserDecodeException e = assertThrows(CserDecodeException.class,
                () -> DynamicStream.open(new ByteArrayInputStream(bad), schema));
        assertEquals(DecodeErrorKind.BAD_STREAM_HEADER, e.kind());
        assertEquals(2, e.offset());
        byte[] cut = Arrays.copyOf(stream("a"), 15);
        assertEquals(DecodeErrorKind.TRUNCATED, assertThrows(CserDecodeException.class,
                () -> DynamicStream.open(new ByteArrayInputStream(cut), schema)).kind());
    }
}
