"""Unknown union variants (SPEC §5.7, §9): values of variants a newer schema added, read by an
older one (tests/schemas/union_evolution.cser: ``ChoiceV2`` is ``ChoiceV1`` with variants of
every kind added), kept as ``cser.UnknownVariant`` in the union's ``Unknown`` subclass wherever
the union is nested, written back byte for byte, shown in JSON as ``{"#N": base64}``; and the
payload rules for known variants (a value must fill its payload exactly). Every decode runs in
both interpreters when the accelerator is built (the bound codec and ``cser.bind.pure``), which
must give the same values and the same errors (kind, offset, path)."""

from __future__ import annotations

import base64
import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
import unionevo as ue

import cser
from cser import DecodeError, DecodeErrorKind, EncodeError, bind
from cser.json import JsonError
from cser.unknown import UnknownVariant, _unknown_variant
from cser.varint import encode_varint

K = DecodeErrorKind


def codecs(cls: type[Any]) -> list[tuple[str, Callable[[bytes], Any], Callable[[Any], bytes]]]:
    """The decoders and encoders of a bound class: the active one (C unless CSER_PURE_PYTHON),
    and the Python interpreter's."""
    pure = bind.pure(cls)
    out: list[tuple[str, Callable[[bytes], Any], Callable[[Any], bytes]]] = [
        ("pure", lambda b: pure.decode(b, cser.MAX_DEPTH), pure.encode)]
    if bind.ACTIVE:
        out.append(("C", cls.decode, lambda v: cls.encode(v)))
    return out


def outcome(decode: Callable[[bytes], Any], data: bytes) -> tuple[str, Any]:
    try:
        return "value", decode(data)
    except DecodeError as e:
        return "error", (e.kind, e.offset, e.path)


def decode_both(cls: type[Any], data: bytes) -> tuple[str, Any]:
    """What both interpreters make of ``data``: the same value or the same error."""
    results = [(name, outcome(dec, data)) for name, dec, _ in codecs(cls)]
    first = results[0][1]
    for name, r in results[1:]:
        assert r == first, (name, data.hex(), r, first)
    return first


def encode_both(cls: type[Any], value: Any) -> bytes:
    outs = {name: enc(value) for name, _, enc in codecs(cls)}
    first = next(iter(outs.values()))
    assert all(o == first for o in outs.values()), outs
    return first


def fails(cls: type[Any], data: bytes) -> tuple[DecodeErrorKind, int, str]:
    r = decode_both(cls, data)
    assert r[0] == "error", (data.hex(), r)
    result: tuple[DecodeErrorKind, int, str] = r[1]
    return result


def added_variants() -> list[ue.ChoiceV2]:
    """One value of each variant ChoiceV2 added to ChoiceV1."""
    return [
        ue.ChoiceV2Extra(ue.Extra(note="n", n=300)),
        ue.ChoiceV2Text("ok"),
        ue.ChoiceV2Number(-5),
        ue.ChoiceV2Words(["a", "bc", ""]),
        ue.ChoiceV2Point(ue.Pt(x=3, y=-4)),
        ue.ChoiceV2Inner(ue.InnerN(7)),
        ue.ChoiceV2Ratio(0.5),
        ue.ChoiceV2Blob(b"\x00\xff" * 100),  # a payload over 127 bytes: a two-byte length
        ue.ChoiceV2Counts({"a": 1, "b": 2}),
    ]


# ---- cser.UnknownVariant -------------------------------------------------------------------


def test_unknown_variant_cannot_be_made_or_changed() -> None:
    with pytest.raises(TypeError):
        cser.UnknownVariant(4, b"\x02ok")
    with pytest.raises(TypeError):
        cser.UnknownVariant()
    with pytest.raises(TypeError):
        type("Sub", (UnknownVariant,), {})
    u = _unknown_variant(4, b"\x02ok")
    with pytest.raises(AttributeError):
        u.tag = 5  # type: ignore[misc]
    with pytest.raises(AttributeError):
        u._payload = b""
    with pytest.raises(AttributeError):
        del u._tag
    assert (u.tag, u.payload, u.size) == (4, b"\x02ok", 3)
    assert cser.UnknownVariant is UnknownVariant


