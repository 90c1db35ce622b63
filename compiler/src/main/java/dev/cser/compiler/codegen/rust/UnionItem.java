package dev.cser.compiler.codegen.rust;

import java.util.List;

/** A union: a Rust enum with one variant per case. */
public final class UnionItem {
    public final String name;
    public final String qualifiedName;
    public final List<String> doc;
    public final List<RustField> variants;
    public final RustField zero;
    public final boolean eq;
    public final boolean hash;
    public final String typeId;
    public final String fingerprint;

    UnionItem(String name, String qualifiedName, List<String> doc, List<RustField> variants, RustField zero,
            boolean eq, boolean hash, String typeId, String fingerprint) {
        this.name = name;
        this.qualifiedName = qualifiedName;
        this.doc = doc;
        this.variants = variants;
        this.zero = zero;
        this.eq = eq;
        this.hash = hash;
        this.typeId = typeId;
        this.fingerprint = fingerprint;
    }

    public String getTemplate() {
        return "unionItem";
    }
}
