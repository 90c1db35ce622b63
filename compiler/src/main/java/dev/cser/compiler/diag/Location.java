package dev.cser.compiler.diag;

/**
 * Where something is in a schema file: the path as the user named it (or as an import resolved
 * it), a 1-based line and a 1-based column.
 */
public record Location(String path, int line, int column) implements Comparable<Location> {

    /** A location for a whole file, used when no line applies (a file that cannot be read). */
    public static Location ofFile(String path) {
        return new Location(path, 0, 0);
    }

    @Override
    public int compareTo(Location o) {
        int c = path.compareTo(o.path);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(line, o.line);
        return c != 0 ? c : Integer.compare(column, o.column);
    }

    @Override
    public String toString() {
        return line == 0 ? path : path + ":" + line + ":" + column;
    }
}