def test_unknown_variant_equality_hash_repr_copy() -> None:
    a = _unknown_variant(4, b"\x02ok")
    b = _unknown_variant(4, b"\x02ok")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != _unknown_variant(5, b"\x02ok")
    assert a != _unknown_variant(4, b"\x02no")
    assert a != (4, b"\x02ok")
    assert repr(a) == "UnknownVariant(tag=4, size=3)"
    assert "ok" not in repr(_unknown_variant(9, b"ok"))
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert pickle.loads(pickle.dumps(a)) == a


# ---- the shape of SPEC §13.13 ----------------------------------------------------------------


def test_spec_shape_unknown() -> None:
    import spec.examples as spec

    data = bytes.fromhex("04 03 02 6f 6b")
    for name, dec, enc in codecs(spec.Shape):
        v = dec(data)
        assert type(v) is spec.ShapeUnknown, name
        assert (v.value.tag, v.value.payload) == (4, b"\x02ok"), name
        assert v.TAG == 0
        assert enc(v) == data, name
        assert repr(v) == "ShapeUnknown(UnknownVariant(tag=4, size=3))"
        assert v == dec(data) and v != spec.ShapeLabel("ok")
        match v:
            case spec.ShapeUnknown(u):
                assert u.tag == 4
            case _:
                pytest.fail("not matched")
        assert v.to_json() == {"#4": base64.b64encode(b"\x02ok").decode()} == {"#4": "Am9r"}


def test_payload_rules() -> None:
    import spec.examples as spec

    Shape = spec.Shape
    # Known variants: a non-record value fills its payload exactly.
    assert fails(Shape, bytes.fromhex("02 01 03 04"))[0] is K.TRUNCATED  # union_payload_short
    assert fails(Shape, bytes.fromhex("02 01 03 04")) == (K.TRUNCATED, 3, "Shape.rect.h")
    assert fails(Shape, bytes.fromhex("02 03 03 04 00")) == (K.TRAILING_BYTES, 4, "Shape.rect")
    # A string whose length passes the payload's end: LENGTH_TOO_LARGE against the payload.
    assert fails(Shape, bytes.fromhex("03 02 05 68 69 6a 6b 6c"))[:2] == (K.LENGTH_TOO_LARGE, 2)
    # A payload length past the message.
    assert fails(Shape, bytes.fromhex("03 09 02 68 69"))[:2] == (K.LENGTH_TOO_LARGE, 1)
    # A record variant is the record: its length is the payload's, unknown trailing fields kept.
    v = decode_both(Shape, bytes.fromhex("01 06 00 00 80 3f 07 08"))
    assert v[0] == "value" and v[1].value.unknown_fields() == cser.UnknownFields(0, b"\x07\x08")
    # Unknown variants: tag 0 and tags above 2^32-1 are errors, a too long payload too.
    assert fails(Shape, bytes.fromhex("00 00")) == (K.UNKNOWN_UNION_TAG, 1, "Shape.<tag 0>")
    assert fails(Shape, bytes.fromhex("04 05 00")) == (K.LENGTH_TOO_LARGE, 1, "Shape.<tag 4>")
    assert fails(Shape, bytes.fromhex("04"))[0] is K.TRUNCATED
    assert fails(Shape, encode_varint(2**32) + b"\x00")[:2] == (K.OUT_OF_RANGE, 0)
    big = decode_both(Shape, encode_varint(2**32 - 1) + b"\x00")
    assert big[0] == "value" and big[1].value == _unknown_variant(2**32 - 1, b"")
    assert encode_both(Shape, big[1]) == encode_varint(2**32 - 1) + b"\x00"
    # Trailing bytes after an unknown variant's payload: the message's.
    assert fails(Shape, bytes.fromhex("04 01 00 00")) == (K.TRAILING_BYTES, 3, "")


