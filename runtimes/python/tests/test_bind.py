"""cser.bind: descriptors bound to an interpreter, and the Python interpreter itself
(cser.interpreter: the code cser.reader and cser.writer compile from descriptors), on hand-made
descriptors and on every generated type. The vectors, the SPEC examples and tests/test_native.py check it on real data."""

from __future__ import annotations

import enum
import importlib
import linecache
import pkgutil
import threading
import traceback
from typing import Any, ClassVar

import pytest

from conftest import GENERATED, Color
from cser import DecodeError, DecodeErrorKind, EncodeError, bind, interpreter
from cser.descriptors import (
    BOOL,
    BYTES,
    ENUM,
    F32,
    F64,
    I8,
    I32,
    I64,
    LIST,
    MAP,
    OPTLIST,
    RECORD,
    REF,
    STRING,
    STRUCT,
    U8,
    U16,
    U64,
    UNION,
)
from cser.limits import MAX_DEPTH


def generated_types() -> list[type[Any]]:
    """Every record, struct and union base class the example schemas generate."""
    out: list[type[Any]] = []
    for info in pkgutil.walk_packages([str(GENERATED)]):
        module = importlib.import_module(info.name)
        for obj in vars(module).values():
            if (isinstance(obj, type) and obj.__module__ == module.__name__ and hasattr(obj, "TYPE_NAME")
                    and "TAG" not in vars(obj)):
                out.append(obj)
    return out


def test_every_generated_type_has_a_python_codec_that_agrees_with_the_bound_one() -> None:
    types = generated_types()
    assert len(types) > 40
    for cls in types:
        pure = bind.pure(cls)
        module = importlib.import_module(cls.__module__)
        zero = getattr(module, f"_zero_{cls.__name__}")() if "TAG" in cls.__annotations__ else cls()
        data = pure.encode(zero)
        assert data == zero.encode(), cls
        assert pure.decode(data, MAX_DEPTH) == cls.decode(data) == zero, cls
        if bind.ACTIVE:
            assert type(getattr(module, f"_codec_{cls.__name__}")) is not interpreter.PyCodec, cls
        else:
            assert getattr(module, f"_codec_{cls.__name__}") is pure, cls


# ---- hand-made descriptors ------------------------------------------------------------------


# Class names that are also names the compiled code uses: locals, helpers, builtins.
class x0:
    __slots__ = ("f", "v")
    f: float
    v: int


class read_count:
    __slots__ = ("_cser_unknown", "items", "n", "on", "small", "tag")
    items: list[x0]
    n: int
    on: bool
    small: int
    tag: Color


class F32Holder:
    __slots__ = ("value",)
    value: Any

    def __init__(self, value: Any) -> None:
        self.value = value


class range_:
    """A union base class."""

    __slots__ = ()
    TAG: ClassVar[int]


class range_a(range_):
    __slots__ = ("value",)
    TAG: ClassVar[int] = 1
    value: read_count

    def __init__(self, value: read_count) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, range_a) and _fields(self.value) == _fields(other.value)

    __hash__ = None  # type: ignore[assignment]


class range_b(range_):
    __slots__ = ("value",)
    TAG: ClassVar[int] = 300
    value: dict[str, list[str | None]]

    def __init__(self, value: dict[str, list[str | None]]) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, range_b) and self.value == other.value

    __hash__ = None  # type: ignore[assignment]


class Holder:
    __slots__ = ("_cser_deprecated", "_cser_unknown", "blob", "choice", "count", "maybe", "rc")
    blob: bytes
    choice: range_
    count: int
    maybe: str | None
    rc: read_count


class range_unknown(range_):
    __slots__ = ("value",)
    TAG: ClassVar[int] = 0
    value: Any

    def __init__(self, value: Any) -> None:
        self.value = value


def _fields(v: Any) -> Any:
    if isinstance(v, list):
        return [_fields(x) for x in v]
    if hasattr(v, "__slots__") and not isinstance(v, enum.Enum):
        return {s: _fields(getattr(v, s)) for s in v.__slots__}
    return v


def _zero_range() -> range_:
    return range_b({})


