package dev.cser.compiler.schema;

import dev.cser.compiler.diag.Location;

/** A named type declared in a schema: a record, struct, enum or union. */
public abstract sealed class Declaration permits MessageType, EnumType, UnionType {
    private final Location location;
    private final String packageName;
    private final String name;
    private final String doc;
    /** Its loop of inline holding (TypeGraph#holdsInline), once the linker has found them. */
    private Object inlineLoop;
    /** Its loop of every type it can hold, whose members share one fingerprint (CanonicalText). */
    private CanonicalText.Loop loop;
    /** Its line of the canonical text (CanonicalText), once made. */
    private String canonicalLine;

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

    Object inlineLoop() {
        return inlineLoop;
    }

    void setInlineLoop(Object loop) {
        this.inlineLoop = loop;
    }

    CanonicalText.Loop loop() {
        return loop;
    }

    void setLoop(CanonicalText.Loop loop) {
        this.loop = loop;
    }

    String canonicalLine() {
        return canonicalLine;
    }

    void setCanonicalLine(String line) {
        this.canonicalLine = line;
    }

    /** The declaring keyword: record, struct, enum or union. */
    public abstract String keyword();

    @Override
    public String toString() {
        return keyword() + " " + qualifiedName();
    }
}
