"""Deprecated fields keep the bytes they were read from (SPEC §5.5.1): a decoder reads a deprecated
field as its type (checking it) and keeps its bytes with the record or struct, in the slot
``_cser_deprecated``, unless they are its zero value's (an optional's whenever its presence bit is
set); an encoder writes them back in the field's place, else the zero value (an optional absent).
So a program whose schema deprecated a field passes values through byte for byte, whatever a
newer or an older writer put there, and two values are equal exactly when they encode alike.

Both interpreters run every test (the bound codec, which is C when the accelerator is built, and
``cser.bind.pure``), and must keep the same bytes. ``tests/schemas/deprecated_fields.cser`` holds
writers' records and readers' records that deprecated their fields, with newer versions of the
fields' types; the examples' ``Account`` (SPEC §13.14), ``EvolvedV2``, ``edge.lint.Retired`` and
``evolution.unions.Retired``, and conformance's ``generations_v3.Entity`` (a deprecated
optional) are read too.
"""

from __future__ import annotations

import copy
import gc
import importlib.util
import io
import json
import math
import pickle
import random
import sys
import tracemalloc
from pathlib import Path
from types import ModuleType
from typing import Any

import depfields as df
import edge.lint
import evolution.unions
import pytest
from edge.cases import EvolvedV1, EvolvedV2
from spec.examples import Account

from conftest import ROOT
from cser import DecodeError, EncodeError, StreamReader, StreamWriter, bind
from cser.compile import compile_schemas
from cser.varint import encode_varint
from test_unknown import INTERPRETERS, Interpreter

both = pytest.mark.parametrize("it", INTERPRETERS, ids=repr)


def framed(body: bytes) -> bytes:
    """A record: its body's length, then the body (SPEC §5.5)."""
    return encode_varint(len(body)) + body


def passes_through(cls: type[Any], data: bytes) -> list[Any]:
    """Decodes ``data`` as ``cls`` in both interpreters, checks that each writes back exactly
    ``data``, from its own value and from the other's, and that the values are equal; returns
    them."""
    values = [it.decode(cls, data) for it in INTERPRETERS]
    for it in INTERPRETERS:
        for v in values:
            assert it.encode(v) == data, (it, data.hex())
    assert values[0] == values[1]
    return values


# ---- SPEC §13.14 and the examples ----------------------------------------------------------------

OLD_WRITER = bytes.fromhex("06 01 75 02 70 77 05")  # Account{user: "u", password: "pw", logins: 5}
ZERO_PASSWORD = bytes.fromhex("04 01 75 00 05")  # the same, password "" (its zero value)


@both
def test_an_old_writers_value_is_kept_and_written_back(it: Interpreter) -> None:
    a = it.decode(Account, OLD_WRITER)
    assert (a.user, a.logins) == ("u", 5)
    assert a._cser_deprecated == (b"\x02pw",)
    assert it.encode(a) == OLD_WRITER
    # The kept bytes are part of the value: not the value a program builds with the same fields.
    built = Account(user="u", logins=5)
    assert a != built and built != a
    assert it.encode(built) == ZERO_PASSWORD
    passes_through(Account, OLD_WRITER)


@both
def test_the_zero_values_bytes_are_not_kept(it: Interpreter) -> None:
    a = it.decode(Account, ZERO_PASSWORD)
    assert a._cser_deprecated is None
    assert a == Account(user="u", logins=5)
    assert it.encode(a) == ZERO_PASSWORD
    # A body that ends before the field keeps nothing either; it is written as its zero value.
    short = it.decode(Account, bytes.fromhex("02 01 75"))
    assert short._cser_deprecated is None and short == Account(user="u")
    assert it.encode(short) == bytes.fromhex("04 01 75 00 00")


@both
def test_editing_another_field_keeps_them(it: Interpreter) -> None:
    a = it.decode(Account, OLD_WRITER)
    a.logins = 300
    a.user = "v"
    assert it.encode(a) == bytes.fromhex("07 01 76 02 70 77 ac 02")
    assert it.decode(Account, it.encode(a)) == a