MEMBERS = {0: Color.RED, 1: Color.GREEN}
DESCRIPTORS = (
    (STRUCT, x0, "t.x0", "x0", (
        ("f", "x0.f", F64, -1, 0.0),
        ("v", "x0.v", I32, -1, 0),
    ), ()),
    (RECORD, read_count, "t.read_count", "read_count", (
        ("on", "read_count.on", BOOL, -1, False),
        ("small", "read_count.small", I8, -1, 0),
        ("n", "read_count.n", U64, -1, 0),
        ("tag", "read_count.tag", (ENUM, Color, MEMBERS, "enum t.Color"), -1, Color.RED),
        ("items", "read_count.items", (LIST, (REF, x0)), -1, list),
    ), -1, 0, ((0, 2),)),
    (UNION, range_, "t.range", "range", (
        (1, range_a, "range.a", (REF, read_count)),
        (300, range_b, "range.b", (MAP, STRING, (OPTLIST, STRING))),
    ), range_unknown),
    (RECORD, Holder, "t.Holder", "Holder", (
        ("count", "Holder.count", U8, -1, 0),
        (None, "Holder.old", STRING, -1, b"\x00"),
        ("maybe", "Holder.maybe", STRING, 0, None),
        ("rc", "Holder.rc", (REF, read_count), -1, read_count),
        ("choice", "Holder.choice", (REF, range_), -1, _zero_range),
        ("blob", "Holder.blob", BYTES, -1, b""),
    ), 2, 0xFE, ()),
)
CODECS = bind.bind(DESCRIPTORS)


def _new(cls: type[Any], **fields: Any) -> Any:
    v = object.__new__(cls)
    if "_cser_unknown" in getattr(cls, "__slots__", ()):
        v._cser_unknown = None  # a record: no unknown fields
    if "_cser_deprecated" in getattr(cls, "__slots__", ()):
        v._cser_deprecated = None  # nothing kept of its deprecated fields
    for name, value in fields.items():
        setattr(v, name, value)
    return v


def _rc(**fields: Any) -> read_count:
    base: dict[str, Any] = {"on": False, "small": 0, "n": 0, "tag": Color.RED, "items": []}
    base.update(fields)
    value: read_count = _new(read_count, **base)
    return value


def _holder(**fields: Any) -> Holder:
    base: dict[str, Any] = {"count": 0, "maybe": None, "rc": _rc(), "choice": range_b({}), "blob": b""}
    base.update(fields)
    value: Holder = _new(Holder, **base)
    return value


def interpreters() -> list[tuple[str, Any]]:
    """The codec of Holder: the Python interpreter's, and the bound one when it is C."""
    out = [("pure", bind.pure(Holder))]
    if bind.ACTIVE:
        out.append(("C", CODECS[3]))
    return out


def test_names_the_compiled_code_uses_do_not_collide_with_the_classes() -> None:
    value = _holder(
        count=255, maybe="é", blob=b"\x00\xff",
        rc=_rc(on=True, small=-128, n=2**64 - 1, tag=Color(7), items=[_new(x0, f=-0.0, v=-(2**31))]),
        choice=range_a(_rc(items=[_new(x0, f=1.5, v=1)] * 3)),
    )
    expected = None
    for name, c in interpreters():
        data = c.encode(value)
        expected = expected or data
        assert data == expected, name
        back = c.decode(data, MAX_DEPTH)
        assert _fields(back) == _fields(value), name
        assert back.rc.tag == 7 and isinstance(back.rc.tag, Color)
    assert expected is not None
    # The deprecated string is its zero value, one byte; the union tag 1 is one byte.
    assert expected[1:3] == b"\xff\x00"
    other = _holder(choice=range_b({"k": [None, "x", None], "": []}))
    for name, c in interpreters():
        assert _fields(c.decode(c.encode(other), MAX_DEPTH)) == _fields(other), name


def test_a_record_body_that_ends_early_takes_fresh_zero_values() -> None:
    # Holder's body: count 5, then nothing: every later field is its zero value.
    for name, c in interpreters():
        a = c.decode(b"\x01\x05", MAX_DEPTH)
        b = c.decode(b"\x01\x05", MAX_DEPTH)
        assert a.count == 5 and a.maybe is None and a.blob == b"", name
        assert isinstance(a.rc, read_count) and a.rc is not b.rc, name
        assert isinstance(a.choice, range_b) and a.choice.value == {}, name
        # rc's body holds `on` alone: the rest of it is zero, an empty list of its own each time.
        message = bytes.fromhex("05" "05" "00" "00" "0100")
        inner = c.decode(message, MAX_DEPTH).rc
        assert inner.on is False and inner.tag is Color.RED and inner.items == [], name
        assert inner.items is not c.decode(message, MAX_DEPTH).rc.items, name


