"""The primitives of the runtime, one module each: varints, zigzag, UTF-8, the limits and the
field path that decode and JSON errors share."""

from __future__ import annotations

import pickle

import pytest

from cser import limits
from cser.errors import DecodeError, DecodeErrorKind, EncodeError
from cser.json import JsonError
from cser.path import FieldPath
from cser.utf8 import decode_utf8, encode_utf8
from cser.varint import MAX_VARINT_LEN, U64_MAX, encode_varint, read_varint, varint_len, write_varint
from cser.zigzag import DECODE, ENCODE, decode_zigzag, encode_zigzag

K = DecodeErrorKind


@pytest.mark.parametrize(
    ("value", "encoded"),
    [
        (0, "00"),
        (1, "01"),
        (127, "7f"),
        (128, "8001"),
        (300, "ac02"),
        (16383, "ff7f"),
        (16384, "808001"),
        (2**63, "80808080808080808001"),
        (U64_MAX, "ffffffffffffffffff01"),
    ],
)
def test_varints_of_spec_section_13(value: int, encoded: str) -> None:
    data = bytes.fromhex(encoded)
    assert encode_varint(value) == data
    out = bytearray(b"x")
    write_varint(out, value)
    assert out == b"x" + data
    assert varint_len(value) == len(data) <= MAX_VARINT_LEN
    assert read_varint(b"\xaa" + data + b"\xbb", 1, len(data) + 2) == (value, len(data) + 1)


@pytest.mark.parametrize(
    ("data", "kind", "offset"),
    [
        ("", K.TRUNCATED, 0),
        ("80", K.TRUNCATED, 1),
        ("8000", K.OVERLONG_VARINT, 1),
        ("ffffffffffffffffff00", K.OVERLONG_VARINT, 9),
        ("ffffffffffffffffff02", K.BAD_VARINT, 9),
        ("ffffffffffffffffff81", K.BAD_VARINT, 9),
    ],
)
def test_malformed_varints(data: str, kind: DecodeErrorKind, offset: int) -> None:
    raw = bytes.fromhex(data)
    with pytest.raises(DecodeError) as e:
        read_varint(raw, 0, len(raw))
    assert (e.value.kind, e.value.offset) == (kind, offset)


def test_a_varint_above_its_type_is_out_of_range_at_its_first_byte() -> None:
    data = b"\x00" + encode_varint(65536)
    with pytest.raises(DecodeError) as e:
        read_varint(data, 1, len(data), 0xFFFF)
    assert (e.value.kind, e.value.offset) == (K.OUT_OF_RANGE, 1)
    assert e.value.reason == "65536 does not fit u16 (or zigzag i16)"
    # The end bounds the read, not the buffer: the same bytes cut short are truncated.
    with pytest.raises(DecodeError) as e:
        read_varint(data, 1, 2)
    assert (e.value.kind, e.value.offset) == (K.TRUNCATED, 2)


@pytest.mark.parametrize(("n", "z"), [(0, 0), (-1, 1), (1, 2), (-64, 127), (64, 128), (-(2**63), U64_MAX),
                                      (2**63 - 1, U64_MAX - 1), (-(2**31), 2**32 - 1), (-(2**15), 2**16 - 1)])
def test_zigzag(n: int, z: int) -> None:
    assert encode_zigzag(n) == z
    assert decode_zigzag(z) == n
    # The expressions the interpreter inlines are the same rule.
    assert eval(ENCODE.format(x="n"), {"n": n}) == z
    assert eval(DECODE.format(x="z"), {"z": z}) == n


def test_utf8_is_strict_both_ways() -> None:
    assert decode_utf8(b"xx\xf0\x9f\x98\x80", 2, 6) == "\U0001f600"
    for bad, at in ((b"ab\xed\xa0\x80", 2), (b"\xc0\x80", 0), (b"a\xf4\x90\x80\x80", 1), (b"abc\xe2\x82", 3)):
        with pytest.raises(DecodeError) as e:
            decode_utf8(b"--" + bad, 2, 2 + len(bad))
        assert (e.value.kind, e.value.offset) == (K.BAD_UTF8, 2 + at), bad
    assert encode_utf8("é") == b"\xc3\xa9"
    with pytest.raises(EncodeError, match="lone surrogate at index 1"):
        encode_utf8("a\udc00")


def test_limits() -> None:
    assert limits.MAX_DEPTH == 64
    assert limits.DEFAULT_MAX_MESSAGE_SIZE == 64 << 20
    assert limits.max_count(17, 8) == 2
    assert limits.max_count(17) == 17
    assert limits.max_optional_count(2) == 16
    assert limits.max_optional_count(1 << 40) == limits.MAX_OPTIONAL_COUNT == 2**31 - 1


def test_field_paths_render_outermost_first() -> None:
    p = FieldPath()
    assert str(p) == "" and not p
    p.push_field("Image.title")
    p.push_index(1)
    p.push_field("MediaContent.images")
    assert str(p) == "MediaContent.images[1].title"
    q = FieldPath()
    q.push_key("a.b")
    q.push_key(7)
    q.push_key(K.TRUNCATED)
    q.push_field("X.m")
    assert str(q) == 'X.m[TRUNCATED][7]["a.b"]'
    assert q.segments == ['["a.b"]', "[7]", "[TRUNCATED]", "X.m"]


def test_decode_and_json_errors_share_the_path() -> None:
    d = DecodeError(K.BAD_BOOL, "bool byte 0x02 is neither 00 nor 01", 5)
    j = JsonError("expected a bool, got 2")
    for e in (d, j):
        assert e.push_field("Scalars.b") is e
        e.push_index(3)
        e.push_field("Collections.scalars")
    assert d.path == j.path == "Collections.scalars[3].b"
    assert str(d) == "BAD_BOOL: bool byte 0x02 is neither 00 nor 01 at offset 5 in Collections.scalars[3].b"
    assert str(j) == "Collections.scalars[3].b: expected a bool, got 2"
    # A JSON error at a root object: the root's name is its whole path.
    assert str(JsonError("unknown field \"x\"").push_field("Scalars")) == 'Scalars: unknown field "x"'
    back = pickle.loads(pickle.dumps(d))
    assert (back.kind, back.offset, back.path, str(back)) == (d.kind, d.offset, d.path, str(d))
