package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;

/**
 * Expressions reading one value from the runtime's {@code Reader r}, of type
 * {@code Result<T, DecodeError>}, one record per kind of type; and the readers collections are
 * given ({@link ReadFunction}, {@link ReadClosure}).
 */
public sealed interface Reads {
    /** {@code r.read_i32()}. */
    record ReadScalar(String method) implements Reads {}

    record ReadString() implements Reads {}

    record ReadBytes() implements Reads {}

    /** {@code r.read_f64_list()}. */
    record ReadPacked(String element) implements Reads {}

    record ReadEnum(@ModelElement TypePath path) implements Reads {}

    /** A record, struct or union: its {@code read_nested}, boxed when it holds itself. */
    record ReadMessage(boolean boxed, @ModelElement TypePath path) implements Reads {}

    record ReadList(@ModelElement Reads element) implements Reads {}

    record ReadOptionalList(@ModelElement Reads element) implements Reads {}

    record ReadMap(@ModelElement Reads key, @ModelElement Reads entry) implements Reads {}

    record ReadOptionalMap(@ModelElement Reads key, @ModelElement Reads entry) implements Reads {}

    /** A reader passed to a collection reader: the type's own {@code read_nested}. */
    record ReadFunction(@ModelElement TypePath path) implements Reads {}

    /** A reader passed to a collection reader: {@code |r| <read>}. */
    record ReadClosure(@ModelElement Reads read) implements Reads {}
}
