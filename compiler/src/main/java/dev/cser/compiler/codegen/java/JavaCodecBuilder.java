package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.java.CollectionCalls.ReadCall;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadCallLambda;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadEnumLambda;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadFunction;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadListCall;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadMapCall;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadNestedRef;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadOptionalListCall;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadOptionalMapCall;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadScalarListCall;
import dev.cser.compiler.codegen.java.CollectionCalls.ReadStringKeyedMapCall;
import dev.cser.compiler.codegen.java.CollectionCalls.ReaderMethodRef;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteCall;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteCallLambda;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteEnumLambda;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteFunction;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteListCall;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteMapCall;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteNestedLambda;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteOptionalListCall;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteOptionalMapCall;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteScalarListCall;
import dev.cser.compiler.codegen.java.CollectionCalls.WriteStringKeyedMapCall;
import dev.cser.compiler.codegen.java.CollectionCalls.WriterMethodRef;
import dev.cser.compiler.codegen.java.Reads.ReadCollection;
import dev.cser.compiler.codegen.java.Reads.ReadEnum;
import dev.cser.compiler.codegen.java.Reads.ReadMessage;
import dev.cser.compiler.codegen.java.Reads.ReadPacked;
import dev.cser.compiler.codegen.java.Reads.ReadScalar;
import dev.cser.compiler.codegen.java.TypeSpelling.ArrayType;
import dev.cser.compiler.codegen.java.TypeSpelling.BoxType;
import dev.cser.compiler.codegen.java.TypeSpelling.BytesType;
import dev.cser.compiler.codegen.java.TypeSpelling.ListType;
import dev.cser.compiler.codegen.java.TypeSpelling.MapType;
import dev.cser.compiler.codegen.java.TypeSpelling.PrimitiveType;
import dev.cser.compiler.codegen.java.TypeSpelling.StringType;
import dev.cser.compiler.codegen.java.ValueRef.ElementVar;
import dev.cser.compiler.codegen.java.ValueRef.EntryVar;
import dev.cser.compiler.codegen.java.ValueRef.KeyVar;
import dev.cser.compiler.codegen.java.Writes.WriteCollection;
import dev.cser.compiler.codegen.java.Writes.WriteEnum;
import dev.cser.compiler.codegen.java.Writes.WriteMessage;
import dev.cser.compiler.codegen.java.Writes.WritePacked;
import dev.cser.compiler.codegen.java.Writes.WriteScalar;
import dev.cser.compiler.codegen.java.ZeroValue.EmptyArray;
import dev.cser.compiler.codegen.java.ZeroValue.EmptyList;
import dev.cser.compiler.codegen.java.ZeroValue.EmptyMap;
import dev.cser.compiler.codegen.java.ZeroValue.EmptyString;
import dev.cser.compiler.codegen.java.ZeroValue.EnumZero;
import dev.cser.compiler.codegen.java.ZeroValue.FalseZero;
import dev.cser.compiler.codegen.java.ZeroValue.NewMessage;
import dev.cser.compiler.codegen.java.ZeroValue.NumberZero;
import dev.cser.compiler.codegen.java.ZeroValue.UnionZero;
import dev.cser.compiler.schema.Primitive;
import java.util.List;

/** Chooses the spelling, read, write and zero-value records of a {@link JavaType}, by its kind. */
final class JavaCodecBuilder {
    private JavaCodecBuilder() {}

    /** The type of a field, parameter or local: an optional field's number is boxed. */
    static TypeSpelling spell(JavaType t) {
        return switch (t.kind()) {
            case SCALAR -> switch (t.primitive()) {
                case STRING -> new StringType();
                case BYTES -> new BytesType();
                default -> t.nullable() ? new BoxType(JavaPrimitives.box(t.primitive()))
                        : new PrimitiveType(JavaPrimitives.javaName(t.primitive()));
            };
            case PACKED -> new ArrayType(JavaPrimitives.javaName(t.primitive()));
            case ENUM, MESSAGE, UNION -> t.type();
            case LIST, OPTIONAL_LIST -> new ListType(boxed(t.element()));
            case MAP, OPTIONAL_MAP -> new MapType(boxed(t.key()), boxed(t.value()));
        };
    }