def test_errors_name_their_field_in_both_interpreters() -> None:
    # Holder: its length, count, the deprecated string, the presence byte, then rc: its length
    # and `on` at offset 5.
    bad = bytearray(bind.pure(Holder).encode(_holder(rc=_rc(on=True))))
    assert bad[5] == 1
    bad[5] = 2
    for name, c in interpreters():
        with pytest.raises(DecodeError) as e:
            c.decode(bytes(bad), MAX_DEPTH)
        assert (e.value.kind, e.value.offset, e.value.path) == (DecodeErrorKind.BAD_BOOL, 5, "Holder.rc.on"), name
    unions = [("pure", bind.pure(range_))] + ([("C", CODECS[2])] if bind.ACTIVE else [])
    for name, c in unions:
        with pytest.raises(DecodeError) as e:
            c.decode(b"\x00\x00", MAX_DEPTH)
        assert (e.value.kind, e.value.path) == (DecodeErrorKind.UNKNOWN_UNION_TAG, "range.<tag 0>"), name
        with pytest.raises(DecodeError) as e:
            c.decode(b"\x05\x02\x00", MAX_DEPTH)
        assert (e.value.kind, e.value.offset, e.value.path) == (
            DecodeErrorKind.LENGTH_TOO_LARGE, 1, "range.<tag 5>"), name


def test_the_python_code_is_compiled_on_first_use_and_shows_in_tracebacks() -> None:
    class Late:
        __slots__ = ("_cser_unknown", "n")
        n: Any

    (late,) = bind.bind(((RECORD, Late, "t.Late", "Late", (("n", "Late.n", I32, -1, 0),), -1, 0, ()),))
    pure = bind.pure(Late)
    stub = pure.encode
    value = _new(Late, n="not an int")
    with pytest.raises(EncodeError, match="cannot encode Late") as e:
        pure.encode(value)
    assert pure.encode is not stub  # compiled on that first call
    # The TypeError came from a line of the compiled writer, which linecache knows.
    frames = traceback.extract_tb(e.value.__cause__.__traceback__ if e.value.__cause__ else None)
    compiled = [f for f in frames if f.filename.startswith("<cser codec")]
    assert compiled, frames
    assert "as_int" in (linecache.getline(compiled[-1].filename, compiled[-1].lineno or 0))
    assert pure.encode(_new(Late, n=-1)) == b"\x01\x01" == late.encode(_new(Late, n=-1))
    assert repr(pure) == "<cser Python codec of t.Late>"


def test_the_compiled_functions_are_listed_for_the_fuzzer() -> None:
    functions = bind.compile_all()
    names = {f.__name__ for f in functions}
    assert {"read_Holder", "write_Holder", "read_range_", "write_read_count"} <= names


def test_f32_values_that_do_not_fit_are_encode_errors() -> None:
    class Single:
        __slots__ = ("x",)
        x: float

    (bound,) = bind.bind(((STRUCT, Single, "t.Single", "Single", (("x", "Single.x", F32, -1, 0.0),), ()),))
    for c in (bind.pure(Single), bound):
        assert c.encode(_new(Single, x=1.5)) == b"\x00\x00\xc0\x3f"
        with pytest.raises(EncodeError):
            c.encode(_new(Single, x=1e300))


