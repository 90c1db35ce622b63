"""The Python harness: cser's generated Python against pickle, protobuf (upb), msgpack, pyfory and msgspec
on W1-W6 (benchmarks/README.md, "Conventions every harness follows").

    benchmarks/python/setup.sh
    benchmarks/target/py-venv/bin/python benchmarks/python/run.py --mode full|quick|smoke

full and quick measure every case in three rounds, each a process of this program of its own,
keep the round with the middle median per row and write benchmarks/results/python.json (or
--out); a row's vs_cser is the median, over the turns of all three rounds, of its library's
time divided by cser's in the same turn. smoke runs every operation once,
checks every round trip and writes nothing. The end of the output compares cser with the peers
on the targets (W2 and W6: decode and encode faster than protobuf, msgpack and pyfory; W2, W3 and W6:
than msgspec).
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time
import tracemalloc
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import heap  # noqa: E402
import workloads  # noqa: E402

workloads.add_paths()

RESULTS = workloads.ROOT / "benchmarks" / "results" / "python.json"
# The targets: (peer, workloads) where cser is to be faster at decode and encode (issue 18 adds
# msgspec on W3 too).
TARGET_PEERS = ("protobuf", "msgpack", "pyfory", "msgspec")
TARGET_WORKLOADS = ("W2", "W3", "W6")
_TARGETS_ON: dict[str, tuple[str, ...]] = {"msgspec": ("W2", "W3", "W6")}


@dataclass(frozen=True)
class Mode:
    rounds: int  # processes measuring every case, one after another (the middle median is kept)
    repeats: int  # timed repeats per operation and round (the median, p10 and p90 are over these)
    min_time_s: float  # each repeat runs the operation in a loop at least this long
    alloc_runs: int  # tracemalloc runs per operation (the smallest peak is kept)


LIBRARIES = ("cser", "cser-pure", "pickle", "protobuf", "msgpack", "pyfory", "msgspec", "msgspec-json")
# A quick run has six minutes for every harness: cser and the peers of the targets only.
QUICK_LIBRARIES = ("cser", *TARGET_PEERS)
# ... on the targets' workloads (W4's nanosecond encodes, without a target, move with the host's
# state between a full run and a quick run right after it). W1's and W5's decodes (100,000
# records, 5,000 molecules) are mostly the cyclic collector's passes over the containers they
# build in every library but cser (whose decoder pauses the collector), and what those passes
# cost moves from one process to the next with the same collections in each, so three processes
# of a quick run could not repeat the full run's ratios. As in the Java harness, the quick run
# leaves them to the full run (--workloads W1,W5 to time them anyway). benchmarks/notes.md,
# "Python (run.py)", has the measurements.
QUICK_WORKLOADS = ("W2", "W3", "W6")

# Three rounds, each in a process of its own: W1's and W5's rows (hundreds of kilobytes to
# megabytes of objects per operation) move from one process to the next, so one process could
# not repeat its own ratios (benchmarks/notes.md, "Python (run.py)"); the round with the middle
# median is kept. quick has as many repeats as full (shorter ones), so that vs_cser has as many
# turns to pair: 27.
MODES = {
    "full": Mode(rounds=3, repeats=9, min_time_s=0.1, alloc_runs=3),
    "quick": Mode(rounds=3, repeats=9, min_time_s=0.02, alloc_runs=1),
    "smoke": Mode(rounds=1, repeats=1, min_time_s=0.0, alloc_runs=1),
}


# The workloads over megabytes of objects (100,000 EmptyData, 5,000 molecules): each of their
# calls runs after a full collection, and every repeat warms up for LARGE_WARM_NS first. Chosen
# by workload, not by a call's time, so that every library of a workload is timed the same way
# in every run (chosen by a call's time, cser's and msgspec's W1 encodes, close to any threshold,
# fell on either side of it from run to run).
LARGE_WORKLOADS = ("W1", "W5")
LARGE_WARM_NS = 30_000_000

# A row's key: (workload, library, op).
Key = tuple[str, str, str]


def time_ops(fns: list[Any], mode: Mode, large: bool) -> list[list[float]]:
    """Nanoseconds per operation of each repeat, for each of ``fns`` (one operation of one
    workload in every library), after a warm-up; the garbage collector stays on (decoding builds
    object graphs, and collecting them is part of the cost). Repeat i of every fn is one turn:
    entry i of each list (in the order timed, not sorted) was taken within the same turn, which
    ``turn_ratios`` pairs. With ``mode.repeats`` 1 (smoke), the one entry is the warm-up call.

    The libraries take turns: each repeat times every library once, in alternating order (cser
    first, then last), so all of them are measured across the same stretch of time. On this
    machine an operation over megabytes of objects drifts slowly: cser's W1 encode went from
    3.7 ms to 1.5 ms and back to 2 ms over 200 calls in a row, one process, same objects; timed
    one library after another, each ratio to cser depended on where in that drift each landed.

    A repeat runs an operation untimed first, the caches having held the previous library's
    objects: once, or for ``LARGE_WARM_NS`` on a ``large`` workload (over megabytes of objects
    a call slows down for several calls after another library ran: cser's W1 encode took 3.8 ms
    the first time, 2 ms from the sixth, in every turn). Then it runs in a loop of at least
    ``mode.min_time_s``. On a ``large`` workload each call starts after ``gc.collect()``
    (outside the time): what such a call costs
    depends on the collector's state when it starts (one that starts as the oldest generation
    falls due pays for a collection of all it has built so far), and that state depended on how
    many calls ran before, so quick and full runs, whose loops differ, measured different things
    (W5 pyfory decode 5.56x cser in one, 3.57x in the other)."""
    plans = []
    for fn in fns:
        t0 = time.perf_counter_ns()
        fn()  # warm-up, and the estimate of one operation's time
        one = max(time.perf_counter_ns() - t0, 1)
        plans.append((fn, max(1, math.ceil(mode.min_time_s * 1e9 / one)), large, one))
    if mode.repeats == 1:
        return [[float(one)] for _, _, _, one in plans]
    clock = time.perf_counter_ns
    out: list[list[float]] = [[] for _ in fns]
    for i in range(mode.repeats + 1):
        order = range(len(plans)) if i % 2 == 0 else range(len(plans) - 1, -1, -1)
        for k in order:
            fn, loops, large_op, _ = plans[k]
            # Untimed: the library timed before this one has just had the caches.
            warm_until = clock() + (LARGE_WARM_NS if large_op else 0)
            fn()
            while clock() < warm_until:
                fn()
            if large_op:
                dt = 0
                for _ in range(loops):
                    gc.collect()
                    t0 = clock()
                    fn()
                    dt += clock() - t0
            else:
                t0 = clock()
                for _ in range(loops):
                    fn()
                dt = clock() - t0
            if i:  # the first repeat is one more warm-up
                out[k].append(dt / loops)
    return out


def turn_ratios(ns: list[float], cser_ns: list[float]) -> list[float]:
    """Per turn: a library's time per operation divided by cser's in the same turn (both lists as
    ``time_ops`` gives them, in the order timed)."""
    return [mine / cser for mine, cser in zip(ns, cser_ns, strict=True)]


def vs_cser(ratios: list[float]) -> float | None:
    """A row's ``vs_cser``: the median of its per-turn ratios to cser, null without any (cser was
    not timed alongside)."""
    return round(statistics.median(ratios), 4) if ratios else None


def measure(cases: list[Any], mode: Mode) -> tuple[dict[Key, list[float]], dict[Key, list[float]]]:
    """Times every operation of ``cases``; gives, per row, the nanoseconds per operation of every
    turn (in the order timed) and the turn-by-turn ratios to cser of the same workload and op
    (empty where cser was not timed alongside; all 1 for cser's rows).

    The quick run's libraries are timed first, taking turns among themselves, every workload
    and operation; the others after all of them. What an operation costs depends on which
    libraries ran in between (W1's msgpack decode: 104 ms taking turns with the quick run's
    four, 114-124 ms with all seven) and may depend on what ran before it in the process (W1's
    msgpack, pyfory and msgspec decodes measured 13-19% slower in a full run, where the other
    libraries' W1 encodes ran just before them, than in the quick run after it, cser's 2%), so
    the rows a quick run has are measured the same way, after the same operations, in both.
    cser takes turns in the second group too, so that every library has its turns paired with
    cser's; cser's own row stays the first group's."""
    timed: dict[Key, list[float]] = {}
    ratios: dict[Key, list[float]] = {}
    for group in ([c for c in cases if c.library in QUICK_LIBRARIES],
                  [c for c in cases if c.library not in QUICK_LIBRARIES or c.library == "cser"]):
        for workload in dict.fromkeys(c.workload for c in group):
            here = [c for c in group if c.workload == workload]
            for op in dict.fromkeys(op for c in here for op in c.ops):
                with_op = [c for c in here if op in c.ops]
                if all((workload, c.library, op) in timed for c in with_op):
                    continue  # cser alone in the second group: nothing to pair
                ns_all = time_ops([c.ops[op] for c in with_op], mode, workload in LARGE_WORKLOADS)
                cser_ns = next((ns for c, ns in zip(with_op, ns_all, strict=True) if c.library == "cser"), None)
                for c, ns in zip(with_op, ns_all, strict=True):
                    key = (workload, c.library, op)
                    if key in timed:
                        continue  # cser in the second group: its turns only pair the others'
                    timed[key] = ns
                    ratios[key] = [] if cser_ns is None else turn_ratios(ns, cser_ns)
    return timed, ratios


def alloc_op(fn: Any, runs: int) -> int:
    """The peak of memory allocated through Python's allocators while one operation runs, above
    what was allocated before it (tracemalloc; the result is alive at the peak)."""
    best = None
    for _ in range(runs):
        gc.collect()
        tracemalloc.reset_peak()
        base = tracemalloc.get_traced_memory()[0]
        result = fn()
        peak = tracemalloc.get_traced_memory()[1] - base
        del result
        best = peak if best is None else min(best, peak)
    assert best is not None
    return best


def quantile(sorted_values: list[float], q: float) -> float:
    if len(sorted_values) == 1:
        return sorted_values[0]
    return statistics.quantiles(sorted_values, n=100, method="inclusive")[round(q * 100) - 1]


def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = None
    try:
        mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        pass
    return {
        "os": platform.platform(),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_bytes": mem,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def check(case: Any) -> None:
    """Every round trip: the encoded bytes decode to the original, encode gives the same size."""
    for op, fn in case.ops.items():
        out = fn()
        if op == "encode":
            ok = len(out) == len(case.data)
        elif op == "decode":
            ok = out == case.expected
        else:
            ok = True
        if not ok:
            raise AssertionError(f"{case.library} {case.workload} {op}: round trip failed")


def targets(rows: list[dict[str, Any]]) -> list[str]:
    """The targets' lines: the peer's vs_cser, its time / cser's turn by turn (> 1: cser is
    faster); peer median / cser median for rows without it (results files written before it)."""
    med = {(r["workload"], r["library"], r["op"]): r["median_ns"] for r in rows}
    paired = {(r["workload"], r["library"], r["op"]): r.get("vs_cser") for r in rows}
    lines = []
    for w in TARGET_WORKLOADS:
        for op in ("decode", "encode"):
            mine = med.get((w, "cser", op))
            if mine is None:
                continue
            for peer in TARGET_PEERS:
                if w not in _TARGETS_ON.get(peer, ("W2", "W6")):
                    continue
                theirs = med.get((w, peer, op))
                if theirs is None:
                    lines.append(f"{w} {op:6s} vs {peer:8s}: not measured")
                    continue
                ratio = paired.get((w, peer, op))
                if ratio is None:
                    ratio = theirs / mine
                verdict = "met" if ratio > 1 else "NOT met"
                lines.append(
                    f"{w} {op:6s} vs {peer:8s}: cser {mine / 1e3:10.2f} us, {peer} {theirs / 1e3:10.2f} us, "
                    f"{peer}/cser = {ratio:5.2f}x  {verdict}"
                )
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", choices=sorted(MODES), default="quick")
    ap.add_argument("--out", type=Path, default=RESULTS, help="results file (full and quick)")
    ap.add_argument("--workloads", help="e.g. W2,W6 (default: all; quick: W2, W3, W4, W6)")
    ap.add_argument("--libraries", help="e.g. cser,msgspec (default: all; quick: cser and the targets' peers)")
    ap.add_argument("--no-alloc", action="store_true", help="skip the tracemalloc pass (alloc_bytes null)")
    ap.add_argument("--summarize", type=Path, metavar="JSON", help="print the targets of a results file")
    ap.add_argument("--round", type=int, default=0, help=argparse.SUPPRESS)  # set in a round's process
    args = ap.parse_args(argv)

    if args.summarize:
        doc = json.loads(args.summarize.read_text(encoding="utf-8"))
        print("\n".join(targets(doc["rows"])))
        return 0

    mode = MODES[args.mode]
    if mode.rounds > 1 and not args.round:
        return run_rounds(args, mode, argv if argv is not None else sys.argv[1:])
    started = time.perf_counter()
    workloads.generate()
    import peers

    values, real_w5 = workloads.cser_values(small=args.mode == "smoke")
    default_workloads = QUICK_WORKLOADS if args.mode == "quick" else workloads.WORKLOADS
    wanted = args.workloads.split(",") if args.workloads else default_workloads
    libraries = args.libraries.split(",") if args.libraries else QUICK_LIBRARIES if args.mode == "quick" else LIBRARIES
    # Every library's objects of every workload are built, whichever are timed: where an
    # operation's objects land depends on what was built before them, and that moved W1's
    # msgpack encode by over a third (benchmarks/notes.md, "Python (run.py)").
    built, notes = peers.build_cases(values, LIBRARIES)
    cases = [c for c in built if c.library in libraries and c.workload in wanted]
    if not real_w5:
        notes.append("W5 is the built-in 2-molecule set: benchmarks/target/data/w5_molecules.json is absent")
    for c in cases:
        check(c)
    if args.mode == "smoke":
        notes.append("smoke: W1, W2 and W5 cut to 1,000 items, 500 employees and 200 molecules")
    print(f"{len(cases)} cases built and round-tripped in {time.perf_counter() - started:.1f} s", flush=True)

    rows: list[dict[str, Any]] = []
    # The harness's own objects (every workload in every library's form: millions of objects)
    # go to the permanent generation, so that the collections an operation triggers traverse
    # what the operation built, not the harness: the collector stays on for the operations.
    gc.collect()
    gc.freeze()
    # Every operation reuses memory already mapped: page faults, whose cost follows the host's
    # state, are not timed (heap.py). 256 MiB: the largest operation holds about 70 MB.
    held = heap.hold(256)
    timed, ratios = measure(cases, mode)
    for c in cases:
        for op in c.ops:
            key = (c.workload, c.library, op)
            ns = sorted(timed[key])
            row: dict[str, Any] = {
                "language": "python", "workload": c.workload, "library": c.library, "op": op,
                "median_ns": round(statistics.median(ns), 1),
                "p10_ns": round(quantile(ns, 0.10), 1),
                "p90_ns": round(quantile(ns, 0.90), 1),
                "vs_cser": vs_cser(ratios[key]),
                "bytes": len(c.data), "alloc_bytes": None,
                # For run_rounds, which pools every round's turns; not written (write drops it).
                "vs_cser_turns": ratios[key],
            }
            rows.append(row)
            paired = "" if row["vs_cser"] is None else f"  {row['vs_cser']:.2f}x cser"
            print(
                f"{c.workload} {c.library:12s} {op:11s} {row['median_ns'] / 1e3:12.2f} us "
                f"[{row['p10_ns'] / 1e3:.2f} .. {row['p90_ns'] / 1e3:.2f}]  {len(c.data)} B{paired}",
                flush=True,
            )
    if not args.no_alloc:
        # A separate pass: tracemalloc slows every allocation down, so it never overlaps timing.
        by_key = {(r["workload"], r["library"], r["op"]): r for r in rows}
        tracemalloc.start()
        for c in cases:
            for op, fn in c.ops.items():
                by_key[(c.workload, c.library, op)]["alloc_bytes"] = alloc_op(fn, mode.alloc_runs)
        tracemalloc.stop()
    del held

    if args.round:
        # A round's process: its rows go to the parent, which prints the targets and writes.
        args.out.write_text(json.dumps({"rows": rows, "notes": notes}) + "\n", encoding="utf-8")
        return 0
    elapsed = time.perf_counter() - started
    if args.mode == "smoke":
        report(rows, notes)
        print(f"smoke: {len(rows)} operations ran once, all round trips hold ({elapsed:.1f} s); nothing written")
        return 0
    write(args, rows, notes, elapsed)
    return 0


def report(rows: list[dict[str, Any]], notes: list[str]) -> None:
    print("\ntargets (W2, W6; msgspec also W3; ratio = peer time / cser time turn by turn (vs_cser), > 1 means "
          "cser is faster):")
    print("\n".join(targets(rows)))
    for n in notes:
        print(f"note: {n}")


def write(args: argparse.Namespace, rows: list[dict[str, Any]], notes: list[str], elapsed: float) -> None:
    import peers

    report(rows, notes)
    rows = [{k: v for k, v in r.items() if k != "vs_cser_turns"} for r in rows]
    doc = {
        "language": "python",
        "mode": args.mode,
        "machine": machine(),
        "versions": peers.versions(),
        "rows": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({len(rows)} rows, {elapsed:.0f} s)")


def run_rounds(args: argparse.Namespace, mode: Mode, argv: list[str]) -> int:
    """Measures every case in ``mode.rounds`` processes of this program, one after another, and
    writes each row as the round with the middle median; the first round also counts
    allocations (the counts do not move from one process to the next). A row's vs_cser is the
    median of every round's turn-by-turn ratios, pooled: a ratio of the kept rounds' medians
    would mix whatever states of the host each round, and each turn within it, landed in."""
    started = time.perf_counter()
    by_key: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    notes: list[str] = []
    args.out.parent.mkdir(parents=True, exist_ok=True)
    for r in range(1, mode.rounds + 1):
        part = args.out.with_suffix(f".round{r}.json")
        cmd = [sys.executable, str(Path(__file__).resolve()), *argv, "--round", str(r), "--out", str(part)]
        if r > 1:
            cmd.append("--no-alloc")
        print(f"round {r} of {mode.rounds}", flush=True)
        subprocess.run(cmd, check=True)
        doc = json.loads(part.read_text(encoding="utf-8"))
        part.unlink()
        notes = doc["notes"]
        for row in doc["rows"]:
            by_key.setdefault((row["workload"], row["library"], row["op"]), []).append(row)
    rows = []
    for measured in by_key.values():
        middle = dict(sorted(measured, key=lambda row: row["median_ns"])[len(measured) // 2])
        middle["alloc_bytes"] = measured[0]["alloc_bytes"]
        middle["vs_cser"] = vs_cser([t for row in measured for t in row["vs_cser_turns"]])
        rows.append(middle)
    write(args, rows, notes, time.perf_counter() - started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