def test_the_payload_adds_no_depth() -> None:
    import spec.examples as spec

    data = bytes.fromhex("04 03 02 6f 6b")
    for _, dec, _ in codecs(spec.Shape):
        assert type(dec(data)) is spec.ShapeUnknown
    # A union needs one level, whatever its payload holds.
    for name, _, _ in codecs(spec.Shape):
        pure = bind.pure(spec.Shape)
        assert type(pure.decode(data, 1)) is spec.ShapeUnknown, name
        with pytest.raises(DecodeError) as e:
            pure.decode(data, 0)
        assert e.value.kind is K.DEPTH_EXCEEDED
    if bind.ACTIVE:
        assert type(spec.Shape.decode(data, max_depth=1)) is spec.ShapeUnknown
        with pytest.raises(DecodeError) as e:
            spec.Shape.decode(data, max_depth=0)
        assert e.value.kind is K.DEPTH_EXCEEDED


def test_hostile_unknown_variant_values_are_encode_errors() -> None:
    import spec.examples as spec

    decoded = spec.Shape.decode(bytes.fromhex("04 03 02 6f 6b"))
    assert isinstance(decoded, spec.ShapeUnknown)
    real = decoded.value
    forged = object.__new__(UnknownVariant)  # no tag, no payload
    half = object.__new__(UnknownVariant)
    object.__setattr__(half, "_tag", 0)
    object.__setattr__(half, "_payload", b"")
    wrong = object.__new__(UnknownVariant)
    object.__setattr__(wrong, "_tag", True)
    object.__setattr__(wrong, "_payload", bytearray(b"x"))
    huge = object.__new__(UnknownVariant)
    object.__setattr__(huge, "_tag", 2**70)
    object.__setattr__(huge, "_payload", b"")
    for bad in (None, 4, b"\x02ok", (4, b"ok"), forged, half, wrong, huge, spec.ShapeLabel("x")):
        for name, _, enc in codecs(spec.Shape):
            with pytest.raises(EncodeError) as e:
                enc(spec.ShapeUnknown(bad))  # type: ignore[arg-type]
            assert "not a cser.UnknownVariant" in str(e.value), (name, bad)
    for name, _, enc in codecs(spec.Shape):
        assert enc(spec.ShapeUnknown(real)) == bytes.fromhex("04 03 02 6f 6b"), name
    with pytest.raises(JsonError):
        spec.ShapeUnknown(forged).to_json()


def test_an_unknown_variant_of_another_union_cannot_pose_as_a_known_one() -> None:
    """ChoiceV1 keeps ChoiceV2's ``text`` (tag 4) as unknown; ChoiceV2 has tag 4 as its own, so
    moved into a ChoiceV2 its bytes would read as ``text``: every encoder refuses it."""
    v1 = ue.ChoiceV1.decode(ue.ChoiceV2Text("ok").encode())
    assert isinstance(v1, ue.ChoiceV1Unknown)
    for name, _, enc in codecs(ue.ChoiceV2):
        with pytest.raises(EncodeError) as e:
            enc(ue.ChoiceV2Unknown(v1.value))
        assert "has tag 4, one of the union's own (1..11)" in str(e.value), (name, str(e.value))
    for name, _, enc in codecs(ue.ChoiceV1):
        assert enc(v1) == ue.ChoiceV2Text("ok").encode(), name


# ---- newer variants read by an older union, nested everywhere ------------------------------


def box_v2(choice: ue.ChoiceV2, *, i: int = 0) -> ue.BoxV2:
    return ue.BoxV2(
        id=f"box{i}",
        choice=choice,
        maybe=choice,
        many=[ue.ChoiceV2Label("x"), choice, ue.ChoiceV2Item(ue.Item(name="it"))],
        named={"k": choice, "j": ue.ChoiceV2Label("y")},
        wrap=ue.WrapV2Choice(choice),
        count=i,
    )


