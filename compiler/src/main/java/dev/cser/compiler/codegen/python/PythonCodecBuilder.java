package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.python.Descriptors.EnumDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.ListDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.MapDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.MessageDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.OptionalListDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.OptionalMapDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.PackedDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.ScalarDescriptor;
import dev.cser.compiler.codegen.python.Descriptors.TypeDescriptor;
import dev.cser.compiler.codegen.python.TypeHints.BuiltinHint;
import dev.cser.compiler.codegen.python.TypeHints.ClassHint;
import dev.cser.compiler.codegen.python.TypeHints.DictHint;
import dev.cser.compiler.codegen.python.TypeHints.ListHint;
import dev.cser.compiler.codegen.python.TypeHints.OptionalHint;
import dev.cser.compiler.codegen.python.ZeroValues.BytesZero;
import dev.cser.compiler.codegen.python.ZeroValues.ClassFactory;
import dev.cser.compiler.codegen.python.ZeroValues.DictFactory;
import dev.cser.compiler.codegen.python.ZeroValues.DictZero;
import dev.cser.compiler.codegen.python.ZeroValues.EnumZero;
import dev.cser.compiler.codegen.python.ZeroValues.FalseZero;
import dev.cser.compiler.codegen.python.ZeroValues.FloatZero;
import dev.cser.compiler.codegen.python.ZeroValues.IntZero;
import dev.cser.compiler.codegen.python.ZeroValues.ListFactory;
import dev.cser.compiler.codegen.python.ZeroValues.ListZero;
import dev.cser.compiler.codegen.python.ZeroValues.MessageZero;
import dev.cser.compiler.codegen.python.ZeroValues.StrZero;
import dev.cser.compiler.codegen.python.ZeroValues.UnionZero;
import dev.cser.compiler.codegen.python.ZeroValues.UnionZeroFactory;
import dev.cser.compiler.codegen.python.ZeroValues.ZeroFactory;
import dev.cser.compiler.codegen.python.ZeroValues.ZeroValue;
import java.util.Locale;

/** Chooses the annotation, zero value and descriptor records of a {@link PythonType}, by its kind. */
final class PythonCodecBuilder {
    private PythonCodecBuilder() {}

    static TypeHints hint(PythonType t) {
        return switch (t.kind()) {
            case BOOL, INT, F32, F64, STRING, BYTES -> new BuiltinHint(t.builtin());
            case PACKED -> new ListHint(hint(t.element()));
            case ENUM, MESSAGE -> new ClassHint(t.cls());
            case LIST -> new ListHint(hint(t.element()));
            case OPTIONAL_LIST -> new ListHint(new OptionalHint(hint(t.element())));
            case MAP -> new DictHint(hint(t.key()), hint(t.value()));
            case OPTIONAL_MAP -> new DictHint(hint(t.key()), new OptionalHint(hint(t.value())));
        };
    }

    static ZeroValue zero(PythonType t) {
        return switch (t.kind()) {
            case BOOL -> new FalseZero();
            case INT -> new IntZero();
            case F32, F64 -> new FloatZero();
            case STRING -> new StrZero();
            case BYTES -> new BytesZero();
            case ENUM -> new EnumZero(t.cls(), t.zeroMember());
            case MESSAGE -> t.union() ? new UnionZero(t.cls()) : new MessageZero(t.cls());
            case PACKED, LIST, OPTIONAL_LIST -> new ListZero();
            case MAP, OPTIONAL_MAP -> new DictZero();
        };
    }

    /** What makes a fresh zero value of a type whose zero value is mutable. */
    static ZeroFactory factory(PythonType t) {
        return switch (t.kind()) {
            case MESSAGE -> t.union() ? new UnionZeroFactory(t.cls()) : new ClassFactory(t.cls());
            case MAP, OPTIONAL_MAP -> new DictFactory();
            default -> new ListFactory();
        };
    }

    static TypeDescriptor descriptor(PythonType t) {
        return switch (t.kind()) {
            case BOOL, INT, F32, F64, STRING, BYTES -> new ScalarDescriptor(constant(t));
            case PACKED -> new PackedDescriptor(constant(t.element()));
            case ENUM -> new EnumDescriptor(t.cls(), t.schemaName());
            case MESSAGE -> new MessageDescriptor(t.cls());
            case LIST -> new ListDescriptor(descriptor(t.element()));
            case OPTIONAL_LIST -> new OptionalListDescriptor(descriptor(t.element()));
            case MAP -> new MapDescriptor(descriptor(t.key()), descriptor(t.value()));
            case OPTIONAL_MAP -> new OptionalMapDescriptor(descriptor(t.key()), descriptor(t.value()));
        };
    }

    /** The {@code cser.descriptors} kind of a scalar: its schema name in capitals ({@code I32}). */
    private static String constant(PythonType t) {
        return t.schemaName().toUpperCase(Locale.ROOT);
    }
}
