package dev.cser.compiler.inspect;

import dev.cser.UnknownFields;
import dev.cser.UnknownVariant;
import dev.cser.dynamic.DecodeTrace;
import dev.cser.dynamic.DynamicJson;
import dev.cser.dynamic.EnumValue;
import dev.cser.dynamic.ValueType;
import dev.cser.dynamic.VariantDescriptor;
import dev.cser.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * An annotated hex dump of one message, in the manner of {@code flatc --annotate}: a
 * {@link DecodeTrace} that collects each piece the codec reads, then {@link #render} prints one
 * line per piece — its offset (decimal, as decode errors count), its bytes in hex, its field
 * path and what it means — followed by any bytes left unread (after an error). The codec does
 * all the reading; this class only lays out what it reports.
 *
 * <pre>
 *  offset  bytes            path          meaning
 *       0  06               Contact       length 6
 *       1  03 41 6e 6e      Contact.name  "Ann"
 * </pre>
 */
public final class AnnotatedDump implements DecodeTrace {
    /** Bytes shown per line. */
    static final int BYTES_PER_LINE = 8;
    /** A longer piece shows this many lines of its bytes, then how many more there are. */
    static final int MAX_LINES = 4;
    /** A value longer than this (a long string) is cut, with its full length said. */
    static final int MAX_VALUE_CHARS = 60;

    private record Piece(int offset, int size, String path, String meaning) {}

    private final List<Piece> pieces = new ArrayList<>();

    @Override
    public void value(String path, int offset, int size, ValueType type, Object value) {
        pieces.add(new Piece(offset, size, path, valueText(type, value)));
    }

    @Override
    public void length(String path, int offset, int size, int length) {
        pieces.add(new Piece(offset, size, path, "length " + length));
    }

    @Override
    public void presence(String path, int offset, int bits) {
        String binary = String.format(Locale.ROOT, "%8s", Integer.toBinaryString(bits & 0xFF)).replace(' ', '0');
        pieces.add(new Piece(offset, 1, path, "presence " + binary));
    }

    @Override
    public void count(String path, int offset, int size, int count) {
        pieces.add(new Piece(offset, size, path, "count " + count));
    }

    @Override
    public void tag(String path, int offset, int size, int tag, VariantDescriptor variant) {
        String meaning = variant != null ? variant.name()
                : tag == 0 ? "(no such variant)" : "(unknown variant, from a newer schema: kept)";
        pieces.add(new Piece(offset, size, path, "tag " + Integer.toUnsignedString(tag) + " " + meaning));
    }

    @Override
    public void payload(String path, int offset, int size, int length) {
        pieces.add(new Piece(offset, size, path, "payload length " + length));
    }

    @Override
    public void unknownVariant(String path, int offset, int size, UnknownVariant variant) {
        if (variant.size() == 0) {
            pieces.add(new Piece(offset, size, path, "payload length 0: the unknown variant's payload is empty"));
            return;
        }
        pieces.add(new Piece(offset, size, path, "payload length " + variant.size()));
        pieces.add(new Piece(offset + size, variant.size(), path,
                "unknown variant's payload (" + variant.size() + (variant.size() == 1 ? " byte" : " bytes")
                        + ", kept unparsed)"));
    }

    @Override
    public void unknown(String path, int offset, UnknownFields fields) {
        pieces.add(new Piece(offset, fields.size(), path, "unknown fields (" + fields.size() + " bytes, from a newer schema)"));
    }

    /**
     * The dump of {@code message}: a header line, a line per piece reported so far, then the
     * bytes after the last piece (none after a successful decode; after an error, those not decoded).
     */
    public String render(byte[] message) {
        int end = 0;
        for (Piece p : pieces) {
            end = Math.max(end, p.offset() + p.size());
        }
        List<Piece> all = new ArrayList<>(pieces);
        if (end < message.length) {
            all.add(new Piece(end, message.length - end, "", "(not decoded)"));
        }
        int offsetWidth = Math.max("offset".length(), Integer.toString(Math.max(0, message.length - 1)).length());
        int bytesWidth = BYTES_PER_LINE * 3 - 1;
        int pathWidth = "path".length();
        for (Piece p : all) {
            pathWidth = Math.max(pathWidth, p.path().length());
        }
        StringBuilder out = new StringBuilder();
        row(out, offsetWidth, "offset", bytesWidth, "bytes", pathWidth, "path", "meaning");
        for (Piece p : all) {
            List<String> lines = hexLines(message, p.offset(), p.size());
            for (int i = 0; i < lines.size(); i++) {
                if (i == 0) {
                    row(out, offsetWidth, Integer.toString(p.offset()), bytesWidth, lines.get(0), pathWidth, p.path(),
                            p.meaning());
                } else {
                    boolean elision = lines.get(i).startsWith("...");
                    row(out, offsetWidth, elision ? "" : Integer.toString(p.offset() + i * BYTES_PER_LINE), bytesWidth,
                            lines.get(i), 0, "", "");
                }
            }
        }
        return out.toString();
    }

    /** The bytes of a piece, {@link #BYTES_PER_LINE} per line, elided after {@link #MAX_LINES} lines. */
    private static List<String> hexLines(byte[] message, int offset, int size) {
        List<String> lines = new ArrayList<>();
        int shown = size > MAX_LINES * BYTES_PER_LINE ? (MAX_LINES - 1) * BYTES_PER_LINE : size;
        for (int start = 0; start < shown || (size == 0 && lines.isEmpty()); start += BYTES_PER_LINE) {
            StringBuilder line = new StringBuilder();
            for (int i = start; i < Math.min(shown, start + BYTES_PER_LINE); i++) {
                if (i > start) {
                    line.append(' ');
                }
                line.append(String.format(Locale.ROOT, "%02x", message[offset + i] & 0xFF));
            }
            lines.add(line.toString());
        }
        if (shown < size) {
            lines.add("... " + (size - shown) + " more bytes (" + size + " in all)");
        }
        return lines;
    }

    private static void row(StringBuilder out, int offsetWidth, String offset, int bytesWidth, String bytes,
            int pathWidth, String path, String meaning) {
        String line = " ".repeat(offsetWidth - offset.length()) + offset + "  " + pad(bytes, bytesWidth) + "  "
                + pad(path, pathWidth) + "  " + meaning;
        out.append(line.stripTrailing()).append('\n');
    }

    private static String pad(String s, int width) {
        return s.length() >= width ? s : s + " ".repeat(width - s.length());
    }

    /**
     * The JSON form of a value (SPEC §11), cut when long: a dump line stays readable. An enum
     * number the enum does not name (a newer writer's member, kept) says so.
     */
    private static String valueText(ValueType type, Object value) {
        String json = Json.write(DynamicJson.toJson(type, value));
        if (value instanceof EnumValue e && !e.isKnown()) {
            return json + " (no member of " + e.type().qualifiedName() + ": a newer schema's?)";
        }
        int chars = json.codePointCount(0, json.length());
        if (chars <= MAX_VALUE_CHARS) {
            return json;
        }
        int cut = json.offsetByCodePoints(0, MAX_VALUE_CHARS - 1);
        return json.substring(0, cut) + "… (" + chars + " characters in all)";
    }
}