def test_first_uses_in_many_threads_wait_for_one_compilation() -> None:
    class Racy:
        __slots__ = ("_cser_unknown", "s")
        s: str

    bind.bind(((RECORD, Racy, "t.Racy", "Racy", (("s", "Racy.s", STRING, -1, ""),), -1, 0, ()),))
    pure = bind.pure(Racy)
    data = b"\x02\x01x"
    start = threading.Barrier(8)
    results: list[Any] = []

    def first_use() -> None:
        start.wait()
        results.append(pure.decode(data, MAX_DEPTH).s)

    threads = [threading.Thread(target=first_use) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert results == ["x"] * 8


def test_packed_lists_of_every_width_through_both_interpreters() -> None:
    class Packed:
        __slots__ = ("bools", "bytes_", "f32s", "i8s", "i64s", "u16s")
        bools: list[bool]
        bytes_: list[int]
        f32s: list[float]
        i8s: list[int]
        i64s: list[int]
        u16s: list[int]

    fields = (("bools", BOOL), ("bytes_", U8), ("i8s", I8), ("u16s", U16), ("i64s", I64), ("f32s", F32))
    (bound,) = bind.bind(((STRUCT, Packed, "t.Packed", "Packed", tuple(
        (name, f"Packed.{name}", (LIST, kind), -1, list) for name, kind in fields), ()),))
    value = _new(Packed, bools=[True, False], bytes_=[0, 255], i8s=[-128, 127], u16s=[65535, 0],
                 i64s=[-(2**63), 2**63 - 1], f32s=[1.5, -0.0])
    expected = bytes.fromhex("020100" "0200ff" "02807f" "02ffff0300" "02ffffffffffffffffff01feffffffffffffffff01"
                             "020000c03f00000080")
    for c in {id(c): c for c in (bind.pure(Packed), bound)}.values():
        assert c.encode(value) == expected
        assert _fields(c.decode(expected, MAX_DEPTH)) == _fields(value)
        for name, bad in (("bytes_", [256]), ("i8s", [-129]), ("u16s", [65536]), ("i64s", [2**63])):
            with pytest.raises(EncodeError):
                c.encode(_new(Packed, **{**_fields(value), name: bad}))
        with pytest.raises(DecodeError) as e:
            c.decode(bytes.fromhex("020102") + expected[3:], MAX_DEPTH)
        assert (e.value.kind, e.value.offset, e.value.path) == (DecodeErrorKind.BAD_BOOL, 2, "Packed.bools")


def test_unknown_fields_of_records_whose_last_presence_byte_is_full_or_partial() -> None:
    # Eight optional slots fill their presence byte: a newer writer's next optional starts a new
    # byte, among the unknown bytes, and there are no unknown presence bits (SPEC §5.5.1).
    class Full:
        __slots__ = ("_cser_unknown", *(f"o{i}" for i in range(8)))

    class Partial:
        __slots__ = ("_cser_unknown", "a", "o0", "o1")

    full = tuple((f"o{i}", f"Full.o{i}", U8, i, None) for i in range(8))
    partial = (("o0", "Partial.o0", U8, 0, None), ("a", "Partial.a", U8, -1, 0), ("o1", "Partial.o1", U8, 1, None))
    bound = bind.bind(((RECORD, Full, "t.Full", "Full", full, -1, 0, ()),
                        (RECORD, Partial, "t.Partial", "Partial", partial, 0, 0xFC, ())))
    cases = [
        # Full: o0 and o7 present, then a second presence byte and its slot's value: kept bytes.
        (0, bytes.fromhex("05 81 05 06 01 09"), 0, b"\x01\x09"),
        # Partial: bits 2 and 3 unknown (o0 and o1 absent), a = 7, then a newer writer's values.
        (1, bytes.fromhex("04 0c 07 2a 2b"), 0x0C, b"\x2a\x2b"),
        # Partial: the body ends after the presence byte (a takes its zero value): bits kept.
        (1, bytes.fromhex("01 f0"), 0xF0, b""),
        # Partial: a known bit set and a value present, nothing unknown.
        (1, bytes.fromhex("03 02 07 08"), None, b""),
    ]
    for i, data, bits, rest in cases:
        cls: type[Any] = (Full, Partial)[i]
        for c in {id(c): c for c in (bind.pure(cls), bound[i])}.values():
            value = c.decode(data, MAX_DEPTH)
            if bits is None:
                assert value._cser_unknown is None, data.hex()
            else:
                assert (value._cser_unknown.presence_bits, value._cser_unknown.data) == (bits, rest), data.hex()
            again = c.encode(value)
            if rest or bits is None:
                assert again == data, data.hex()
            else:
                assert again == bytes.fromhex("02 f0 00"), again.hex()  # a's zero value written
            assert _fields(c.decode(again, MAX_DEPTH)) == _fields(value)
