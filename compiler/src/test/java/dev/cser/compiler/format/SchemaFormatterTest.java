package dev.cser.compiler.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.cser.compiler.SchemaCompiler;
import dev.cser.compiler.TestPaths;
import dev.cser.compiler.codegen.Emitter;
import dev.cser.compiler.codegen.GeneratedFile;
import dev.cser.compiler.codegen.GeneratorOptions;
import dev.cser.compiler.codegen.java.JavaGenerator;
import dev.cser.compiler.diag.ErrorCollector;
import dev.cser.compiler.diag.SchemaException;
import dev.cser.compiler.grammar.CserLexer;
import dev.cser.compiler.parse.SchemaParser;
import dev.cser.compiler.schema.Schema;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code cserc fmt}'s layout: golden pairs ({@code src/test/resources/fmt/NAME.in.cser} →
 * {@code NAME.out.cser}), and over every schema file of the repository that parses: the layout
 * is idempotent, keeps every comment and every code token in order, and the formatted schema
 * compiles to the same code.
 */
class SchemaFormatterTest {
    private static final Path REPOSITORY = TestPaths.MODULE.getParent();
    private static final Path GOLDEN = TestPaths.RESOURCES.resolve("fmt");

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"layout", "comments", "alignment"})
    void goldenPairs(String name) throws IOException {
        String in = Files.readString(GOLDEN.resolve(name + ".in.cser"));
        String expected = Files.readString(GOLDEN.resolve(name + ".out.cser"));
        assertEquals(expected, SchemaFormatter.format(in));
        assertEquals(expected, SchemaFormatter.format(expected), "the expected output is itself formatted");
    }

    @Test
    void crlfLineEndsAndTrailingBlanksGoAndTheFileEndsInOneNewline() {
        String in = "package p;   \r\n\r\n\r\nrecord A {\r\n  i32 x = 1;\t\r\n}\r\n\r\n\r\n";
        assertEquals("package p;\n\nrecord A {\n  i32 x = 1;\n}\n", SchemaFormatter.format(in));
        assertEquals("package p;\n\nrecord A {}\n", SchemaFormatter.format("package p; record A {}"));
    }

    @Test
    void aLineCommentInsideAOneLineDeclarationBreaksItUp() {
        String in = "package p;\nenum E { A = 0; // first\n B = 1; }\n";
        assertEquals("package p;\n\nenum E {\n  A = 0;  // first\n  B = 1;\n}\n", SchemaFormatter.format(in));
    }

    @Test
    void severalCommentsInsideOneStatementKeepTheirOrderBelowIt() {
        String in = "package p;\nrecord A {\n  i32 // one\n  // two\n  x = 1; // three\n  i32 y = 2;\n}\n";
        assertEquals("package p;\n\nrecord A {\n  i32 x = 1;  // one\n  // two\n  // three\n  i32 y = 2;\n}\n",
                SchemaFormatter.format(in));
    }

    @Test
    void theEqualsSignsOfARunStandOneSpaceAfterItsLongestMember() {
        String in = "package p;\nrecord A {\n  i32 x = 1; // c\n  list<string> names = 2;\n  deprecated bool b = 10;\n}\n";
        assertEquals("package p;\n\nrecord A {\n"
                + "  i32 x              = 1;   // c\n"
                + "  list<string> names = 2;\n"
                + "  deprecated bool b  = 10;\n}\n", SchemaFormatter.format(in));
    }

    @Test
    void aBlankLineACommentLineOrAMemberOverSeveralLinesEndsARun() {
        String in = "package p;\nenum E {\n  A = 0;\n  LONGER = 1;\n\n  B = 2;\n  // c\n  CC = 3;\n"
                + "  D = 4; /* two\n  lines */\n  EEEE = 5;\n}\n";
        assertEquals("package p;\n\nenum E {\n  A      = 0;\n  LONGER = 1;\n\n  B = 2;\n  // c\n  CC = 3;\n"
                + "  D = 4;  /* two\n  lines */\n  EEEE = 5;\n}\n", SchemaFormatter.format(in));
    }

    /** Names are ASCII (Cser.g4), but an inline comment before the {@code =} may not be. */
    @Test
    void widthsAreCountedInCodePoints() {
        String in = "package p;\nrecord A {\n  i32 /* \u00e9t\u00e9 */ a = 1; // x\n  i32 /* \ud83d\ude00 */ b = 2; // y\n"
                + "  i32 abcdefghij = 3; // z\n}\n";
        String out = SchemaFormatter.format(in);
        List<String> members = out.lines().filter(l -> l.contains(" = ")).toList();
        assertEquals(3, members.size(), out);
        for (String line : members) {
            assertEquals(17, line.codePointCount(0, line.indexOf(" = ")), "'=' column in code points: " + out);
            assertEquals(24, line.codePointCount(0, line.indexOf("//")), "comment column in code points: " + out);
        }
    }

    static Stream<Path> repositorySchemas() throws IOException {
        try (Stream<Path> walk = Files.walk(REPOSITORY)) {
            List<Path> files = walk
                    .filter(p -> p.toString().endsWith(".cser") && Files.isRegularFile(p))
                    .filter(p -> !REPOSITORY.relativize(p).toString().matches("(.*/)?(target|\\.venv|node_modules|\\.git)/.*"))
                    .sorted()
                    .toList();
            assertTrue(files.size() > 200, "every schema of the repository: " + files.size());
            return files.stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("repositorySchemas")
    void idempotentAndKeepsEveryTokenAndComment(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            assertTrue(file.toString().contains("/malformed/"), file + " is not UTF-8");
            return;
        }
        ErrorCollector errors = new ErrorCollector();
        SchemaParser.parse(file.toString(), text, errors);
        if (errors.hasErrors()) {
            // Only the malformed-schema corpus holds files that do not parse.
            assertTrue(file.toString().contains("/malformed/"), file + " does not parse");
            return;
        }
        String once = SchemaFormatter.format(text);
        assertEquals(once, SchemaFormatter.format(once), "fmt(fmt(x)) == fmt(x)");
        ErrorCollector again = new ErrorCollector();
        SchemaParser.parse(file.toString(), once, again);
        assertFalse(again.hasErrors(), "the formatted file parses");
        assertEquals(codeTokens(text), codeTokens(once), "the same code tokens, in order");
        assertEquals(comments(text), comments(once), "every comment kept");
        assertEquals(docComments(text), docComments(once), "doc comments keep their order");
    }

    /**
     * The layout depends on the tokens, the comments and where the lines break, not on the spaces
     * and tabs: each schema with its horizontal whitespace replaced at random (line breaks kept)
     * formats exactly as the original does.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("repositorySchemas")
    void spacesAndTabsDoNotMatter(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            return; // not UTF-8: the malformed corpus, covered above
        }
        ErrorCollector errors = new ErrorCollector();
        SchemaParser.parse(file.toString(), text, errors);
        if (errors.hasErrors()) {
            return;
        }
        String expected = SchemaFormatter.format(text);
        java.util.Random random = new java.util.Random(file.getFileName().toString().hashCode());
        int changed = 0;
        for (int round = 0; round < 3; round++) {
            String shuffled = reshuffleWhitespace(text, random);
            changed += shuffled.equals(text) ? 0 : 1;
            assertEquals(expected, SchemaFormatter.format(shuffled), "whitespace reshuffled:\n" + shuffled);
        }
        assertTrue(changed > 0, "the whitespace was never changed");
    }

    /** {@code text} with each run of spaces and tabs between tokens replaced by 1 to 3 random ones, newlines kept. */
    private static String reshuffleWhitespace(String text, java.util.Random random) {
        // ANTLR's token indexes count code points; a character outside the BMP is two chars.
        int[] charIndex = new int[text.codePointCount(0, text.length()) + 1];
        for (int cp = 0, c = 0; cp < charIndex.length; cp++) {
            charIndex[cp] = c;
            c = c < text.length() ? text.offsetByCodePoints(c, 1) : c;
        }
        StringBuilder out = new StringBuilder();
        int at = 0;
        for (Token t : tokens(text)) {
            String gap = text.substring(at, charIndex[t.getStartIndex()]);
            out.append(gap.isEmpty() && random.nextBoolean() ? " " : "");
            String[] lines = gap.split("\n", -1);
            for (int k = 0; k < lines.length; k++) {
                out.append(k > 0 ? "\n" : "").append(lines[k].isEmpty() ? "" : randomBlanks(random));
            }
            out.append(t.getText());
            at = charIndex[t.getStopIndex() + 1];
        }
        return out.append(text.substring(at)).toString();
    }

    private static String randomBlanks(java.util.Random random) {
        StringBuilder b = new StringBuilder();
        for (int n = 1 + random.nextInt(3); n > 0; n--) {
            b.append(random.nextBoolean() ? ' ' : '\t');
        }
        return b.toString();
    }

    /**
     * Each directory of schemas that compile on their own (no -I needed), formatted into a copy:
     * the Java generated from the copy is the generated Java of the original, headers aside. The
     * doc comments are in the generated code, so this also shows that each still documents what
     * it did; the fingerprints (SPEC §8.1) are in it too.
     */
    @Test
    void formattedSchemasCompileToTheSameCode(@TempDir Path temp) throws Exception {
        Map<Path, List<Path>> byDirectory = new TreeMap<>();
        for (Path f : repositorySchemas().toList()) {
            byDirectory.computeIfAbsent(f.getParent(), d -> new ArrayList<>()).add(f);
        }
        int compared = 0;
        for (Map.Entry<Path, List<Path>> dir : byDirectory.entrySet()) {
            for (Path file : dir.getValue()) {
                Map<String, String> original = javaOf(file, List.of());
                if (original == null) {
                    continue; // a schema with errors, or one that needs -I
                }
                Path copy = temp.resolve(REPOSITORY.relativize(file));
                Files.createDirectories(copy.getParent());
                for (Path sibling : dir.getValue()) {
                    Files.writeString(copy.resolveSibling(sibling.getFileName()),
                            SchemaFormatter.format(Files.readString(sibling)));
                }
                // Imports outside the directory are found through -I in the original's directory.
                Map<String, String> formatted = javaOf(copy, List.of(file.getParent()));
                assertEquals(original, formatted, file.toString());
                compared++;
            }
        }
        assertTrue(compared > 30, "schemas compared: " + compared);
    }

    /** The generated Java by file, the header line (which names the schema's path) left out; null on errors. */
    private static Map<String, String> javaOf(Path schemaFile, List<Path> includes) {
        Schema schema;
        try {
            schema = new SchemaCompiler(includes).compile(List.of(schemaFile));
        } catch (SchemaException e) {
            return null;
        }
        Map<String, String> files = new TreeMap<>();
        for (GeneratedFile f : new Emitter(new JavaGenerator()).emit(schema, new GeneratorOptions(true))) {
            files.put(f.relativePath(), f.content().replaceFirst("// Generated by cserc from [^\n]*\n", ""));
        }
        return files;
    }

    private static List<Token> tokens(String text) {
        CserLexer lexer = new CserLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        return new ArrayList<>(lexer.getAllTokens());
    }

    private static List<String> codeTokens(String text) {
        return tokens(text).stream().filter(t -> t.getChannel() == Token.DEFAULT_CHANNEL).map(Token::getText).toList();
    }

    /** Every comment's text, sorted: a comment inside a statement may move to the statement's end. */
    private static List<String> comments(String text) {
        return tokens(text).stream().filter(t -> t.getChannel() != Token.DEFAULT_CHANNEL)
                .map(t -> t.getText().stripTrailing()).sorted().toList();
    }

    private static List<String> docComments(String text) {
        return tokens(text).stream().filter(t -> t.getType() == CserLexer.DOC_COMMENT)
                .map(t -> t.getText().stripTrailing()).toList();
    }
}
