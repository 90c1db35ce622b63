"""Reading JSON text as SPEC §11 says every runtime reads it (``cser.json.loads``), and the
number rules of the conversions: repeated keys, NaN literals, lone surrogates, a byte order mark,
bad UTF-8 and nesting past 1000 are errors; ``-0`` is -0.0 for a float; a number too large for
a double or any integer is refused, never a crash or a long computation. The same edges run
across every runtime in conformance/json_edges.py."""

from __future__ import annotations

import json
import math
import random
import struct
import sys
import time
from typing import Any

import pytest

from cser import json as j
from cser.json import MAX_DEPTH, JsonError, JsonNumber, loads


def bits(x: float) -> int:
    return int(struct.unpack("<Q", struct.pack("<d", x))[0])


@pytest.mark.parametrize(
    "text",
    [
        "", " ", "NaN", "Infinity", "-Infinity", "[NaN]", '{"a":-Infinity}', "+1", "01", ".5", "1.", "0x10",
        "[1,]", "{'a':1}", "{} {}", "{}x", "1 2", "// c\n1", "\ufeff{}", "\u00a01", "1\x0b", '"\x01"',
        '{"a":1,"a":2}', '{"a":1,"\\u0061":2}', '[{"x":{"b":1,"b":1}}]', '"\\ud800"', '"\\udc00"',
        '"\\udc00\\ud800"', '"\\ud800\\u0041"', '{"\\ud800":1}', '"x\\uDBFF"', "\ud800", '"\ud800"',
    ],
)
def test_refused_text(text: str) -> None:
    with pytest.raises(JsonError, match="invalid JSON"):
        loads(text)


@pytest.mark.parametrize("data", [b"\xff", b'"\xff"', b'"\xc0\xaf"', b'"\xed\xa0\x80"', b"\xef\xbb\xbf{}", b'"\xe2\x82"'])
def test_bytes_must_be_utf8_without_bom(data: bytes) -> None:
    with pytest.raises(JsonError, match="invalid JSON"):
        loads(data)


def test_accepted_text() -> None:
    assert loads(' \t\r\n{ "a" : [1, -2.5, "\\u0000", "\\ud83d\\ude00", true, null] } \n') == {
        "a": [1, -2.5, "\x00", "😀", True, None]
    }
    assert loads('{"é":"😀"}'.encode()) == {"é": "😀"}
    assert loads(bytearray(b"[]")) == []
    # An escaped backslash before "ud800" is no escape of a surrogate.
    assert loads('"\\\\ud800"') == "\\ud800"


def test_numbers() -> None:
    assert loads("-0") == 0 and j.f64_from_json(loads("-0")) == 0.0
    assert bits(j.f64_from_json(loads("-0"))) == bits(-0.0)
    assert bits(j.f64_from_json(loads("-0.0"))) == bits(-0.0)
    assert bits(j.f64_from_json(loads("0e0"))) == 0
    assert bits(j.f64_from_json(loads("-1e-400"))) == bits(-0.0)
    assert bits(j.f32_from_json(loads("-0"))) == bits(-0.0)
    assert j.int_from_json(loads("-0"), -128, 127, "i8") == 0
    assert type(j.int_from_json(loads("-0"), -128, 127, "i8")) is int
    assert j.f64_from_json(loads("123456789012345678901234567890")) == 1.2345678901234568e29
    for text in ("1e400", "-1e400", "1.7976931348623159e308", "1" + "0" * 400):
        value = loads(text)
        assert isinstance(value, JsonNumber) and value.text == text
        with pytest.raises(JsonError, match="out of range for f64"):
            j.f64_from_json(value)
        with pytest.raises(JsonError):
            j.int_from_json(value, 0, 2**64 - 1, "u64")
    assert j.f64_from_json(loads("1.7976931348623158e308")) == sys.float_info.max
    with pytest.raises(JsonError, match="out of range for f32"):
        j.f32_from_json(loads("3.5e38"))
    with pytest.raises(JsonError, match="out of range for f32"):
        j.f32_from_json(loads("3.4028236e38"))
    assert j.f32_from_json(loads("3.4028235e38")) == 3.4028234663852886e38
    for text in ("1e2", "1.0", "1E0", "-0.0", "0e0"):
        with pytest.raises(JsonError, match="expected an integer"):
            j.int_from_json(loads(text), -10, 10, "i8")
    # A float that is not finite is no JSON number, even from json.loads (which reads 1e400 so).
    for x in (math.inf, -math.inf, json.loads("1e400")):
        with pytest.raises(JsonError, match="out of range for f64"):
            j.f64_from_json(x)


