package dev.cser.compiler.format;

/**
 * One line of formatted output before blank lines are placed: what it is, how deep it is
 * indented, its text (a block comment's may span lines, kept as written after the first), and
 * whether the source had a blank line before it.
 */
record Line(Kind kind, int depth, String text, boolean blankInSource) {
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
}
