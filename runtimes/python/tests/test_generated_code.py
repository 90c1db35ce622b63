"""The generated Python code of schema/examples: exact sizes of the workloads (the numbers the
Java and Rust tests assert), edge values, range checks on encode, the depth limit, hostile input,
error paths, names, defaults, unions, enums and streams of generated types."""

from __future__ import annotations

import io
import math
import random
import socket
import struct
import threading
from typing import Any

import pytest
from bench.employee import Employee
from bench.media import MediaContent
from bench.message import Message
from edge import cases
from edge.names import Holder, ValueLong
from sakai.content import ContentResource

import values as v
from cser import DecodeError, DecodeErrorKind, EncodeError, StreamReader, StreamWriter
from cser.varint import encode_varint


def round_trip(value: Any) -> bytes:
    """Encodes, decodes, checks value and re-encoding, every prefix and one byte more."""
    data: bytes = value.encode()
    back = type(value).decode(data)
    assert back == value
    assert back.encode() == data
    for cut in range(min(len(data), 5000)):
        with pytest.raises(DecodeError):
            type(value).decode(data[:cut])
    with pytest.raises(DecodeError) as e:
        type(value).decode(data + b"\x00")
    assert e.value.kind is DecodeErrorKind.TRAILING_BYTES
    return data


def test_workloads_have_the_sizes_the_java_and_rust_tests_assert() -> None:
    assert len(round_trip(v.employee(17))) == 38
    assert len(round_trip(v.message(12345))) == 28
    assert len(round_trip(v.ethanol())) == 57
    assert len(round_trip(v.media_content())) == 222
    assert len(round_trip(v.sakai_entity(0))) == 702
    # W1: two bytes an EmptyData (a struct: no framing), as Java's 1,000,000 in 2,000,006 bytes.
    assert round_trip(v.empty_data_set(3)) == bytes([7, 3, 0, 0, 0, 0, 0, 0])


def test_decode_takes_bytes_bytearray_and_memoryview() -> None:
    data = v.media_content().encode()
    for form in (data, bytearray(data), memoryview(data), memoryview(b"xx" + data)[2:]):
        assert MediaContent.decode(form) == v.media_content()


def test_integer_extremes_round_trip() -> None:
    round_trip(v.scalars_min())
    round_trip(v.scalars_max())
    assert cases.Scalars.decode(v.scalars_max().encode()).u64_value == 2**64 - 1


@pytest.mark.parametrize(
    ("field", "low", "high"),
    [
        ("i8_value", -(2**7), 2**7 - 1),
        ("i16_value", -(2**15), 2**15 - 1),
        ("i32_value", -(2**31), 2**31 - 1),
        ("i64_value", -(2**63), 2**63 - 1),
        ("u8_value", 0, 2**8 - 1),
        ("u16_value", 0, 2**16 - 1),
        ("u32_value", 0, 2**32 - 1),
        ("u64_value", 0, 2**64 - 1),
    ],
)
def test_out_of_range_integers_are_refused_on_encode(field: str, low: int, high: int) -> None:
    def scalars(value: object) -> cases.Scalars:
        fields: dict[str, Any] = {field: value}
        return cases.Scalars(**fields)

    for ok in (low, high):
        round_trip(scalars(ok))
    for bad in (low - 1, high + 1):
        with pytest.raises(EncodeError, match=f"{bad} is out of range for {field.split('_')[0]}"):
            scalars(bad).encode()
    with pytest.raises(EncodeError, match="cannot encode Scalars"):
        scalars("7").encode()


def test_values_of_the_wrong_type_are_encode_errors() -> None:
    with pytest.raises(EncodeError):
        cases.Scalars(text=7).encode()  # type: ignore[arg-type]
    with pytest.raises(EncodeError):
        cases.Collections(names=[1]).encode()  # type: ignore[list-item]
    with pytest.raises(EncodeError, match="not a variant"):
        cases.BinOp(left=cases.Lit()).encode()  # type: ignore[arg-type]
    with pytest.raises(EncodeError):
        cases.Scalars(color=-1).encode()  # type: ignore[arg-type]