@both
def test_a_field_an_older_writer_still_set_survives_a_newer_reader(it: Interpreter) -> None:
    # EvolvedV2 deprecated EvolvedV1's `count`: an EvolvedV1 program's count passes through an
    # EvolvedV2 program, which edits its own fields, and arrives at the next EvolvedV1 reader.
    data = EvolvedV1(name="n", count=-7).encode()
    v2 = it.decode(EvolvedV2, data)
    assert v2._cser_deprecated == (b"\x0d",)  # zigzag -7
    # Written back with the fields EvolvedV2 appended, at their zero values, and count as read.
    expected = bytearray(EvolvedV2(name="n").encode())
    assert expected[3] == 0
    expected[3] = 0x0D
    assert it.encode(v2) == expected
    v2.note = "added"
    v1 = it.decode(EvolvedV1, it.encode(v2))
    assert (v1.name, v1.count) == ("n", -7)
    assert v1.has_unknown_fields()  # note, tags and sample, which EvolvedV1 does not know
    assert it.decode(EvolvedV2, it.encode(v1)) == v2


@both
def test_a_record_a_newer_writer_extended_passes_through(it: Interpreter) -> None:
    # edge.lint.Retired { deprecated Wide wide; deprecated u64 count; i32 kept }: the Wide a newer
    # writer wrote is longer than the reader's zero value (with bytes Wide does not know); built
    # by hand, as no schema here writes it.
    zero_wide = edge.lint.Wide().encode()
    assert len(zero_wide) == 138 and zero_wide[:2] == encode_varint(136)
    newer = framed(zero_wide[2:] + b"\x03\x01\x02\x03")  # 3 bytes of a newer field, then 1 more
    data = framed(newer + b"\x00" + b"\x0e")
    r = it.decode(edge.lint.Retired, data)
    assert r.kept == 7
    assert r._cser_deprecated == (newer, None)
    assert it.encode(r) == data
    passes_through(edge.lint.Retired, data)
    # A count an older writer set, with the zero Wide: only the count is kept.
    data = framed(zero_wide + b"\xac\x02" + b"\x01")
    r = it.decode(edge.lint.Retired, data)
    assert r._cser_deprecated == (None, b"\xac\x02") and r.kept == -1
    assert it.encode(r) == data
    # All deprecated: the record is nothing but what it keeps.
    data = framed(newer + b"\x02")
    a = it.decode(edge.lint.AllRetired, data)
    assert a._cser_deprecated == (newer, b"\x02") and a != edge.lint.AllRetired()
    assert it.encode(a) == data


@both
def test_a_union_variant_the_reader_does_not_know_passes_through(it: Interpreter) -> None:
    # evolution.unions.Retired { deprecated InnerV1 old; string kept }: InnerV2's variant b (tag
    # 2, a u32 in a payload of 1 byte) is an unknown variant to InnerV1, kept within the bytes.
    data = framed(bytes.fromhex("02 01 07") + b"\x01k")
    r = it.decode(evolution.unions.Retired, data)
    assert r.kept == "k" and r._cser_deprecated == (bytes.fromhex("02 01 07"),)
    assert it.encode(r) == data
    # The union's zero value (variant a holding "") is not kept.
    zero = it.decode(evolution.unions.Retired, framed(bytes.fromhex("01 01 00") + b"\x01k"))
    assert zero._cser_deprecated is None and zero == evolution.unions.Retired(kept="k")


# ---- every kind of field (tests/schemas/deprecated_fields.cser) ---------------------------------


def point(rng: random.Random) -> df.PointV2:
    return df.PointV2(x=rng.choice((0, 1, -1, 2**31 - 1, -(2**31), rng.randint(-1000, 1000))),
                      label=rng.choice(("", "", "a", "ünï", "x" * 200)))


def shape(rng: random.Random) -> df.ShapeV2:
    kind = rng.randrange(3)
    if kind == 0:
        return df.ShapeV2Point(point(rng))
    if kind == 1:
        return df.ShapeV2Name(rng.choice(("", "n", "name" * 40)))
    return df.ShapeV2Size(rng.choice((0, 1, 2**32 - 1)))