@pytest.mark.parametrize("digits", [5000, 100_000, 1_000_000])
def test_long_literals_are_refused_quickly(digits: int) -> None:
    started = time.monotonic()
    for text in ("9" * digits, "-" + "9" * digits):
        with pytest.raises(JsonError, match="out of range for i64"):
            j.int_from_json(loads(text), -(2**63), 2**63 - 1, "i64")
        with pytest.raises(JsonError, match="out of range for f64"):
            j.f64_from_json(loads(text))
    assert j.f64_from_json(loads("0." + "0" * digits + "1")) == 0.0
    # Quadratic work on a million digits would take many minutes; linear takes well under one.
    assert time.monotonic() - started < 60


def test_enum_and_map_keys_repeated_after_conversion() -> None:
    import enum

    class Color(enum.IntEnum):
        RED = 0
        GREEN = 1

    assert j.enum_from_json(loads("-0"), Color) is Color.RED
    key = lambda x: j.enum_from_json(x, Color)  # noqa: E731
    with pytest.raises(JsonError, match="repeated map key RED"):
        j.dict_from_json(loads('[["RED","a"],[0,"b"]]'), key, j.str_from_json)
    with pytest.raises(JsonError, match="repeated map key"):
        j.dict_from_json(loads('[[0,"a"],[-0,"b"]]'), lambda x: j.int_from_json(x, 0, 9, "u8"), j.str_from_json)


def test_nesting_limit() -> None:
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    assert loads('{"a":' * (MAX_DEPTH - 1) + "[]" + "}" * (MAX_DEPTH - 1)) is not None
    # Brackets inside strings do not count.
    assert loads("[" + '"[[[[",' * 2000 + "1]") is not None
    for text in ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), '{"a":' * (MAX_DEPTH + 1) + "1" + "}" * (MAX_DEPTH + 1),
                 "[" * 1_000_000, '{"a":' * 100_000):
        with pytest.raises(JsonError, match="nesting deeper than 1000"):
            loads(text)
    # The recursion limit is the caller's again afterwards.
    limit = sys.getrecursionlimit()
    loads("[" * MAX_DEPTH + "]" * MAX_DEPTH)
    assert sys.getrecursionlimit() == limit


def _random_json(rng: random.Random, depth: int = 0) -> Any:
    r = rng.random()
    if depth < 6 and r < 0.15:
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    if depth < 6 and r < 0.3:
        return {rng.choice(["a", "b", "é", "\x00", "😀", str(i)]): _random_json(rng, depth + 1) for i in range(4)}
    return rng.choice([None, True, False, rng.randint(-(2**70), 2**70), rng.uniform(-1e300, 1e300), 0.0, -0.0,
                       5e-324, "s", "\u2028", "\\", '"', "\U0001f600"])


def test_random_documents_read_as_json_loads_reads_them() -> None:
    # Valid JSON without repeated keys or huge numbers: the same value as json.loads, -0.0 too.
    rng = random.Random(31)
    for _ in range(500):
        value = _random_json(rng)
        for text in (json.dumps(value), json.dumps(value, ensure_ascii=False, indent=rng.choice([None, 1]))):
            assert json.dumps(loads(text)) == json.dumps(value)


def test_a_caller_deep_in_recursion_can_still_read() -> None:
    limit = sys.getrecursionlimit()

    def nested(n: int) -> Any:
        return loads("[" * 150 + "]" * 150) if n == 0 else nested(n - 1)

    assert nested(limit - 100) is not None
    assert sys.getrecursionlimit() == limit
