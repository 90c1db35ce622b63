"""Records keep the fields a newer schema wrote that theirs does not know (SPEC §5.5.1): the
unknown presence bits and the unknown bytes, kept on decode and written back on encode, by the
bound interpreter (the C accelerator when it is built) and by the pure-Python one alike.

schema/examples/evolution.cser holds two generations of the same records side by side: each
``*V2`` type is its ``*V1`` type with fields appended, so a ``V1`` class reads ``V2`` bytes (names
are not on the wire). The tests encode ``V2`` values with every appended field set, pass them
through the ``V1`` classes, untouched or edited, and read them back as ``V2``.
"""

from __future__ import annotations

import copy
import dataclasses
import io
import json
import pickle
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from evolution import (
    AddressV1,
    AddressV2,
    BatchV1,
    BatchV2,
    EntityV1,
    EntityV2,
    HolderV1,
    HolderV1Address,
    HolderV1Name,
    HolderV2,
    HolderV2Address,
    StatusV2,
)

from cser import DecodeError, StreamReader, StreamWriter, UnknownFields, bind
from cser.limits import MAX_DEPTH
from cser.varint import encode_varint

# ---- values -------------------------------------------------------------------------------


def address_v2(n: int) -> AddressV2:
    return AddressV2(city=f"city{n}", zip=f"{10000 + n}", floor=n + 1)


def entity_v2(n: int, owner: str | None = "owner") -> EntityV2:
    """A second-generation entity with every field set, the appended ones non-zero."""
    return EntityV2(
        id=f"id{n}", title=f"title{n}", owner=owner, address=address_v2(n), history=[address_v2(n + 1), address_v2(n + 2)],
        places={"home": address_v2(n + 3), "work": address_v2(n + 4)}, billing=address_v2(n + 5),
        holder=HolderV2Address(address_v2(n + 6)), status=StatusV2.PAUSED, revision=-(n + 1), labels=["a", "b"],
        shipping=address_v2(n + 7), archived=True, priority=n + 8, color="red", score=2.5, expires=1 << 40,
        attrs={"k": "v"}, office=address_v2(n + 9),
    )


def batch_v2() -> BatchV2:
    return BatchV2(entities=[entity_v2(0), entity_v2(10)], by_id={"x": entity_v2(20), "y": entity_v2(30)},
                   first=entity_v2(40), written_at=2**64 - 1)


#: (the V1 type, a V2 value whose bytes it reads): records at the root and nested as fields, list
#: elements, map values, optionals and union variants.
PAIRS: list[tuple[type[Any], Callable[[], Any]]] = [
    (AddressV1, lambda: address_v2(1)),
    (EntityV1, lambda: entity_v2(0)),
    (EntityV1, lambda: entity_v2(0, owner=None)),
    (BatchV1, batch_v2),
    (HolderV1, lambda: HolderV2Address(address_v2(2))),
]

# ---- the two interpreters -------------------------------------------------------------------


class Interpreter:
    """Decodes and encodes whole messages through the bound codec or the pure-Python one."""

    def __init__(self, name: str, pure: bool) -> None:
        self.name = name
        self.pure = pure

    def decode(self, cls: type[Any], data: bytes) -> Any:
        if self.pure:
            return bind.pure(cls).decode(data, MAX_DEPTH)
        return cls.decode(data)

    def encode(self, value: Any) -> bytes:
        if self.pure:
            cls = type(value)
            bound = cls.__mro__[1] if cls.__mro__[1] is not object else cls  # a union's variant
            return bind.pure(bound).encode(value)
        data: bytes = value.encode()
        return data

    def __repr__(self) -> str:
        return self.name


INTERPRETERS = [Interpreter("bound", False), Interpreter("pure", True)]
both = pytest.mark.parametrize("it", INTERPRETERS, ids=repr)


# ---- pass-through ---------------------------------------------------------------------------


@both
@pytest.mark.parametrize("case", range(len(PAIRS)))
def test_an_older_reader_writes_back_exactly_the_bytes_it_read(it: Interpreter, case: int) -> None:
    v1_type, make = PAIRS[case]
    data = make().encode()
    v1 = it.decode(v1_type, data)
    assert it.encode(v1) == data
    # The other interpreter writes the same bytes from this value, and reads the same value.
    other = INTERPRETERS[1 - INTERPRETERS.index(it)]
    assert other.encode(v1) == data
    assert other.decode(v1_type, data) == v1


