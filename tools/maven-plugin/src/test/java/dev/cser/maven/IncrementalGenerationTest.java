package dev.cser.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A goal's work without Maven: generation happens when the schemas, their imports or the
 * settings change and is skipped otherwise; stale files go; errors leave nothing that skips.
 */
class IncrementalGenerationTest {
    @TempDir
    Path dir;

    private Path root;
    private Path shared;
    private Path out;

    @BeforeEach
    void schemas() throws Exception {
        root = Files.createDirectories(dir.resolve("src/main/cser"));
        shared = Files.createDirectories(dir.resolve("shared"));
        out = dir.resolve("target/generated-sources/cser");
        Files.writeString(shared.resolve("money.cser"), "package shop.money;\nstruct Amount { i64 units = 1; }\n");
        Files.writeString(root.resolve("orders.cser"),
                "package shop.orders;\nimport \"money.cser\";\nrecord Order { shop.money.Amount total = 1; }\n");
    }

    private IncrementalGeneration.Outcome run(List<String> settings) throws Exception {
        return new IncrementalGeneration(List.of(root), List.of("**/*.cser"), List.of(), List.of(shared, root), false, out,
                dir.resolve("target/cser-maven-plugin/default.state"), settings).run();
    }

    private IncrementalGeneration.Outcome run() throws Exception {
        return run(List.of("version 1"));
    }

    @Test
    void generatesThenSkipsUntilSomethingChanges() throws Exception {
        IncrementalGeneration.Generated first = assertInstanceOf(IncrementalGeneration.Generated.class, run());
        assertEquals(1, first.schemas());
        assertEquals(List.of("shop/money/Amount.java", "shop/orders/Order.java"), first.written().changed().stream().sorted().toList());
        assertInstanceOf(IncrementalGeneration.UpToDate.class, run());

        // An import, found through an include directory, is an input too.
        Files.writeString(shared.resolve("money.cser"), "package shop.money;\nstruct Amount { i64 cents = 1; }\n");
        IncrementalGeneration.Generated again = assertInstanceOf(IncrementalGeneration.Generated.class, run());
        assertTrue(again.written().changed().contains("shop/money/Amount.java"), again.written().changed().toString());
        assertInstanceOf(IncrementalGeneration.UpToDate.class, run());

        // So are the plugin and its configuration.
        assertInstanceOf(IncrementalGeneration.Generated.class, run(List.of("version 2")));
        assertInstanceOf(IncrementalGeneration.UpToDate.class, run(List.of("version 2")));
    }

    @Test
    void aDeletedOutputIsGeneratedAgain() throws Exception {
        run();
        Files.delete(out.resolve(".cserc-java-files"));
        assertInstanceOf(IncrementalGeneration.Generated.class, run());
    }

    @Test
    void aRenamedTypeLeavesNoStaleFileAndHandWrittenFilesStay() throws Exception {
        run();
        Files.writeString(out.resolve("shop/orders/Notes.txt"), "mine");
        Files.writeString(root.resolve("orders.cser"),
                "package shop.orders;\nimport \"money.cser\";\nrecord Purchase { shop.money.Amount total = 1; }\n");
        IncrementalGeneration.Generated g = assertInstanceOf(IncrementalGeneration.Generated.class, run());
        assertEquals(List.of("shop/orders/Order.java"), g.written().removed());
        assertFalse(Files.exists(out.resolve("shop/orders/Order.java")));
        assertTrue(Files.exists(out.resolve("shop/orders/Purchase.java")));
        assertEquals("mine", Files.readString(out.resolve("shop/orders/Notes.txt")));
    }

    @Test
    void aNewSchemaFileIsNoticed() throws Exception {
        run();
        Files.writeString(root.resolve("extra.cser"), "package shop.extra;\nenum Colour { RED = 0; }\n");
        IncrementalGeneration.Generated g = assertInstanceOf(IncrementalGeneration.Generated.class, run());
        assertEquals(2, g.schemas());
        assertTrue(Files.exists(out.resolve("shop/extra/Colour.java")));
    }

    @Test
    void schemaErrorsAreReportedAndTheNextRunCompilesAgain() throws Exception {
        run();
        Files.writeString(root.resolve("orders.cser"), "package shop.orders;\nrecord Order { Money total = 1; }\n");
        JavaSourceGeneration.SchemaErrors e = assertThrows(JavaSourceGeneration.SchemaErrors.class, this::run);
        assertEquals(root.resolve("orders.cser") + ":2:16: error: unknown type 'Money'\n"
                + "record Order { Money total = 1; }\n"
                + "               ^\n"
                + "1 error", e.getMessage());
        assertEquals(0, e.getStackTrace().length, "a report, not a crash");
        assertThrows(JavaSourceGeneration.SchemaErrors.class, this::run);
    }

    @Test
    void removingEverySchemaRemovesWhatWasGenerated() throws Exception {
        run();
        Files.delete(root.resolve("orders.cser"));
        IncrementalGeneration.NoSchemas none = assertInstanceOf(IncrementalGeneration.NoSchemas.class, run());
        assertEquals(2, none.removed().removed().size());
        assertFalse(Files.exists(out.resolve("shop")));
    }
}
