package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadCall;
import dev.cser.compiler.codegen.java.TypeSpelling.ClassType;

/**
 * Statements reading one value with the runtime's {@code CserReader r} and assigning it to
 * {@code target}, one record per kind of type. A collection is one call of the runtime's
 * {@code CserCollections}, which holds the collection rules ({@link CollectionCalls}).
 */
public sealed interface Reads {
    /** {@code target = r.readI32();}: a number, bool, string or bytes. */
    record ReadScalar(String method, @ModelElement ValueRef target) implements Reads {}

    /** {@code target = r.readF64Array();}: a list of numbers or bools. */
    record ReadPacked(String element, @ModelElement ValueRef target) implements Reads {}

    record ReadEnum(@ModelElement ClassType type, @ModelElement ValueRef target) implements Reads {}

    /** A record, struct or union: its {@code readNested}. */
    record ReadMessage(@ModelElement ClassType type, @ModelElement ValueRef target) implements Reads {}

    /** {@code target = dev.cser.CserCollections.readList(r, ...);}: a list or map. */
    record ReadCollection(@ModelElement ValueRef target, @ModelElement ReadCall call) implements Reads {}
}
