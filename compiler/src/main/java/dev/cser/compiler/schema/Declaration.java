package dev.cser.compiler.schema;

import dev.cser.compiler.diag.Location;

/** A named type declared in a schema: a record, struct, enum or union. */
public abstract sealed class Declaration permits MessageType, EnumType, UnionType {
    private final Location location;
    private final String packageName;
    private final String name;
    private final String doc;

    Declaration(Location location, String packageName, String name, String doc) {
        this.location = location;
        this.packageName = packageName;
        this.name = name;
        this.doc = doc;
    }

    public Location location() {
        return location;
    }

    public String packageName() {
        return packageName;
    }

    /** The simple name, as declared: {@code ContentResource}. */
    public String name() {
        return name;
    }

    /** The {@code ///} documentation, lines joined with newlines; empty when there is none. */
    public String doc() {
        return doc;
    }

    /** {@code sakai.content.ContentResource}. */
    public String qualifiedName() {
        return packageName + "." + name;
    }

    /** The declaring keyword: record, struct, enum or union. */
    public abstract String keyword();

    @Override
    public String toString() {
        return keyword() + " " + qualifiedName();
    }
}
