package dev.cser.maven;

import java.util.regex.Pattern;

/**
 * An include or exclude pattern as Maven writes them (Ant's syntax), matched against a path
 * relative to a source root with {@code /} between names: {@code *} any characters of one name,
 * {@code ?} one character, {@code **} any number of whole directories (so {@code **}{@code /*.cser}
 * also matches {@code a.cser} at the top); a pattern ending in {@code /} means everything under
 * that directory.
 */
final class AntPattern {
    private final String text;
    private final Pattern regex;

    AntPattern(String text) {
        String p = text.replace('\\', '/');
        if (p.endsWith("/")) {
            p = p + "**";
        }
        this.text = text;
        this.regex = Pattern.compile(toRegex(p));
    }

    boolean matches(String relativePath) {
        return regex.matcher(relativePath).matches();
    }

    @Override
    public String toString() {
        return text;
    }

    private static String toRegex(String p) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        while (i < p.length()) {
            char c = p.charAt(i);
            if (p.startsWith("**/", i)) {
                b.append("(?:.*/)?");
                i += 3;
            } else if (p.startsWith("**", i)) {
                b.append(".*");
                i += 2;
            } else if (c == '*') {
                b.append("[^/]*");
                i++;
            } else if (c == '?') {
                b.append("[^/]");
                i++;
            } else {
                b.append(Pattern.quote(String.valueOf(c)));
                i++;
            }
        }
        return b.toString();
    }
}
