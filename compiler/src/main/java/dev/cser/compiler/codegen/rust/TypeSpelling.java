package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;

/**
 * How a schema type is spelled in Rust (SPEC §12.2), one record per shape; rust.stg has a
 * template of each name. Standard names ({@code String}, {@code Vec}, ...) are spelled through
 * the package's {@link StdNames}.
 */
public sealed interface TypeSpelling {
    /** A Rust primitive: {@code i32}, {@code bool}, {@code f64}. */
    record PrimitiveType(String name) implements TypeSpelling {}

    /** {@code String}. */
    record StringType() implements TypeSpelling {}

    /** {@code Vec<u8>}. */
    record BytesType() implements TypeSpelling {}

    /** A packed list: {@code Vec<f64>}. */
    record PackedType(String element) implements TypeSpelling {}

    /** A generated type by its path. */
    record NamedType(@ModelElement TypePath path) implements TypeSpelling {}

    /** {@code Box<T>}: a type that holds itself without a collection between. */
    record BoxedType(@ModelElement TypePath path) implements TypeSpelling {}

    /** {@code Vec<T>}. */
    record ListType(@ModelElement TypeSpelling element) implements TypeSpelling {}

    /** {@code Vec<Option<T>>}. */
    record OptionalListType(@ModelElement TypeSpelling element) implements TypeSpelling {}

    /** {@code cser::IndexMap<K, V>}. */
    record MapType(@ModelElement TypeSpelling key, @ModelElement TypeSpelling value) implements TypeSpelling {}

    /** {@code cser::IndexMap<K, Option<V>>}. */
    record OptionalMapType(@ModelElement TypeSpelling key, @ModelElement TypeSpelling value)
            implements TypeSpelling {}

    /** {@code Option<T>}: an optional field. */
    record OptionType(@ModelElement TypeSpelling inner) implements TypeSpelling {}
}