    /** The type as a generic argument: numbers and bools boxed. */
    static TypeSpelling boxed(JavaType t) {
        return t.kind() == JavaType.Kind.SCALAR && t.primitive().isNumeric()
                ? new BoxType(JavaPrimitives.box(t.primitive())) : spell(t);
    }

    /** The nesting from which collection helpers get explicit type arguments ({@link Witness}). */
    private static final int WITNESS_DEPTH = 2;

    /** The type arguments of the runtime helper's call for the collection {@code t}: none above {@link #WITNESS_DEPTH}. */
    static Witness witness(JavaType t) {
        if (t.depth() < WITNESS_DEPTH) {
            return new Witness(List.of());
        }
        return new Witness(t.kind() == JavaType.Kind.MAP || t.kind() == JavaType.Kind.OPTIONAL_MAP
                ? List.of(boxed(t.key()), boxed(t.value()))
                : List.of(boxed(t.element())));
    }

    /** {@link #witness} of a helper that names only the value's type ({@code readStringKeyedMap}). */
    private static Witness valueWitness(JavaType t) {
        return new Witness(t.depth() < WITNESS_DEPTH ? List.of() : List.of(boxed(t.value())));
    }

    /** Reads a value of {@code t} into {@code target}. */
    static Reads read(JavaType t, ValueRef target) {
        return switch (t.kind()) {
            case SCALAR -> new ReadScalar(JavaPrimitives.method(t.primitive()), target);
            case PACKED -> new ReadPacked(JavaPrimitives.arrayMethod(t.primitive()), target);
            case ENUM -> new ReadEnum(t.type(), target);
            case MESSAGE, UNION -> new ReadMessage(t.type(), target);
            case LIST, OPTIONAL_LIST, MAP, OPTIONAL_MAP -> new ReadCollection(target, readCall(t, "r"));
        };
    }

    /** The runtime call reading the collection {@code t} with the reader named {@code reader}. */
    private static ReadCall readCall(JavaType t, String reader) {
        int d = t.depth();
        Witness w = witness(t);
        return switch (t.kind()) {
            case LIST -> hasOwnLoop(t.element())
                ? new ReadScalarListCall(reader, JavaPrimitives.method(t.element().primitive()))
                : new ReadListCall(reader, w, readFunction(t.element(), d));
            case OPTIONAL_LIST -> new ReadOptionalListCall(reader, w, readFunction(t.element(), d));
            case MAP -> isString(t.key())
                ? new ReadStringKeyedMapCall(reader, valueWitness(t), readFunction(t.value(), d))
                : new ReadMapCall(reader, w, readFunction(t.key(), d), readFunction(t.value(), d));
            case OPTIONAL_MAP -> new ReadOptionalMapCall(reader, w, readFunction(t.key(), d), readFunction(t.value(), d));
            default -> throw new IllegalArgumentException("not a collection: " + t.kind());
        };
    }

    /**
     * Whether a list of {@code e} has a helper of its own in the runtime ({@code readStringList},
     * {@code writeBytesList}): strings and bytes, the scalars a list does not pack.
     */
    private static boolean hasOwnLoop(JavaType e) {
        return e.kind() == JavaType.Kind.SCALAR && (e.primitive() == Primitive.STRING || e.primitive() == Primitive.BYTES);
    }

    /** Whether {@code e} is a string: a map keyed by strings has a helper of its own. */
    private static boolean isString(JavaType e) {
        return e.kind() == JavaType.Kind.SCALAR && e.primitive() == Primitive.STRING;
    }

    /** How a collection at nesting {@code depth} reads each element {@code e}: a method reference or a lambda. */
    private static ReadFunction readFunction(JavaType e, int depth) {
        String reader = "r" + depth;
        return switch (e.kind()) {
            case SCALAR -> new ReaderMethodRef("read" + JavaPrimitives.method(e.primitive()));
            case PACKED -> new ReaderMethodRef("read" + JavaPrimitives.arrayMethod(e.primitive()) + "Array");
            case ENUM -> new ReadEnumLambda(reader, e.type());
            case MESSAGE, UNION -> new ReadNestedRef(e.type());
            case LIST, OPTIONAL_LIST, MAP, OPTIONAL_MAP -> new ReadCallLambda(reader, readCall(e, reader));
        };
    }

