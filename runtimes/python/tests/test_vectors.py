"""Bytes the Java and Rust tests wrote decode in Python to the values those tests built, Python
encodes those values to the same bytes, every prefix is rejected and no one-byte corruption
raises anything but DecodeError. Java writes its files in VectorExportTest.java
(runtimes/java/examples/target/vectors), Rust in cser-examples/tests/java_vectors.rs
(runtimes/rust/target/rust-vectors); ``make test`` runs both before the Python tests."""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from bench.employee import Staff
from bench.empty import EmptyDataRecord
from chem import Molecule, MoleculeSet
from edge import cases
from edge.names import (
    Holder,
    Object,
    Override,
    ValueList,
    ValueLong,
    ValueObject,
    ValueOverride,
    ValueString,
    ValueText,
)
from edge.names import String as Text

import values as v
from conftest import ROOT
from cser import DecodeError

JAVA = Path(os.environ.get("CSER_JAVA_VECTORS", ROOT / "runtimes/java/examples/target/vectors"))
RUST = Path(os.environ.get("CSER_RUST_VECTORS", ROOT / "runtimes/rust/target/rust-vectors"))

#: How many cases VectorExportTest writes: a case the Java test drops fails here too.
CASES = 37


def expected(case: str) -> Any:
    """The value each case holds, built here as the Java and Rust tests build it."""
    if case.startswith("w3_entity_"):
        return v.sakai_entity(int(case.removeprefix("w3_entity_")))
    table: dict[str, Callable[[], Any]] = {
        "w1_empty_set": lambda: v.empty_data_set(3),
        "w1_empty_record": EmptyDataRecord,
        "w2_employee": lambda: v.employee(17),
        "w2_staff": lambda: Staff(employees=[v.employee(n) for n in range(3)]),
        "w4_message": lambda: v.message(12345),
        "w5_ethanol": v.ethanol,
        "w5_set": lambda: MoleculeSet(molecules=[v.ethanol(), Molecule()]),
        "w6_media_content": v.media_content,
        "scalars_zero": cases.Scalars,
        "scalars_min": v.scalars_min,
        "scalars_max": v.scalars_max,
        "scalars_nan": v.scalars_nan,
        "scalars_unknown_enum": lambda: cases.Scalars(color=cases.Color(77)),
        "collections_absent": cases.Collections,
        "collections_empty": lambda: cases.Collections(maybe_names=[], maybe_map={}),
        "collections_full": v.full_collections,
        "sample_without_y": lambda: cases.Sample(x=1.0, y=None, color=cases.Color.GREEN),
        "sample_with_y": lambda: cases.Sample(x=1.0, y=2.5, color=cases.Color.GREEN),
        "node_tree": lambda: cases.Node(label="root", children=[v.chain(3), cases.Node()], next=v.chain(2)),
        "node_depth_64": lambda: v.chain(64),
        "expr_bin": v.expr_bin,
        "holder_names": lambda: Holder(
            value=ValueList(
                [
                    ValueLong(-1),
                    ValueString("s"),
                    ValueObject(Object(hash_code=7, equals=True)),
                    ValueText(Text(value="t")),
                    ValueOverride(Override.SELF),
                ]
            ),
            class_="c",
            encode_="e",
            self_="me",
            async_="a",
            is_set=True,
        ),
        "keywords": lambda: cases.Keywords(
            type_="t", class_="c", match=3, self_=True, import_="i", default=-6, fn="f", none="n"
        ),
        "evolved_v1": lambda: cases.EvolvedV1(name="widget", count=7),
        "evolved_v2": lambda: cases.EvolvedV2(
            name="widget",
            note="new",
            tags=["a", "b"],
            sample=cases.Sample(x=-1.5, y=0.0, color=cases.Color.RED),
        ),
    }
    if case not in table:
        pytest.fail(f"the vectors hold case {case}, which this test does not know: add it")
    return table[case]()


def load(directory: Path) -> list[tuple[str, str, bytes]]:
    """Reads index.txt (``case type length`` lines) and the files it names."""
    index = directory / "index.txt"
    if not index.exists():
        pytest.fail(f"no vectors in {directory}: run the Java and Rust tests first (make test-java test-rust)")
    out = []
    for line in index.read_text().splitlines():
        case, type_name, length = line.split(" ")
        data = (directory / f"{case}.bin").read_bytes()
        assert len(data) == int(length), case
        out.append((case, type_name, data))
    return out


def same_floats(a: Any, b: Any) -> bool:
    """Equality that compares floats by their bits (NaN payloads and -0.0 included)."""
    if isinstance(a, float) and isinstance(b, float):
        return math.copysign(1, a) == math.copysign(1, b) and (a == b or (math.isnan(a) and math.isnan(b)))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_floats(x, y) for x, y in zip(a, b, strict=True))
    if hasattr(a, "__slots__") and type(a) is type(b):
        return all(same_floats(getattr(a, s), getattr(b, s)) for s in a.__slots__)
    return bool(a == b)


@pytest.mark.parametrize("directory", [JAVA, RUST], ids=["java", "rust"])
def test_bytes_decode_to_the_same_values_and_python_writes_the_same_bytes(directory: Path) -> None:
    vectors = load(directory)
    assert len(vectors) == CASES
    for case, type_name, data in vectors:
        value = expected(case)
        assert value.TYPE_NAME == type_name, case
        assert value.encode() == data, f"{case}: Python encodes the value to other bytes"
        # A union variant's class inherits decode from its union.
        decoded = type(value).decode(data)
        assert same_floats(decoded, value), f"{case}: {decoded!r}"
        assert decoded.encode() == data, f"{case}: decoded, then encoded, gives other bytes"


@pytest.mark.parametrize("directory", [JAVA, RUST], ids=["java", "rust"])
def test_every_prefix_is_rejected_and_corruption_raises_only_decode_error(directory: Path) -> None:
    for case, _type_name, data in load(directory):
        value = expected(case)
        decode = type(value).decode
        n = len(data)
        for cut in (c for c in range(n) if c < 4096 or n - c <= 4096):
            with pytest.raises(DecodeError):
                decode(data[:cut])
        if n > 4096:
            continue
        bad = bytearray(data)
        for at in range(n):
            for replacement in {0x00, 0x7F, 0x80, 0xFF, data[at] ^ 1}:
                bad[at] = replacement
                try:
                    decode(bytes(bad))
                except DecodeError:
                    pass
            bad[at] = data[at]
