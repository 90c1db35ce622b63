package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.ModelElement;
import dev.cser.compiler.codegen.java.TypeSpelling.ClassType;

/**
 * Statements reading one value with the runtime's {@code CserReader r} and assigning it to
 * {@code target}, one record per kind of type. A collection reads each element into its loop
 * variable ({@code var}, {@code keyVar}, {@code entryVar}) with the element's own record, then
 * adds it; {@code depth} keeps the loop's locals apart from those of the loops inside it.
 */
public sealed interface Reads {
    /** {@code target = r.readI32();}: a number, bool, string or bytes. */
    record ReadScalar(String method, @ModelElement ValueRef target) implements Reads {}

    /** {@code target = r.readF64Array();}: a list of numbers or bools. */
    record ReadPacked(String element, @ModelElement ValueRef target) implements Reads {}

    record ReadEnum(@ModelElement ClassType type, @ModelElement ValueRef target) implements Reads {}

    /** A record, struct or union: its {@code readNested}. */
    record ReadMessage(@ModelElement ClassType type, @ModelElement ValueRef target) implements Reads {}

    /** A count, then each element, into an ArrayList. */
    record ReadList(int depth, @ModelElement TypeSpelling type, @ModelElement TypeSpelling elementType,
            @ModelElement ValueRef var, @ModelElement Reads element, @ModelElement ValueRef target)
            implements Reads {}

    /** A count, presence bytes and the present elements (absent ones null). */
    record ReadOptionalList(int depth, @ModelElement TypeSpelling type, @ModelElement TypeSpelling elementType,
            @ModelElement ValueRef var, @ModelElement Reads element, @ModelElement ValueRef target)
            implements Reads {}

    /** A count, then each key and value, into a LinkedHashMap; a repeated key is an error. */
    record ReadMap(int depth, @ModelElement TypeSpelling type, @ModelElement TypeSpelling keyType,
            @ModelElement TypeSpelling entryType, @ModelElement ValueRef keyVar, @ModelElement ValueRef entryVar,
            @ModelElement Reads key, @ModelElement Reads entry, @ModelElement ValueRef target) implements Reads {}

    /** A count, presence bytes, each key and the present values (absent ones null). */
    record ReadOptionalMap(int depth, @ModelElement TypeSpelling type, @ModelElement TypeSpelling keyType,
            @ModelElement TypeSpelling entryType, @ModelElement ValueRef keyVar, @ModelElement ValueRef entryVar,
            @ModelElement Reads key, @ModelElement Reads entry, @ModelElement ValueRef target) implements Reads {}
}
