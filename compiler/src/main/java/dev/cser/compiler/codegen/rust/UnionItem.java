package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.rust.VariantCode.VariantDecl;
import dev.cser.compiler.codegen.rust.VariantCode.VariantFromJson;
import dev.cser.compiler.codegen.rust.VariantCode.VariantRead;
import dev.cser.compiler.codegen.rust.VariantCode.VariantToJson;
import dev.cser.compiler.codegen.rust.VariantCode.VariantWrite;
import java.util.List;

/**
 * A union: a Rust enum with one variant per case, and {@code Unknown} holding an unknown variant
 * (SPEC §5.7), which the templates add.
 *
 * @param variants every variant's tag, Rust name and error path, in id order
 * @param zero the variant of the zero value (SPEC §3)
 * @param rustfmtSkip whether its methods are {@code #[rustfmt::skip]}: a variant's type nests past
 *     {@link RustItemBuilder#RUSTFMT_NESTING}
 * @param canonical its piece of canonical text (SPEC §8.1)
 */
public record UnionItem(String name, String qualifiedName, List<String> doc, boolean eq, boolean hash, String typeId,
        String fingerprint, List<Tag> variants, Tag zero, @ModelElement List<VariantDecl> declarations,
        @ModelElement List<VariantWrite> writes, @ModelElement List<VariantRead> reads,
        @ModelElement List<VariantToJson> toJson, @ModelElement List<VariantFromJson> fromJson, boolean rustfmtSkip,
        @ModelElement CanonicalPieces canonical) {

    /** A variant's id, its Rust name, its schema name and its segment in decode-error paths. */
    public record Tag(int id, String name, String schemaName, String path) {}
}
