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


def test_targets_use_vs_cser_where_present() -> None:
    # The medians' ratio would be 3.00x; the row's turn-by-turn ratio (vs_cser) is what counts.
    rows = [{"workload": "W6", "library": "cser", "op": "encode", "median_ns": 100.0, "vs_cser": 1.0},
            {"workload": "W6", "library": "msgpack", "op": "encode", "median_ns": 300.0, "vs_cser": 0.9}]
    lines = run.targets(rows)
    assert any("msgpack/cser =  0.90x  NOT met" in x for x in lines), lines


class _FakeHost:
    """A clock that only moves when an operation runs, on a host whose speed swings: every
    ``period`` ns of its time it switches between full speed and three times slower."""

    def __init__(self, period: int) -> None:
        self.now = 0
        self.period = period

    def perf_counter_ns(self) -> int:
        return self.now

    def op(self, cost: int) -> Any:
        def fn() -> None:
            self.now += cost * (3 if (self.now // self.period) % 2 else 1)
        return fn


def test_time_ops_turns_pair_on_a_swinging_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """Entry i of every list time_ops gives is from the same turn: on a host whose speed swings
    by 3x over a few turns, each library's times spread by 3x, their ratios per turn do not."""
    host = _FakeHost(period=20_000)
    monkeypatch.setattr(run, "time", host)  # time_ops reads run's time.perf_counter_ns
    mode = run.Mode(rounds=1, repeats=9, min_time_s=1e-6, alloc_runs=1)
    cser, peer = run.time_ops([host.op(100), host.op(250)], mode, large=False)
    assert len(cser) == len(peer) == 9
    assert max(cser) / min(cser) > 2.5 and max(peer) / min(peer) > 2.5  # the swings are in the times
    assert run.vs_cser(run.turn_ratios(peer, cser)) == pytest.approx(2.5, rel=0.02)
    assert run.vs_cser(run.turn_ratios(cser, cser)) == 1.0


def test_vs_cser_is_the_median_of_the_turn_ratios() -> None:
    cser = [100.0, 100.0, 300.0]  # the host slow in the third turn
    peer = [300.0, 200.0, 600.0]  # ratios 3, 2, 2: the medians' ratio (300 / 100) would be 3
    assert run.turn_ratios(peer, cser) == [3.0, 2.0, 2.0]
    assert run.vs_cser(run.turn_ratios(peer, cser)) == 2.0
    assert run.vs_cser([]) is None
    with pytest.raises(ValueError):
        run.turn_ratios(peer, cser[:2])  # turns of two different runs never pair


class _FakeFn:
    """An operation whose every time_ops call gives the next of ``turns`` (ns per turn)."""

    def __init__(self, *turns: list[float]) -> None:
        self.turns = list(turns)

    def __call__(self) -> None:
        raise AssertionError("not run: time_ops is faked")


def test_measure_pairs_every_library_with_cser(monkeypatch: pytest.MonkeyPatch) -> None:
    """cser takes turns in both groups: the quick run's libraries (msgpack) pair with its first
    group's turns, the others (pickle) with its second's; cser's row is its first group's."""
    from types import SimpleNamespace

    calls: list[list[Any]] = []

    def fake_time_ops(fns: list[Any], mode: run.Mode, large: bool) -> list[list[float]]:
        calls.append(fns)
        return [fn.turns.pop(0) for fn in fns]

    monkeypatch.setattr(run, "time_ops", fake_time_ops)
    cser = _FakeFn([100.0, 100.0, 300.0], [200.0, 200.0, 200.0])
    msgpack = _FakeFn([300.0, 200.0, 600.0])
    pickle_ = _FakeFn([400.0, 600.0, 200.0])
    proto_lazy = _FakeFn([50.0, 50.0, 50.0])
    cases = [SimpleNamespace(workload="W6", library=lib, ops=ops) for lib, ops in (
        ("cser", {"decode": cser}), ("pickle", {"decode": pickle_}), ("protobuf", {"decode_lazy": proto_lazy}),
        ("msgpack", {"decode": msgpack}))]
    timed, ratios = run.measure(cases, run.MODES["quick"])
    assert calls == [[cser, msgpack], [proto_lazy], [cser, pickle_]]
    assert timed[("W6", "cser", "decode")] == [100.0, 100.0, 300.0]
    assert run.vs_cser(ratios[("W6", "cser", "decode")]) == 1.0
    assert run.vs_cser(ratios[("W6", "msgpack", "decode")]) == 2.0
    assert ratios[("W6", "pickle", "decode")] == [2.0, 3.0, 1.0]
    assert ratios[("W6", "protobuf", "decode_lazy")] == []  # cser has no decode_lazy: null
    # Without cser, nothing to pair.
    msgpack.turns = [[1.0]]
    timed, ratios = run.measure([cases[3]], run.MODES["quick"])
    assert ratios == {("W6", "msgpack", "decode"): []}


def test_rounds_pool_their_turns(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """run_rounds keeps each row's middle-median round but takes vs_cser over the turns of all
    rounds, and writes no vs_cser_turns."""
    import argparse
    import json

    # Per round: (cser median, msgpack median, msgpack's turn ratios).
    rounds = {1: (300.0, 600.0, [2.0, 2.0, 2.0]), 2: (100.0, 250.0, [2.5, 2.5, 2.5]),
              3: (200.0, 200.0, [1.0, 2.1, 2.2])}

    def fake_run(cmd: list[str], check: bool) -> None:
        r = int(cmd[cmd.index("--round") + 1])
        out = Path(cmd[cmd.index("--out") + 1])
        cser_ns, msgpack_ns, turns = rounds[r]
        rows = [{"language": "python", "workload": "W6", "library": lib, "op": "decode", "median_ns": ns,
                 "p10_ns": ns, "p90_ns": ns, "vs_cser": None, "bytes": 1, "alloc_bytes": 7 if r == 1 else None,
                 "vs_cser_turns": t} for lib, ns, t in (("cser", cser_ns, [1.0] * 3), ("msgpack", msgpack_ns, turns))]
        out.write_text(json.dumps({"rows": rows, "notes": []}), encoding="utf-8")

    from types import SimpleNamespace

    monkeypatch.setattr(run, "subprocess", SimpleNamespace(run=fake_run))  # run's alone: peers.versions uses it
    out = tmp_path / "python.json"
    args = argparse.Namespace(out=out, mode="quick")
    assert run.run_rounds(args, run.MODES["quick"], ["--mode", "quick"]) == 0
    rows = {r["library"]: r for r in json.loads(out.read_text(encoding="utf-8"))["rows"]}
    assert rows["cser"]["median_ns"] == 200.0 and rows["cser"]["vs_cser"] == 1.0
    assert rows["msgpack"]["median_ns"] == 250.0  # round 2's, the middle median
    # Pooled: 1.0, 2.0, 2.0, 2.0, 2.1, 2.2, 2.5, 2.5, 2.5; round 2's turns alone would say 2.5.
    assert rows["msgpack"]["vs_cser"] == 2.1
    assert rows["msgpack"]["alloc_bytes"] == 7
    assert all("vs_cser_turns" not in r for r in rows.values())


def test_a_rounds_rows_carry_vs_cser(tmp_path: Path) -> None:
    """A round's process (smoke: one call per library, its turn) writes vs_cser and the turns
    for every row paired with cser, pickle's too (the second group), and none without cser."""
    import json

    out = tmp_path / "round.json"
    argv = ["--mode", "smoke", "--round", "1", "--no-alloc", "--workloads", "W6", "--out", str(out)]
    assert run.main([*argv, "--libraries", "cser,msgpack,pickle,protobuf"]) == 0
    rows = {(r["library"], r["op"]): r for r in json.loads(out.read_text(encoding="utf-8"))["rows"]}
    assert rows[("cser", "encode")]["vs_cser"] == 1.0
    for lib in ("msgpack", "pickle", "protobuf"):
        r = rows[(lib, "decode")]
        assert r["vs_cser"] is not None and r["vs_cser"] > 0
        assert r["vs_cser_turns"] and r["vs_cser"] == round(r["vs_cser_turns"][0], 4)
    assert rows[("protobuf", "decode_lazy")]["vs_cser"] is None
    assert run.main([*argv, "--libraries", "msgpack"]) == 0
    rows = {(r["library"], r["op"]): r for r in json.loads(out.read_text(encoding="utf-8"))["rows"]}
    assert rows[("msgpack", "decode")]["vs_cser"] is None


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
