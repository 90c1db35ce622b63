package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.java.TypeSpelling.ClassType;

/**
 * Calls of the runtime's {@code dev.cser.CserCollections}, which reads and writes every list and
 * map (its count, presence bytes, duplicate keys, error paths): a {@link ReadCall} or
 * {@link WriteCall} per shape of collection, given the element's reader or writer as a
 * {@link ReadFunction} or {@link WriteFunction}. A collection inside a collection is a lambda
 * around a call; the lambda's parameters are named by the nesting depth of the collection that
 * passes it ({@code r0}, {@code w1}, {@code el1}), so nested lambdas never shadow each other or
 * the method's {@code r} and {@code w}. Method references and lambdas capture nothing: the JIT
 * sees one constant object per call site. Lists of strings or bytes and maps keyed by strings
 * call the runtime's helpers with a loop of their own ({@link ReadScalarListCall},
 * {@link ReadStringKeyedMapCall}), which need no dispatch per element where C2 does not inline
 * the generic loop.
 */
public final class CollectionCalls {
    private CollectionCalls() {}

    /** An expression reading a collection with the reader named {@code reader}. */
    public sealed interface ReadCall {}

    /** An expression writing the collection {@code value} with the writer named {@code writer}. */
    public sealed interface WriteCall {}

    /** An {@code ElementReader}: what a collection read calls for each element, key or value. */
    public sealed interface ReadFunction {}

    /** An {@code ElementWriter}: what a collection write calls for each element, key or value. */
    public sealed interface WriteFunction {}

    public record ReadListCall(String reader, @ModelElement Witness witness, @ModelElement ReadFunction element)
            implements ReadCall {}

    /**
     * {@code readStringList(r)}, {@code readBytesList(r)}: a list of strings or bytes, read by a
     * loop of its own in the runtime (the element is known, so the JIT needs no dispatch).
     */
    public record ReadScalarListCall(String reader, String element) implements ReadCall {}

    public record ReadOptionalListCall(String reader, @ModelElement Witness witness,
            @ModelElement ReadFunction element) implements ReadCall {}

    public record ReadMapCall(String reader, @ModelElement Witness witness, @ModelElement ReadFunction key,
            @ModelElement ReadFunction entry) implements ReadCall {}

    /** {@code readStringKeyedMap(r, value)}: a map whose keys are strings, read by the runtime's own loop. */
    public record ReadStringKeyedMapCall(String reader, @ModelElement Witness witness, @ModelElement ReadFunction entry)
            implements ReadCall {}

    public record ReadOptionalMapCall(String reader, @ModelElement Witness witness, @ModelElement ReadFunction key,
            @ModelElement ReadFunction entry) implements ReadCall {}

    public record WriteListCall(String writer, @ModelElement Witness witness, @ModelElement ValueRef value,
            @ModelElement WriteFunction element) implements WriteCall {}

    /** {@code writeStringList(w, value)}, {@code writeBytesList(w, value)}: see {@link ReadScalarListCall}. */
    public record WriteScalarListCall(String writer, @ModelElement ValueRef value, String element)
            implements WriteCall {}

    public record WriteOptionalListCall(String writer, @ModelElement Witness witness, @ModelElement ValueRef value,
            @ModelElement WriteFunction element) implements WriteCall {}

    public record WriteMapCall(String writer, @ModelElement Witness witness, @ModelElement ValueRef value,
            @ModelElement WriteFunction key, @ModelElement WriteFunction entry) implements WriteCall {}

    /** {@code writeStringKeyedMap(w, value, entry)}: see {@link ReadStringKeyedMapCall}. */
    public record WriteStringKeyedMapCall(String writer, @ModelElement Witness witness, @ModelElement ValueRef value,
            @ModelElement WriteFunction entry) implements WriteCall {}

    public record WriteOptionalMapCall(String writer, @ModelElement Witness witness, @ModelElement ValueRef value,
            @ModelElement WriteFunction key, @ModelElement WriteFunction entry) implements WriteCall {}

    /** {@code CserReader::readI32}, {@code CserReader::readF64Array}: a scalar or packed list. */
    public record ReaderMethodRef(String method) implements ReadFunction {}

    /** {@code Type::readNested}: a record, struct or union. */
    public record ReadNestedRef(@ModelElement ClassType type) implements ReadFunction {}

    /** {@code r0 -> Type.forNumber(r0.readEnum())}. */
    public record ReadEnumLambda(String reader, @ModelElement ClassType type) implements ReadFunction {}

    /** {@code r0 -> call}: a collection, read with the lambda's reader. */
    public record ReadCallLambda(String reader, @ModelElement ReadCall call) implements ReadFunction {}

    /** {@code CserWriter::writeI32}, {@code CserWriter::writeF64Array}: a scalar or packed list. */
    public record WriterMethodRef(String method) implements WriteFunction {}

    /** {@code (w0, el0) -> w0.writeEnum(el0.number())}. */
    public record WriteEnumLambda(String writer, @ModelElement ValueRef var) implements WriteFunction {}

    /** {@code (w0, el0) -> el0.writeNested(w0)}: a record, struct or union. */
    public record WriteNestedLambda(String writer, @ModelElement ValueRef var) implements WriteFunction {}

    /** {@code (w0, el0) -> call}: a collection, written with the lambda's writer. */
    public record WriteCallLambda(String writer, @ModelElement ValueRef var, @ModelElement WriteCall call)
            implements WriteFunction {}
}
