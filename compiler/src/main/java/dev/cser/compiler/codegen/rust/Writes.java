package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.ModelElement;

/**
 * Statements writing one value with the runtime's {@code Writer w}, one record per kind of type.
 * Each takes the value as an argument ({@code value}: {@code &self.x}, {@code *el0}) and as the
 * receiver of a method call ({@code receiver}: {@code self.x}, {@code el0}).
 */
public sealed interface Writes {
    /** {@code w.write_i32(v);}: a number or bool. */
    record WriteScalar(String method, @ModelElement ValueRef value, @ModelElement ValueRef receiver)
            implements Writes {}

    record WriteString(@ModelElement ValueRef value, @ModelElement ValueRef receiver) implements Writes {}

    record WriteBytes(@ModelElement ValueRef value, @ModelElement ValueRef receiver) implements Writes {}

    /** {@code w.write_f64_list(v);}: a list of numbers or bools. */
    record WritePacked(String element, @ModelElement ValueRef value, @ModelElement ValueRef receiver)
            implements Writes {}

    record WriteEnum(@ModelElement ValueRef value, @ModelElement ValueRef receiver) implements Writes {}

    /** A record, struct or union: {@code x.write_nested(w);}. */
    record WriteMessage(@ModelElement ValueRef value, @ModelElement ValueRef receiver) implements Writes {}

    /** A count, then each element, bound to {@code var}, through the runtime. */
    record WriteList(String var, @ModelElement ValueRef value, @ModelElement ValueRef receiver,
            @ModelElement Writes element) implements Writes {}

    /** Presence bytes and the present elements, through the runtime. */
    record WriteOptionalList(String var, @ModelElement ValueRef value, @ModelElement ValueRef receiver,
            @ModelElement Writes element) implements Writes {}

    /** A count, then each key and value, through the runtime. */
    record WriteMap(String keyVar, String valueVar, @ModelElement ValueRef value, @ModelElement ValueRef receiver,
            @ModelElement Writes key, @ModelElement Writes entry) implements Writes {}

    /** A count, presence bytes and the entries, through the runtime. */
    record WriteOptionalMap(String keyVar, String valueVar, @ModelElement ValueRef value,
            @ModelElement ValueRef receiver, @ModelElement Writes key, @ModelElement Writes entry) implements Writes {}
}
