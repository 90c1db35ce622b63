package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteCall;

/**
 * Statements writing one value ({@code value}) with the runtime's {@code CserWriter w}, one
 * record per kind of type. A collection is one call of the runtime's {@code CserCollections},
 * which holds the collection rules ({@link CollectionCalls}).
 */
public sealed interface Writes {
    /** {@code w.writeI32(value);}: a number, bool, string or bytes. */
    record WriteScalar(String method, @ModelElement ValueRef value) implements Writes {}

    /** {@code w.writeF64Array(value);}: a list of numbers or bools. */
    record WritePacked(String element, @ModelElement ValueRef value) implements Writes {}

    record WriteEnum(@ModelElement ValueRef value) implements Writes {}

    /** A record, struct or union: its {@code writeNested}. */
    record WriteMessage(@ModelElement ValueRef value) implements Writes {}

    /** {@code dev.cser.CserCollections.writeList(w, value, ...);}: a list or map. */
    record WriteCollection(@ModelElement WriteCall call) implements Writes {}
}
