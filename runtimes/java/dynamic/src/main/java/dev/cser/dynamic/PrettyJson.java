package dev.cser.dynamic;

/**
 * Re-indents the compact JSON {@code Json.write} prints: two spaces per level, one member or
 * element per line, {@code ": "} after a key, empty objects and arrays kept as {@code {}} and
 * {@code []}. Only whitespace outside strings is added, so the values, their text and the
 * escapes stay exactly as the compact form has them.
 */
final class PrettyJson {
    private PrettyJson() {}

    static String indent(String compact) {
        StringBuilder out = new StringBuilder(compact.length() * 2);
        int depth = 0;
        boolean inString = false;
        int n = compact.length();
        for (int i = 0; i < n; i++) {
            char c = compact.charAt(i);
            if (inString) {
                out.append(c);
                if (c == '\\') {
                    out.append(compact.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
                continue;
            }
            switch (c) {
                case '"' -> {
                    inString = true;
                    out.append(c);
                }
                case '{', '[' -> {
                    char close = c == '{' ? '}' : ']';
                    if (i + 1 < n && compact.charAt(i + 1) == close) {
                        out.append(c).append(close);
                        i++;
                    } else {
                        out.append(c);
                        newline(out, ++depth);
                    }
                }
                case '}', ']' -> {
                    newline(out, --depth);
                    out.append(c);
                }
                case ',' -> {
                    out.append(c);
                    newline(out, depth);
                }
                case ':' -> out.append(": ");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    private static void newline(StringBuilder out, int depth) {
        out.append('\n');
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
    }
}
