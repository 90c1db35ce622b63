"""The two interpreters of the generated modules' descriptors side by side: the C accelerator
(cser._native) against the runtime's Python interpreter (cser.reader, cser.writer): the same
bytes, the same values and the same errors for valid values, for the vectors of the Java and
Rust tests, and for thousands of corrupted and truncated inputs, among them newer records read
by older types, which keep what they do not know as unknown fields (SPEC §5.5.1), and those
values written back.

The whole suite also runs twice (``make test-python``): once with the accelerator and once with
``CSER_PURE_PYTHON=1``; this file compares the two paths side by side in one process.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import importlib
import random
import sys
import tracemalloc
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

import pytest
from bench.media import MediaContent
from edge.cases import Collections, Node

import values as v
from cser import DecodeError, EncodeError, bind
from cser.errors import DecodeErrorKind
from cser.limits import MAX_DEPTH
from cser.varint import encode_varint
from probes import peak_allocation
from test_vectors import JAVA, RUST, load, same_floats

pytestmark = pytest.mark.skipif(not bind.ACTIVE, reason="CSER_PURE_PYTHON is set: the accelerator is off")

MODULES = ("bench.employee", "bench.empty", "bench.media", "bench.message", "chem", "edge.cases", "edge.names",
           "evolution", "sakai.content")


def type_named(name: str) -> tuple[type[Any], ModuleType]:
    """The generated class of a fully qualified schema type, and its module."""
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        for attr in vars(module).values():
            if isinstance(attr, type) and getattr(attr, "TYPE_NAME", None) == name:
                return attr, module
    raise AssertionError(f"no generated class for {name}")


def pure_decode(cls: type[Any], module: ModuleType, data: bytes, max_depth: int = MAX_DEPTH) -> Any:
    return bind.pure(cls).decode(data, max_depth)


def pure_encode(value: Any, module: ModuleType) -> bytes:
    cls = type(value)
    # A union variant is written by its union's codec.
    bound = cls.__mro__[1] if cls.__mro__[1] is not object else cls
    return bind.pure(bound).encode(value)


def outcome(decode: Callable[[], Any]) -> tuple[str, Any]:
    """What a decode did: its value, or its error's kind, offset and path."""
    try:
        return "value", decode()
    except DecodeError as e:
        return "error", (e.kind, e.offset, e.path)


def encoded(encode: Callable[[], bytes]) -> bytes | type[Exception]:
    """What an encode gave: its bytes, or its error's class."""
    try:
        return encode()
    except EncodeError as e:
        return type(e)


def assert_alike(cls: type[Any], module: ModuleType, data: bytes, what: str) -> str:
    """Both interpreters decode ``data`` to the same value or fail with the same error (kind,
    offset, path); a value, unknown fields included, is then written back to the same bytes by
    both. Returns what happened."""
    fast = outcome(functools.partial(cls.decode, data))
    slow = outcome(functools.partial(pure_decode, cls, module, data))
    assert fast[0] == slow[0], (what, data.hex())
    if fast[0] == "error":
        assert fast[1] == slow[1], (what, data.hex())
        return "error"
    assert same_floats(fast[1], slow[1]), (what, data.hex())
    again = encoded(fast[1].encode)
    assert again == encoded(functools.partial(pure_encode, slow[1], module)), (what, data.hex())
    return "value"


def vectors() -> list[tuple[str, str, bytes]]:
    return load(JAVA) + load(RUST)


def test_the_accelerator_is_built_and_bound() -> None:
    # make test builds the extension; a silent fall-back to pure Python would hide a broken build.
    assert bind.ACTIVE
    from edge import cases

    from cser import _native

    assert isinstance(cases._codec_Collections, _native.TypeCodec)
    assert not isinstance(bind.pure(Collections), _native.TypeCodec)


@pytest.mark.parametrize("case", range(len(load(JAVA))))
def test_vectors_decode_and_encode_alike(case: int) -> None:
    name, type_name, data = load(JAVA)[case]
    cls, module = type_named(type_name)
    fast = cls.decode(data)
    slow = pure_decode(cls, module, data)
    assert same_floats(fast, slow), name
    assert fast.encode() == data == pure_encode(slow, module)