def holder_writer(rng: random.Random) -> df.HolderWriter:
    """A writer's record, each field often its zero value (which the reader does not keep)."""
    zero = df.HolderWriter()
    return df.HolderWriter(
        name=rng.choice(("", "h", "holder")),
        where=point(rng) if rng.random() < 0.7 else zero.where,
        maybe=point(rng) if rng.random() < 0.5 else None,
        shape=shape(rng) if rng.random() < 0.7 else zero.shape,
        many=[point(rng) for _ in range(rng.choice((0, 0, 1, 3)))],
        by_key={f"k{i}": point(rng) for i in range(rng.choice((0, 0, 1, 2)))},
        note=rng.choice((None, "", "note")),
        ratio=rng.choice((0.0, 0.0, -0.0, 1.5, math.inf, math.nan)),
        pair=df.Pair(a=rng.choice((0, 255)), b=rng.choice((0, -1, 2**31 - 1))),
        count=rng.choice((0, 0, 1, -1, 2**63 - 1, -(2**63))),
        blob=rng.choice((b"", b"", b"\x00", bytes(range(256)))),
        n=rng.choice((0, 7, 255)),
    )


def many_writer(rng: random.Random) -> df.ManyWriter:
    return df.ManyWriter(**{f"o{i}": rng.choice((None, None, 0, 255)) for i in range(10)})


def frozen_writer(rng: random.Random) -> df.FrozenWriter:
    return df.FrozenWriter(a=rng.choice((0, 9)), b=rng.choice((None, "", "b")), c=rng.choice((0, 0, -5, 2**40)))


def outer_writer(rng: random.Random) -> df.OuterWriter:
    slot: df.SlotWriter = (df.SlotWriterHolder(holder_writer(rng)) if rng.random() < 0.5
                           else df.SlotWriterFrozen(frozen_writer(rng)))
    return df.OuterWriter(
        holders=[holder_writer(rng) for _ in range(rng.choice((0, 1, 3)))],
        by_id={f"f{i}": frozen_writer(rng) for i in range(rng.choice((0, 2)))},
        many=many_writer(rng) if rng.random() < 0.7 else None,
        slot=slot,
        frozen=frozen_writer(rng),
    )


@both
def test_every_kind_of_deprecated_field_is_kept_as_read(it: Interpreter) -> None:
    w = df.HolderWriter(
        name="h", where=df.PointV2(x=1, label="p"), maybe=df.PointV2(x=2), shape=df.ShapeV2Size(9),
        many=[df.PointV2(x=3, label="m")], by_key={"k": df.PointV2(label="v")}, note="n", ratio=-0.0,
        pair=df.Pair(a=1, b=-2), count=-(2**63), blob=b"\xff", n=4,
    )
    data = w.encode()
    h = it.decode(df.Holder, data)
    assert (h.name, h.note, h.n) == ("h", "n", 4)
    kept = h._cser_deprecated
    assert kept is not None and len(kept) == 9 and all(b is not None for b in kept)
    # Each the bytes its writer's field has: a record longer than the reader's, a union variant
    # the reader does not know, a present optional, -0.0's eight bytes.
    assert kept[0] == df.PointV2(x=1, label="p").encode()
    assert kept[1] == df.PointV2(x=2).encode()
    assert kept[2] == df.ShapeV2Size(9).encode()
    assert kept[5] == b"\x00" * 7 + b"\x80"
    assert it.encode(h) == data
    assert it.decode(df.HolderWriter, it.encode(h)) == w
    passes_through(df.Holder, data)


