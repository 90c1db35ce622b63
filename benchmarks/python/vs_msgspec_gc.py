"""What msgspec's ``gc=False`` buys it on a decode: W6 (or another workload) decoded in turns by
cser (the C accelerator), msgspec with the harness's ``gc=False`` Structs, and msgspec with the
same Structs made with ``gc=True`` (a copy of models_msgspec.py with only that option changed).

A ``gc=False`` Struct type lacks ``Py_TPFLAGS_HAVE_GC``: its instances have no collector header
and are never tracked, so allocating and freeing one skips that work. cser's generated classes
are ordinary Python classes with ``__slots__`` and have both. The three are timed as run.py times
a row (``time_ops``: turns, the ratio to cser taken turn by turn), in one process::

    benchmarks/target/py-venv/bin/python benchmarks/python/vs_msgspec_gc.py [--workload W6] [--repeats 60]

It needs what run.py needs (benchmarks/python/setup.sh; tools/cserc/target/cserc.jar) and writes
nothing; benchmarks/notes.md cites its figures.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

import heap
import models_msgspec
import run
import workloads

_HAVE_GC = 1 << 14  # Py_TPFLAGS_HAVE_GC


def gc_models() -> types.ModuleType:
    """models_msgspec.py with every Struct made with ``gc=True``. Compiled without this file's
    ``from __future__ import annotations``: msgspec reads the annotations when a class is defined."""
    source = Path(models_msgspec.__file__).read_text(encoding="utf-8")
    option = "array_like=True, gc=False)"
    if source.count(option) != 1:
        raise SystemExit(f"models_msgspec.py no longer has one `{option}` (its base Struct)")
    module = types.ModuleType("models_msgspec_gc")
    module.__file__ = models_msgspec.__file__
    code = compile(source.replace(option, "array_like=True, gc=True)"), module.__file__, "exec", dont_inherit=True)
    exec(code, module.__dict__)
    return module


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--workload", default="W6", choices=["W2", "W3", "W6"])
    ap.add_argument("--repeats", type=int, default=60, help="turns (each ≥ 50 ms a library)")
    args = ap.parse_args(argv)

    workloads.generate()
    import models
    import peers
    import peers_msgspec

    values, _ = workloads.cser_values(small=False)
    value = values[args.workload]
    peer = models.to_peer(value)
    cser_case = peers.cser_case(args.workload, value)
    without_gc = peers_msgspec.msgspec_case("msgspec", args.workload, peer)
    run.check(cser_case)
    run.check(without_gc)

    with_gc_models = gc_models()
    with_gc_value = with_gc_models.from_peer(peer)
    root = with_gc_models.ROOTS[args.workload]
    if not root.__flags__ & _HAVE_GC or models_msgspec.ROOTS[args.workload].__flags__ & _HAVE_GC:
        raise SystemExit("the gc option did not change the Struct types' GC flag")
    data = msgspec.msgpack.Encoder().encode(with_gc_value)
    if data != without_gc.data:
        raise SystemExit("the two msgspec models encode differently")
    decode = msgspec.msgpack.Decoder(type=root).decode
    if decode(data) != with_gc_value:
        raise SystemExit("msgspec gc=True does not round-trip")

    fns: list[Callable[[], Any]] = [cser_case.ops["decode"], without_gc.ops["decode"], lambda: decode(data)]
    gc.collect()
    gc.freeze()
    held = heap.hold(64)
    ns = run.time_ops(fns, run.Mode(rounds=1, repeats=args.repeats, min_time_s=0.05, alloc_runs=1), False)
    del held
    print(f"{args.workload} decode, {args.repeats} turns:")
    for name, times in zip(("cser", "msgspec gc=False", "msgspec gc=True"), ns, strict=True):
        ratio = statistics.median(run.turn_ratios(times, ns[0]))
        print(f"  {name:17} median {statistics.median(times):9.1f} ns   vs cser {ratio:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
