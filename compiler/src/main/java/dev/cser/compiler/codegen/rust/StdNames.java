package dev.cser.compiler.codegen.rust;

import java.util.Set;

/**
 * How one generated module spells the standard names it uses. A schema may declare a type
 * called {@code String}, {@code Option} or {@code Result} (SPEC only forbids the names of its
 * own built-in types); in that package the generated code spells the standard one by its full
 * path, so the schema's type keeps its name.
 */
public final class StdNames {
    public final String string;
    public final String vec;
    public final String option;
    public final String some;
    public final String none;
    public final String box;
    public final String result;
    public final String ok;
    public final String err;
    public final String defaultTrait;

    StdNames(Set<String> declared) {
        string = pick(declared, "String", "::std::string::String");
        vec = pick(declared, "Vec", "::std::vec::Vec");
        option = pick(declared, "Option", "::std::option::Option");
        some = pick(declared, "Some", "::std::option::Option::Some");
        none = pick(declared, "None", "::std::option::Option::None");
        box = pick(declared, "Box", "::std::boxed::Box");
        result = pick(declared, "Result", "::std::result::Result");
        ok = pick(declared, "Ok", "::std::result::Result::Ok");
        err = pick(declared, "Err", "::std::result::Result::Err");
        defaultTrait = pick(declared, "Default", "::std::default::Default");
    }

    private static String pick(Set<String> declared, String name, String path) {
        return declared.contains(name) ? path : name;
    }
}
