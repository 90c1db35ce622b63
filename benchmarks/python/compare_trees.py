"""Compares cser's Python rows between two checkouts (a base commit and a change), for a "no row
regresses" check on a machine shared with other work.

    python compare_trees.py time BASE NEW [--runs 5] [--libraries cser,cser-pure] [--workloads W1,...]
    python compare_trees.py callgrind BASE NEW [--native] [--libraries ...] [--workloads ...]

BASE and NEW are checkout roots, each with its benchmark venv made (``benchmarks/python/setup.sh``)
and its compiler jar built. ``time`` runs ``run.py --mode quick --no-alloc`` in each, alternately,
``--runs`` times, and prints the median of the medians per row. ``callgrind`` counts the
instructions of one operation under valgrind's callgrind, which the machine's load does not
change: a run of 2N operations minus a run of N, with the garbage collector off; ``--native``
counts only the C accelerator's own functions (their self cost, the binding ones left out).
W5 is read from benchmarks/target/data/w5_molecules.json of NEW (encoded once, then decoded by
each tree).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

WORKLOADS = ("W1", "W2", "W3", "W4", "W5", "W6")
#: Operations per callgrind run (N; the 2N run doubles it), about a second of the C path each.
ITERATIONS = {"W1": 2, "W2": 10, "W3": 400, "W4": 2000, "W5": 1, "W6": 1000}
#: The accelerator's functions that bind descriptors: run once, not per operation.
BINDING = {"bind", "bind_types", "parse_spec", "declare", "define", "define_fields", "define_variants",
           "slot_offset", "registered", "load_errors", "errors_init", "bind_init", "PyInit__native"}


def python_of(root: Path) -> str:
    return str(root / "benchmarks" / "target" / "py-venv" / "bin" / "python")


def time_trees(base: Path, new: Path, runs: int, libraries: str, workloads: str) -> None:
    results: dict[str, list[dict[tuple[str, str, str], float]]] = {"base": [], "new": []}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            order = [("base", base), ("new", new)] if i % 2 == 0 else [("new", new), ("base", base)]
            for name, root in order:
                out = Path(tmp) / f"{name}-{i}.json"
                subprocess.run(
                    [python_of(root), str(root / "benchmarks" / "python" / "run.py"), "--mode", "quick",
                     "--no-alloc", "--libraries", libraries, "--workloads", workloads, "--out", str(out)],
                    check=True, stdout=subprocess.DEVNULL,
                )
                rows = json.loads(out.read_text(encoding="utf-8"))["rows"]
                results[name].append({(r["workload"], r["library"], r["op"]): r["median_ns"] for r in rows})
    print(f"{'row':26s} {'base us':>12s} {'new us':>12s} {'new/base':>9s}   (median of {runs} quick runs each)")
    for key in results["base"][0]:
        b = statistics.median(r[key] for r in results["base"])
        n = statistics.median(r[key] for r in results["new"])
        print(f"{' '.join(key):26s} {b / 1e3:12.2f} {n / 1e3:12.2f} {n / b:9.3f}")


def callgrind(root: Path, workload: str, library: str, op: str, n: int, native: bool, w5: Path) -> float:
    """Instructions of ``n`` operations (the whole process, or the accelerator's functions)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = {k: v for k, v in os.environ.items() if k != "CSER_PURE_PYTHON"}
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--cache-sim=no", python_of(root),
             __file__, "op", str(root), workload, library, op, str(n), str(w5)],
            capture_output=True, text=True, env=env, check=True,
        )
        if not native:
            m = re.search(r"Collected : (\d+)", run.stderr)
            if m is None:
                raise SystemExit(run.stderr[-2000:])
            return float(m.group(1))
        ann = subprocess.run(["callgrind_annotate", "--threshold=100", str(out)], capture_output=True, text=True,
                             check=True).stdout
    total = 0
    for line in ann.splitlines():
        # The accelerator's .c files and the headers whose functions they inline (wire.h, native.h):
        # callgrind_annotate lists the inlined part of a function under the header's name.
        m = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(\S*_native/\S*\.[ch]):(\S+)", line)
        if m and m.group(3).split("'")[0].split(".")[0] not in BINDING:
            total += int(m.group(1).replace(",", ""))
    return float(total)


