package dev.cser.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.KnownSchemas;
import dev.cser.SchemaCompat;
import dev.cser.SchemaText;
import org.junit.jupiter.api.Test;

/**
 * The canonical text generated code puts together from its lines (SPEC §8.1) is the compiler's:
 * for every root type of every example and conformance schema, it hashes to the fingerprint the
 * compiler wrote, the runtime's parser reads it, and it is compatible with itself.
 */
class CanonicalTextTest {
    @Test
    void everyRootTypesTextHashesToItsFingerprint() {
        assertTrue(RootTypes.ALL.size() > 50, RootTypes.ALL.size() + " root types");
        for (RootTypes.RootType t : RootTypes.ALL) {
            String text = t.codec().canonicalText();
            assertEquals(String.format("%016x", t.codec().fingerprint()),
                    String.format("%016x", KnownSchemas.fingerprint(text)), t.name() + ":\n" + text);
            SchemaText parsed = SchemaText.parse(text);
            assertTrue(parsed.types().containsKey(t.name()), t.name());
            assertEquals(java.util.Optional.empty(), SchemaCompat.difference(parsed, parsed, t.name()), t.name());
        }
    }
}
