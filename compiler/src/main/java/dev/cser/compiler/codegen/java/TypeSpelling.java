package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;

/**
 * How a schema type is spelled in Java (SPEC §12.1), one record per shape; codec.stg has a
 * template of each name. A generic argument takes a primitive's box ({@link BoxType}), a field
 * or local the primitive itself.
 */
public sealed interface TypeSpelling {
    /** A Java primitive: {@code int}, {@code boolean}, {@code double}. */
    record PrimitiveType(String name) implements TypeSpelling {}

    /** A primitive's box: {@code Integer}, as a generic argument or an optional field. */
    record BoxType(String name) implements TypeSpelling {}

    /** {@code String}. */
    record StringType() implements TypeSpelling {}

    /** {@code byte[]}. */
    record BytesType() implements TypeSpelling {}

    /** A packed list: a primitive array, {@code int[]}. */
    record ArrayType(String element) implements TypeSpelling {}

    /**
     * A generated class: its simple name in the same package, otherwise qualified.
     *
     * @param packageName the package to qualify it with, or null
     */
    record ClassType(String packageName, String name) implements TypeSpelling {}

    /** {@code java.util.List<E>}, the element boxed. */
    record ListType(@ModelElement TypeSpelling element) implements TypeSpelling {}

    /** {@code java.util.Map<K, V>}, key and value boxed. */
    record MapType(@ModelElement TypeSpelling key, @ModelElement TypeSpelling value) implements TypeSpelling {}
}
