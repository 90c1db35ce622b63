package dev.cser.compiler.codegen.java;

import dev.cser.compiler.codegen.java.Reads.ReadEnum;
import dev.cser.compiler.codegen.java.Reads.ReadList;
import dev.cser.compiler.codegen.java.Reads.ReadMap;
import dev.cser.compiler.codegen.java.Reads.ReadMessage;
import dev.cser.compiler.codegen.java.Reads.ReadOptionalList;
import dev.cser.compiler.codegen.java.Reads.ReadOptionalMap;
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
import dev.cser.compiler.codegen.java.Writes.WriteEnum;
import dev.cser.compiler.codegen.java.Writes.WriteList;
import dev.cser.compiler.codegen.java.Writes.WriteMap;
import dev.cser.compiler.codegen.java.Writes.WriteMessage;
import dev.cser.compiler.codegen.java.Writes.WriteOptionalList;
import dev.cser.compiler.codegen.java.Writes.WriteOptionalMap;
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

    /** Reads a value of {@code t} into {@code target}. */
    static Reads read(JavaType t, ValueRef target) {
        int d = t.depth();
        return switch (t.kind()) {
            case SCALAR -> new ReadScalar(JavaPrimitives.method(t.primitive()), target);
            case PACKED -> new ReadPacked(JavaPrimitives.arrayMethod(t.primitive()), target);
            case ENUM -> new ReadEnum(t.type(), target);
            case MESSAGE, UNION -> new ReadMessage(t.type(), target);
            case LIST -> new ReadList(d, spell(t), boxed(t.element()), new ElementVar(d),
                    read(t.element(), new ElementVar(d)), target);
            case OPTIONAL_LIST -> new ReadOptionalList(d, spell(t), boxed(t.element()), new ElementVar(d),
                    read(t.element(), new ElementVar(d)), target);
            case MAP -> new ReadMap(d, spell(t), boxed(t.key()), boxed(t.value()), new KeyVar(d), new EntryVar(d),
                    read(t.key(), new KeyVar(d)), read(t.value(), new EntryVar(d)), target);
            case OPTIONAL_MAP -> new ReadOptionalMap(d, spell(t), boxed(t.key()), boxed(t.value()), new KeyVar(d),
                    new EntryVar(d), read(t.key(), new KeyVar(d)), read(t.value(), new EntryVar(d)), target);
        };
    }

    /** Writes {@code value}, a value of {@code t}. */
    static Writes write(JavaType t, ValueRef value) {
        int d = t.depth();
        return switch (t.kind()) {
            case SCALAR -> new WriteScalar(JavaPrimitives.method(t.primitive()), value);
            case PACKED -> new WritePacked(JavaPrimitives.arrayMethod(t.primitive()), value);
            case ENUM -> new WriteEnum(value);
            case MESSAGE, UNION -> new WriteMessage(value);
            case LIST -> new WriteList(d, spell(t), boxed(t.element()), new ElementVar(d),
                    write(t.element(), new ElementVar(d)), value);
            case OPTIONAL_LIST -> new WriteOptionalList(d, spell(t), boxed(t.element()), new ElementVar(d),
                    write(t.element(), new ElementVar(d)), value);
            case MAP -> new WriteMap(d, boxed(t.key()), boxed(t.value()), new KeyVar(d), new EntryVar(d),
                    write(t.key(), new KeyVar(d)), write(t.value(), new EntryVar(d)), value);
            case OPTIONAL_MAP -> new WriteOptionalMap(d, boxed(t.key()), boxed(t.value()), new KeyVar(d),
                    new EntryVar(d), write(t.key(), new KeyVar(d)), write(t.value(), new EntryVar(d)), value);
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
