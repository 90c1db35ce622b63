package dev.cser.compiler.inspect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Hex and base64 as SQL clients, logs and web pages show bytes. */
class ByteTextTest {
    private static final byte[] CONTACT = {6, 3, 'A', 'n', 'n', 2, 30};

    @ParameterizedTest
    @ValueSource(strings = {
        "0603416e6e021e", "0603416E6E021E", "0x0603416e6e021e", "0X0603416E6E021E", "\\x0603416e6e021e",
        "X'0603416E6E021E'", "x'0603416e6e021e'", "  06 03 41 6e\n6e 02 1e\n", "\t0x06034 16e6e021e \r\n"})
    void hexInEveryFormAClientShowsIt(String text) {
        assertArrayEquals(CONTACT, ByteText.parseHex(text));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   \n", "0x", "\\x", "X''"})
    void emptyHexIsNoBytes(String text) {
        assertArrayEquals(new byte[0], ByteText.parseHex(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "0603g1          | not a hex digit: 'g' at character 5",
        "'  06zz'        | not a hex digit: 'z' at character 5",
        "060            | odd number of hex digits: the last byte has only one",
        "06 0x03        | not a hex digit: 'x' at character 5",
        "06:03          | not a hex digit: ':' at character 3",
        "０６             | not a hex digit: U+FF10 at character 1",
    })
    void badHexNamesTheCharacter(String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> ByteText.parseHex(text)).getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"BgNBbm4CHg==", "BgNBbm4CHg", "BgNB\nbm4C Hg==\n"})
    void base64WithOrWithoutPaddingAndLineBreaks(String text) {
        assertArrayEquals(CONTACT, ByteText.parseBase64(text));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"+/8= | fbff", "-_8= | fbff", "-_8 | fbff"})
    void base64StandardAndUrlSafe(String text, String hex) {
        assertEquals(hex, ByteText.hex(ByteText.parseBase64(text)));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "BgNB*m4C  | not a base64 character: '*' at character 5",
        "B         | bad base64: it ends in a lone character (cut off?)",
        "BgNBb     | bad base64: it ends in a lone character (cut off?)",
        "+-8=      | bad base64: Illegal base64 character 2b",
    })
    void badBase64IsAnError(String text, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, () -> ByteText.parseBase64(text)).getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "00", "ff", "0603416e6e021e", "00ff10ab"})
    void writtenTextReadsBack(String hex) {
        byte[] bytes = ByteText.parseHex(hex);
        assertEquals(hex, ByteText.hex(bytes));
        assertArrayEquals(bytes, ByteText.parseBase64(ByteText.base64(bytes)));
    }
}
