package dev.cser.compiler.format;

/**
 * One line of formatted output before it is aligned and blank lines are placed: what it is, how
 * deep it is indented, its text (a block comment's may span lines, kept as written after the
 * first), and whether the source had a blank line before it. A member's line also says where its
 * cells start, for {@link Alignment}: {@code equalsAt} is the index in {@code text} of the
 * {@code =} ({@code -1} on other lines), {@code commentAt} that of its first trailing comment
 * ({@code -1} when it has none).
 */
record Line(Kind kind, int depth, String text, boolean blankInSource, int equalsAt, int commentAt) {
    enum Kind {
        /** {@code package a.b;} */
        PACKAGE,
        /** {@code import "x.cser";} */
        IMPORT,
        /** A declaration's first line, ending in its opening brace. */
        OPEN,
        /**
         * A whole declaration on one line: an empty one, {@code record Empty {}}, or one written on
         * one line in the source, {@code struct Point { f64 x = 1; f64 y = 2; }}.
         */
        ONE_LINE_DECLARATION,
        /** A field, enum member or union variant. */
        MEMBER,
        /** The closing brace of a declaration. */
        CLOSE,
        /** A comment on a line of its own. */
        COMMENT;

        /** Whether a line of this kind starts a top-level construct (after its leading comments). */
        boolean startsUnit() {
            return this == PACKAGE || this == IMPORT || this == OPEN || this == ONE_LINE_DECLARATION;
        }

        /** Whether consecutive lines of this kind form groups the source's blank lines delimit. */
        boolean grouped() {
            return this == IMPORT || this == ONE_LINE_DECLARATION;
        }
    }

    /** A line without cells to align. */
    Line(Kind kind, int depth, String text, boolean blankInSource) {
        this(kind, depth, text, blankInSource, -1, -1);
    }

    /** Whether the line spans several lines of output (a block comment over several lines in it). */
    boolean multiLine() {
        return text.indexOf('\n') >= 0;
    }

    /** This line with {@code text} in place of its text, its cells dropped (already aligned). */
    Line withText(String text) {
        return new Line(kind, depth, text, blankInSource);
    }
}
