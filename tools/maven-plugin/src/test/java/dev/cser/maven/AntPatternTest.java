package dev.cser.maven;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Include/exclude patterns match as Maven's (Ant's) do. */
class AntPatternTest {
    @ParameterizedTest(name = "{0} ~ {1}: {2}")
    @CsvSource({
        "**/*.cser,   a.cser,          true",
        "**/*.cser,   x/y/a.cser,      true",
        "**/*.cser,   a.cserx,         false",
        "*.cser,      a.cser,          true",
        "*.cser,      x/a.cser,        false",
        "x/**/*.cser, x/a.cser,        true",
        "x/**/*.cser, x/y/z/a.cser,    true",
        "x/**/*.cser, y/a.cser,        false",
        "legacy/,     legacy/a/b.cser, true",
        "legacy/,     legacy.cser,     false",
        "a?.cser,     ab.cser,         true",
        "a?.cser,     a/.cser,         false",
        "a.cser,      a.cser,          true",
        "a.cser,      aXcser,          false",
    })
    void matches(String pattern, String path, boolean expected) {
        assertEquals(expected, new AntPattern(pattern).matches(path));
    }
}
