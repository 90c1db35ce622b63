package dev.cser.compiler.codegen;

import java.util.List;

/**
 * What one target language needs to know beyond its templates, as in the ANTLR 4 tool's
 * {@code codegen/target}: the words it reserves and how a name that is one is escaped, how doc
 * comments and literals are spelled, and where its files go. Everything else about the
 * language is its output model and its StringTemplate group.
 */
public abstract class Target {
    /** {@code java}, {@code rust}, {@code python}: the {@code --X-out} option and the template folder. */
    public abstract String name();

    /** The classpath resource of the target's StringTemplate group. */
    public String templateGroup() {
        return "dev/cser/compiler/codegen/" + name() + "/" + name() + ".stg";
    }

    /**
     * The lines of a schema doc comment made safe inside this language's doc comment or
     * docstring: nothing in the text can end the comment or change what it means.
     */
    public abstract List<String> docLines(String doc);

    /** A 64-bit number (a stream type id or fingerprint) as a hexadecimal literal of this language. */
    public abstract String hexLiteral(long value);
}
