package dev.cser.compiler.compat;

import java.util.List;

/**
 * Texts that are not canonical schema texts (SPEC §8.1), each breaking one rule of its grammar or
 * limits: every runtime's parser must reject them all ({@code conformance/schema-compat.json}).
 */
final class BadTexts {
    private BadTexts() {}

    static List<String[]> all() {
        String name121 = "n" + "a".repeat(120);
        String deep = "list<".repeat(33) + "i32" + ">".repeat(33);
        StringBuilder manyFields = new StringBuilder("record a.R{");
        for (int i = 1; i <= 1001; i++) {
            manyFields.append(i).append(":i32 f").append(i).append(';');
        }
        StringBuilder manyMembers = new StringBuilder("enum a.E{");
        for (int i = 0; i <= 4096; i++) {
            manyMembers.append('M').append(i).append('=').append(i).append(';');
        }
        return List.of(
                new String[] {"empty", ""},
                new String[] {"no_newline", "record a.R{1:i32 x;}"},
                new String[] {"crlf", "record a.R{1:i32 x;}\r\n"},
                new String[] {"unknown_keyword", "message a.R{1:i32 x;}\n"},
                new String[] {"two_spaces", "record  a.R{1:i32 x;}\n"},
                new String[] {"space_before_brace", "record a.R {1:i32 x;}\n"},
                new String[] {"id_from_2", "record a.R{2:i32 x;}\n"},
                new String[] {"id_gap", "record a.R{1:i32 x;3:i32 y;}\n"},
                new String[] {"id_zero_padded", "record a.R{01:i32 x;}\n"},
                new String[] {"id_signed", "record a.R{+1:i32 x;}\n"},
                new String[] {"unknown_builtin", "record a.R{1:int x;}\n"},
                new String[] {"map_without_space", "record a.R{1:map<string,i32> x;}\n"},
                new String[] {"map_one_argument", "record a.R{1:map<string> x;}\n"},
                new String[] {"list_two_arguments", "record a.R{1:list<i32, i32> x;}\n"},
                new String[] {"list_unclosed", "record a.R{1:list<i32 x;}\n"},
                new String[] {"generic_without_argument", "record a.R{1:list x;}\n"},
                new String[] {"unknown_generic", "record a.R{1:set<i32> x;}\n"},
                new String[] {"missing_semicolon", "record a.R{1:i32 x}\n"},
                new String[] {"missing_name", "record a.R{1:i32;}\n"},
                new String[] {"name_digit_first", "record a.R{1:i32 1x;}\n"},
                new String[] {"name_not_ascii", "record a.R{1:i32 \u00e9;}\n"},
                new String[] {"name_too_long", "record a.R{1:i32 " + name121 + ";}\n"},
                new String[] {"nested_too_deep", "record a.R{1:" + deep + " x;}\n"},
                new String[] {"too_many_fields", manyFields.append("}\n").toString()},
                new String[] {"too_many_members", manyMembers.append("}\n").toString()},
                new String[] {"undefined_type", "record a.R{1:a.S x;}\n"},
                new String[] {"unsorted", "record a.S{1:i32 x;}\nrecord a.R{1:i32 x;}\n"},
                new String[] {"duplicate_type", "record a.R{1:i32 x;}\nrecord a.R{1:i32 x;}\n"},
                new String[] {"deprecated_variant", "union a.U{1!:i32 x;}\n"},
                new String[] {"empty_union", "union a.U{}\n"},
                new String[] {"empty_struct", "struct a.S{}\n"},
                new String[] {"enum_without_zero", "enum a.E{A=1;}\n"},
                new String[] {"enum_empty", "enum a.E{}\n"},
                new String[] {"enum_descending", "enum a.E{A=0;B=5;C=3;}\n"},
                new String[] {"enum_duplicate_number", "enum a.E{A=0;B=0;}\n"},
                new String[] {"enum_number_too_large", "enum a.E{A=0;B=2147483648;}\n"},
                new String[] {"enum_number_eleven_digits", "enum a.E{A=0;B=12345678901;}\n"},
                new String[] {"enum_member_with_type", "enum a.E{0:i32 A;}\n"},
                new String[] {"record_with_member", "record a.R{A=0;}\n"},
                new String[] {"trailing_garbage", "record a.R{1:i32 x;}\nx"},
                new String[] {"empty_package_part", "record a..R{1:i32 x;}\n"},
                new String[] {"nul", "record a.R{1:i32 x;}\n\0"},
                new String[] {"type_without_package", "record R{1:i32 x;}\n"},
                new String[] {"package_not_snake_case", "record A.R{1:i32 x;}\n"},
                new String[] {"type_not_pascal_case", "record a.r{1:i32 x;}\n"},
                new String[] {"field_not_snake_case", "record a.R{1:i32 X;}\n"},
                new String[] {"member_not_upper_case", "enum a.E{a=0;}\n"},
                new String[] {"field_twice", "record a.R{1:i32 x;2:i64 x;}\n"},
                new String[] {"variant_twice", "union a.U{1:i32 x;2:i64 x;}\n"},
                new String[] {"member_twice", "enum a.E{A=0;A=1;}\n"},
                new String[] {"optional_optional", "record a.R{1:optional<optional<i32>> x;}\n"},
                new String[] {"optional_variant", "union a.U{1:optional<i32> x;}\n"},
                new String[] {"map_key_f64", "record a.R{1:map<f64, i32> x;}\n"},
                new String[] {"map_key_bytes", "record a.R{1:map<bytes, i32> x;}\n"},
                new String[] {"map_key_list", "record a.R{1:map<list<i32>, i32> x;}\n"},
                new String[] {"map_key_record", "record a.K{1:i32 k;}\nrecord a.R{1:map<a.K, i32> x;}\n"},
                new String[] {"package_of_17_parts", "record " + "p.".repeat(17) + "R{1:i32 x;}\n"});
    }
}