@both
def test_zero_values_and_absent_optionals_keep_nothing(it: Interpreter) -> None:
    # The writer's zero values but for the shape, a name: the bytes of the reader's zero values,
    # which keep nothing, but for the records and unions, whose newer versions' zero values and
    # the name are not the reader's zero (its first variant, a PointV1 of x 0).
    w = df.HolderWriter(name="h", shape=df.ShapeV2Name(""), n=1)
    h = it.decode(df.Holder, w.encode())
    kept = h._cser_deprecated
    assert kept is not None
    assert kept[0] == df.PointV2().encode() == bytes.fromhex("02 00 00")  # PointV1's zero is 01 00
    assert kept[2] == bytes.fromhex("02 01 00")  # ShapeV1's zero is 01 01 00
    assert kept[1] is None and kept[3:] == (None,) * 6  # absent, and the reader's zero bytes
    assert it.encode(h) == w.encode()
    # The reader's own zero bytes everywhere: nothing kept, equal to what a program builds.
    built = df.Holder(name="h", n=1)
    back = it.decode(df.Holder, built.encode())
    assert back._cser_deprecated is None and back == built
    # A deprecated optional: present with its zero value is kept (presence is the value), absent
    # is not.
    present = it.decode(df.Holder, df.HolderWriter(maybe=df.PointV2()).encode())
    assert present._cser_deprecated is not None and present._cser_deprecated[1] == df.PointV2().encode()
    absent = it.decode(df.Holder, df.HolderWriter(maybe=None).encode())
    assert absent._cser_deprecated is not None and absent._cser_deprecated[1] is None


@both
def test_deprecated_optionals_keep_their_presence_bits_in_every_group(it: Interpreter) -> None:
    # Many: ten optional slots, two presence bytes, the odd ones deprecated.
    for bits in (0, 0x3FF, 0x2AA, 0x155, 0x200, 0x001, 0x302):
        w = df.ManyWriter(**{f"o{i}": (i * 20 if bits >> i & 1 else None) for i in range(10)})
        data = w.encode()
        m = it.decode(df.Many, data)
        # A present optional's bytes are kept whatever they are; nothing is kept when all are absent.
        deprecated = tuple(bytes([i * 20]) if bits >> i & 1 else None for i in (1, 3, 5, 7, 9))
        assert m._cser_deprecated == (deprecated if bits & 0x2AA else None), hex(bits)
        assert it.encode(m) == data, hex(bits)
        # Editing the live slots keeps the deprecated ones' bits and bytes.
        m.o0, m.o8 = 1, None
        w.o0, w.o8 = 1, None
        assert it.encode(m) == w.encode(), hex(bits)


@both
def test_a_structs_deprecated_fields_are_kept(it: Interpreter) -> None:
    data = df.FrozenWriter(a=1, b="old", c=-3).encode()
    f = it.decode(df.Frozen, data)
    assert f.a == 1 and f._cser_deprecated == (b"\x03old", b"\x05")
    assert f != df.Frozen(a=1)
    assert it.encode(f) == data
    zero = it.decode(df.Frozen, df.FrozenWriter(a=1).encode())
    assert zero._cser_deprecated is None and zero == df.Frozen(a=1)


@both
def test_nested_values_keep_theirs(it: Interpreter) -> None:
    rng = random.Random(20261201)
    w = outer_writer(rng)
    w.holders = [holder_writer(rng) for _ in range(3)]
    data = w.encode()
    o = it.decode(df.Outer, data)
    assert it.encode(o) == data
    # Editing a nested record's live field changes only that field's bytes.
    o.holders[1].name = "edited"
    w.holders[1].name = "edited"
    o.frozen.a = 200
    w.frozen.a = 200
    assert it.encode(o) == w.encode()


@both
def test_random_values_pass_through(it: Interpreter) -> None:
    rng = random.Random(5551)
    kept = 0
    for i in range(300):
        w = outer_writer(rng)
        data = w.encode()
        o = it.decode(df.Outer, data)
        assert it.encode(o) == data, (i, data.hex())
        kept += any(h._cser_deprecated is not None for h in o.holders)
        # The reader's values, written back, read as the writer's: the writer's own bytes.
        assert it.decode(df.OuterWriter, it.encode(o)).encode() == data, i
        # A value without what it kept is what a program builds: written with zero values.
        for h in o.holders:
            h._cser_deprecated = None
        assert it.decode(df.Outer, it.encode(o)) == o
    assert kept > 100


