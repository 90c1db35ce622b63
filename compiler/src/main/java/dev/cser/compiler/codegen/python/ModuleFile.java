package dev.cser.compiler.codegen.python;

import dev.cser.compiler.codegen.ModelElement;
import java.util.List;

/**
 * One generated module: the classes of one schema package, then the descriptors of its records,
 * structs and unions, bound to a codec ({@code cser.bind}).
 *
 * @param usesRecords whether a record or union is declared: a record's class keeps unknown fields
 *     and a union's {@code Unknown} subclass an unknown variant ({@code cser.unknown}, SPEC §5.5.1, §5.7)
 * @param codecNames the classes that have a descriptor, in declaration order
 * @param items enums first (a field's default is evaluated when its class is defined), then the
 *     {@link MessageClass}es and {@link UnionClass}es in declaration order
 */
public record ModuleFile(String packageName, List<String> sources, boolean confusablesAllowed, List<String> doc, List<Import> imports,
        boolean usesEnum, boolean usesCodec, boolean usesRecords, List<String> codecNames, @ModelElement List<Object> items,
        @ModelElement List<Object> descriptors) {

    /** A module the generated one imports: {@code import sakai.common as _pkg_sakai_common}. */
    public record Import(String module, String alias) {}
}
