package dev.cser.compiler.format;

import dev.cser.compiler.grammar.CserLexer;
import org.antlr.v4.runtime.Token;

/** The space between two tokens on one line: none around {@code < . -} and before {@code > , ;}, else one. */
final class Spacing {
    private Spacing() {}

    static String between(Token previous, Token current) {
        if (previous == null) {
            return "";
        }
        int p = previous.getType();
        int c = current.getType();
        boolean tightBefore = c == CserLexer.SEMI || c == CserLexer.COMMA || c == CserLexer.GT
                || c == CserLexer.LT || c == CserLexer.DOT;
        // MINUS only ever stands before an enum member's number: `= -1`.
        boolean tightAfter = p == CserLexer.LT || p == CserLexer.DOT || p == CserLexer.MINUS;
        return tightBefore || tightAfter ? "" : " ";
    }
}