@both
def test_what_is_kept_where(it: Interpreter) -> None:
    # AddressV1 has no presence byte: AddressV2's appended presence byte (zip present), zip and
    # floor are its unknown bytes.
    a = it.decode(AddressV1, AddressV2(city="c", zip="z", floor=3).encode())
    assert a.city == "c"
    assert a.unknown_fields() == UnknownFields(0, bytes.fromhex("01 01 7a 03"))
    # EntityV1's one presence byte has two slots (owner, billing); EntityV2 appends six optionals
    # to it (bits 2..7, all set here) and starts a second byte: those bits are kept, and every
    # byte after status.
    e = it.decode(EntityV1, entity_v2(0).encode())
    unknown = e.unknown_fields()
    assert unknown is not None and unknown.presence_bits == 0xFC
    tail = EntityV2(revision=-1, labels=["a", "b"], shipping=address_v2(7), archived=True, priority=8, color="red",
                    score=2.5, expires=1 << 40, attrs={"k": "v"}, office=address_v2(9)).encode()
    assert tail.endswith(unknown.data)
    # An enum number the older schema does not name is kept too (SPEC §12.3).
    assert e.owner == "owner" and e.status == StatusV2.PAUSED and e.status.name == "StatusV1(1)"
    # Every nested record keeps its own.
    assert isinstance(e.holder, HolderV1Address)
    for nested in (e.address, *e.history, *e.places.values(), e.billing, e.holder.value):
        assert nested is not None
        kept = nested.unknown_fields()
        assert kept is not None and kept.presence_bits == 0 and kept.size == 8, nested  # zip, floor
    # A union variant holding a record: the record keeps them, the union has nothing to keep.
    h = it.decode(HolderV1, HolderV2Address(address_v2(2)).encode())
    assert isinstance(h, HolderV1Address) and h.value.has_unknown_fields()
    assert not hasattr(h, "_cser_unknown")


@both
def test_the_unknown_bits_of_a_body_that_ends_after_its_presence_byte_are_kept(it: Interpreter) -> None:
    # EntityV1's body: id "", title "", then its presence byte with bits it does not have, and
    # nothing more (SPEC §5.5.1: the body held the byte): the rest take their zero values.
    e = it.decode(EntityV1, bytes.fromhex("03 00 00 fc"))
    assert e.unknown_fields() == UnknownFields(0xFC, b"")
    assert e.owner is None and e.address == AddressV1() and e.holder == HolderV1Address(AddressV1())
    # Written back with every field, the bits in the presence byte.
    assert it.encode(e) == bytes.fromhex("0b 00 00 fc 01 00 00 00 01 01 00 00")
    # A body that ends before the presence byte has none.
    assert not it.decode(EntityV1, bytes.fromhex("02 00 00")).has_unknown_fields()


# ---- editing --------------------------------------------------------------------------------


@both
@pytest.mark.parametrize("owner", ["owner", None], ids=["owner-set", "owner-absent"])
def test_editing_what_the_older_schema_knows_keeps_the_rest(it: Interpreter, owner: str | None) -> None:
    original = entity_v2(0, owner=owner)
    v1 = it.decode(EntityV1, original.encode())
    # A plain field, the optional in the presence byte that holds the unknown bits (set where
    # it was absent, unset where it was present), nested records in a field and in a list.
    v1.title = "edited"
    v1.owner = None if owner else "new owner"
    v1.address.city = "moved"
    v1.history[1].city = "moved too"
    v1.places["work"].city = "moved as well"
    back = it.decode(EntityV2, it.encode(v1))
    expected = entity_v2(0, owner=owner)
    expected.title = "edited"
    expected.owner = None if owner else "new owner"
    expected.address.city = "moved"
    expected.history[1].city = "moved too"
    expected.places["work"].city = "moved as well"
    assert back == expected
    assert not back.has_unknown_fields()  # the newer reader knows every field


@both
def test_editing_nested_entities_of_a_batch_keeps_theirs(it: Interpreter) -> None:
    b1 = it.decode(BatchV1, batch_v2().encode())
    b1.entities[0].title = "first"
    b1.by_id["y"].owner = None
    assert b1.first is not None
    b1.first.billing = None
    b1.entities.append(EntityV1(id="new"))  # a record the older program builds: nothing unknown
    back = it.decode(BatchV2, it.encode(b1))
    expected = batch_v2()
    expected.entities[0].title = "first"
    expected.by_id["y"].owner = None
    assert expected.first is not None
    expected.first.billing = None
    expected.entities.append(EntityV2(id="new"))
    assert back == expected