def test_corrupted_and_truncated_inputs_fail_alike() -> None:
    # Prefixes and 40 random corruptions of every vector: the same value or the same error
    # (kind, offset and path) from both paths.
    rng = random.Random(20261123)
    checked = 0
    for name, type_name, data in vectors():
        cls, module = type_named(type_name)
        # Every prefix of the small vectors; 300 of the large ones (a W2 staff is 200 kB).
        cuts = range(len(data)) if len(data) <= 4096 else rng.sample(range(len(data)), 300)
        inputs = [data[:n] for n in cuts]
        for _ in range(40):
            b = bytearray(data)
            for _ in range(rng.randint(1, 3)):
                b[rng.randrange(len(b))] = rng.choice((0x00, 0x01, 0x7F, 0x80, 0xFF, rng.randrange(256)))
            inputs.append(bytes(b))
        for bad in inputs:
            assert_alike(cls, module, bad, name)
            checked += 1
    assert checked > 5000


def test_newer_records_read_by_older_types_alike() -> None:
    # evolution.*V2 values with every field set, read as *V1: unknown fields in records at the
    # root and nested anywhere. Every prefix of the body, and corruptions that land mostly in
    # the bytes V1 does not know (presence bits, lengths, trailing bytes): the same value with the
    # same unknown fields, written back alike, or the same error, from both paths.
    from evolution import AddressV1, AddressV2, BatchV1, BatchV2, EntityV1, EntityV2

    from test_unknown import PAIRS

    rng = random.Random(20261124)
    module = importlib.import_module("evolution")
    checked = {"value": 0, "error": 0}
    kept = 0
    pairs: list[tuple[type[Any], Callable[[], Any]]] = [
        *PAIRS, (EntityV1, lambda: EntityV2(id="x", revision=1)), (AddressV1, lambda: AddressV2(zip="z")),
        (BatchV1, lambda: BatchV2(written_at=1))]
    for v1_type, make in pairs:
        data = make().encode()
        if "unknown_fields=UnknownFields(" in repr(v1_type.decode(data)):  # here or nested
            kept += 1
        assert v1_type.decode(data).encode() == data
        # The root record's length is kept, so that a cut body is a body that ends early.
        head = 1 + (data[0] >= 0x80)
        inputs = [encode_varint(n - head) + data[head:n] for n in range(head, len(data) + 1)]
        for _ in range(300):
            b = bytearray(data)
            for _ in range(rng.randint(1, 3)):
                b[rng.randrange(head, len(b))] = rng.choice((0x00, 0x01, 0x7F, 0x80, 0xFF, rng.randrange(256)))
            inputs.append(bytes(b))
        for bad in inputs:
            checked[assert_alike(v1_type, module, bad, v1_type.__name__)] += 1
    assert kept == 8
    assert checked["value"] > 1000 and checked["error"] > 500, checked


def test_bytearray_and_memoryview_are_read_in_place() -> None:
    data = v.media_content().encode()
    assert MediaContent.decode(bytearray(data)) == MediaContent.decode(memoryview(data)) == v.media_content()
    assert MediaContent.decode(memoryview(b"xx" + data)[2:]) == v.media_content()


def test_hostile_nesting_is_depth_exceeded_without_a_crash() -> None:
    # 100,000 nested Node.next records: far past the depth limit and past any C stack, with a
    # max_depth that would allow them all.
    data = b"\x00"
    for _ in range(100_000):
        body = b"\x00\x00\x01" + data  # label "", no children, presence bit of next, next
        data = encode_varint(len(body)) + body
    with pytest.raises(DecodeError) as e:
        Node.decode(data, max_depth=10**9)
    assert e.value.kind.name == "DEPTH_EXCEEDED"
    assert outcome(lambda: Node.decode(data))[1][0].name == "DEPTH_EXCEEDED"


def test_encode_errors_match_the_pure_writers() -> None:
    from edge import cases

    # Values of the wrong Python type, as an untyped caller might pass them.
    number: Any = 7
    text: Any = "x"
    bad_values: list[Any] = [
        Collections(ints=[2**31]),
        Collections(names=["\ud800"]),
        Collections(names=[number]),
        Collections(by_id={text: text}),
        Collections(floats=[1e300]),
        Collections(ints=text),
        v.chain(65),
    ]
    for value in bad_values:
        with pytest.raises(EncodeError) as fast:
            value.encode()
        with pytest.raises(EncodeError) as slow:
            pure_encode(value, cases)
        assert type(fast.value) is type(slow.value)


