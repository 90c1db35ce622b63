package dev.cser.compiler.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.SchemaCompat;
import dev.cser.SchemaText;
import dev.cser.compiler.dynamic.DynamicSchemas;
import dev.cser.compiler.schema.CanonicalText;
import dev.cser.compiler.schema.Declaration;
import dev.cser.compiler.schema.MessageType;
import dev.cser.dynamic.DynamicCodec;
import dev.cser.dynamic.DynamicSchema;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * SPEC §5.5.1 over generated schema changes: wherever the runtimes' comparison (§9.1) lets an older
 * reader read a newer writer's bytes, a program of the older schema passes a message of the newer
 * through byte-identical. Generated pairs ({@link SchemaPairs}) hold deprecated fields from the
 * start, whose record and union types the edits grow; the messages are each record's zero value
 * in the newer schema, which is what a writer puts in a deprecated field, with the schema-driven
 * codec of each version.
 */
class PassThroughPairsTest {
    @Test
    void olderProgramsPassNewerMessagesThroughUnchanged() throws Exception {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        for (SchemaPairs.Generated g : SchemaPairs.generate(400)) {
            if (g.name().contains("remove")) {
                // The newer writer has fewer fields than the older reader, which reads the rest as
                // zero values and writes them: an older writer's message, not a newer one's.
                continue;
            }
            DynamicSchema older = DynamicSchemas.from(g.oldSchema());
            DynamicSchema newer = DynamicSchemas.from(g.newSchema());
            for (Declaration n : g.newSchema().allDeclarations()) {
                Declaration o = g.oldSchema().declarations().get(n.qualifiedName());
                if (!(n instanceof MessageType nm) || nm.isStruct() || !(o instanceof MessageType om) || om.isStruct()) {
                    continue;
                }
                if (SchemaCompat.difference(SchemaText.parse(CanonicalText.of(n)), SchemaText.parse(CanonicalText.of(o)),
                        o.qualifiedName()).isPresent()) {
                    continue;
                }
                DynamicCodec writer = DynamicCodec.of(newer.root(n.qualifiedName()));
                DynamicCodec reader = DynamicCodec.of(older.root(o.qualifiedName()));
                byte[] written = writer.encode(writer.decode(new byte[] {0}));
                byte[] passed = reader.encode(reader.decode(written));
                checked++;
                if (!HexFormat.of().formatHex(written).equals(HexFormat.of().formatHex(passed))) {
                    failures.add(g.name() + " " + n.qualifiedName() + ": " + HexFormat.of().formatHex(written) + " became "
                            + HexFormat.of().formatHex(passed));
                }
            }
        }
        assertEquals(List.of(), failures);
        assertTrue(checked > 200, checked + " pairs checked");
    }
}
