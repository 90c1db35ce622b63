package dev.cser.compiler.diag;

import java.util.Locale;

/**
 * How text from a schema file is shown in a diagnostic. A terminal draws some characters as
 * nothing, or as a line break (U+2028, U+0085), or turns the text around (the bidirectional
 * controls): quoted in a message or echoed as the source line, they would hide what is wrong or
 * move the caret off it. Such characters are shown as a backslash, {@code u} and the hex number
 * in braces, the way Rust writes them.
 */
public final class Visible {
    private Visible() {
    }

    /**
     * Whether a character is shown escaped: the C0 and C1 controls and DEL, format characters
     * (the bidirectional controls, zero-width joiners, the byte order mark), the line and
     * paragraph separators, lone surrogates, private-use and unassigned code points. A tab is
     * the caller's to keep: the source line keeps it so that the caret lines up.
     */
    public static boolean isEscaped(int c) {
        return switch (Character.getType(c)) {
            case Character.CONTROL, Character.FORMAT, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED -> true;
            default -> false;
        };
    }

    /** The escape of one character: U+2028 becomes a backslash and {@code u{2028}}. */
    public static String escape(int c) {
        return "\\u{" + Integer.toHexString(c).toUpperCase(Locale.ROOT) + "}";
    }

    /** A message with every escaped character but the line feed written as {@link #escape}. */
    public static String message(String text) {
        StringBuilder b = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (c != '\n' && isEscaped(c)) {
                b.append(escape(c));
            } else {
                b.appendCodePoint(c);
            }
        });
        return b.toString();
    }

    /**
     * One character named in a message: {@code '['} when it is printable ASCII, {@code 'é' (U+00E9)}
     * when it is printable beyond ASCII, and {@code U+2028} alone when it is not printable.
     */
    public static String character(int c) {
        String number = String.format(Locale.ROOT, "U+%04X", c);
        if (isEscaped(c) || Character.isWhitespace(c) || Character.isSpaceChar(c)) {
            return number;
        }
        String quoted = "'" + new String(Character.toChars(c)) + "'";
        return c < 0x80 ? quoted : quoted + " (" + number + ")";
    }
}
