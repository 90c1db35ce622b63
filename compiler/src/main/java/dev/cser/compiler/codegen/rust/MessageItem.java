package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.rust.FieldCode.FieldDecl;
import dev.cser.compiler.codegen.rust.FieldCode.FieldFromJson;
import dev.cser.compiler.codegen.rust.FieldCode.FieldRead;
import dev.cser.compiler.codegen.rust.FieldCode.FieldToJson;
import dev.cser.compiler.codegen.rust.FieldCode.WriteStep;
import java.util.List;

/**
 * A record or struct: a Rust struct with its codec.
 *
 * @param eq whether it can derive Eq (no float anywhere inside)
 * @param hash whether it can derive Hash (Eq, and no map anywhere inside)
 * @param declarations the struct's fields: those not deprecated
 * @param writes every field in id order, deprecated ones included (they are on the wire), with
 *     a checkpoint between stretches of fields in a wide one
 * @param reads likewise
 * @param toJson the fields not deprecated
 * @param fromJson every field
 * @param deprecatedFields whether it has deprecated fields, and so the member that keeps their
 *     bytes (SPEC §5.5.1)
 * @param unknownMask for a record whose last presence byte has free bits (SPEC §5.5.1), the
 *     mask of those bits as a {@code u8} literal (its unknown presence bits); null otherwise
 * @param rustfmtSkip whether its methods are {@code #[rustfmt::skip]}: a field's type nests past
 *     {@link RustItemBuilder#RUSTFMT_NESTING}
 * @param canonical its piece of canonical text (SPEC §8.1)
 */
public record MessageItem(String name, String qualifiedName, boolean struct, List<String> doc, boolean eq,
        boolean hash, String typeId, String fingerprint, boolean deprecatedFields, String unknownMask,
        @ModelElement List<FieldDecl> declarations, @ModelElement List<WriteStep> writes,
        @ModelElement List<FieldRead> reads, @ModelElement List<FieldToJson> toJson,
        @ModelElement List<FieldFromJson> fromJson, boolean rustfmtSkip, @ModelElement CanonicalPieces canonical) {}
