package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;

/**
 * Statements writing one value ({@code value}) with the runtime's {@code CserWriter w}, one
 * record per kind of type. A collection binds each element to its loop variable ({@code var},
 * {@code keyVar}, {@code entryVar}), which the element's own record writes.
 */
public sealed interface Writes {
    /** {@code w.writeI32(value);}: a number, bool, string or bytes. */
    record WriteScalar(String method, @ModelElement ValueRef value) implements Writes {}

    /** {@code w.writeF64Array(value);}: a list of numbers or bools. */
    record WritePacked(String element, @ModelElement ValueRef value) implements Writes {}

    record WriteEnum(@ModelElement ValueRef value) implements Writes {}

    /** A record, struct or union: its {@code writeNested}. */
    record WriteMessage(@ModelElement ValueRef value) implements Writes {}

    /** A count, then each element. */
    record WriteList(int depth, @ModelElement TypeSpelling type, @ModelElement TypeSpelling elementType,
            @ModelElement ValueRef var, @ModelElement Writes element, @ModelElement ValueRef value)
            implements Writes {}

    /** A count, a presence byte before each eight elements, and the present elements. */
    record WriteOptionalList(int depth, @ModelElement TypeSpelling type, @ModelElement TypeSpelling elementType,
            @ModelElement ValueRef var, @ModelElement Writes element, @ModelElement ValueRef value)
            implements Writes {}

    /** A count, then each key and value. */
    record WriteMap(int depth, @ModelElement TypeSpelling keyType, @ModelElement TypeSpelling entryType,
            @ModelElement ValueRef keyVar, @ModelElement ValueRef entryVar, @ModelElement Writes key,
            @ModelElement Writes entry, @ModelElement ValueRef value) implements Writes {}

    /** A count, a presence byte before each eight entries, each key and the present values. */
    record WriteOptionalMap(int depth, @ModelElement TypeSpelling keyType, @ModelElement TypeSpelling entryType,
            @ModelElement ValueRef keyVar, @ModelElement ValueRef entryVar, @ModelElement Writes key,
            @ModelElement Writes entry, @ModelElement ValueRef value) implements Writes {}
}