@both
def test_a_value_the_program_builds_encodes_as_before(it: Interpreter) -> None:
    # No unknown fields: exactly the bytes of SPEC §5 (the vectors of test_vectors.py check the
    # same against the bytes Java and Rust write).
    assert it.encode(AddressV1(city="c")) == bytes.fromhex("02 01 63")
    e = EntityV1(id="i", title="t", owner="o", address=AddressV1(city="c"))
    assert it.encode(e) == bytes.fromhex("10 0169 0174 01 016f 020163 00 00 010100 00")
    assert it.decode(EntityV1, it.encode(e)) == e


# ---- the API --------------------------------------------------------------------------------


def test_the_api_sees_sets_and_drops_them() -> None:
    built = AddressV1(city="c")
    assert not built.has_unknown_fields() and built.unknown_fields() is None
    decoded = AddressV1.decode(AddressV2(city="c", floor=7).encode())
    assert decoded.has_unknown_fields()
    unknown = decoded.unknown_fields()
    assert unknown == UnknownFields(0, b"\x00\x07") and unknown.size == 2 and unknown
    # Equality includes them: a decoded value with unknown fields is not the built one.
    assert decoded != built
    # Moved to another record, they are written back from there.
    copy = AddressV1(city="c")
    copy.set_unknown_fields(unknown)
    assert copy == decoded and copy.encode() == decoded.encode()
    # None, or empty ones, mean none.
    copy.set_unknown_fields(None)
    assert copy == built and not copy.has_unknown_fields()
    copy.set_unknown_fields(UnknownFields(0, b""))
    assert copy.unknown_fields() is None and copy == built
    decoded.clear_unknown_fields()
    assert decoded == built and decoded.encode() == built.encode()


def test_unknown_presence_bits_are_written_only_where_the_record_has_free_bits() -> None:
    # EntityV1's presence byte has free bits 2..7: set ones go there, the record's own two bits
    # are its fields' (a stray bit 0 is not written).
    e = EntityV1()
    e.set_unknown_fields(UnknownFields(0x07, b"\x2a"))
    data = e.encode()
    assert data == bytes.fromhex("0c 00 00 04 01 00 00 00 01 01 00 00 2a")
    assert bind.pure(EntityV1).encode(e) == data
    # AddressV1 has no presence byte: only the bytes are written.
    a = AddressV1()
    a.set_unknown_fields(UnknownFields(0xFF, b"\x01"))
    assert a.encode() == bind.pure(AddressV1).encode(a) == bytes.fromhex("02 00 01")


def test_repr_shows_bits_and_size_only_when_there_are_some() -> None:
    assert repr(AddressV1(city="c")) == "AddressV1(city='c')"
    decoded = AddressV1.decode(AddressV2(city="c", zip="z", floor=3).encode())
    assert repr(decoded) == "AddressV1(city='c', unknown_fields=UnknownFields(presence_bits=0x00, size=4))"
    e = EntityV1.decode(entity_v2(0).encode())
    kept = e.unknown_fields()
    assert kept is not None and kept.size > 40
    assert repr(e).endswith(f", unknown_fields=UnknownFields(presence_bits=0xfc, size={kept.size}))")
    assert repr(UnknownFields(2, b"\x02\x01")) == "UnknownFields(presence_bits=0x02, size=2)"


def test_unknown_fields_are_an_immutable_value() -> None:
    u = UnknownFields(2, bytearray(b"\x02\x01"))  # type: ignore[arg-type]  # kept as bytes
    assert type(u.data) is bytes and u == UnknownFields(2, b"\x02\x01")
    assert hash(u) == hash(UnknownFields(2, b"\x02\x01")) and len({u, UnknownFields(2, b"\x02\x01")}) == 1
    assert u != UnknownFields(0, b"\x02\x01") and u != UnknownFields(2, b"\x02")
    assert not UnknownFields(0, b"") and UnknownFields(0, b"").is_empty() and UnknownFields(1, b"")
    with pytest.raises(dataclasses.FrozenInstanceError):
        u.data = b""  # type: ignore[misc]
    with pytest.raises(ValueError):
        UnknownFields(256, b"")
    with pytest.raises(ValueError):
        UnknownFields(-1, b"")
    with pytest.raises(TypeError):
        UnknownFields(0, "text")  # type: ignore[arg-type]
    # Records are mutable and unhashable, with or without them.
    with pytest.raises(TypeError):
        hash(AddressV1.decode(AddressV2(floor=1).encode()))