    /** Writes {@code value}, a value of {@code t}. */
    static Writes write(JavaType t, ValueRef value) {
        return switch (t.kind()) {
            case SCALAR -> new WriteScalar(JavaPrimitives.method(t.primitive()), value);
            case PACKED -> new WritePacked(JavaPrimitives.arrayMethod(t.primitive()), value);
            case ENUM -> new WriteEnum(value);
            case MESSAGE, UNION -> new WriteMessage(value);
            case LIST, OPTIONAL_LIST, MAP, OPTIONAL_MAP -> new WriteCollection(writeCall(t, "w", value));
        };
    }

    /** The runtime call writing {@code value}, the collection {@code t}, with the writer named {@code writer}. */
    private static WriteCall writeCall(JavaType t, String writer, ValueRef value) {
        int d = t.depth();
        Witness w = witness(t);
        return switch (t.kind()) {
            case LIST -> hasOwnLoop(t.element())
                ? new WriteScalarListCall(writer, value, JavaPrimitives.method(t.element().primitive()))
                : new WriteListCall(writer, w, value, writeFunction(t.element(), d, new ElementVar(d)));
            case OPTIONAL_LIST ->
                new WriteOptionalListCall(writer, w, value, writeFunction(t.element(), d, new ElementVar(d)));
            case MAP -> isString(t.key())
                ? new WriteStringKeyedMapCall(writer, valueWitness(t), value, writeFunction(t.value(), d, new EntryVar(d)))
                : new WriteMapCall(writer, w, value, writeFunction(t.key(), d, new KeyVar(d)),
                    writeFunction(t.value(), d, new EntryVar(d)));
            case OPTIONAL_MAP -> new WriteOptionalMapCall(writer, w, value, writeFunction(t.key(), d, new KeyVar(d)),
                    writeFunction(t.value(), d, new EntryVar(d)));
            default -> throw new IllegalArgumentException("not a collection: " + t.kind());
        };
    }

    /**
     * How a collection at nesting {@code depth} writes each element {@code e}, bound in a lambda
     * to {@code var}: a method reference or a lambda.
     */
    private static WriteFunction writeFunction(JavaType e, int depth, ValueRef var) {
        String writer = "w" + depth;
        return switch (e.kind()) {
            case SCALAR -> new WriterMethodRef("write" + JavaPrimitives.method(e.primitive()));
            case PACKED -> new WriterMethodRef("write" + JavaPrimitives.arrayMethod(e.primitive()) + "Array");
            case ENUM -> new WriteEnumLambda(writer, var);
            case MESSAGE, UNION -> new WriteNestedLambda(writer, var);
            case LIST, OPTIONAL_LIST, MAP, OPTIONAL_MAP -> new WriteCallLambda(writer, var, writeCall(e, writer, var));
        };
    }

    /** The zero value of {@code t} (SPEC §3). */
    static ZeroValue zero(JavaType t) {
        return switch (t.kind()) {
            case SCALAR -> switch (t.primitive()) {
                case BOOL -> new FalseZero();
                case STRING -> new EmptyString();
                case BYTES -> new EmptyArray(spell(t));
                case I8, U8 -> new NumberZero("(byte) 0");
                case I16, U16 -> new NumberZero("(short) 0");
                case I32, U32 -> new NumberZero("0");
                case I64, U64 -> new NumberZero("0L");
                case F32 -> new NumberZero("0.0f");
                case F64 -> new NumberZero("0.0");
            };
            case PACKED -> new EmptyArray(spell(t));
            case ENUM -> new EnumZero(t.type(), t.zeroMember());
            case MESSAGE -> new NewMessage(t.type());
            case UNION -> new UnionZero(t.type());
            case LIST, OPTIONAL_LIST -> new EmptyList();
            case MAP, OPTIONAL_MAP -> new EmptyMap();
        };
    }

    /** Whether Java's default value of a field (0, false) is already the zero value: a primitive. */
    static boolean zeroIsDefault(JavaType t) {
        return t.kind() == JavaType.Kind.SCALAR && t.primitive() != Primitive.STRING
                && t.primitive() != Primitive.BYTES;
    }
}