def test_values_round_trip_alike() -> None:
    from edge import cases

    for value in (v.full_collections(), Collections(), v.chain(64), v.scalars_max(), v.scalars_min(),
                  v.scalars_nan()):
        data = value.encode()
        assert data == pure_encode(value, cases)
        assert same_floats(type(value).decode(data), pure_decode(type(value), cases, data))


def test_decode_allocation_is_bounded_by_the_input() -> None:
    # SPEC §10.1 and the fuzzing brief: no decode allocates more than 64 x its input (plus a
    # floor for the fixed objects and the exception), on either path. The atheris fuzzer checks
    # the C path on every 50th input; this checks both, uninstrumented, on the vectors, their
    # corruptions and hostile nesting (each level's error unwinding used to keep its frame).
    rng = random.Random(7)
    inputs: list[tuple[type[Any], ModuleType, bytes]] = []
    for _, type_name, data in load(JAVA):
        cls, module = type_named(type_name)
        inputs.append((cls, module, data))
        for _ in range(10):
            b = bytearray(data)
            b[rng.randrange(len(b))] = rng.randrange(256)
            inputs.append((cls, module, bytes(b)))
    chain = b"\x00"
    for _ in range(200):
        body = b"\x00\x00\x01" + chain
        chain = encode_varint(len(body)) + body
    inputs.append((Node, importlib.import_module("edge.cases"), chain))
    for cls, module, data in inputs:
        limit = 64 * len(data) + (16 << 10)
        fast = peak_allocation(functools.partial(cls.decode, data))
        slow = peak_allocation(functools.partial(pure_decode, cls, module, data))
        assert fast <= limit and slow <= limit, (cls.__name__, data.hex()[:80], fast, slow, limit)


def test_unknown_fields_leak_nothing_on_any_path() -> None:
    # Kept and written back, on error paths too (a decode failing after records with unknown
    # fields were built, an encode failing on a malformed UnknownFields): no memory and no
    # reference to None (which 3.11 counts) survives the calls.
    import dataclasses

    from evolution import AddressV1, AddressV2, BatchV1, EntityV1

    from cser import UnknownFields
    from test_unknown import batch_v2

    data = batch_v2().encode()

    def fails(b: bytes) -> bool:
        try:
            BatchV1.decode(b)
        except DecodeError:
            return True
        return False

    # The last byte whose corruption fails the decode: every record before it is built.
    bad = next(c for i in range(len(data) - 1, 0, -1) if fails(c := data[:i] + b"\xff" + data[i + 1:]))
    assert len(bad) == len(data)
    broken = [UnknownFields(0, b"") for _ in range(3)]
    # Objects of their own (not interned or cached), whose reference counts tell.
    odd: list[tuple[str, object]] = [("data", "".join(["te", "xt"])), ("data", 10**30), ("presence_bits", "".join("xy"))]
    for u, (name, value) in zip(broken, odd, strict=True):
        object.__setattr__(u, name, value)  # what the constructor would refuse

    def once() -> None:
        BatchV1.decode(data).encode()
        with pytest.raises(DecodeError):
            BatchV1.decode(bad)
        e = EntityV1.decode(bytes.fromhex("03 00 00 fc"))
        e.encode()
        a = AddressV1.decode(AddressV2(city="c", floor=3).encode())
        for target, u in ((e, broken[0]), (a, broken[1]), (e, broken[2])):
            target.set_unknown_fields(u)
            with pytest.raises(EncodeError):
                target.encode()
        e.set_unknown_fields(dataclasses.replace(broken[0], data=b"\x01"))
        e.encode()

    for _ in range(100):
        once()
    gc.collect()
    nones = sys.getrefcount(None)
    watched = [*broken, *(value for _, value in odd)]
    counts = [sys.getrefcount(x) for x in watched]
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for _ in range(3000):
        once()
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    assert grown < 4096, grown
    assert abs(sys.getrefcount(None) - nones) < 100
    assert [sys.getrefcount(x) for x in watched] == counts


