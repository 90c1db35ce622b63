package dev.cser.examples;

import java.util.HexFormat;

/** Hex helpers so tests can state exact bytes the way SPEC.md writes them. */
final class Hex {
    private Hex() {}

    static String of(byte[] bytes) {
        return HexFormat.ofDelimiter(" ").formatHex(bytes);
    }

    static byte[] bytes(String spaced) {
        return HexFormat.of().parseHex(spaced.replace(" ", ""));
    }
}
