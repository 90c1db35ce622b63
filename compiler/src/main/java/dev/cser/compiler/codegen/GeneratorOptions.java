package dev.cser.compiler.codegen;

/**
 * What the command line asks of every target, given once to the {@link OutputModelWalker}:
 * every template sees it as {@code options} (StringTemplate's dynamic scoping from the file's
 * root template), so no model class has to carry it.
 *
 * @param json also generate the JSON mapping of values (SPEC §11, {@code cserc --json})
 */
public record GeneratorOptions(boolean json) {
    /** The defaults: the codec only. */
    public static final GeneratorOptions DEFAULT = new GeneratorOptions(false);
}