def test_duplicate_map_keys_are_found_whatever_the_values() -> None:
    # The C reader tells a duplicate by the dict not growing: the two values here are the same
    # int object (1), which a check of "the value already there is another object" would miss.
    from edge import cases

    data = Collections(maybe_map={"a": 1, "b": 1}).encode()
    bad = data.replace(b"\x01b\x02", b"\x01a\x02")
    assert bad != data
    with pytest.raises(DecodeError) as fast:
        Collections.decode(bad)
    with pytest.raises(DecodeError) as slow:
        pure_decode(Collections, cases, bad)
    assert fast.value.kind is slow.value.kind is DecodeErrorKind.DUPLICATE_MAP_KEY
    assert fast.value.offset == slow.value.offset


def test_map_keys_from_the_key_cache_are_the_same_strings() -> None:
    # Short ASCII keys come from the reader's cache (reused str objects); long, non-ASCII and
    # colliding keys do not: every decode gives the pure reader's dict all the same.
    from edge import cases

    keys = [f"k{i}" for i in range(3000)] + ["é", "ключ", "x" * 32, "y" * 33, ""]
    # The cache hashes eight bytes a step: every length up to 32, and a non-ASCII byte in every
    # position of a full and of a partial last word.
    keys += ["ab" * i + "c" for i in range(16)] + ["q" * i + "é" for i in range(1, 31)]
    value = Collections(maybe_map={k: i for i, k in enumerate(keys)})
    data = value.encode()
    first, second = Collections.decode(data), Collections.decode(data)
    assert first == second == pure_decode(Collections, cases, data) == value
    assert first.maybe_map is not None and list(first.maybe_map) == keys
    one = Collections.decode(Collections(maybe_map={"k1": 5}).encode()).maybe_map
    other = Collections.decode(Collections(maybe_map={"k1": 6}).encode()).maybe_map
    assert one is not None and other is not None
    assert next(iter(one)) is next(iter(other))  # one str, from the cache


def test_large_and_small_records_alternate_alike() -> None:
    # The writer leaves room for a record's length as large as the last one of its type needed,
    # and moves the body when this one needs another size: the bytes are the pure writer's.
    from bench import employee
    from bench.employee import Staff

    # The message's bytes object is made for the last size and an eighth, then cut to this one:
    # in place when little is spare (20 after 21, 22 after 20), reallocated when much is (1 after
    # 5000); either way it is an ordinary bytes object of exactly the message.
    for n in (5000, 1, 0, 5000, 20, 3000, 2, 21, 20, 22):
        value = Staff(employees=[v.employee(i) for i in range(n)])
        data = value.encode()
        pure = pure_encode(value, employee)
        assert data == pure
        assert len(data) == len(pure) and hash(data) == hash(pure)
        assert data + b"!" == pure + b"!" and data[-1:] == pure[-1:]
        assert Staff.decode(data) == value


def test_generated_decode_and_encode_are_the_codecs_own_with_the_same_arguments() -> None:
    # bind() sets a class's decode classmethod to its codec's class_decode: data (positional or
    # keyword), keyword-only max_depth defaulting to MAX_DEPTH, the generated method's errors;
    # and its encode method to the codec's encode, bound to the instance as a method is.
    import inspect

    from bench import media
    from edge.cases import Expr, ExprName

    native: Any = media._codec_MediaContent
    assert MediaContent.decode == native.class_decode
    assert type(vars(MediaContent)["encode"]).__name__ == "instancemethod"
    assert v.media_content().encode() == native.encode(v.media_content()) == pure_encode(v.media_content(), media)
    name = ExprName("x")  # a union's variant: its union's encode, inherited
    assert name.encode() == pure_encode(name, importlib.import_module("edge.cases"))
    assert Expr.decode(name.encode()) == name
    with pytest.raises(TypeError):
        MediaContent.encode()  # type: ignore[call-arg]
    params = inspect.signature(MediaContent.decode).parameters
    assert [(p.name, p.kind, p.default) for p in params.values()] == [
        ("data", inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.empty),
        ("max_depth", inspect.Parameter.KEYWORD_ONLY, MAX_DEPTH),
    ]
    value = v.media_content()
    data = value.encode()
    for decoded in (MediaContent.decode(data), MediaContent.decode(data=data),
                    MediaContent.decode(memoryview(data), max_depth=3), MediaContent.decode(max_depth=3, data=data),
                    value.decode(data)):
        assert decoded == value
    for deep in (0, 1, 2):
        fast = outcome(functools.partial(MediaContent.decode, data, max_depth=deep))
        slow = outcome(functools.partial(pure_decode, MediaContent, media, data, deep))
        assert fast == slow
    assert slow[0] == "value" and fast[0] == "value"
    assert outcome(functools.partial(MediaContent.decode, data, max_depth=1))[1][0] is DecodeErrorKind.DEPTH_EXCEEDED
    bad_calls: list[Callable[[], Any]] = [
        lambda: MediaContent.decode(data, 64),  # type: ignore[call-arg]
        lambda: MediaContent.decode(),  # type: ignore[call-arg]
        lambda: MediaContent.decode(data, depth=3),  # type: ignore[call-arg]
        lambda: MediaContent.decode(data, data=data),  # type: ignore[misc]
        lambda: MediaContent.decode(data, max_depth="3"),  # type: ignore[arg-type]
        lambda: MediaContent.decode("text"),  # type: ignore[arg-type]
    ]
    for call in bad_calls:
        with pytest.raises(TypeError):
            call()


