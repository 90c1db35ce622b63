#!/usr/bin/env python3
"""The JSON mapping's differential test (SPEC §11): the same JSON texts, as raw text, through
every testee's ``encode`` (``{"op":"encode","json":TEXT}`` or ``"json_hex"`` for bytes that are
not UTF-8), and every testee must give the same answer: all refuse, or all write the same bytes.

Two sets of texts, both over ``schemas/json.cser``:

- ``CASES``: the edges SPEC §11 names, each with the outcome the spec gives it (``ok`` or
  ``reject``); generate.py writes them as vectors (``json.jsonl``: mode ``encode`` with the
  bytes, or ``encode-reject``), so ``conformance/run`` holds every runtime to them too;
- random documents from a seeded generator: records, maps, unions and lists whose values are
  drawn from pools of valid and invalid spellings (numbers at and past every range, ``-0``,
  exponents for integers, long digit strings, escapes, lone surrogates, base64 edges, enum
  names and numbers), with repeated keys, unknown keys, trailing content, byte order marks,
  invalid UTF-8 and deep nesting mixed in.

    conformance/json_edges.py [--lang java,rust,...] [--count N] [--seed S] [--verbose]

Prints each disagreement (the text and every testee's answer) and exits 1 on any; bounded and
seeded, it runs in ``make test-conformance``.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

from harness import LANGUAGES, SCHEMAS, Testee, TesteeError

SCHEMA = SCHEMAS / "json.cser"
PKG = "conf.json"


@dataclass(frozen=True)
class Case:
    """One JSON text for ``type``: ``text`` (a str) or ``raw`` (bytes, for text that is not UTF-8)
    and, for the hand-written cases, the outcome SPEC §11 gives it."""

    name: str
    type: str
    text: str | None = None
    raw: bytes | None = None
    expect: str | None = None  # "ok" or "reject"

    def request(self, i: int) -> dict[str, Any]:
        r: dict[str, Any] = {"id": i, "op": "encode", "type": f"{PKG}.{self.type}"}
        if self.raw is not None:
            r["json_hex"] = self.raw.hex()
        else:
            r["json"] = self.text
        return r


def _cases() -> list[Case]:
    out: list[Case] = []

    def ok(name: str, type_: str, text: str) -> None:
        out.append(Case(name, type_, text, expect="ok"))

    def bad(name: str, type_: str, text: str) -> None:
        out.append(Case(name, type_, text, expect="reject"))

    def field(name: str, key: str, literal: str, accept: bool) -> None:
        (ok if accept else bad)(name, "Scalars", f'{{"{key}":{literal}}}')

    # Integers: an integer literal only (no fraction, no exponent), in range; -0 is 0.
    ranges = {"i8v": (-128, 127), "u8v": (0, 255), "i16v": (-(2**15), 2**15 - 1), "u16v": (0, 2**16 - 1),
              "i32v": (-(2**31), 2**31 - 1), "u32v": (0, 2**32 - 1), "i64v": (-(2**63), 2**63 - 1),
              "u64v": (0, 2**64 - 1)}
    for key, (lo, hi) in ranges.items():
        t = key[:-1]
        field(f"{t}_min", key, str(lo), True)
        field(f"{t}_max", key, str(hi), True)
        field(f"{t}_below_min", key, str(lo - 1), False)
        field(f"{t}_above_max", key, str(hi + 1), False)
        field(f"{t}_minus_zero", key, "-0", True)
        for spelling, name in (("1e2", "exponent"), ("1.0", "fraction"), ("1E0", "exponent_e0"),
                               ("-0.0", "minus_zero_fraction"), ("0e0", "zero_exponent")):
            field(f"{t}_{name}", key, spelling, False)
        field(f"{t}_digits_5000", key, "9" * 5000, False)
        field(f"{t}_minus_digits_5000", key, "-" + "9" * 5000, False)
        field(f"{t}_zeros_padded", key, "0" * 30, False)  # leading zeros: not JSON
    # Floats: any number, rounded to the nearest double (then f32); a finite number that rounds
    # to an infinity is an error; one that rounds to zero is zero with its sign.
    for key, t in (("f64v", "f64"), ("f32v", "f32")):
        for spelling, name, accept in (
            ("-0", "minus_zero_integer", True), ("-0.0", "minus_zero", True), ("0e0", "zero_exponent", True),
            ("-0e0", "minus_zero_exponent", True), ("1e-400", "underflow", True),
            ("-1e-400", "minus_underflow", True), ("1e400", "overflow", False), ("-1e400", "minus_overflow", False),
            ("1E2", "upper_exponent", True), ("1e+2", "plus_exponent", True), ("5", "integer", True),
            ("123456789012345678901234567890", "long_integer", True), ("9" * 5000, "digits_5000", False),
            ("0." + "0" * 5000 + "1", "fraction_5000", True), ("1" + "0" * 400, "integer_401_digits", False),
            ('"NaN"', "nan_string", True), ('"-Infinity"', "minus_infinity_string", True),
            ("NaN", "nan_literal", False), ("Infinity", "infinity_literal", False),
            ("-Infinity", "minus_infinity_literal", False), ('"nan"', "nan_lower", False),
            ("+1", "plus", False), ("0x10", "hex", False), ("01", "leading_zero", False), (".5", "no_integer_part", False),
            ("1.", "no_fraction_digits", False), ("2e-324", "below_half_subnormal", True),
            ("-2e-324", "minus_below_half_subnormal", True), ("3e-324", "above_half_subnormal", True),
        ):
            field(f"{t}_{name}", key, spelling, accept)
    field("f64_max_rounded", "f64v", "1.7976931348623158e308", True)
    field("f64_past_max_rounds_up", "f64v", "1.7976931348623159e308", False)
    field("f32_3_5e38", "f32v", "3.5e38", False)
    field("f32_max_rounded", "f32v", "3.4028235e38", True)
    field("f32_past_max_rounds_up", "f32v", "3.4028236e38", False)
    field("f32_from_f64_max", "f32v", "1.7976931348623157e308", False)
    # Strings: escapes as JSON has them; a lone surrogate is an error, anywhere.
    for spelling, name, accept in (
        (r'"\u0000"', "escaped_nul", True), (r'"\ud83d\ude00"', "escaped_pair", True), ('"😀"', "non_bmp", True),
        (r'"\uD83D\uDE00"', "escaped_pair_upper", True), (r'"\ud800"', "lone_high", False),
        (r'"\udc00"', "lone_low", False), (r'"\udc00\ud800"', "reversed_pair", False),
        (r'"\ud800\u0041"', "high_then_letter", False), (r'"x\ud800"', "lone_high_at_end", False),
        (r'"\/\b\f\n\r\t\"\\"', "every_escape", True), ('"\x01"', "raw_control", False), (r'"\x41"', "bad_escape", False),
        (r'"\u12"', "short_escape", False), ('"\x7f"', "raw_delete", True),
    ):
        field(f"string_{name}", "s", spelling, accept)
    bad("string_lone_surrogate_in_key", "Scalars", r'{"s":"a","\ud800":1}')
    bad("string_lone_surrogate_deprecated", "Scalars", r'{"old":"\ud800"}')
    # Bytes: canonical standard base64 with padding only.
    for spelling, name, accept in (
        ('""', "empty", True), ('"QQ=="', "one", True), ('"QUI="', "two", True), ('"QUJD"', "three", True),
        ('"/+8="', "standard_alphabet", True), ('"_-8="', "url_safe", False), ('"QQ"', "no_padding", False),
        ('"QQ="', "short_padding", False), ('"QR=="', "trailing_bits", False), ('"QUJ="', "trailing_bits_two", False),
        ('"Q Q=="', "space", False), (r'"QQ==\n"', "newline", False), ('"QQ==QQ=="', "padding_inside", False),
        ('"===="', "only_padding", False), ('"A"', "one_char", False), ('"QQ=a"', "data_after_padding", False),
        ("null", "null", False), ("[65]", "array", False),
    ):
        field(f"bytes_{name}", "data", spelling, accept)
    # Enums: a member name or a number in 0..2^31-1 (an unknown number is kept).
    for spelling, name, accept in (
        ('"GREEN"', "name", True), ('"green"', "name_lower", False), ("2", "number", True), ("7", "unknown_number", True),
        ("2147483647", "max", True), ("2147483648", "past_max", False), ("-1", "negative", False), ("-0", "minus_zero", True),
        ("1.0", "fraction", False), ("1e0", "exponent", False), ('"1"', "number_string", False), ("null", "null", False),
    ):
        field(f"enum_{name}", "color", spelling, accept)
    # Objects: unknown keys, repeated keys, null.
    ok("record_empty", "Scalars", "{}")
    ok("record_whitespace", "Scalars", ' \t\r\n{ "b" : true } \n')
    bad("record_unknown_key", "Scalars", '{"b":true,"nope":1}')
    bad("record_duplicate_key", "Scalars", '{"i32v":1,"i32v":2}')
    bad("record_duplicate_same_value", "Scalars", '{"b":true,"b":true}')
    bad("record_duplicate_escaped", "Scalars", r'{"s":"a","\u0073":"b"}')
    bad("record_duplicate_deprecated", "Scalars", '{"old":1,"old":2}')
    ok("record_deprecated_ignored", "Scalars", '{"old":"anything"}')
    ok("record_deprecated_huge", "Scalars", '{"old":1e400,"b":true}')
    ok("record_deprecated_long", "Scalars", '{"old":' + "7" * 5000 + "}")
    bad("record_deprecated_nan_literal", "Scalars", '{"old":NaN}')
    bad("record_null_for_field", "Scalars", '{"i32v":null}')
    bad("record_null_for_string", "Scalars", '{"s":null}')
    ok("record_null_for_optional", "Scalars", '{"maybe":null}')
    ok("record_optional_set", "Scalars", '{"maybe":-0}')
    bad("record_null", "Scalars", "null")
    bad("record_array", "Scalars", "[]")
    bad("record_bool_for_int", "Scalars", '{"i32v":true}')
    bad("record_int_for_bool", "Scalars", '{"b":1}')
    # The text around the value.
    bad("text_empty", "Scalars", "")
    bad("text_trailing_value", "Scalars", "{} {}")
    bad("text_trailing_garbage", "Scalars", "{}x")
    bad("text_trailing_comma", "Scalars", '{"b":true,}')
    bad("text_comment", "Scalars", "{} // c")
    bad("text_single_quotes", "Scalars", "{'b':true}")
    bad("text_bom", "Scalars", "\ufeff{}")
    bad("text_vertical_tab", "Scalars", "{}\x0b")
    bad("text_nbsp", "Scalars", "\u00a0{}")
    out.append(Case("text_bom_bytes", "Scalars", raw=b"\xef\xbb\xbf{}", expect="reject"))
    out.append(Case("text_invalid_utf8", "Scalars", raw=b'{"s":"\xff"}', expect="reject"))
    out.append(Case("text_overlong_utf8", "Scalars", raw=b'{"s":"\xc0\xaf"}', expect="reject"))
    out.append(Case("text_utf8_surrogate", "Scalars", raw=b'{"s":"\xed\xa0\x80"}', expect="reject"))
    out.append(Case("text_utf8_ok", "Scalars", raw='{"s":"é😀"}'.encode(), expect="ok"))
    # Unions: exactly one key, a variant's name.
    ok("union_number", "Maps", '{"choice":{"number":-0}}')
    ok("union_text", "Maps", '{"choice":{"text":"a"},"other":null}')
    bad("union_two_keys", "Maps", '{"choice":{"number":1,"text":"a"}}')
    bad("union_no_key", "Maps", '{"choice":{}}')
    bad("union_duplicate_key", "Maps", '{"choice":{"number":1,"number":1}}')
    bad("union_unknown_variant", "Maps", '{"choice":{"nope":1}}')
    bad("union_null", "Maps", '{"choice":null}')
    bad("union_array", "Maps", '{"choice":[1]}')
    ok("union_optional_absent", "Maps", '{"other":null}')
    # Maps: arrays of [key, value] pairs; a key repeated after conversion is an error.
    ok("map_i32", "Maps", '{"by_i32":[[1,"a"],[-2,"b"]]}')
    ok("map_i32_minus_zero", "Maps", '{"by_i32":[[-0,"a"]]}')
    bad("map_i32_zero_twice", "Maps", '{"by_i32":[[0,"a"],[-0,"b"]]}')
    bad("map_i32_fraction_key", "Maps", '{"by_i32":[[1,"a"],[1.0,"b"]]}')
    bad("map_i32_repeated", "Maps", '{"by_i32":[[1,"a"],[1,"a"]]}')
    bad("map_pair_of_three", "Maps", '{"by_i32":[[1,"a","b"]]}')
    bad("map_pair_of_one", "Maps", '{"by_i32":[[1]]}')
    bad("map_pair_empty", "Maps", '{"by_i32":[[]]}')
    bad("map_pair_object", "Maps", '{"by_i32":[{"1":"a"}]}')
    bad("map_object", "Maps", '{"by_i32":{"1":"a"}}')
    bad("map_string_key_for_int", "Maps", '{"by_i32":[["1","a"]]}')
    bad("map_null_key", "Maps", '{"by_i32":[[null,"a"]]}')
    bad("map_null_value", "Maps", '{"by_i32":[[1,null]]}')
    ok("map_u64_max", "Maps", '{"by_u64":[[18446744073709551615,"a"],[0,"b"]]}')
    bad("map_u64_past_max", "Maps", '{"by_u64":[[18446744073709551616,"a"]]}')
    ok("map_color", "Maps", '{"by_color":[["RED","a"],[2,"b"],[9,"c"]]}')
    bad("map_color_name_and_number", "Maps", '{"by_color":[["GREEN","a"],[1,"b"]]}')
    bad("map_color_number_and_name", "Maps", '{"by_color":[[0,"a"],["RED","b"]]}')
    bad("map_color_unknown_twice", "Maps", '{"by_color":[[9,"a"],[9,"b"]]}')
    bad("map_color_minus_zero_and_zero", "Maps", '{"by_color":[[-0,"a"],["RED","b"]]}')
    ok("map_string", "Maps", '{"by_name":[["a",1],["A",2],["a\\u0000",3]]}')
    bad("map_string_escaped_twice", "Maps", '{"by_name":[["a",1],["\\u0061",2]]}')
    ok("map_empty", "Maps", '{"by_i32":[],"by_color":[]}')
    # Lists of floats and of optionals.
    ok("list_reals", "Maps", '{"reals":[-0,-0.0,0e0,1e-400,-1e-400,5e-324,"NaN","Infinity"]}')
    bad("list_reals_overflow", "Maps", '{"reals":[1,1e400]}')
    ok("list_holes", "Maps", '{"holes":[null,1,-0,null]}')
    bad("list_holes_fraction", "Maps", '{"holes":[null,1.5]}')
    bad("list_null", "Maps", '{"reals":null}')
    # Nesting: the text's limit is 1000 arrays and objects; the binary format's depth 64.
    ok("node_depth_64", "Node", _node(64))
    bad("node_depth_65", "Node", _node(65))
    bad("node_depth_500", "Node", _node(500))
    bad("node_depth_501", "Node", _node(501))
    ok("list_reals_eleven", "Maps", '{"reals":[' + "1," * 10 + "2]}")
    bad("depth_1000_wrong_type", "Maps", '{"reals":' + "[" * 999 + "]" * 999 + "}")
    bad("depth_1001", "Maps", '{"reals":' + "[" * 1000 + "]" * 1000 + "}")
    bad("depth_5000_open_arrays", "Maps", '{"reals":' + "[" * 5000)
    bad("depth_5000_open_objects", "Maps", '{"a":' * 5000)
    bad("deprecated_depth_1001", "Scalars", '{"old":' + "[" * 1000 + "]" * 1000 + "}")
    ok("deprecated_depth_1000", "Scalars", '{"old":' + "[" * 999 + "]" * 999 + "}")
    return out


def _node(depth: int) -> str:
    """A Node chain ``depth`` records deep, each the one kid of the one above."""
    return '{"n":1,"kids":[' * (depth - 1) + '{"n":0}' + "]}" * (depth - 1)


CASES = _cases()


# ---- random documents ---------------------------------------------------------------------

INT_FIELDS = {"i8v": (-128, 127), "u8v": (0, 255), "i16v": (-(2**15), 2**15 - 1), "u16v": (0, 2**16 - 1),
              "i32v": (-(2**31), 2**31 - 1), "u32v": (0, 2**32 - 1), "i64v": (-(2**63), 2**63 - 1),
              "u64v": (0, 2**64 - 1)}
ODD_NUMBERS = ["-0", "0", "1e2", "1.0", "1E0", "-0.0", "0e0", "-0e-0", "1e400", "-1e400", "1e-400", "-1e-400",
               "3.5e38", "3.4028235e38", "3.4028236e38", "1.7976931348623157e308", "1.7976931348623159e308",
               "2e-324", "3e-324", "5e-324", "9" * 25, "-" + "9" * 25, "1" + "0" * 400, "0." + "0" * 400 + "1",
               "123456789012345678901234567890.5", "18446744073709551615", "18446744073709551616",
               "-9223372036854775808", "-9223372036854775809", "2147483647", "2147483648", "4294967296"]
INVALID_NUMBERS = ["+1", "0x10", "NaN", "Infinity", "-Infinity", "01", ".5", "1.", "-", "1e", "--1", "1_000"]
STRINGS = ['"a"', r'"\u0000"', r'"\ud83d\ude00"', '"😀"', '"é"', r'"\/"', r'"\ud800"', r'"\udc00\ud800"',
           r'"\ud800\u0041"', '"\x01"', r'"\x41"', r'"\u00e9"', '""', r'"\uDBFF\uDFFF"', r'"\uD800"']
BASE64 = ['""', '"QQ=="', '"QUI="', '"QUJD"', '"/+8="', '"_-8="', '"QQ"', '"QQ="', '"QR=="', '"Q Q=="',
          r'"QQ==\n"', '"===="', '"A"', '"AAAA"', '"QUJDRA=="', '"QUJDRA"']
ENUMS = ['"RED"', '"GREEN"', '"BLUE"', '"red"', '"NOPE"', "0", "2", "3", "2147483647", "2147483648", "-1", "-0",
         "1.0", "1e0", '"1"']
ANYTHING = ["null", "true", "false", "[]", "{}", '"x"', "0", "[1]", '{"a":1}']


class Documents:
    """Random JSON texts for the types of json.cser: mostly valid values, a fraction of odd or
    invalid ones, and now and then a structural fault (a repeated or unknown key, trailing
    content, a byte order mark, bad UTF-8, deep nesting)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def pick(self, pool: list[str]) -> str:
        return self.rng.choice(pool)

    def integer(self, lo: int, hi: int) -> str:
        r = self.rng.random()
        if r < 0.55:
            return str(self.rng.choice([lo, hi, 0, 1, -1 if lo < 0 else 2, self.rng.randint(lo, hi)]))
        if r < 0.7:
            return str(self.rng.choice([lo - 1, hi + 1, lo - 2**64, hi + 2**64]))
        if r < 0.93:
            return self.pick(ODD_NUMBERS)
        if r < 0.97:
            return self.pick(INVALID_NUMBERS)
        return self.pick(ANYTHING)

    def real(self) -> str:
        r = self.rng.random()
        if r < 0.4:
            return repr(self.rng.choice([0.0, -0.0, 1.5, -2.25e-300, 1e300, self.rng.uniform(-1e10, 1e10)]))
        if r < 0.8:
            return self.pick(ODD_NUMBERS)
        if r < 0.9:
            return self.pick(['"NaN"', '"Infinity"', '"-Infinity"', '"nan"', '"inf"'])
        if r < 0.96:
            return self.pick(INVALID_NUMBERS)
        return self.pick(ANYTHING)

    def value(self, kind: str) -> str:
        r = self.rng.random()
        if kind in INT_FIELDS:
            return self.integer(*INT_FIELDS[kind])
        if kind in ("f32v", "f64v"):
            return self.real()
        if kind == "b":
            return self.pick(["true", "false"] * 8 + ANYTHING)
        if kind == "s":
            return self.pick(STRINGS) if r < 0.95 else self.pick(ANYTHING)
        if kind == "data":
            return self.pick(BASE64) if r < 0.95 else self.pick(ANYTHING)
        if kind == "color":
            return self.pick(ENUMS) if r < 0.95 else self.pick(ANYTHING)
        if kind == "maybe":
            return self.pick(["null", "null", "5", "-0"]) if r < 0.8 else self.integer(-(2**31), 2**31 - 1)
        if kind == "old":
            return self.pick(ANYTHING + ODD_NUMBERS + STRINGS + ["NaN"])
        raise AssertionError(kind)

    def obj(self, members: list[tuple[str, str]]) -> str:
        """An object of ``members``; sometimes with one repeated or an unknown one added."""
        members = list(members)
        r = self.rng.random()
        if members and r < 0.08:
            k, _ = self.rng.choice(members)
            members.insert(self.rng.randrange(len(members) + 1), (k, self.value_for_key(k)))
        elif r < 0.12:
            members.insert(self.rng.randrange(len(members) + 1), (self.pick(["nope", "B", "i32V", ""]), "1"))
        return "{" + ",".join(f'"{k}":{v}' for k, v in members) + "}"

    def value_for_key(self, key: str) -> str:
        try:
            return self.value(key)
        except AssertionError:
            return "1"

    def scalars(self) -> str:
        keys = ["b", *INT_FIELDS, "f32v", "f64v", "s", "data", "color", "old", "maybe"]
        chosen = self.rng.sample(keys, self.rng.randint(0, 5))
        return self.obj([(k, self.value(k)) for k in chosen])

    def pairs(self, key: Any, value: Any, n: int) -> str:
        out = []
        for _ in range(n):
            r = self.rng.random()
            if r < 0.9:
                out.append(f"[{key()},{value()}]")
            else:
                out.append(self.pick(["[1]", "[]", '[1,"a","b"]', '{"1":"a"}', "null", '[null,"a"]', "[1,null]"]))
        return "[" + ",".join(out) + "]"

    def choice(self) -> str:
        r = self.rng.random()
        if r < 0.35:
            return self.obj([("number", self.integer(-(2**63), 2**63 - 1))])
        if r < 0.6:
            return self.obj([("text", self.pick(STRINGS))])
        if r < 0.8:
            return self.obj([("scalars", self.scalars())])
        return self.pick(["{}", '{"number":1,"text":"a"}', '{"nope":1}', "null", "[1]", '{"number":1,"number":1}'])

    def maps(self) -> str:
        fields = {
            "by_i32": lambda: self.pairs(lambda: self.integer(-(2**31), 2**31 - 1) if self.rng.random() < 0.3
                                         else self.pick(["0", "-0", "1", "1.0", "2"]),
                                         lambda: self.pick(STRINGS[:6]), self.rng.randint(0, 4)),
            "by_u64": lambda: self.pairs(lambda: self.integer(0, 2**64 - 1), lambda: '"v"', self.rng.randint(0, 3)),
            "by_color": lambda: self.pairs(lambda: self.pick(ENUMS), lambda: '"v"', self.rng.randint(0, 4)),
            "by_name": lambda: self.pairs(lambda: self.pick(['"a"', r'"\u0061"', '"b"', r'"a\u0000"', r'"\ud800"']),
                                          lambda: self.integer(-(2**31), 2**31 - 1), self.rng.randint(0, 3)),
            "reals": lambda: "[" + ",".join(self.real() for _ in range(self.rng.randint(0, 5))) + "]",
            "holes": lambda: "[" + ",".join(self.pick(["null", "1", "-0", "1.5", "2147483648"])
                                            for _ in range(self.rng.randint(0, 5))) + "]",
            "choice": self.choice,
            "other": lambda: self.pick(["null", self.choice()]),
        }
        chosen = self.rng.sample(list(fields), self.rng.randint(0, 4))
        return self.obj([(k, fields[k]()) for k in chosen])

    def node(self) -> str:
        depth = self.rng.choice([1, 2, 5, 63, 64, 65, 200])
        return '{"n":' + self.integer(-(2**31), 2**31 - 1) + ',"kids":[' * 1 + _node(depth) + "]}"

    def document(self, i: int) -> Case:
        type_, text = self.rng.choice([("Scalars", self.scalars), ("Scalars", self.scalars), ("Maps", self.maps),
                                       ("Maps", self.maps), ("Node", self.node)])
        doc = text()
        r = self.rng.random()
        if r < 0.03:
            doc = "\ufeff" + doc
        elif r < 0.06:
            doc = doc + self.pick([" x", " {}", ",", "]", "\n\n", " \t", "\x00"])
        elif r < 0.09:
            cut = self.rng.randrange(len(doc))
            doc = doc[:cut]
        elif r < 0.11:
            data = doc.encode("utf-8")
            at = self.rng.randrange(len(data) + 1)
            bad = self.pick(["\xff", "\xc0\xaf", "\xed\xa0\x80", "\xe2\x82"]).encode("latin-1")
            return Case(f"random_{i}", type_, raw=data[:at] + bad + data[at:])
        elif r < 0.13:
            n = self.rng.choice([998, 999, 1000, 1001])
            doc = doc[:-1] + (',' if doc != "{}" else "") + '"old":' + "[" * n + "]" * n + "}"
        return Case(f"random_{i}", type_, doc)


