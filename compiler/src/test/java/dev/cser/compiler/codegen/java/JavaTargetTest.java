package dev.cser.compiler.codegen.java;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.cser.compiler.codegen.Names;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The Java target's names and escapes: each is part of the generated API or keeps the source compiling. */
class JavaTargetTest {
    private final JavaTarget target = new JavaTarget();

    @Test
    void membersAreCamelCaseAndReservedWordsGetAnUnderscore() {
        assertEquals("resourceType", target.member("resource_type"));
        assertEquals("class_", target.member("class"));
        assertEquals("record_", target.member("record"));
        assertEquals("id", target.member("id"));
    }

    @Test
    void accessorsAvoidObjectsFinalMethods() {
        assertEquals(List.of("getResourceType", "setResourceType"),
                target.together(List.of(target.accessor("get", "resource_type"), target.accessor("set", "resource_type"))));
        // A getter and its setter keep one stem (schemagen seed 121: the conformance testee found
        // no setter for getClass_, which stood beside setClass).
        assertEquals(List.of("getClass_", "setClass_"),
                target.together(List.of(target.accessor("get", "class"), target.accessor("set", "class"))));
        assertEquals(java.util.Arrays.asList("getClass_", null, "setClass_"), target.together(
                java.util.Arrays.asList(target.accessor("get", "class"), null, target.accessor("set", "class"))));
    }

    @Test
    void namesOfARecordsUnknownFieldMembersGetAnUnderscore() {
        // SPEC §12.1: every record class has hasUnknownFields, getUnknownFields, setUnknownFields,
        // clearUnknownFields and a field unknownFields.
        assertEquals("unknownFields_", target.member("unknown_fields"));
        assertEquals(List.of("getUnknownFields_", "hasUnknownFields_", "setUnknownFields_"), target.together(List.of(
                target.accessor("get", "unknown_fields"), target.accessor("has", "unknown_fields"),
                target.accessor("set", "unknown_fields"))));
        // a bool's isUnknownFields is free, but its setter is not: both take the underscore
        assertEquals(List.of("isUnknownFields_", "setUnknownFields_"), target.together(List.of(
                target.accessor("is", "unknown_fields"), target.accessor("set", "unknown_fields"))));
        assertEquals(List.of("getClearUnknownFields", "setClearUnknownFields"), target.together(List.of(
                target.accessor("get", "clear_unknown_fields"), target.accessor("set", "clear_unknown_fields"))));
        assertEquals("unknownField", target.member("unknown_field"));
    }

    @Test
    void classNamesThatShadowWhatGeneratedCodeUsesGetAnUnderscore() {
        assertEquals("String_", target.className("String"));
        assertEquals("CserReader_", target.className("CserReader"));
        assertEquals("UnknownFields_", target.className("UnknownFields"));
        // the static CODEC of every record class wins over a type CODEC inside it (seed 1742)
        assertEquals("CODEC_", target.className("CODEC"));
        assertEquals("Image", target.className("Image"));
    }

    @Test
    void aRepeatedNameGetsItsIdWithoutSeparator() {
        List<String> names = Names.unique(List.of(target.member("a_b"), target.member("a__b")), List.of(1, 2),
                target::disambiguate);
        assertEquals(List.of("aB", "aB2"), names);
    }

    @Test
    void docLinesCannotEndTheCommentOrStartATag() {
        assertEquals(List.of("a *&#47; b", "&lt;b&gt; &amp; &#64;param"), target.docLines("a */ b\n<b> & @param"));
        assertEquals(List.of(), target.docLines(null));
    }

    @Test
    void docLinesCannotHoldAUnicodeEscape() {
        // javac reads Unicode escapes in comments too: the one of / after * would end the comment.
        assertEquals(List.of("*&#92;u002f C:&#92;users &#92;&#92;n"), target.docLines("*\\u002f C:\\users \\\\n"));
    }

    @Test
    void hexLiteralsAreLongs() {
        assertEquals("0x00000000000000ffL", target.hexLiteral(255));
        assertEquals("0xffffffffffffffffL", target.hexLiteral(-1));
    }
}