@contextlib.contextmanager
def counting_collections() -> Iterator[list[int]]:
    """The generations of the collections that start meanwhile, the threshold at 10 (any
    decode of more than a few objects sets one off unless the collector is paused)."""
    collections: list[int] = []

    def count(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    threshold = gc.get_threshold()
    gc.callbacks.append(count)
    try:
        gc.set_threshold(10)
        yield collections
    finally:
        gc.callbacks.remove(count)
        gc.set_threshold(*threshold)


def test_decoding_pauses_the_collector_and_restores_it() -> None:
    # A collection in the middle of a decode traverses objects that are all reachable; the C
    # reader pauses the collector (CPython < 3.12; later ones never collect inside a C call).
    # With a threshold of 10, the pure reader's 20,000 objects set off collections; the C
    # reader's none, and the collector is on again afterwards, or still off if it was off.
    from bench import employee
    from bench.employee import Staff

    data = Staff(employees=[v.employee(i) for i in range(4000)]).encode()
    with counting_collections() as collections:
        assert len(pure_decode(Staff, employee, data).employees) == 4000
        assert collections, "the pure reader's objects should set off collections"
        collections.clear()
        decoded = Staff.decode(data)
        during = len(collections)  # no new container before this: the next one may collect
        assert during == 0 and len(decoded.employees) == 4000
        del decoded
        assert gc.isenabled()
        with pytest.raises(DecodeError):
            Staff.decode(data[:-1])
        assert gc.isenabled()
        gc.disable()
        try:
            Staff.decode(data)
            with pytest.raises(DecodeError):
                Staff.decode(data[:-1])
            assert not gc.isenabled()
        finally:
            gc.enable()


def test_python_code_a_decode_calls_runs_with_the_collector_on() -> None:
    # An open enum's unknown number is made by the enum's Python code (cser.codec.unknown_member):
    # not the decode's own objects, so the collector is not paused for it. 3,000 unknown colors
    # set off collections at a threshold of 10; the same list of known colors does not.
    from edge.cases import Color

    unknown = Collections(colors=[Color(7)] * 3000).encode()
    known = Collections(colors=[Color.BLUE] * 3000).encode()
    with counting_collections() as collections:
        decoded = Collections.decode(known)
        during = len(collections)  # no new container before this: the next one may collect
        assert during == 0 and decoded.colors[0] is Color.BLUE
        del decoded
        gc.collect()
        collections.clear()
        decoded = Collections.decode(unknown)
        during = len(collections)
        assert during > 0 and decoded.colors[0] == 7 and gc.isenabled()


def test_short_ascii_strings_and_their_neighbours_decode_alike() -> None:
    # Strings of 2 to 64 bytes that are all ASCII are copied eight bytes at a time; one byte
    # that is not ASCII, at any place, or a string past 64 bytes, takes Python's UTF-8 decoder:
    # the same str, or the same BAD_UTF8 error at the same offset.
    from bench import employee
    from bench.employee import Employee

    outcomes = set()
    for n in range(0, 70):
        plain = Employee(last_name="a" * n, first_name="b", ssn="", salary=1, level=2)
        assert assert_alike(Employee, employee, plain.encode(), f"ascii {n}") == "value"
        for at in range(n):
            for text, bad in (("a" * at + "é" + "a" * (n - at), None), ("a" * n, b"\x80"), ("a" * n, b"\xff")):
                data = bytearray(Employee(last_name=text, first_name="b", ssn="", salary=1, level=2).encode())
                if bad is not None:
                    data[2 + at] = bad[0]  # the body's length and the string's length come first
                outcomes.add(assert_alike(Employee, employee, bytes(data), f"{n} {at} {bad!r}"))
    assert outcomes == {"value", "error"}


class _List(list[Any]):
    pass


class _Dict(dict[Any, Any]):
    pass


class _Int(int):
    def __index__(self) -> int:
        return 5


class _Str(str):
    pass


def test_plain_field_values_and_their_lookalikes_encode_alike() -> None:
    """The C writer writes an ASCII ``str``, a small ``int`` (an ``int`` subclass's digits as
    they are), a ``bool`` and an empty ``list`` or ``dict`` held in a field without taking a
    reference (wire.h, ``encode_plain``); anything else, ``str``, ``list`` and ``dict``
    subclasses included, goes the general way. Both give the pure writers' bytes."""
    from edge import cases

    scalars: list[Any] = [
        cases.Scalars(),
        cases.Scalars(b=True, i16_value=-0x8000, i32_value=-(2**31), i64_value=2**62, u16_value=0xFFFF,
                      u32_value=2**32 - 1, u64_value=2**64 - 1, text="é and ASCII", data=b"\x00"),
        cases.Scalars(i16_value=0x7FFF, i64_value=-(2**63), text="x" * 70),
        cases.Scalars(text=_Str("subclass")),
    ]
    for lookalike in (_Int(3), True, False):
        scalars.append(cases.Scalars(i16_value=lookalike, i32_value=lookalike, u32_value=lookalike,
                                     u64_value=lookalike))
    collections: list[Any] = [
        cases.Collections(),
        cases.Collections(ints=_List(), names=_List(["a", "b"]), by_id=_Dict(), maybe_map=_Dict({"k": 1})),
        cases.Collections(maybe_names=[], maybe_map={}, sparse=_List([None, "x"]), sparse_map=_Dict({"a": None})),
        cases.Collections(by_color=_Dict(), matrix=_List([_List(), []])),
    ]
    for value in [*scalars, *collections]:
        assert value.encode() == pure_encode(value, cases), value
    # Out of range for its field: the same error from both, whichever path the value took.
    for field, number in (("i16_value", 0x8000), ("u16_value", -1), ("u16_value", 0x10000)):
        bad = cases.Scalars()
        setattr(bad, field, number)
        fast, slow = encoded(bad.encode), encoded(functools.partial(pure_encode, bad, cases))
        assert isinstance(fast, type) and issubclass(fast, EncodeError) and fast is slow, (field, number)


class _Node(Node):
    pass


class _NodeLike:
    """Not a Node, but with its attributes: the writers read it by name."""

    def __init__(self, label: str, children: list[Any]) -> None:
        self.label = label
        self.children = children
        self.next = None
        self._cser_unknown = None


def test_long_lists_of_records_encode_alike() -> None:
    """A list of more than 16 records whose type holds a list, map or record is walked with the
    objects of the records ahead asked for (collections.c, ``encode_records``, reading the slots of
    records not yet written). Whatever the items are (instances, subclass instances,
    lookalikes, an instance whose slots were never set, not records at all) and wherever they
    are in the list, both writers give the same bytes or the same error."""
    from edge import cases

    def tree(k: int) -> Node:
        return Node(label=f"n{k}", children=[Node(label="leaf")] if k % 3 == 0 else [])

    items: list[Any] = [tree(k) for k in range(40)]
    items[5] = _Node(label="sub", children=[tree(1)])
    items[9] = _NodeLike("like", [tree(2), tree(3)])
    items[39] = Node(label="last", next=tree(3))
    for n in (0, 1, 8, 9, 16, 17, 18, 25, 40):
        value = Node(label="root", children=items[:n])
        assert value.encode() == pure_encode(value, cases), n
    unset = Node.__new__(Node)
    wrong_slot = Node(label="x")
    wrong_slot.children = 7  # type: ignore[assignment]
    bad_items: tuple[Any, ...] = (7, None, unset, wrong_slot)
    for bad_item in bad_items:
        for k in (0, 7, 8, 9, 20, 39):
            bad = Node(label="root", children=[*items[:k], bad_item, *items[k + 1:]])
            fast, slow = encoded(bad.encode), encoded(functools.partial(pure_encode, bad, cases))
            assert isinstance(fast, type) and issubclass(fast, EncodeError) and fast is slow, (bad_item, k)
