package dev.cser.compiler.format;

import java.util.List;

/**
 * Places blank lines and indentation. At the top level, one blank line separates the package
 * statement, the imports, each declaration and each comment that stands alone; comments directly
 * above a construct stay directly above it; imports, and declarations on one line, keep the
 * groups the source separated by blank lines (a table of small structs stays a table). In a body, a blank line stays where the source had one or more (groups of
 * members), never after the opening or before the closing brace.
 */
final class Layout {
    static final String INDENT = "  ";

    private Layout() {}

    static String render(List<Line> lines) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            if (i > 0 && blankBetween(lines, i)) {
                out.append('\n');
            }
            String[] parts = (INDENT.repeat(line.depth()) + line.text()).split("\n", -1);
            for (String part : parts) {
                out.append(part.stripTrailing()).append('\n');
            }
        }
        return out.toString();
    }

    private static boolean blankBetween(List<Line> lines, int i) {
        Line previous = lines.get(i - 1);
        Line current = lines.get(i);
        if (current.kind() == Line.Kind.CLOSE || previous.kind() == Line.Kind.OPEN) {
            return false;
        }
        if (current.depth() > 0) {
            return current.blankInSource();
        }
        boolean previousIsComment = previous.kind() == Line.Kind.COMMENT;
        if (previousIsComment && !current.blankInSource()) {
            return false; // a comment directly above what follows it stays there
        }
        if (previous.kind().grouped() && unitOf(lines, i) == previous.kind()) {
            return current.blankInSource();
        }
        return true;
    }

    /**
     * The kind of the top-level construct line {@code i} belongs to: itself, or for a comment the
     * construct its run of comments sits directly above (null when a blank line or the end of the
     * file comes first).
     */
    private static Line.Kind unitOf(List<Line> lines, int i) {
        for (int j = i; j < lines.size(); j++) {
            Line l = lines.get(j);
            if (j > i && l.blankInSource()) {
                return null;
            }
            if (l.kind() != Line.Kind.COMMENT) {
                return l.kind();
            }
        }
        return null;
    }
}