def test_both_interpreters_keep_the_same_bytes_of_random_and_corrupted_values() -> None:
    # The C accelerator and the Python interpreter side by side (the same value, the same bytes
    # written back, or the same error) on random writers' values and their corruptions.
    if not bind.ACTIVE:
        pytest.skip("CSER_PURE_PYTHON is set: the accelerator is off")
    rng = random.Random(20261202)
    pure = bind.pure(df.Outer)
    outcomes = {"value": 0, "error": 0}
    for _ in range(200):
        data = outer_writer(rng).encode()
        inputs = [data]
        for _ in range(10):
            b = bytearray(data)
            for _ in range(rng.randint(1, 3)):
                b[rng.randrange(len(b))] = rng.choice((0x00, 0x01, 0x7F, 0x80, 0xFF, rng.randrange(256)))
            inputs.append(bytes(b))
        inputs.append(data[: rng.randrange(len(data))])
        for bad in inputs:
            try:
                fast = df.Outer.decode(bad)
            except DecodeError as e:
                with pytest.raises(DecodeError) as slow_error:
                    pure.decode(bad, 64)
                assert (e.kind, e.offset, e.path) == (
                    slow_error.value.kind, slow_error.value.offset, slow_error.value.path), bad.hex()
                outcomes["error"] += 1
                continue
            slow = pure.decode(bad, 64)
            assert fast == slow, bad.hex()
            assert fast.encode() == pure.encode(slow) == pure.encode(fast) == slow.encode()
            outcomes["value"] += 1
    assert outcomes["value"] > 300 and outcomes["error"] > 300, outcomes


# ---- a deprecated optional of the conformance generations ---------------------------------------


