package dev.cser.compiler.codegen.python;

import java.util.List;

/** A record or struct: a Python class with {@code __slots__}, and its descriptor. */
public final class MessageClass {
    public final String name;
    public final String qualifiedName;
    /** The type's name in the schema: the first segment of JSON error paths ({@code MediaContent}). */
    public final String schemaName;
    public final boolean struct;
    public final List<String> doc;
    /** Every field in id order, deprecated ones included (they are on the wire, not in the class). */
    public final List<PyField> fields;
    public final String typeId;
    public final String fingerprint;
    /** Whether the class gets {@code to_json} / {@code from_json} (SPEC §11, {@code cserc --json}). */
    public final boolean json;

    MessageClass(String name, String qualifiedName, String schemaName, boolean struct, List<String> doc, List<PyField> fields,
            String typeId, String fingerprint, boolean json) {
        this.name = name;
        this.qualifiedName = qualifiedName;
        this.schemaName = schemaName;
        this.struct = struct;
        this.doc = doc;
        this.fields = fields;
        this.typeId = typeId;
        this.fingerprint = fingerprint;
        this.json = json;
    }

    /** The template of this type's descriptor (cser.codec). */
    public String getDescriptorTemplate() {
        return "descMessage";
    }

    public String getTemplate() {
        return "messageClass";
    }

    /** The names of {@code __slots__}, sorted (as ruff's RUF023 wants them; their order has no effect). */
    public List<String> getSlots() {
        return getLiveFields().stream().map(f -> f.name).sorted(MessageClass::natural).toList();
    }

    /** Natural order: runs of digits compare as numbers ({@code i8_value} before {@code i16_value}). */
    private static int natural(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int ei = i;
                int ej = j;
                while (ei < a.length() && Character.isDigit(a.charAt(ei))) {
                    ei++;
                }
                while (ej < b.length() && Character.isDigit(b.charAt(ej))) {
                    ej++;
                }
                int c = new java.math.BigInteger(a.substring(i, ei)).compareTo(new java.math.BigInteger(b.substring(j, ej)));
                if (c != 0) {
                    return c;
                }
                i = ei;
                j = ej;
            } else if (x != y) {
                return Character.compare(x, y);
            } else {
                i++;
                j++;
            }
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** The attributes of the class: the fields not deprecated. */
    public List<PyField> getLiveFields() {
        return fields.stream().filter(f -> !f.deprecated).toList();
    }
}
