package dev.cser.compiler.codegen.python;

/**
 * Zero values (SPEC §3) as Python expressions ({@link ZeroValue}), and what a descriptor holds
 * for a field whose zero value is a fresh mutable object ({@link ZeroFactory}): the callable
 * that makes one, so no two values share it.
 */
public final class ZeroValues {
    private ZeroValues() {}

    public sealed interface ZeroValue {}

    public sealed interface ZeroFactory {}

    public record FalseZero() implements ZeroValue {}

    public record IntZero() implements ZeroValue {}

    public record FloatZero() implements ZeroValue {}

    public record StrZero() implements ZeroValue {}

    public record BytesZero() implements ZeroValue {}

    public record NoneZero() implements ZeroValue {}

    /** The member with number 0: {@code Size.SMALL}. */
    public record EnumZero(ClassRef cls, String member) implements ZeroValue {}

    /** A record or struct holding its zero values: {@code Image()}. */
    public record MessageZero(ClassRef cls) implements ZeroValue {}

    /** A union's zero variant: {@code _zero_Expr()}. */
    public record UnionZero(ClassRef cls) implements ZeroValue {}

    public record ListZero() implements ZeroValue {}

    public record DictZero() implements ZeroValue {}

    /** {@code Image}: the class, called for a fresh zero value. */
    public record ClassFactory(ClassRef cls) implements ZeroFactory {}

    /** {@code _zero_Expr}. */
    public record UnionZeroFactory(ClassRef cls) implements ZeroFactory {}

    public record ListFactory() implements ZeroFactory {}

    public record DictFactory() implements ZeroFactory {}
}