@pytest.fixture(scope="module")
def generations(tmp_path_factory: pytest.TempPathFactory) -> dict[int, ModuleType]:
    """conformance/schemas/generations_v2 and _v3 (where Entity.revision, an optional<i64>, is
    deprecated), each generated into a directory of its own and loaded as a module of its own:
    both are the package conf.generations."""
    modules: dict[int, ModuleType] = {}
    for gen in (2, 3):
        out = tmp_path_factory.mktemp(f"generations_v{gen}")
        compile_schemas([str(ROOT / "conformance" / "schemas" / f"generations_v{gen}.cser")], str(out))
        path = Path(out) / "conf" / "generations.py"
        spec = importlib.util.spec_from_file_location(f"_generations_v{gen}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        modules[gen] = module
    return modules


@both
def test_a_deprecated_optional_present_and_absent(it: Interpreter, generations: dict[int, ModuleType]) -> None:
    v2, v3 = generations[2], generations[3]
    for revision in (None, 0, -1, 2**62):
        entity = v2.Entity(id="e", title="t", owner="o", revision=revision, labels=["l"], status=v2.Status.PAUSED)
        data = entity.encode()
        e3 = it.decode(v3.Entity, data)
        expected = None if revision is None else (encode_varint(2 * abs(revision) - (revision < 0)),)
        assert e3._cser_deprecated == expected, revision
        again = it.encode(e3)  # with the fields the third generation appended
        assert it.decode(v3.Entity, again) == e3 and it.encode(it.decode(v3.Entity, again)) == again
        # The third generation edits its fields; the second reads its revision back.
        e3.title = "edited"
        e3.attrs = {"a": "b"}
        back = it.decode(v2.Entity, it.encode(e3))
        assert back.revision == revision and back.title == "edited"
        assert (back.id, back.owner, back.labels, back.status) == ("e", "o", ["l"], v2.Status.PAUSED)


# ---- the value ------------------------------------------------------------------------------------


def test_stream_frames_keep_them() -> None:
    # Frames are record bodies: both interpreters keep the bytes there too.
    old = Account.decode(OLD_WRITER)
    values: list[Any] = [old, Account(user="b"), df.Holder.decode(df.HolderWriter(count=5).encode())]
    for value in values:
        cls: Any = type(value)
        fast, slow = bytearray(), bytearray()
        cls._write_content(value, fast, 64)
        bind.pure(cls).encode_body(value, slow, 64)
        assert fast == slow
        data = bytes(fast)
        assert cls._read_content(data, 0, len(data), 64) == (value, len(data))
        assert bind.pure(cls).decode_body(data, 0, len(data), 64) == (value, len(data))
    out = io.BytesIO()
    with StreamWriter(out, Account) as writer:
        writer.write(old)
    (back,) = StreamReader(io.BytesIO(out.getvalue()), Account)
    assert back == old and back.encode() == OLD_WRITER



def test_repr_and_json_leave_them_out() -> None:
    a = Account.decode(OLD_WRITER)
    assert repr(a) == repr(Account(user="u", logins=5)) == "Account(user='u', logins=5)"
    h = df.Holder.decode(holder_writer(random.Random(1)).encode())
    plain = df.Holder(name=h.name, note=h.note, n=h.n)
    assert repr(h) == repr(plain)
    text = h.to_json()
    assert text == plain.to_json() and list(text) == ["name", "note", "n"]
    back = df.Holder.from_json(json.loads(json.dumps(text)))
    assert back._cser_deprecated is None and back == plain
    # JSON input naming a deprecated field ignores its value: nothing is kept from it.
    assert df.Holder.from_json({"name": "x", "count": "5", "where": {"x": 1}})._cser_deprecated is None


def test_copies_and_pickles_keep_them() -> None:
    h = df.Outer.decode(outer_writer(random.Random(3)).encode())
    for copied in (copy.copy(h), copy.deepcopy(h), pickle.loads(pickle.dumps(h))):
        assert copied == h and copied.encode() == h.encode()
    a = Account.decode(OLD_WRITER)
    assert copy.copy(a)._cser_deprecated == (b"\x02pw",)


@pytest.mark.parametrize("kept", [
    [b"\x02pw"],  # a list, not a tuple
    (b"\x02pw", None),  # one item too many
    ("pw",),  # a str
    (bytearray(b"\x02pw"),),
    (memoryview(b"\x02pw"),),
    ((b"\x02pw",),),
    7,
])
def test_what_a_program_puts_in_the_slot_must_be_what_a_decoder_makes(kept: Any) -> None:
    a = Account(user="u")
    a._cser_deprecated = kept
    with pytest.raises(EncodeError, match="cannot encode Account"):
        a.encode()
    with pytest.raises(EncodeError, match="cannot encode Account"):
        bind.pure(Account).encode(a)
    # A tuple of the right shape is written as it is: the program moved it from another value.
    a._cser_deprecated = Account.decode(OLD_WRITER)._cser_deprecated
    assert a.encode() == bind.pure(Account).encode(a) == bytes.fromhex("06 01 75 02 70 77 00")


def test_kept_bytes_leak_nothing_on_any_path() -> None:
    # Kept and written back, on error paths too (a decode failing after values that kept bytes
    # were built, an encode failing on a malformed slot): no memory and no reference to None
    # (which 3.11 counts) survives the calls.
    if not bind.ACTIVE:
        pytest.skip("CSER_PURE_PYTHON is set: the accelerator is off")
    rng = random.Random(9)
    w = outer_writer(rng)
    w.holders = [holder_writer(rng) for _ in range(4)]
    data = w.encode()

    def fails(b: bytes) -> bool:
        try:
            df.Outer.decode(b)
        except DecodeError:
            return True
        return False

    # The last byte whose corruption fails the decode: every holder before it is built.
    bad = next(c for i in range(len(data) - 1, 0, -1) if fails(c := data[:i] + b"\xff" + data[i + 1:]))
    broken = Account(user="u")
    broken._cser_deprecated = (b"\x02pw", None)

    def once() -> None:
        df.Outer.decode(data).encode()
        with pytest.raises(DecodeError):
            df.Outer.decode(bad)
        Account.decode(OLD_WRITER).encode()
        with pytest.raises(EncodeError):
            broken.encode()

    for _ in range(100):
        once()
    gc.collect()
    nones = sys.getrefcount(None)
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    for _ in range(2000):
        once()
    gc.collect()
    grown = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    assert grown < 4096, grown
    assert abs(sys.getrefcount(None) - nones) < 100