def test_copies_and_pickles_keep_them() -> None:
    e = EntityV1.decode(entity_v2(0).encode())
    for copied in (copy.copy(e), copy.deepcopy(e), pickle.loads(pickle.dumps(e))):
        assert copied == e and copied.encode() == e.encode()


def test_json_leaves_them_out() -> None:
    decoded = EntityV1.decode(entity_v2(0).encode())
    plain = EntityV1.decode(entity_v2(0).encode())
    assert isinstance(plain.holder, HolderV1Address)
    for record in (plain, plain.address, *plain.history, *plain.places.values(), plain.billing, plain.holder.value):
        assert record is not None
        record.clear_unknown_fields()
    text = decoded.to_json()
    assert text == plain.to_json()
    assert list(text) == ["id", "title", "owner", "address", "history", "places", "billing", "holder", "status"]
    assert list(text["address"]) == ["city"]
    back = EntityV1.from_json(json.loads(json.dumps(text)))
    assert not back.has_unknown_fields() and not back.address.has_unknown_fields()
    assert back == plain and back != decoded


# ---- limits ---------------------------------------------------------------------------------


@both
def test_unknown_bytes_are_not_parsed(it: Interpreter) -> None:
    # Bytes a newer reader rejects: a presence byte setting every bit, then an overlong varint.
    data = bytes.fromhex("05 01 63 ff ff ff")
    with pytest.raises(DecodeError):
        it.decode(AddressV2, data)
    a = it.decode(AddressV1, data)
    assert a.unknown_fields() == UnknownFields(0, b"\xff\xff\xff")
    assert it.encode(a) == data


@both
def test_unknown_bytes_are_bounded_by_the_message(it: Interpreter) -> None:
    # 1 MiB of garbage after AddressV1's city: kept, one copy, nothing beyond.
    garbage = bytes(range(256)) * 4096
    body = b"\x01c" + garbage
    data = encode_varint(len(body)) + body
    it.decode(AddressV1, data)  # first-call costs (compilation) are not the input's doing
    tracemalloc.start()
    try:
        a = it.decode(AddressV1, data)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert a.unknown_fields() == UnknownFields(0, garbage)
    assert peak <= len(data) + (64 << 10), peak
    assert it.encode(a) == data
    # A body longer than the message is refused before anything is allocated.
    with pytest.raises(DecodeError) as e:
        it.decode(AddressV1, encode_varint(len(body) + 1) + body)
    assert e.value.kind.name == "LENGTH_TOO_LARGE"
    # Nested, a record's unknown bytes end with its own body: the enclosing record goes on.
    holder = it.decode(HolderV1, b"\x01" + data)
    assert isinstance(holder, HolderV1Address) and holder.value.unknown_fields() == UnknownFields(0, garbage)
    assert it.decode(HolderV1, HolderV1Name("n").encode()) == HolderV1Name("n")


# ---- streams --------------------------------------------------------------------------------


def test_stream_frames_keep_them() -> None:
    # Records an older program decoded from newer bytes, written as frames of a stream and read
    # back: the same values, unknown fields included, which encode to the newer bytes again.
    sources = [entity_v2(0).encode(), entity_v2(5, owner=None).encode(), EntityV2(id="plain").encode()]
    values = [EntityV1.decode(d) for d in sources]
    out = io.BytesIO()
    with StreamWriter(out, EntityV1) as writer:
        for v in values:
            writer.write(v)
    back = list(StreamReader(io.BytesIO(out.getvalue()), EntityV1))
    assert back == values
    assert [v.encode() for v in back] == sources
    assert [v.has_unknown_fields() for v in back] == [True, True, True]
    # A frame's content is the record's body: the same from both interpreters.
    for v in values:
        fast, slow = bytearray(), bytearray()
        type(v)._write_content(v, fast, MAX_DEPTH)
        bind.pure(EntityV1).encode_body(v, slow, MAX_DEPTH)
        assert fast == slow
        data = bytes(fast)
        assert bind.pure(EntityV1).decode_body(data, 0, len(data), MAX_DEPTH) == (v, len(data))
        assert EntityV1._read_content(data, 0, len(data), MAX_DEPTH) == (v, len(data))


def test_the_generations_are_distinct_types() -> None:
    # The V2 classes read what they wrote with nothing unknown (a guard for the tests above).
    for v2 in (address_v2(1), entity_v2(0), batch_v2()):
        back = type(v2).decode(v2.encode())
        assert back == v2 and not back.has_unknown_fields()
    assert HolderV2.decode(HolderV2Address(address_v2(1)).encode()) == HolderV2Address(address_v2(1))
