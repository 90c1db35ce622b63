"""The harness's own checks: every library round-trips every workload (the decoded value equals
the original), cser's encoded sizes are the ones the Java and Rust tests assert, the smoke run
works and writes nothing.

    benchmarks/target/py-venv/bin/python -m pytest -q benchmarks/python
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import workloads

workloads.generate()

import msgspec  # noqa: E402

import models  # noqa: E402
import models_msgspec  # noqa: E402
import peers  # noqa: E402
import run  # noqa: E402

_VALUES, _REAL_W5 = workloads.cser_values()
_CASES, _NOTES = peers.build_cases(_VALUES)
_BY_KEY = {(c.library, c.workload): c for c in _CASES}


def test_every_library_has_every_workload() -> None:
    assert not _NOTES, _NOTES
    for lib in peers.LIBRARIES:
        for w in workloads.WORKLOADS:
            assert (lib, w) in _BY_KEY


@pytest.mark.parametrize("case", _CASES, ids=[f"{c.library}-{c.workload}" for c in _CASES])
def test_round_trip(case: Any) -> None:
    decoded = case.ops["decode"]()
    assert decoded == case.expected
    assert case.ops["encode"]() == case.data or case.library == "pickle"
    if "decode_lazy" in case.ops:
        assert case.ops["decode_lazy"]().SerializeToString() == case.data


def test_decoded_values_are_fully_built() -> None:
    # cser and pickle give back the generated classes; the peers give back the dataclasses.
    for w in workloads.WORKLOADS:
        assert type(_BY_KEY[("cser", w)].ops["decode"]()) is type(_VALUES[w])
        assert type(_BY_KEY[("pickle", w)].ops["decode"]()) is type(_VALUES[w])
        for lib in ("protobuf", "msgpack", "pyfory"):
            out = _BY_KEY[(lib, w)].ops["decode"]()
            assert type(out).__module__ == "models"
        # msgspec gives back its Structs (models_msgspec.py), the root type of the workload.
        for lib in ("msgspec", "msgspec-json"):
            assert type(_BY_KEY[(lib, w)].ops["decode"]()) is models_msgspec.ROOTS[w]


@pytest.mark.parametrize("library", ["msgspec", "msgspec-json"])
@pytest.mark.parametrize("workload", workloads.WORKLOADS)
def test_msgspec_decodes_the_cser_values(library: str, workload: str) -> None:
    # The Structs a msgspec decode gives back hold the cser value: converted back field by field
    # (by name, with cser's trailing _ on escaped names), they equal the peer dataclasses of it.
    out = _BY_KEY[(library, workload)].ops["decode"]()
    assert _struct_to_peer(out) == models.to_peer(_VALUES[workload])


def _struct_to_peer(value: Any) -> Any:
    if isinstance(value, list):
        return [_struct_to_peer(x) for x in value]
    if isinstance(value, dict):
        return {k: _struct_to_peer(x) for k, x in value.items()}
    if isinstance(value, msgspec.Struct):
        cls = getattr(models, type(value).__name__)
        return cls(*(_struct_to_peer(getattr(value, f)) for f in value.__struct_fields__))
    return value


def test_msgspec_bad_bytes_raise_its_decode_error() -> None:
    case = _BY_KEY[("msgspec", "W6")]
    dec = msgspec.msgpack.Decoder(type=models_msgspec.ROOTS["W6"])
    assert dec.decode(case.data) == case.expected
    with pytest.raises(msgspec.DecodeError):
        dec.decode(case.data[:-3])


def test_cser_sizes() -> None:
    sizes = {w: len(_BY_KEY[("cser", w)].data) for w in workloads.WORKLOADS}
    assert len(_VALUES["W1"].items) == 100_000
    assert sizes["W1"] == 200_006  # 2 bytes per EmptyData, count and record length 3 bytes each
    assert len(_VALUES["W2"].employees) == 5_000
    assert sizes["W2"] == 216_675
    assert sizes["W3"] == 702
    assert sizes["W4"] == 28
    assert sizes["W6"] == 222


def test_w5_is_the_real_data_or_the_fallback() -> None:
    n = len(_VALUES["W5"].molecules)
    assert n == (4_991 if _REAL_W5 else 2)


def test_w5_fallback_warns(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(workloads, "W5_JSON", tmp_path / "absent.json")
    with pytest.warns(UserWarning, match="built-in set"):
        value, real = workloads.load_w5()
    assert not real and len(value.molecules) == 2
    assert type(value).decode(value.encode()) == value


def test_smoke_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "python.json"
    assert run.main(["--mode", "smoke", "--out", str(out)]) == 0
    assert not out.exists()
    assert "all round trips hold" in capsys.readouterr().out


def test_quantiles() -> None:
    values = sorted(float(x) for x in range(1, 101))
    assert run.quantile(values, 0.5) == pytest.approx(50.5, abs=1)
    assert run.quantile(values, 0.1) == pytest.approx(10.9, abs=1)
    assert run.quantile(values, 0.9) == pytest.approx(90.1, abs=1)
    assert run.quantile([7.0], 0.9) == 7.0


def test_targets_lines() -> None:
    rows = [
        {"workload": "W2", "library": lib, "op": op, "median_ns": ns}
        for lib, op, ns in (("cser", "decode", 100.0), ("protobuf", "decode", 200.0), ("msgpack", "decode", 50.0))
    ]
    lines = run.targets(rows)
    assert any("protobuf/cser =  2.00x  met" in x for x in lines)
    assert any("msgpack/cser =  0.50x  NOT met" in x for x in lines)
    assert any("pyfory  : not measured" in x for x in lines)
    # msgspec is a target on W3 too, the other peers only on W2 and W6.
    w3 = run.targets([{"workload": "W3", "library": "cser", "op": "decode", "median_ns": 100.0},
                      {"workload": "W3", "library": "msgspec", "op": "decode", "median_ns": 80.0}])
    assert w3 == ["W3 decode vs msgspec : cser       0.10 us, msgspec       0.08 us, msgspec/cser =  0.80x  NOT met"]


def test_held_heap_serves_a_large_decode_without_page_faults() -> None:
    """heap.hold: once the held arenas are mapped, building and freeing megabytes of small
    objects (cser's W1 decode: 100,000 records, a dict and a list each) maps nothing new. Without
    it, every such decode took thousands of page faults (3,778 on the machine of heap.py)."""
    import gc
    import resource

    import heap

    held = heap.hold(256)
    case = _BY_KEY[("cser", "W1")]
    decode = case.ops["decode"]
    for _ in range(3):
        decode()  # the first calls may still touch the held arenas' pools for the first time
    gc.collect()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(5):
        decode()
        gc.collect()
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before
    del held
    # A few pages may still be new (the collector's own bookkeeping); a decode of W1 alone
    # covers about 3,800.
    assert faults < 100, faults