def callgrind_trees(base: Path, new: Path, native: bool, libraries: str, workloads: str) -> None:
    w5 = Path(tempfile.mkstemp(suffix=".cser")[1])
    subprocess.run([python_of(new), __file__, "w5", str(new), str(w5)], check=True)
    what = "C accelerator instr/op" if native else "instructions/op"
    print(f"{'row':26s} {'base ' + what:>28s} {'new ' + what:>28s} {'new/base':>9s}")
    try:
        for workload in workloads.split(","):
            for library in libraries.split(","):
                for op in ("encode", "decode"):
                    n = ITERATIONS[workload]
                    per_op = {}
                    for name, root in (("base", base), ("new", new)):
                        twice = callgrind(root, workload, library, op, 2 * n, native, w5)
                        once = callgrind(root, workload, library, op, n, native, w5)
                        per_op[name] = (twice - once) / n
                    print(f"{workload} {library:9s} {op:14s} {per_op['base']:28,.0f} {per_op['new']:28,.0f} "
                          f"{per_op['new'] / per_op['base']:9.3f}", flush=True)
    finally:
        w5.unlink()


def _paths(root: Path) -> None:
    sys.path[:0] = [str(root / "benchmarks" / "python"), str(root / "benchmarks" / "target" / "python-gen"),
                    str(root / "benchmarks" / "target" / "python-proto"), str(root / "runtimes" / "python" / "tests")]


def _value(workload: str, w5: Path) -> Any:
    import values as v

    if workload == "W1":
        return v.empty_data_set(100_000)
    if workload == "W2":
        from bench.employee import Staff

        return Staff(employees=[v.employee(i) for i in range(5000)])
    if workload == "W3":
        return v.sakai_entity(0)
    if workload == "W4":
        return v.message(12345)
    if workload == "W5":
        from chem import MoleculeSet

        return MoleculeSet.decode(w5.read_bytes())
    return v.media_content()


def run_operation(root: Path, workload: str, library: str, op: str, n: int, w5: Path) -> None:
    """Inside callgrind: one operation N times, as run.py times it, after two warm-up calls."""
    _paths(root)
    import peers

    value = _value(workload, w5)
    make = peers.cser_case if library == "cser" else peers.cser_pure_case
    fn: Callable[[], object] = make(workload, value).ops[op]
    fn()
    fn()
    gc.collect()
    gc.freeze()
    gc.disable()
    for _ in range(n):
        fn()


def write_w5(root: Path, out: Path) -> None:
    _paths(root)
    import workloads

    w5, _ = workloads.load_w5()
    out.write_bytes(w5.encode())


def main() -> None:
    if sys.argv[1:2] == ["op"]:
        root, workload, library, op, n, w5 = sys.argv[2:8]
        run_operation(Path(root), workload, library, op, int(n), Path(w5))
        return
    if sys.argv[1:2] == ["w5"]:
        write_w5(Path(sys.argv[2]), Path(sys.argv[3]))
        return
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=("time", "callgrind"))
    ap.add_argument("base", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--native", action="store_true", help="callgrind: the C accelerator's own functions only")
    ap.add_argument("--libraries", default="cser,cser-pure")
    ap.add_argument("--workloads", default=",".join(WORKLOADS))
    args = ap.parse_args()
    base, new = args.base.resolve(), args.new.resolve()
    if args.mode == "time":
        time_trees(base, new, args.runs, args.libraries, args.workloads)
    else:
        callgrind_trees(base, new, args.native, args.libraries, args.workloads)


if __name__ == "__main__":
    main()
