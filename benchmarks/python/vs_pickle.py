"""cser's generated Python against pickle (protocol 5) on W2, W5 and W6: encode and decode time
(median of 7 timeit runs, each long enough for timeit's autorange) and bytes.

Run after ``make test-python`` (which generates the example code into
runtimes/python/target/generated)::

    runtimes/python/.venv/bin/python benchmarks/python/vs_pickle.py

The full Python harness (protobuf, msgpack, pyfory; pyperf) is the benchmarks issue's work.
"""

from __future__ import annotations

import pickle
import statistics
import sys
import timeit
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def median_us(fn: Callable[[], object]) -> float:
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    return statistics.median(min(timer.repeat(repeat=1, number=number)) / number * 1e6 for _ in range(7))


def bench(name: str, value: Any, cls: Any) -> None:
    data = value.encode()
    pickled = pickle.dumps(value, protocol=5)
    print(f"{name}: cser {len(data)} B, pickle {len(pickled)} B")
    for label, fn in (
        ("cser encode", value.encode),
        ("cser decode", lambda: cls.decode(data)),
        ("pickle dumps", lambda: pickle.dumps(value, protocol=5)),
        ("pickle loads", lambda: pickle.loads(pickled)),
    ):
        print(f"  {label:14s} {median_us(fn):7.2f} us")


def main() -> None:
    # The generated code, and the workloads as the Java and Rust tests build them.
    sys.path[:0] = [str(ROOT / "runtimes/python/target/generated"), str(ROOT / "runtimes/python/tests")]
    import values
    from bench.employee import Employee
    from bench.media import MediaContent
    from chem import Atom, Bond, BondOrder, Molecule, Stereo

    thirty_atoms = Molecule(
        name="C30",
        atoms=[Atom(element=6, charge=0, implicit_hydrogens=2, aromatic=i % 2 == 0) for i in range(30)],
        bonds=[Bond(begin=i, end=i + 1, order=BondOrder.SINGLE, stereo=Stereo.NONE) for i in range(29)],
        coords_2d=[float(i) for i in range(60)],
    )
    bench("W2 Employee", values.employee(17), Employee)
    bench("W6 MediaContent", values.media_content(), MediaContent)
    bench("W5 ethanol", values.ethanol(), Molecule)
    bench("W5 30 atoms", thirty_atoms, Molecule)


if __name__ == "__main__":
    main()
