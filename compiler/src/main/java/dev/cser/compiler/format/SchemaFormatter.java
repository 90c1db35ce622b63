package dev.cser.compiler.format;

import dev.cser.compiler.grammar.CserLexer;
import java.util.List;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;

/**
 * The canonical layout of a schema file ({@code cserc fmt}, compiler/README.md): every token and
 * comment kept, in order; whitespace, line breaks and blank lines chosen by {@link LineBreaker},
 * {@link Spacing}, {@link Alignment} and {@link Layout}. Only for text that parses: check it with the
 * {@code SchemaParser} first.
 */
public final class SchemaFormatter {
    private SchemaFormatter() {}

    /** The formatted text: LF line ends, two-space indentation, one final newline. */
    public static String format(String text) {
        CserLexer lexer = new CserLexer(CharStreams.fromString(text.replace("\r\n", "\n")));
        lexer.removeErrorListeners();
        List<? extends Token> tokens = lexer.getAllTokens();
        return Layout.render(Alignment.align(LineBreaker.lines(tokens)));
    }
}
