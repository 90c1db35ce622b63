package dev.cser.compiler.codegen;

/** One output file of an emitter: where it goes under the output root and what it holds. */
public record GeneratedFile(String relativePath, String content, boolean written) {

    public GeneratedFile(String relativePath, String content) {
        this(relativePath, content, true);
    }

    /** The same file, marked as not written (the CLI could not write it). */
    public GeneratedFile failed() {
        return new GeneratedFile(relativePath, content, false);
    }
}
