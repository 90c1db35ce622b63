"""cser.KnownSchemas (SPEC §9.1): canonical texts by the fingerprint computed from each, loaded from
a directory, with one verdict per writer fingerprint and reader type."""

from __future__ import annotations

from pathlib import Path

import pytest
from bench.media import MediaContent
from evolution import EntityV1, EntityV2

import cser
from cser import KnownSchemas, SchemaTextError
from cser import known_schemas as known_schemas_module
from cser.canonical import fingerprint_of


def v2_as_v1() -> str:
    """EntityV2's canonical text under V1's names: a newer writer of EntityV1 (fields appended)."""
    return cser.canonical_text(EntityV2).replace("V2", "V1")


def test_texts_by_fingerprint() -> None:
    known = KnownSchemas()
    media = cser.canonical_text(MediaContent)
    assert known.add(media) == MediaContent.FINGERPRINT == fingerprint_of(media)
    newer = v2_as_v1()
    fp = known.add(newer)
    assert fp == fingerprint_of(newer) and fp != EntityV1.FINGERPRINT
    assert known.add(newer) == fp  # adding again changes nothing
    assert len(known) == 2 and known.fingerprints() == [MediaContent.FINGERPRINT, fp]
    assert known.get(fp) == newer and fp in known
    assert known.get(EntityV1.FINGERPRINT) is None and EntityV1.FINGERPRINT not in known
    assert repr(known) == "KnownSchemas(2 schemas)"
    assert len(KnownSchemas([media, newer])) == 2


def test_a_bad_text_is_refused_when_added() -> None:
    known = KnownSchemas()
    with pytest.raises(SchemaTextError, match="line 1, column 13: expected the end of the line"):
        known.add("record a.R{}")
    assert len(known) == 0


def test_from_dir_loads_every_canonical_file(tmp_path: Path) -> None:
    newer = v2_as_v1()
    (tmp_path / "entity-v2.canonical").write_text(newer, encoding="utf-8")
    (tmp_path / "media.canonical").write_text(cser.canonical_text(MediaContent), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a schema", encoding="utf-8")
    (tmp_path / "dir.canonical").mkdir()
    known = KnownSchemas.from_dir(tmp_path)
    assert known.fingerprints() == [fingerprint_of(newer), MediaContent.FINGERPRINT]
    assert KnownSchemas.from_dir(str(tmp_path)).fingerprints() == known.fingerprints()


def test_from_dir_names_the_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.canonical"
    bad.write_text("record a.R{}\nrecord a.R{}\n", encoding="utf-8")
    with pytest.raises(SchemaTextError) as info:
        KnownSchemas.from_dir(tmp_path)
    assert str(info.value) == f"bad schema text at line 2, column 1: type a.R has a line already (in {bad})"
    bad.write_bytes(b"record a.R{1:i32 \xff;}\n")
    with pytest.raises(SchemaTextError, match="line 1, column 18: expected a field name"):
        KnownSchemas.from_dir(tmp_path)


def test_the_verdict_is_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = cser.schema_difference

    def counting(writer: object, reader: str, root: str) -> str | None:
        calls.append(root)
        return real(writer, reader, root)  # type: ignore[arg-type]

    monkeypatch.setattr(known_schemas_module, "schema_difference", counting)
    known = KnownSchemas()
    fp = known.add(v2_as_v1())
    for _ in range(3):
        assert known.difference(fp, EntityV1) is None
    assert calls == ["evolution.EntityV1"]
    incompatible = known.add(cser.canonical_text(EntityV1).replace("1:string id;", "1:bytes id;"))
    expected = "field 'id' (id 1) of evolution.EntityV1: bytes in the writer's schema, string in the reader's"
    assert known.difference(incompatible, EntityV1) == expected
    assert known.difference(incompatible, EntityV1) == expected
    assert calls == ["evolution.EntityV1"] * 2
    # The reader's own fingerprint needs no comparison.
    own = known.add(cser.canonical_text(EntityV1))
    assert known.difference(own, EntityV1) is None
    assert len(calls) == 2
    with pytest.raises(KeyError):
        known.difference(12345, EntityV1)