@pytest.mark.parametrize("choice", added_variants(), ids=lambda c: type(c).__name__)
def test_newer_variants_pass_through_an_older_reader(choice: ue.ChoiceV2) -> None:
    tag = choice.TAG
    # The root.
    data = encode_both(ue.ChoiceV2, choice)
    r = decode_both(ue.ChoiceV1, data)
    assert r[0] == "value"
    old = r[1]
    assert type(old) is ue.ChoiceV1Unknown and old.value.tag == tag
    assert encode_both(ue.ChoiceV1, old) == data
    assert old.to_json() == {f"#{tag}": base64.b64encode(old.value.payload).decode()}
    # A record field, an optional, a list element, a map value, inside another union.
    box = box_v2(choice)
    data = encode_both(ue.BoxV2, box)
    r = decode_both(ue.BoxV1, data)
    assert r[0] == "value"
    b1: ue.BoxV1 = r[1]
    unknowns = [b1.choice, b1.maybe, b1.many[1], b1.named["k"]]
    assert isinstance(b1.wrap, ue.WrapV1Choice)
    unknowns.append(b1.wrap.value)
    first = unknowns[0]
    assert isinstance(first, ue.ChoiceV1Unknown)
    for u in unknowns:
        assert isinstance(u, ue.ChoiceV1Unknown) and type(u) is ue.ChoiceV1Unknown and u.value.tag == tag
        assert u == first and u.value == first.value and hash(u.value) == hash(first.value)
    assert isinstance(b1.many[0], ue.ChoiceV1Label) and isinstance(b1.many[2], ue.ChoiceV1Item)
    assert encode_both(ue.BoxV1, b1) == data
    assert ue.BoxV2.decode(encode_both(ue.BoxV1, b1)) == box
    # JSON shows the unknown variants as "#tag"; reading that back is an error with its path.
    j = b1.to_json()
    assert j["choice"] == j["maybe"] == j["named"][0][1] == j["many"][1] == j["wrap"]["choice"]
    assert list(j["choice"]) == [f"#{tag}"]
    with pytest.raises(JsonError) as e:
        ue.BoxV1.from_json(j)
    assert str(e.value).startswith("BoxV1.choice: ") and "unknown variant" in str(e.value)
    with pytest.raises(JsonError):
        ue.ChoiceV1.from_json(old.to_json())
    # Edits of other fields keep them.
    b1.id = "edited"
    b1.count = 77
    b1.many.append(ue.ChoiceV1Label("new"))
    b1.named["n"] = b1.choice
    edited = ue.BoxV2.decode(encode_both(ue.BoxV1, b1))
    assert edited.id == "edited" and edited.count == 77
    assert edited.choice == edited.maybe == edited.many[1] == edited.named["k"] == edited.named["n"] == choice
    assert edited.many[3] == ue.ChoiceV2Label("new")
    assert isinstance(edited.wrap, ue.WrapV2Choice) and edited.wrap.value == choice
    # An unknown variant moved into another union of the same older schema keeps its bytes.
    assert isinstance(b1.choice, ue.ChoiceV1Unknown)
    moved = ue.ChoiceV1Unknown(b1.choice.value)
    assert ue.ChoiceV2.decode(encode_both(ue.ChoiceV1, moved)) == choice


def test_known_variants_still_read_alike() -> None:
    for choice in (ue.ChoiceV2Item(ue.Item(name="a")), ue.ChoiceV2Label("b")):
        data = encode_both(ue.ChoiceV2, choice)
        r = decode_both(ue.ChoiceV1, data)
        assert r[0] == "value" and type(r[1]).__name__ == type(choice).__name__.replace("V2", "V1")
        assert encode_both(ue.ChoiceV1, r[1]) == data


