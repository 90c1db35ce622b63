package dev.cser.compiler.codegen;

/**
 * One output file of an emitter: the target that generated it ({@code java}, {@code rust},
 * {@code python}: which {@link OutputDirectory} manifest lists it), where it goes under the
 * output root and what it holds.
 */
public record GeneratedFile(String target, String relativePath, String content, boolean written) {

    public GeneratedFile(String target, String relativePath, String content) {
        this(target, relativePath, content, true);
    }

    /** The same file, marked as not written (it could not be written). */
    public GeneratedFile failed() {
        return new GeneratedFile(target, relativePath, content, false);
    }
}
