"""Streams read with the writer's schema (SPEC §9.1): streams built byte by byte as another schema's
writer writes them (a header with the reader type's id and the writer's fingerprint, then
frames), read with that writer's canonical text given directly or among known schemas."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from edge.cases import Color, Scalars
from evolution import AddressV2, EntityV1, EntityV2, HolderV2Address, StatusV2

import cser
from cser import DecodeError, DecodeErrorKind, KnownSchemas, SchemaTextError, StreamReader
from cser.canonical import fingerprint_of
from cser.stream import encode_header
from test_stream import Pair

K = DecodeErrorKind


def stream(type_id: int, fingerprint: int, frames: list[bytes]) -> io.BytesIO:
    """A stream as a writer writes it: the header, then each record's message (its frame, §8)."""
    return io.BytesIO(encode_header(type_id, fingerprint) + b"".join(frames))


# ---- a newer writer: EntityV2's schema under EntityV1's names, fields appended ----------------------


def newer_text() -> str:
    return cser.canonical_text(EntityV2).replace("V2", "V1")


def newer_frames() -> list[bytes]:
    address = AddressV2(city="c", zip="12345", floor=3)
    return [
        EntityV2(id="a", title="t", address=address, holder=HolderV2Address(address), status=StatusV2.PAUSED,
                 revision=7, labels=["x"], shipping=address, priority=9, attrs={"k": "v"}).encode(),
        EntityV2(id="b").encode(),
    ]


def test_a_compatible_writer_is_read_keeping_what_it_appended() -> None:
    text = newer_text()
    frames = newer_frames()
    reader = StreamReader(stream(EntityV1.TYPE_ID, fingerprint_of(text), frames), EntityV1, writer_schema=text,
                          require_known_schema=True)
    assert reader.writer_fingerprint == fingerprint_of(text) != EntityV1.FINGERPRINT
    values = list(reader)
    assert [v.id for v in values] == ["a", "b"]
    assert values[0].has_unknown_fields()
    assert values[0].status == 1  # PAUSED, a number EntityV1's enum does not name, kept
    assert [v.encode() for v in values] == frames


def test_a_compatible_writer_among_known_schemas(tmp_path: Path) -> None:
    text = newer_text()
    (tmp_path / "entity.canonical").write_text(text, encoding="utf-8")
    known = KnownSchemas.from_dir(tmp_path)
    for _ in range(2):
        reader = StreamReader(stream(EntityV1.TYPE_ID, fingerprint_of(text), newer_frames()), EntityV1,
                              known_schemas=known)
        assert [v.encode() for v in reader] == newer_frames()


# ---- an incompatible writer: a u64 field the writer wrote as i64 --------------------------------


def incompatible_text() -> str:
    text = cser.canonical_text(Scalars)
    assert "9:u64 u64_value;" in text
    return text.replace("9:u64 u64_value;", "9:i64 u64_value;")


DIFFERENCE = "field 'u64_value' (id 9) of edge.cases.Scalars: i64 in the writer's schema, u64 in the reader's"


def test_an_incompatible_writer_is_rejected_before_a_frame() -> None:
    text = incompatible_text()
    fp = fingerprint_of(text)
    # The writer's i64 -1 is the zigzag varint 01, the bytes of a u64 1: read, it would be 1.
    frames = [Scalars(u64_value=1, color=Color.BLUE).encode()]
    for options in ({"writer_schema": text}, {"known_schemas": KnownSchemas([text])}):
        reader = StreamReader(stream(Scalars.TYPE_ID, fp, frames), Scalars, **options)
        with pytest.raises(DecodeError) as info:
            reader.read()
        e = info.value
        assert (e.kind, e.offset) == (K.INCOMPATIBLE_SCHEMA, 13)
        assert e.reason == (
            f"the writer's schema (fingerprint {fp:016x}) is not compatible with the reader's (SPEC §9.1): {DIFFERENCE}"
        )
        assert str(e) == f"INCOMPATIBLE_SCHEMA: {e.reason} at offset 13"
        assert reader.record_index == 0
        # The stream stays failed.
        with pytest.raises(DecodeError) as again:
            reader.read()
        assert again.value is e
        with pytest.raises(DecodeError):
            _ = reader.writer_fingerprint


def test_require_fingerprint_comes_first() -> None:
    text = incompatible_text()
    reader = StreamReader(stream(Scalars.TYPE_ID, fingerprint_of(text), []), Scalars, writer_schema=text,
                          require_fingerprint=True)
    with pytest.raises(DecodeError) as info:
        reader.read()
    assert (info.value.kind, info.value.offset) == (K.WRONG_TYPE, 13)


# ---- writers the reader does not know -----------------------------------------------------------


def test_an_unknown_writer_is_read_as_before_unless_a_known_one_is_required() -> None:
    frames = [Scalars(u64_value=5).encode()]
    unknown = 0x0123456789ABCDEF
    assert [v.u64_value for v in StreamReader(stream(Scalars.TYPE_ID, unknown, frames), Scalars)] == [5]
    # A writer's schema of another fingerprint is not this stream's writer's.
    other = incompatible_text()
    reader = StreamReader(stream(Scalars.TYPE_ID, unknown, frames), Scalars, writer_schema=other,
                          known_schemas=KnownSchemas())
    assert [v.u64_value for v in reader] == [5]
    for options in ({}, {"writer_schema": other}, {"known_schemas": KnownSchemas([other])}):
        reader = StreamReader(stream(Scalars.TYPE_ID, unknown, frames), Scalars, require_known_schema=True,
                              **options)
        with pytest.raises(DecodeError) as info:
            reader.read()
        e = info.value
        assert (e.kind, e.offset) == (K.INCOMPATIBLE_SCHEMA, 13)
        assert e.reason == "stream written by schema fingerprint 0123456789abcdef, which this reader does not know"


def test_the_readers_own_fingerprint_needs_no_schema() -> None:
    frames = [Scalars(u64_value=5).encode()]
    reader = StreamReader(stream(Scalars.TYPE_ID, Scalars.FINGERPRINT, frames), Scalars, require_known_schema=True)
    assert [v.u64_value for v in reader] == [5]


def test_options_checked_when_the_reader_is_made() -> None:
    with pytest.raises(SchemaTextError):
        StreamReader(io.BytesIO(), Scalars, writer_schema="record a.R{}")
    # A hand-written message type carries no canonical text to compare with.
    with pytest.raises(TypeError, match="carries no canonical text"):
        StreamReader(io.BytesIO(), Pair, writer_schema=newer_text())
    with pytest.raises(TypeError, match="carries no canonical text"):
        StreamReader(io.BytesIO(), Pair, known_schemas=KnownSchemas())