def bits64(x: float) -> int:
    return int(struct.unpack("<Q", struct.pack("<d", x))[0])


def test_floats_keep_their_bits() -> None:
    for x in (math.nan, math.inf, -math.inf, -0.0, 0.0, 5e-324, 1.7976931348623157e308, math.pi):
        value = cases.Scalars(f64_value=x, f32_value=x if not math.isfinite(x) else 0.5)
        back = cases.Scalars.decode(value.encode())
        assert bits64(back.f64_value) == bits64(x)
    nan = v.scalars_nan()
    back = cases.Scalars.decode(nan.encode())
    assert bits64(back.f64_value) == 0xFFF8000000000001
    assert struct.pack("<f", back.f32_value) == struct.pack("<I", 0x7FC00001)
    assert back.encode() == nan.encode()
    assert math.copysign(1, cases.Scalars.decode(cases.Scalars(f64_value=-0.0).encode()).f64_value) == -1
    with pytest.raises(EncodeError):
        cases.Scalars(f32_value=1e300).encode()  # an f32 cannot hold it (Python does not round to inf)


def test_strings_four_byte_utf8_lone_surrogates_and_a_mebibyte() -> None:
    round_trip(cases.Scalars(text="a\u00e9\u20ac\U0001f600"))
    assert cases.Scalars(text="\U0001f600").encode()[22:27] == b"\x04\xf0\x9f\x98\x80"
    with pytest.raises(EncodeError, match="lone surrogate"):
        cases.Scalars(text="a\ud800b").encode()
    big = cases.Scalars(text="é" * (1 << 19))
    assert cases.Scalars.decode(big.encode()) == big
    # CESU-8 (Java's modified UTF-8) of U+1F600 is refused, as SPEC §5.2 asks.
    cesu = bytearray(cases.Scalars(text="\U0001f600").encode())
    cesu[22:27] = b"\x06\xed\xa0\xbd\xed\xb8\x80"
    cesu[0] += 2
    with pytest.raises(DecodeError) as e:
        cases.Scalars.decode(bytes(cesu))
    assert e.value.kind is DecodeErrorKind.BAD_UTF8
    assert e.value.path == "Scalars.text"


def test_unknown_enum_numbers_survive() -> None:
    s = cases.Scalars(color=cases.Color(77))
    back = cases.Scalars.decode(s.encode())
    assert back.color == 77 and back.color is not cases.Color.RED
    assert isinstance(back.color, cases.Color)
    assert "Color(77)" in repr(back.color)
    assert back.encode() == s.encode()
    assert cases.Color(2) is cases.Color.BLUE
    assert list(cases.Color) == [cases.Color.RED, cases.Color.GREEN, cases.Color.BLUE]
    bad: Any
    for bad in (-1, 2**31, "RED"):
        with pytest.raises(ValueError):
            cases.Color(bad)


def test_empty_and_absent_collections_are_different_values() -> None:
    absent = cases.Collections()
    empty = cases.Collections(maybe_names=[], maybe_map={})
    assert round_trip(absent) != round_trip(empty)
    assert cases.Collections.decode(empty.encode()).maybe_names == []
    assert cases.Collections.decode(absent.encode()).maybe_names is None


def test_every_collection_filled() -> None:
    c = v.full_collections()
    data = c.encode()
    back = cases.Collections.decode(data)
    assert back.encode() == data
    assert back.sparse_map == c.sparse_map and list(back.by_id) == [-(2**63), 7]
    assert back.by_color[cases.Color(9)] == []


def test_defaults_are_zero_values_and_fresh_per_instance() -> None:
    a, b = cases.Collections(), cases.Collections()
    assert a.ints == [] and a.ints is not b.ints and a.by_id is not b.by_id
    a.ints.append(1)
    assert b.ints == []
    assert MediaContent().media is not MediaContent().media
    zero = cases.Scalars()
    assert zero.color is cases.Color.RED and zero.text == "" and zero.data == b""
    assert cases.Collections().maybe_names is None
    assert cases.BinOp().left == cases.ExprLit(cases.Lit())