# ---- running ------------------------------------------------------------------------------


def answers(langs: list[str], cases: list[Case]) -> dict[str, list[dict[str, Any]]]:
    """Every testee's answer to every case, by language."""
    out: dict[str, list[dict[str, Any]]] = {}
    for lang in langs:
        testee = Testee(lang, SCHEMA, [SCHEMA.parent])
        try:
            out[lang] = testee.run([c.request(i) for i, c in enumerate(cases)])
        finally:
            testee.close()
    return out


def outcome(answer: dict[str, Any]) -> str:
    return f"ok {answer.get('hex')}" if answer.get("ok") else "reject"


def shorten(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", default=",".join(LANGUAGES))
    parser.add_argument("--count", type=int, default=600, help="random documents (default 600)")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--verbose", action="store_true", help="print every testee's error for each disagreement")
    args = parser.parse_args()
    langs = [x for x in args.lang.split(",") if x]
    gen = Documents(args.seed)
    cases = CASES + [gen.document(i) for i in range(args.count)]
    started = time.monotonic()
    try:
        by_lang = answers(langs, cases)
    except TesteeError as e:
        print(f"json_edges: {e}", file=sys.stderr)
        return 1
    problems = 0
    accepted = 0
    for i, case in enumerate(cases):
        got = {lang: by_lang[lang][i] for lang in langs}
        outcomes = {lang: outcome(a) for lang, a in got.items()}
        agree = len(set(outcomes.values())) == 1
        expected = case.expect is None or all(o.startswith(case.expect) for o in outcomes.values())
        if agree and outcomes[langs[0]].startswith("ok"):
            accepted += 1
        if agree and expected:
            continue
        problems += 1
        shown = case.text if case.raw is None else f"bytes {case.raw!r}"
        what = "disagree" if not agree else f"all {outcomes[langs[0]].split()[0]}, SPEC §11 says {case.expect}"
        print(f"{case.name} ({case.type}): {what}: {shorten(shown or '')}")
        for lang, a in got.items():
            detail = a.get("hex") if a.get("ok") else a.get("error")
            print(f"    {lang:12s} {'ok    ' if a.get('ok') else 'reject'} {shorten(str(detail), 200)}")
    print(f"json_edges: {len(cases)} texts ({len(CASES)} edges, {args.count} random, seed {args.seed}), "
          f"{accepted} accepted by all, {len(langs)} testees, {problems} problems, "
          f"{time.monotonic() - started:.1f} s")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
