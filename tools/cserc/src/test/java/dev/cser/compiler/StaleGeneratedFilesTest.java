package dev.cser.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cserc --java-out/--rust-out/--python-out} run again after a schema changed: the files
 * no schema produces any more are gone, everything else in the output directories stays.
 */
class StaleGeneratedFilesTest {
    @TempDir
    Path dir;

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private void generate(String schemaText) throws Exception {
        Path schema = dir.resolve("hr.cser");
        Files.writeString(schema, schemaText, StandardCharsets.UTF_8);
        int status = new Cserc(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8))
                .run(new String[] {"--java-out", dir.resolve("java").toString(), "--rust-out", dir.resolve("rust").toString(),
                    "--python-out", dir.resolve("python").toString(), schema.toString()});
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRenamedTypeLeavesNoFileBehind() throws Exception {
        generate("package acme.hr;\nrecord Employee { string name = 1; }\nenum Level { JUNIOR = 0; }\n");
        Path java = dir.resolve("java/acme/hr");
        assertTrue(Files.exists(java.resolve("Employee.java")));
        assertTrue(Files.exists(java.resolve("Level.java")));
        Files.writeString(java.resolve("EmployeeHelper.java"), "// written by hand");

        generate("package acme.hr;\nrecord Person { string name = 1; }\nenum Level { JUNIOR = 0; }\n");
        assertFalse(Files.exists(java.resolve("Employee.java")), "the renamed type's file is removed");
        assertTrue(Files.exists(java.resolve("Person.java")));
        assertTrue(Files.exists(java.resolve("Level.java")));
        assertEquals("// written by hand", Files.readString(java.resolve("EmployeeHelper.java")));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aRenamedPackageLeavesNoFileBehindInAnyTarget() throws Exception {
        generate("package acme.hr;\nrecord Employee { string name = 1; }\n");
        assertTrue(Files.exists(dir.resolve("rust/acme.hr.rs")));
        assertTrue(Files.exists(dir.resolve("python/acme/hr.py")));
        Files.writeString(dir.resolve("rust/mine.rs"), "// written by hand");
        Files.writeString(dir.resolve("python/acme/mine.py"), "# written by hand");

        generate("package acme.people;\nrecord Employee { string name = 1; }\n");
        assertFalse(Files.exists(dir.resolve("rust/acme.hr.rs")));
        assertTrue(Files.exists(dir.resolve("rust/acme.people.rs")));
        assertTrue(Files.exists(dir.resolve("rust/cser_modules.rs")));
        assertFalse(Files.exists(dir.resolve("python/acme/hr.py")));
        assertTrue(Files.exists(dir.resolve("python/acme/people.py")));
        assertFalse(Files.exists(dir.resolve("java/acme/hr")), "the old package's directory is removed");
        assertTrue(Files.exists(dir.resolve("java/acme/people/Employee.java")));
        assertEquals("// written by hand", Files.readString(dir.resolve("rust/mine.rs")));
        assertEquals("# written by hand", Files.readString(dir.resolve("python/acme/mine.py")));
    }

    @Test
    void aSchemaThatLostEveryTypeLeavesNoJavaFileBehind() throws Exception {
        generate("package acme.hr;\nrecord Employee { string name = 1; }\n");
        assertTrue(Files.exists(dir.resolve("java/acme/hr/Employee.java")));

        // Java generates no file at all for a package without types: the target is still known.
        generate("package acme.hr;\n");
        assertFalse(Files.exists(dir.resolve("java/acme/hr/Employee.java")));
        assertFalse(Files.exists(dir.resolve("java/acme")), "the emptied package directories are removed");
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }
}
