package dev.cser.compiler.format;

import java.util.ArrayList;
import java.util.List;

/**
 * Lines up the members of a declaration the way gofmt lines up struct fields. A run is a stretch
 * of consecutive member lines that no blank line, comment line or member over several lines
 * breaks (those end a declaration's table for the reader too, and keep a change in one group of
 * fields from re-indenting the others). Within a run each {@code =} stands one space after the
 * longest text before an {@code =}, and the trailing comments start two spaces after the longest
 * member. Widths count code points, so a name in a comment with letters outside ASCII pads as
 * it reads. Declarations kept on one line are not members here and are never padded.
 */
final class Alignment {
    private Alignment() {}

    /** {@code lines} with every run of members aligned. */
    static List<Line> align(List<Line> lines) {
        List<Line> out = new ArrayList<>(lines.size());
        int i = 0;
        while (i < lines.size()) {
            if (!alignable(lines.get(i))) {
                out.add(lines.get(i));
                i++;
                continue;
            }
            int end = i + 1;
            while (end < lines.size() && alignable(lines.get(end)) && !lines.get(end).blankInSource()) {
                end++;
            }
            out.addAll(alignRun(lines.subList(i, end)));
            i = end;
        }
        return out;
    }

    private static boolean alignable(Line line) {
        return line.kind() == Line.Kind.MEMBER && line.equalsAt() >= 0 && !line.multiLine();
    }

    private static List<Line> alignRun(List<Line> run) {
        int headWidth = 0;
        for (Line line : run) {
            headWidth = Math.max(headWidth, width(head(line)));
        }
        List<String> code = new ArrayList<>(run.size());
        int codeWidth = 0;
        for (Line line : run) {
            String head = head(line);
            String padded = head + " ".repeat(headWidth - width(head) + 1) + value(line);
            code.add(padded);
            codeWidth = Math.max(codeWidth, width(padded));
        }
        List<Line> out = new ArrayList<>(run.size());
        for (int k = 0; k < run.size(); k++) {
            Line line = run.get(k);
            String text = code.get(k);
            if (line.commentAt() >= 0) {
                text += " ".repeat(codeWidth - width(text) + 2) + line.text().substring(line.commentAt());
            }
            out.add(line.withText(text));
        }
        return out;
    }

    /** What stands before the {@code =}: the type and name, with any comment between them. */
    private static String head(Line line) {
        return line.text().substring(0, line.equalsAt()).stripTrailing();
    }

    /** From the {@code =} to the {@code ;}, with any comment between them. */
    private static String value(Line line) {
        int end = line.commentAt() >= 0 ? line.commentAt() : line.text().length();
        return line.text().substring(line.equalsAt(), end).stripTrailing();
    }

    private static int width(String s) {
        return s.codePointCount(0, s.length());
    }
}
