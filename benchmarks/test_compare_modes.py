"""Tests of compare_modes.py: ratios to cser, deviations between a quick and a full run, the Kafka
rows, matching files by name, and the report and exit status."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import compare_modes as cm


def row(library: str, op: str, ns: float, workload: str = "W6", language: str = "java") -> dict[str, Any]:
    return {"language": language, "workload": workload, "library": library, "op": op, "median_ns": ns,
            "p10_ns": ns, "p90_ns": ns, "bytes": 1, "alloc_bytes": None}


def doc(*rows: dict[str, Any], mode: str = "full") -> dict[str, Any]:
    return {"language": "java", "mode": mode, "rows": list(rows)}


def kafka_row(fmt: str, ser: float, deser: float, msgs: float, compression: str = "none") -> dict[str, Any]:
    return {"language": "java", "workload": "W4", "format": fmt, "compression": compression, "count": 10,
            "msgs_per_s": msgs, "ser_ns": ser, "deser_ns": deser}


def test_ratios_divide_by_cser_of_the_same_workload_and_op() -> None:
    t = cm.times(doc(row("cser", "encode", 100), row("kryo", "encode", 250), row("cser", "decode", 50),
                     row("kryo", "decode", 25), row("kryo", "encode", 999, workload="W3")))
    r = cm.ratios(t)
    assert r == {("java", "W6", "kryo", "encode"): 2.5, ("java", "W6", "kryo", "decode"): 0.5}


def test_deviation_is_quick_ratio_over_full_ratio_minus_one() -> None:
    full = doc(row("cser", "encode", 100), row("kryo", "encode", 200), row("fory", "encode", 50))
    quick = doc(row("cser", "encode", 1000), row("kryo", "encode", 2600), row("fory", "encode", 500), mode="quick")
    c = cm.compare("java", quick, full)
    by_key = {d.key[2]: d for d in c.deviations}
    assert by_key["kryo"].value == pytest.approx(0.3)  # 2.6x against 2.0x
    assert by_key["fory"].value == pytest.approx(0.0)  # the same ratio, though every time is 10x
    largest = c.largest()
    assert largest is not None and largest.key[2] == "kryo"
    assert [d.key[2] for d in c.over(0.15)] == ["kryo"]
    assert c.over(0.31) == []


def test_a_faster_quick_ratio_counts_as_much_as_a_slower_one() -> None:
    full = doc(row("cser", "decode", 100), row("a", "decode", 100), row("b", "decode", 100))
    quick = doc(row("cser", "decode", 100), row("a", "decode", 70), row("b", "decode", 120))
    c = cm.compare("java", quick, full)
    largest = c.largest()
    assert largest is not None and largest.key[2] == "a" and largest.value == pytest.approx(-0.3)


def test_rows_only_in_quick_are_listed_and_not_compared() -> None:
    full = doc(row("cser", "encode", 100), row("kryo", "encode", 200))
    quick = doc(row("cser", "encode", 100), row("kryo", "encode", 200), row("new", "encode", 300))
    c = cm.compare("java", quick, full)
    assert [d.key[2] for d in c.deviations] == ["kryo"]
    assert c.only_quick == [("java", "W6", "new", "encode")]


def test_rows_without_a_cser_row_are_skipped() -> None:
    cross = doc(row("cser java→rust", "stream", 100, workload="W4-stream", language="cross"))
    c = cm.compare("cross", cross, cross)
    assert c.deviations == [] and c.largest() is None
    assert "no rows with a cser ratio" in cm.render([c], 0.15)


def test_kafka_rows_compare_each_time_per_record_within_a_compression() -> None:
    full = {"rows": [kafka_row("cser", 100, 50, 1e6), kafka_row("json", 300, 200, 5e5),
                     kafka_row("cser", 10, 10, 1e6, "zstd"), kafka_row("json", 10, 10, 1e6, "zstd")]}
    quick = {"rows": [kafka_row("cser", 100, 50, 1e6), kafka_row("json", 300, 200, 2.5e5),
                      kafka_row("cser", 10, 10, 1e6, "zstd"), kafka_row("json", 10, 10, 1e6, "zstd")]}
    c = cm.compare("kafka", quick, full)
    dev = {(d.key[1], d.key[3]): d.value for d in c.deviations}
    assert dev[("W4 none", "ser")] == pytest.approx(0)
    assert dev[("W4 none", "deser")] == pytest.approx(0)
    assert dev[("W4 none", "end-to-end")] == pytest.approx(1.0)  # half the msgs/s: twice the time per record
    assert dev[("W4 zstd", "ser")] == pytest.approx(0)
    assert len(dev) == 6


def write(d: Path, name: str, content: dict[str, Any]) -> None:
    d.mkdir(parents=True, exist_ok=True)
    (d / name).write_text(json.dumps(content))


def test_files_are_matched_by_name_and_check_sets_the_exit_status(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    full, quick = tmp_path / "results", tmp_path / "quick"
    write(full, "java.json", doc(row("cser", "encode", 100), row("kryo", "encode", 200)))
    write(full, "rust.json", doc(row("cser", "encode", 100, language="rust"), row("x", "encode", 100, language="rust")))
    write(quick, "java.json", doc(row("cser", "encode", 100), row("kryo", "encode", 300), mode="quick"))
    write(quick, "python.json", doc(row("cser", "encode", 1, language="python")))  # no full namesake: ignored

    assert [c.harness for c in cm.compare_dirs(quick, full)] == ["java"]
    assert cm.main(["--full", str(full), "--quick", str(quick)]) == 0
    out = capsys.readouterr().out
    assert "java: 1 rows, largest |quick/full - 1| 50.0%" in out
    assert "java W6 kryo encode" in out and "+50.0%" in out
    assert cm.main(["--full", str(full), "--quick", str(quick), "--check"]) == 1
    assert cm.main(["--full", str(full), "--quick", str(quick), "--check", "--threshold", "0.6"]) == 0


def test_missing_directories_and_no_common_file_are_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cm.main(["--full", str(tmp_path / "absent"), "--quick", str(tmp_path)]) == 2
    assert "no directory" in capsys.readouterr().err
    write(tmp_path / "f", "java.json", doc())
    write(tmp_path / "q", "rust.json", doc())
    assert cm.main(["--full", str(tmp_path / "f"), "--quick", str(tmp_path / "q")]) == 2
    assert "no result file" in capsys.readouterr().err


def test_a_rows_turn_ratio_is_used_where_it_has_one() -> None:
    paired = row("kryo", "encode", 900)
    paired["vs_cser"] = 2.0  # timed in turns with cser: 2x, whatever the two medians say
    full = doc(row("cser", "encode", 100), paired, row("fory", "encode", 50))
    quick_paired = row("kryo", "encode", 300)
    quick_paired["vs_cser"] = 2.2
    quick = doc(row("cser", "encode", 100), quick_paired, row("fory", "encode", 60), mode="quick")
    by_key = {d.key[2]: d for d in cm.compare("java", quick, full).deviations}
    assert by_key["kryo"].full_ratio == pytest.approx(2.0)
    assert by_key["kryo"].quick_ratio == pytest.approx(2.2)
    assert by_key["fory"].quick_ratio == pytest.approx(0.6)  # no vs_cser: the medians' ratio


def test_cser_rows_turn_ratio_of_one_is_not_a_row_to_compare() -> None:
    base = row("cser", "decode", 100)
    base["vs_cser"] = 1.0
    peer = row("kryo", "decode", 150)
    peer["vs_cser"] = 1.5
    c = cm.compare("rust", doc(base, peer, mode="quick"), doc(base, peer))
    assert [d.key[2] for d in c.deviations] == ["kryo"]
