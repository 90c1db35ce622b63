package dev.cser.compiler.format;

import dev.cser.compiler.grammar.CserLexer;
import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.Token;

/**
 * Cuts the tokens of a file that parses (comments included: Cser.g4 sends them to hidden
 * channels) into {@link Line}s: one per package or import statement, declaration head, member
 * and closing brace, and one per comment that stands on a line of its own. The order of the
 * tokens is kept, except that a comment inside a statement that ends a source line (so that code
 * cannot follow it on the same line) moves to the end of the statement.
 */
final class LineBreaker {
    /** The longest line a declaration written on one line may keep (it is broken up past it). */
    static final int MAX_WIDTH = 100;

    private final List<? extends Token> tokens;
    private final List<Line> lines = new ArrayList<>();
    private int depth;
    /** The last source line of the token before the one being read, for blank lines. */
    private int previousEndLine;

    private LineBreaker(List<? extends Token> tokens) {
        this.tokens = tokens;
    }

    /** The lines of {@code tokens}, every token of the file but whitespace and EOF. */
    static List<Line> lines(List<? extends Token> tokens) {
        LineBreaker breaker = new LineBreaker(tokens);
        breaker.run();
        return breaker.lines;
    }

    private void run() {
        int i = 0;
        while (i < tokens.size()) {
            Token t = tokens.get(i);
            if (isComment(t)) {
                lines.add(new Line(Line.Kind.COMMENT, depth, commentText(t), blankBefore(t)));
                previousEndLine = endLine(t);
                i++;
            } else {
                i = statement(i);
            }
        }
    }

    /** Reads the statement starting at code token {@code start}; returns the index after it and its trailing comments. */
    private int statement(int start) {
        Token first = tokens.get(start);
        boolean blank = blankBefore(first);
        StringBuilder text = new StringBuilder();
        List<Token> trailing = new ArrayList<>();
        Token previous = null;
        int i = start;
        Token end = null;
        int equalsAt = -1;
        for (; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (isComment(t)) {
                if (isInline(t, i)) {
                    text.append(' ').append(t.getText()); // never first: a statement starts with code
                    previous = t;
                } else {
                    trailing.add(t);
                }
                continue;
            }
            text.append(Spacing.between(previous, t));
            if (t.getType() == CserLexer.EQ) {
                equalsAt = text.length();
            }
            text.append(t.getText());
            previous = t;
            if (t.getType() == CserLexer.SEMI || t.getType() == CserLexer.RBRACE || t.getType() == CserLexer.LBRACE) {
                end = t;
                break;
            }
        }
        i++;
        Line.Kind kind;
        if (end == null) {
            kind = Line.Kind.MEMBER; // unreachable for a file that parses: every statement ends in ; { or }
        } else if (end.getType() == CserLexer.LBRACE) {
            int close = i;
            while (close < tokens.size() && tokens.get(close).getType() != CserLexer.RBRACE) {
                close++;
            }
            String oneLine = oneLine(text, trailing, first, i, close);
            if (oneLine != null) {
                text.setLength(0);
                text.append(oneLine);
                end = tokens.get(close);
                i = close + 1;
                kind = Line.Kind.ONE_LINE_DECLARATION;
            } else {
                kind = Line.Kind.OPEN;
            }
        } else if (end.getType() == CserLexer.RBRACE) {
            kind = Line.Kind.CLOSE;
            depth = 0;
        } else if (depth > 0) {
            kind = Line.Kind.MEMBER;
        } else {
            kind = first.getType() == CserLexer.PACKAGE ? Line.Kind.PACKAGE : Line.Kind.IMPORT;
        }
        // Comments that start on the line the statement ends on trail it.
        int endLine = end == null ? first.getLine() : endLine(end);
        while (i < tokens.size() && isComment(tokens.get(i)) && tokens.get(i).getLine() == endLine) {
            trailing.add(tokens.get(i));
            endLine = endLine(tokens.get(i));
            i++;
        }
        previousEndLine = endLine;
        // Trailing comments follow the code two spaces on, as long as code could still follow
        // them on the line; the rest stand on lines of their own below it.
        List<Token> below = new ArrayList<>();
        boolean lineOpen = true;
        String separator = "  ";
        int commentAt = -1;
        for (Token c : trailing) {
            if (!lineOpen) {
                below.add(c);
                continue;
            }
            text.append(separator);
            if (commentAt < 0) {
                commentAt = text.length();
            }
            text.append(commentText(c));
            separator = " ";
            // After a line comment, or a block comment over several lines, nothing more fits.
            lineOpen = c.getType() == CserLexer.BLOCK_COMMENT && c.getText().indexOf('\n') < 0;
        }
        lines.add(kind == Line.Kind.MEMBER
                ? new Line(kind, 1, text.toString(), blank, equalsAt, commentAt)
                : new Line(kind, 0, text.toString(), blank));
        if (kind == Line.Kind.OPEN) {
            depth = 1;
        }
        for (Token c : below) {
            lines.add(new Line(Line.Kind.COMMENT, depth, commentText(c), false));
        }
        return i;
    }

    /**
     * The declaration whose head is {@code head} and whose body runs from token {@code from} to
     * the closing brace at {@code close}, on one line; or null when it stays on several: it is
     * empty (always one line), or it was on one line in the source, without comments inside,
     * and fits in {@link #MAX_WIDTH} columns.
     */
    private String oneLine(CharSequence head, List<Token> trailing, Token first, int from, int close) {
        if (close >= tokens.size()) {
            return null;
        }
        if (close == from) {
            return head + "}";
        }
        if (!trailing.isEmpty() || tokens.get(close).getLine() != first.getLine()) {
            return null;
        }
        StringBuilder line = new StringBuilder(head);
        Token previous = tokens.get(from - 1);
        for (int j = from; j <= close; j++) {
            Token t = tokens.get(j);
            if (isComment(t)) {
                return null;
            }
            line.append(Spacing.between(previous, t)).append(t.getText());
            previous = t;
        }
        return line.length() <= MAX_WIDTH ? line.toString() : null;
    }

    /** A comment that stays where it is among the code: a one-line block comment with code after it on its line. */
    private boolean isInline(Token comment, int index) {
        if (comment.getType() != CserLexer.BLOCK_COMMENT || comment.getText().indexOf('\n') >= 0) {
            return false;
        }
        for (int j = index + 1; j < tokens.size(); j++) {
            Token next = tokens.get(j);
            if (!isComment(next)) {
                return next.getLine() == comment.getLine();
            }
            if (next.getLine() != comment.getLine()) {
                return false;
            }
        }
        return false;
    }

    private boolean blankBefore(Token t) {
        return previousEndLine > 0 && t.getLine() - previousEndLine >= 2;
    }

    static boolean isComment(Token t) {
        return t.getType() == CserLexer.LINE_COMMENT || t.getType() == CserLexer.BLOCK_COMMENT
                || t.getType() == CserLexer.DOC_COMMENT;
    }

    /** A comment as written, without trailing blanks (which no comment's meaning depends on). */
    private static String commentText(Token t) {
        return t.getText().stripTrailing();
    }

    private static int endLine(Token t) {
        return t.getLine() + (int) t.getText().chars().filter(c -> c == '\n').count();
    }
}
