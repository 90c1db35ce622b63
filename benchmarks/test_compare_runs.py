"""Tests of compare_runs.py: cser's change between two runs against its peers' in the same rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import compare_runs as cr
from test_compare_modes import doc, kafka_row, row


def test_cser_change_is_divided_by_the_peers_geometric_mean() -> None:
    before = doc(row("cser", "encode", 100), row("kryo", "encode", 200), row("protobuf", "encode", 400))
    # the host got 2x slower for kryo and 8x for protobuf (geometric mean 4x); cser 2x: half the drift
    after = doc(row("cser", "encode", 200), row("kryo", "encode", 400), row("protobuf", "encode", 3200))
    (line,) = cr.compare(before, after)
    assert (line["language"], line["workload"], line["op"]) == ("java", "W6", "encode")
    assert line["change"] == pytest.approx(1.0)
    assert line["peers"] == 2
    assert line["peers_change"] == pytest.approx(3.0)
    assert line["relative"] == pytest.approx(-0.5)


def test_rows_without_cser_in_both_runs_and_peers_in_one_are_left_out() -> None:
    before = doc(row("cser", "encode", 100), row("kryo", "encode", 100), row("kryo", "decode", 100))
    after = doc(row("cser", "encode", 110), row("fory", "encode", 100), row("cser", "decode", 90))
    (line,) = cr.compare(before, after)
    assert line["op"] == "encode"
    assert line["peers"] == 0 and line["peers_change"] is None and line["relative"] is None
    assert line["change"] == pytest.approx(0.1)


def test_bytes_come_from_the_cser_row() -> None:
    b, a = row("cser", "encode", 100), row("cser", "encode", 100)
    b["bytes"], a["bytes"] = 221, 222
    (line,) = cr.compare(doc(b), doc(a))
    assert (line["bytes_before"], line["bytes_after"]) == (221, 222)


def test_kafka_rows_compare_each_time_per_record() -> None:
    before = doc(kafka_row("cser", 100, 100, 1e6), kafka_row("protobuf", 100, 100, 1e6))
    after = doc(kafka_row("cser", 100, 150, 1e6), kafka_row("protobuf", 100, 100, 5e5))
    lines = {x["op"]: x for x in cr.compare(before, after)}
    assert set(lines) == {"ser", "deser", "end-to-end"}
    assert lines["deser"]["relative"] == pytest.approx(0.5)
    assert lines["end-to-end"]["relative"] == pytest.approx(-0.5)


def test_main_matches_files_by_name_and_prints_markdown(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for d, ns in (("before", 100), ("after", 90)):
        (tmp_path / d).mkdir()
        (tmp_path / d / "java.json").write_text(json.dumps(doc(row("cser", "decode", ns), row("kryo", "decode", 100))))
    (tmp_path / "after" / "rust.json").write_text(json.dumps(doc(row("cser", "decode", 1))))
    assert cr.main([str(tmp_path / "before"), str(tmp_path / "after"), "--markdown"]) == 0
    out = capsys.readouterr().out
    assert "| java | W6 | decode | 1 → 1 | 100 ns → 90 ns | -10.0% | +0.0% (1) | -10.0% |" in out
    assert "rust" not in out


def test_main_fails_without_a_common_file(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    assert cr.main([str(tmp_path / "a"), str(tmp_path / "b")]) == 2