def test_variant_payload_lengths() -> None:
    # A record variant costs nothing; any other has a payload length.
    assert ue.ChoiceV2Item(ue.Item(name="a")).encode() == bytes.fromhex("01 02 01 61")
    assert ue.ChoiceV2Label("hi").encode() == bytes.fromhex("02 03 02 68 69")
    assert ue.ChoiceV2Number(-1).encode() == bytes.fromhex("05 01 01")
    assert ue.ChoiceV2Point(ue.Pt(x=3, y=4)).encode() == bytes.fromhex("07 02 06 08")
    assert ue.ChoiceV2Inner(ue.InnerS("a")).encode() == bytes.fromhex("08 04 01 02 01 61")
    long = ue.ChoiceV2Text("x" * 200)
    data = encode_both(ue.ChoiceV2, long)
    assert data[:4] == bytes.fromhex("04 ca 01 c8") and len(data) == 4 + 1 + 200
    assert ue.ChoiceV2.decode(data) == long


# ---- random union-heavy values, mutated, read by both schemas in both interpreters ---------


def random_choice(rng: random.Random, depth: int = 0) -> ue.ChoiceV2:
    k = rng.randrange(11)
    s = "".join(rng.choice("aé\u20ac") for _ in range(rng.randrange(4)))
    if k == 0:
        return ue.ChoiceV2Item(ue.Item(name=s))
    if k == 1:
        return ue.ChoiceV2Label(s)
    if k == 2:
        return ue.ChoiceV2Extra(ue.Extra(note=s, n=rng.randrange(2**32)))
    if k == 3:
        return ue.ChoiceV2Text(s * rng.randrange(60))
    if k == 4:
        return ue.ChoiceV2Number(rng.randrange(-(2**63), 2**63))
    if k == 5:
        return ue.ChoiceV2Words([s] * rng.randrange(4))
    if k == 6:
        return ue.ChoiceV2Point(ue.Pt(x=rng.randrange(-99, 99), y=rng.randrange(2**31)))
    if k == 7:
        return ue.ChoiceV2Inner(ue.InnerS(s) if rng.random() < 0.5 else ue.InnerN(rng.randrange(300)))
    if k == 8:
        return ue.ChoiceV2Ratio(rng.random())
    if k == 9:
        return ue.ChoiceV2Blob(bytes(rng.randrange(256) for _ in range(rng.randrange(140))))
    return ue.ChoiceV2Counts({f"k{i}": i for i in range(rng.randrange(3))})


def random_box(rng: random.Random, i: int) -> ue.BoxV2:
    return ue.BoxV2(
        id=str(i),
        choice=random_choice(rng),
        maybe=random_choice(rng) if rng.random() < 0.5 else None,
        many=[random_choice(rng) for _ in range(rng.randrange(4))],
        named={str(j): random_choice(rng) for j in range(rng.randrange(3))},
        wrap=ue.WrapV2Choice(random_choice(rng)) if rng.random() < 0.7 else ue.WrapV2Other(str(i)),
        count=rng.randrange(2**32),
    )


def test_mutated_union_heavy_values_fail_alike() -> None:
    rng = random.Random(20261129)
    outcomes = {"value": 0, "error": 0}
    for i in range(150):
        box = random_box(rng, i)
        data = encode_both(ue.BoxV2, box)
        r = decode_both(ue.BoxV1, data)
        assert r[0] == "value" and encode_both(ue.BoxV1, r[1]) == data
        inputs = [data[:n] for n in rng.sample(range(len(data)), min(len(data), 20))]
        for _ in range(30):
            b = bytearray(data)
            for _ in range(rng.randint(1, 3)):
                b[rng.randrange(len(b))] = rng.choice((0x00, 0x01, 0x7F, 0x80, 0xFF, rng.randrange(256)))
            inputs.append(bytes(b))
        for bad in inputs:
            for cls in (ue.BoxV1, ue.BoxV2, ue.ChoiceV1, ue.ChoiceV2):
                kind, value = decode_both(cls, bad)  # only DecodeError, the same in both
                outcomes[kind] += 1
                if kind == "value":
                    # What was read is written back the same by both interpreters.
                    encode_both(cls, value)
    assert outcomes["value"] > 100 and outcomes["error"] > 1000
