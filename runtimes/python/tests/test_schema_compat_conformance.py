"""The agreement data of SPEC §9.1, conformance/schema-compat.json (written by the Java side's
SchemaCompatAgreementTest, which checks it against ``cserc compat``): every pair of canonical texts
gets the same fingerprints and the same difference, word for word, from this runtime; every bad
text is refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cser import SchemaText, SchemaTextError, schema_difference
from cser.canonical import fingerprint_of

DATA = Path(__file__).resolve().parents[3] / "conformance" / "schema-compat.json"


def load() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def test_the_data_is_there() -> None:
    data = load()
    assert len(data["pairs"]) > 100 and len(data["bad_texts"]) > 10
    # Both verdicts are among the pairs.
    assert any(p["difference"] is None for p in data["pairs"])
    assert any(p["difference"] is not None for p in data["pairs"])


@pytest.mark.parametrize("pair", load()["pairs"], ids=lambda p: p["name"])
def test_every_pair_gets_the_same_difference(pair: dict[str, Any]) -> None:
    assert f"{fingerprint_of(pair['writer']):016x}" == pair["writer_fingerprint"]
    assert f"{fingerprint_of(pair['reader']):016x}" == pair["reader_fingerprint"]
    assert schema_difference(pair["writer"], pair["reader"], pair["root"]) == pair["difference"]


@pytest.mark.parametrize("bad", load()["bad_texts"], ids=lambda b: b["name"])
def test_every_bad_text_is_refused(bad: dict[str, Any]) -> None:
    with pytest.raises(SchemaTextError, match=r"^bad schema text at line \d+, column \d+: "):
        SchemaText.parse(bad["text"])
