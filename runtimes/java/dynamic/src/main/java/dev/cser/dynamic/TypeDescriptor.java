package dev.cser.dynamic;

/**
 * A declared type of a schema, as the dynamic codec needs it: a record or struct
 * ({@link MessageDescriptor}), a union ({@link UnionDescriptor}) or an enum
 * ({@link EnumDescriptor}). Descriptors are immutable; a {@link DynamicSchema} binds the
 * references between them.
 */
public sealed interface TypeDescriptor permits RootDescriptor, EnumDescriptor {

    /** {@code sakai.content.ContentResource}. */
    String qualifiedName();

    /** The declaring keyword: record, struct, enum or union. */
    String keyword();

    /** The simple name, as declared: {@code ContentResource}. It starts error paths ({@code ContentResource.id}). */
    String name();

    /** The package: {@code sakai.content}. */
    default String packageName() {
        String q = qualifiedName();
        int dot = q.lastIndexOf('.');
        return dot < 0 ? "" : q.substring(0, dot);
    }
}
