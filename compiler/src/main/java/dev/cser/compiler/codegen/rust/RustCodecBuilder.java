package dev.cser.compiler.codegen.rust;

import dev.cser.compiler.codegen.rust.Reads.ReadBytes;
import dev.cser.compiler.codegen.rust.Reads.ReadClosure;
import dev.cser.compiler.codegen.rust.Reads.ReadEnum;
import dev.cser.compiler.codegen.rust.Reads.ReadFunction;
import dev.cser.compiler.codegen.rust.Reads.ReadList;
import dev.cser.compiler.codegen.rust.Reads.ReadMap;
import dev.cser.compiler.codegen.rust.Reads.ReadMessage;
import dev.cser.compiler.codegen.rust.Reads.ReadOptionalList;
import dev.cser.compiler.codegen.rust.Reads.ReadOptionalMap;
import dev.cser.compiler.codegen.rust.Reads.ReadPacked;
import dev.cser.compiler.codegen.rust.Reads.ReadScalar;
import dev.cser.compiler.codegen.rust.Reads.ReadString;
import dev.cser.compiler.codegen.rust.TypeSpelling.BoxedType;
import dev.cser.compiler.codegen.rust.TypeSpelling.BytesType;
import dev.cser.compiler.codegen.rust.TypeSpelling.ListType;
import dev.cser.compiler.codegen.rust.TypeSpelling.MapType;
import dev.cser.compiler.codegen.rust.TypeSpelling.NamedType;
import dev.cser.compiler.codegen.rust.TypeSpelling.OptionalListType;
import dev.cser.compiler.codegen.rust.TypeSpelling.OptionalMapType;
import dev.cser.compiler.codegen.rust.TypeSpelling.PackedType;
import dev.cser.compiler.codegen.rust.TypeSpelling.PrimitiveType;
import dev.cser.compiler.codegen.rust.TypeSpelling.StringType;
import dev.cser.compiler.codegen.rust.Writes.WriteBytes;
import dev.cser.compiler.codegen.rust.Writes.WriteEnum;
import dev.cser.compiler.codegen.rust.Writes.WriteList;
import dev.cser.compiler.codegen.rust.Writes.WriteMap;
import dev.cser.compiler.codegen.rust.Writes.WriteMessage;
import dev.cser.compiler.codegen.rust.Writes.WriteOptionalList;
import dev.cser.compiler.codegen.rust.Writes.WriteOptionalMap;
import dev.cser.compiler.codegen.rust.Writes.WritePacked;
import dev.cser.compiler.codegen.rust.Writes.WriteScalar;
import dev.cser.compiler.codegen.rust.Writes.WriteString;

/** Chooses the spelling, write and read records of a {@link RustType}, by its kind. */
final class RustCodecBuilder {
    private RustCodecBuilder() {}

    static TypeSpelling spell(RustType t) {
        return switch (t.kind()) {
            case SCALAR -> new PrimitiveType(t.primitive());
            case STRING -> new StringType();
            case BYTES -> new BytesType();
            case PACKED -> new PackedType(t.primitive());
            case ENUM -> new NamedType(t.path());
            case MESSAGE -> t.boxed() ? new BoxedType(t.path()) : new NamedType(t.path());
            case LIST -> new ListType(spell(t.element()));
            case OPTIONAL_LIST -> new OptionalListType(spell(t.element()));
            case MAP -> new MapType(spell(t.key()), spell(t.value()));
            case OPTIONAL_MAP -> new OptionalMapType(spell(t.key()), spell(t.value()));
        };
    }

    /** Writes a value passed as {@code value}, whose methods are called on {@code receiver}. */
    static Writes write(RustType t, ValueRef value, ValueRef receiver) {
        return switch (t.kind()) {
            case SCALAR -> new WriteScalar(t.primitive(), value, receiver);
            case STRING -> new WriteString(value, receiver);
            case BYTES -> new WriteBytes(value, receiver);
            case PACKED -> new WritePacked(t.primitive(), value, receiver);
            case ENUM -> new WriteEnum(value, receiver);
            case MESSAGE -> new WriteMessage(value, receiver);
            case LIST -> new WriteList(t.elementVar(), value, receiver, element(t.element(), t.elementVar()));
            case OPTIONAL_LIST ->
                new WriteOptionalList(t.elementVar(), value, receiver, element(t.element(), t.elementVar()));
            case MAP -> new WriteMap(t.keyVar(), t.valueVar(), value, receiver, element(t.key(), t.keyVar()),
                    element(t.value(), t.valueVar()));
            case OPTIONAL_MAP -> new WriteOptionalMap(t.keyVar(), t.valueVar(), value, receiver,
                    element(t.key(), t.keyVar()), element(t.value(), t.valueVar()));
        };
    }

    /** An element, key or value bound to a loop or closure variable: a reference. */
    private static Writes element(RustType t, String var) {
        return write(t, ValueRef.element(var, t.copy()), ValueRef.local(var));
    }

    static Reads read(RustType t) {
        return switch (t.kind()) {
            case SCALAR -> new ReadScalar(t.primitive());
            case STRING -> new ReadString();
            case BYTES -> new ReadBytes();
            case PACKED -> new ReadPacked(t.primitive());
            case ENUM -> new ReadEnum(t.path());
            case MESSAGE -> new ReadMessage(t.boxed(), t.path());
            case LIST -> new ReadList(reader(t.element()));
            case OPTIONAL_LIST -> new ReadOptionalList(reader(t.element()));
            case MAP -> new ReadMap(reader(t.key()), reader(t.value()));
            case OPTIONAL_MAP -> new ReadOptionalMap(reader(t.key()), reader(t.value()));
        };
    }

    /**
     * A reader given to the runtime's collection and payload readers: a message's own function, or
     * a closure.
     */
    static Reads reader(RustType t) {
        return t.kind() == RustType.Kind.MESSAGE && !t.boxed() ? new ReadFunction(t.path()) : new ReadClosure(read(t));
    }
}