def test_a_struct_with_an_optional() -> None:
    for y in (None, 2.5):
        round_trip(cases.Sample(x=1.0, y=y, color=cases.Color.GREEN))


def test_recursion_to_the_depth_limit_and_one_past_it() -> None:
    tree = cases.Node(label="root", children=[v.chain(3), cases.Node()], next=v.chain(2))
    round_trip(tree)
    assert cases.Node.decode(v.chain(64).encode()) == v.chain(64)
    with pytest.raises(EncodeError, match="deeper than the maximum depth"):
        v.chain(65).encode()
    # 65 levels written with a higher limit are refused, and read by a reader allowed more.
    body = bytearray()
    cases.Node._write_content(v.chain(65), body, 100)
    out = encode_varint(len(body)) + body
    with pytest.raises(DecodeError) as e:
        cases.Node.decode(bytes(out))
    assert e.value.kind is DecodeErrorKind.DEPTH_EXCEEDED
    assert e.value.path.startswith("Node.next.next"), e.value.path
    assert cases.Node.decode(bytes(out), max_depth=65) == v.chain(65)


def test_hostile_nesting_is_a_decode_error_not_a_recursion_error() -> None:
    # 100,000 nested `call` lists: tag 4, the payload's length, count 1, tag 4, ... around an
    # empty `name` (tag 3, length 1, ""), each payload's length the bytes it holds.
    heads: list[bytes] = []
    size = 3
    for _ in range(100_000):
        head = b"\x04" + encode_varint(size + 1) + b"\x01"
        heads.append(head)
        size += len(head)
    data = b"".join(reversed(heads)) + b"\x03\x01\x00"
    for max_depth in (64, 10**9):
        with pytest.raises(DecodeError) as e:
            cases.Expr.decode(data, max_depth=max_depth)
        assert e.value.kind is DecodeErrorKind.DEPTH_EXCEEDED


def test_unions() -> None:
    e = v.expr_bin()
    data = round_trip(e)
    back = cases.Expr.decode(data)
    assert isinstance(back, cases.ExprBin) and back.TAG == 2
    match back:
        case cases.ExprBin(cases.BinOp(op=op)):
            assert op == "+"
        case _:
            pytest.fail("not matched")
    with pytest.raises(DecodeError) as err:
        cases.Expr.decode(b"\x00\x00")
    assert err.value.kind is DecodeErrorKind.UNKNOWN_UNION_TAG
    assert err.value.path == "Expr.<tag 0>"
    # A tag Expr does not have: an unknown variant, kept and written back (SPEC §5.7).
    unknown = cases.Expr.decode(b"\x09\x01\x00")
    assert isinstance(unknown, cases.ExprUnknown) and unknown.value.tag == 9 and unknown.value.payload == b"\x00"
    assert unknown.encode() == b"\x09\x01\x00"


def test_names_that_clash_with_python() -> None:
    k = cases.Keywords(type_="t", class_="c", match=3, self_=True, import_="i", default=-6, fn="f", none="n")
    assert round_trip(k)
    h = Holder(value=ValueLong(-1), class_="c", encode_="e", self_="me", async_="a", from_="f", is_set=True)
    round_trip(h)
    assert "class_='c'" in repr(h)


def test_docs_come_from_the_schema() -> None:
    assert cases.Scalars.__doc__ == "One field of every scalar type."
    assert cases.__doc__ is not None and cases.__doc__.startswith("Every type and edge the round-trip tests")


def test_values_are_unhashable_and_compare_by_fields() -> None:
    with pytest.raises(TypeError):
        hash(cases.Scalars())
    assert cases.Scalars(text="a") == cases.Scalars(text="a") != cases.Scalars(text="b")
    assert cases.Scalars() != "Scalars()"


