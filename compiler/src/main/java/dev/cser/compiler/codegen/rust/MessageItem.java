package dev.cser.compiler.codegen.rust;

import java.util.List;

/** A record or struct: a Rust struct with its codec. */
public final class MessageItem {
    public final String name;
    public final String qualifiedName;
    public final boolean struct;
    public final List<String> doc;
    /** Every field in id order, deprecated ones included (they are on the wire, not in the struct). */
    public final List<RustField> fields;
    public final boolean eq;
    public final boolean hash;
    public final String typeId;
    public final String fingerprint;

    MessageItem(String name, String qualifiedName, boolean struct, List<String> doc, List<RustField> fields,
            boolean eq, boolean hash, String typeId, String fingerprint) {
        this.name = name;
        this.qualifiedName = qualifiedName;
        this.struct = struct;
        this.doc = doc;
        this.fields = fields;
        this.eq = eq;
        this.hash = hash;
        this.typeId = typeId;
        this.fingerprint = fingerprint;
    }

    public String getTemplate() {
        return "messageItem";
    }

    /** The fields of the Rust struct: those not deprecated. */
    public List<RustField> getLiveFields() {
        return fields.stream().filter(f -> !f.deprecated).toList();
    }
}