def test_errors_say_where_in_the_value_they_are() -> None:
    mc = v.media_content()
    mc.images[1].title = "\u00e9"
    data = bytearray(mc.encode())
    at = data.rfind(b"\xc3\xa9")
    data[at + 1] = 0x41
    with pytest.raises(DecodeError) as e:
        MediaContent.decode(bytes(data))
    assert e.value.kind is DecodeErrorKind.BAD_UTF8
    assert e.value.offset == at
    assert e.value.path == "MediaContent.images[1].title"
    assert str(e.value).endswith(f"at offset {at} in MediaContent.images[1].title")


def test_random_bytes_raise_only_decode_error() -> None:
    rng = random.Random(7)
    seeds = [v.media_content().encode(), v.sakai_entity(5).encode(), v.full_collections().encode()]
    types: list[Any] = [
        MediaContent, ContentResource, cases.Collections, cases.Expr, cases.Node, cases.Scalars, Holder,
    ]
    for i in range(4000):
        if i % 2:
            data = bytes(rng.randrange(256) for _ in range(rng.randrange(40)))
        else:
            base = bytearray(rng.choice(seeds))
            for _ in range(rng.randrange(1, 4)):
                base[rng.randrange(len(base))] = rng.randrange(256)
            data = bytes(base)
        for t in types:
            try:
                t.decode(data)
            except DecodeError:
                pass


def test_streams_of_generated_records() -> None:
    out = io.BytesIO()
    with StreamWriter(out, Employee) as w:
        for n in range(100):
            w.write(v.employee(n))
    assert list(StreamReader(io.BytesIO(out.getvalue()), Employee)) == [v.employee(n) for n in range(100)]
    entities = [v.sakai_entity(n) for n in range(50)]
    out = io.BytesIO()
    with StreamWriter(out, ContentResource) as w:
        for entity in entities:
            w.write(entity)
    assert list(StreamReader(io.BytesIO(out.getvalue()), ContentResource)) == entities


def test_a_stream_over_a_socket() -> None:
    left, right = socket.socketpair()
    messages = [v.message(n) for n in range(2000)]

    def send() -> None:
        with left, StreamWriter(left, Message) as w:
            for m in messages:
                w.write(m)

    sender = threading.Thread(target=send)
    sender.start()
    with right:
        received = list(StreamReader(right, Message))
    sender.join()
    assert received == messages


def test_record_bodies_that_end_between_fields_give_zero_values() -> None:
    # Scalars reads b and i8_value as one struct run; a body may end before, inside or after it.
    assert cases.Scalars.decode(bytes([0])) == cases.Scalars()
    assert cases.Scalars.decode(bytes([1, 1])) == cases.Scalars(b=True)
    assert cases.Scalars.decode(bytes([2, 1, 0xFF])) == cases.Scalars(b=True, i8_value=-1)
    with pytest.raises(DecodeError) as e:
        cases.Scalars.decode(bytes([2, 2, 0]))
    assert (e.value.kind, e.value.offset, e.value.path) == (DecodeErrorKind.BAD_BOOL, 1, "Scalars.b")
    full = v.scalars_min().encode()
    # Cut the body right after each field boundary of the zero value: every prefix body decodes.
    # The zero value's body: nine one-byte fields, the f32 at 9..12, the f64 at 13..20, then
    # text, data and color. A cut inside the f32 or the f64 (read as one struct run) is a
    # truncated field; a cut between any two fields, the run's two included, is an older writer.
    zero = cases.Scalars().encode()[1:]
    inside = set(range(10, 13)) | set(range(14, 21))
    for n in range(len(zero) + 1):
        message = bytes([n]) + zero[:n]
        if n in inside:
            with pytest.raises(DecodeError) as err:
                cases.Scalars.decode(message)
            assert err.value.kind is DecodeErrorKind.TRUNCATED, n
        else:
            assert cases.Scalars.decode(message) == cases.Scalars(), n
    assert cases.Scalars.decode(full) == v.scalars_min()
