"""Compares a quick benchmark run with a full one: how far each row's ratio to cser in the quick
run is from the same ratio in the full run (issue 18: the quick run is trusted when every
|quick ratio / full ratio - 1| is within 15%).

    python benchmarks/compare_modes.py [--full DIR] [--quick DIR] [--threshold 0.15] [--check]

Both directories hold the harnesses' result files (benchmarks/README.md, "Results"): the full
run's are the committed benchmarks/results/*.json, a quick run (make bench-quick) writes
benchmarks/target/quick/*.json. Files are matched by name. For every harness it prints the rows
compared, the largest deviation and the row it is on, and every row over the threshold.
--check makes the exit status 1 when a row is over it.

A row's ratio is its `vs_cser` where it has one: the median, over the turns in which the harness
timed it and cser side by side, of its time over cser's (benchmarks/README.md, "Turns"). Rows
without (the Java W1/W5 and stream rows, the Kafka rows, a result file of an older harness) fall
back to the row's median time over cser's median time for the same (language, workload, op).
cser's own rows are 1 by definition and are left out. The Kafka benchmark's rows
(results/kafka.json) have no op: each of its times per record (ser_ns, deser_ns, and end to end,
1 / msgs_per_s) is an op, and the workload is the workload with its compression. Rows without a
cser row to divide by (the cross-language stream's) are skipped.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
FULL = HERE / "results"
QUICK = HERE / "target" / "quick"
BASE = "cser"

# (language, workload, library, op)
Key = tuple[str, str, str, str]


@dataclass(frozen=True)
class Deviation:
    key: Key
    quick_ratio: float
    full_ratio: float

    @property
    def value(self) -> float:
        """quick ratio / full ratio - 1: signed, 0 when the quick run agrees exactly."""
        return self.quick_ratio / self.full_ratio - 1


@dataclass(frozen=True)
class Comparison:
    harness: str
    deviations: list[Deviation]
    only_quick: list[Key]  # rows of the quick run the full run does not have

    def largest(self) -> Deviation | None:
        return max(self.deviations, key=lambda d: abs(d.value), default=None)

    def over(self, threshold: float) -> list[Deviation]:
        return sorted((d for d in self.deviations if abs(d.value) > threshold), key=lambda d: -abs(d.value))


def times(doc: dict[str, Any]) -> dict[Key, float]:
    """The time per operation of every row of one result file, by (language, workload, library, op)."""
    out: dict[Key, float] = {}
    for row in doc.get("rows", []):
        if "format" in row:  # the Kafka benchmark: one row per (language, workload, format, compression)
            workload = f"{row['workload']} {row['compression']}"
            for op, value in (("ser", row.get("ser_ns")), ("deser", row.get("deser_ns")),
                              ("end-to-end", 1e9 / row["msgs_per_s"] if row.get("msgs_per_s") else None)):
                if value is not None:
                    out[(row["language"], workload, row["format"], op)] = float(value)
        elif row.get("median_ns") is not None:
            out[(row["language"], row["workload"], row["library"], row["op"])] = float(row["median_ns"])
    return out


def turn_ratios(doc: dict[str, Any]) -> dict[Key, float]:
    """The `vs_cser` of every non-cser row that has one, by (language, workload, library, op)."""
    return {(row["language"], row["workload"], row["library"], row["op"]): float(row["vs_cser"])
            for row in doc.get("rows", [])
            if row.get("vs_cser") is not None and row.get("library") != BASE}


def ratios(t: dict[Key, float], paired: dict[Key, float] | None = None) -> dict[Key, float]:
    """Each non-cser row's ratio to cser for the same (language, workload, op): its turns' ratio
    from ``paired`` where there is one, else its time over cser's."""
    out: dict[Key, float] = {}
    for key, value in t.items():
        language, workload, library, op = key
        base = t.get((language, workload, BASE, op))
        if paired and key in paired:
            out[key] = paired[key]
        elif library != BASE and base:
            out[key] = value / base
    return out


def compare(harness: str, quick: dict[str, Any], full: dict[str, Any]) -> Comparison:
    q, f = ratios(times(quick), turn_ratios(quick)), ratios(times(full), turn_ratios(full))
    deviations = [Deviation(k, q[k], f[k]) for k in q if k in f and f[k] > 0]
    return Comparison(harness, deviations, [k for k in q if k not in f])


def compare_dirs(quick_dir: Path, full_dir: Path) -> list[Comparison]:
    """One comparison per result file present in both directories, by file name."""
    out = []
    for path in sorted(quick_dir.glob("*.json")):
        full_path = full_dir / path.name
        if full_path.is_file():
            out.append(compare(path.stem, json.loads(path.read_text()), json.loads(full_path.read_text())))
    return out


def fmt_key(k: Key) -> str:
    return " ".join(k)


def render(comparisons: list[Comparison], threshold: float) -> str:
    lines = []
    for c in comparisons:
        big = c.largest()
        if big is None:
            lines.append(f"{c.harness}: no rows with a cser ratio in both runs")
            continue
        over = c.over(threshold)
        lines.append(f"{c.harness}: {len(c.deviations)} rows, largest |quick/full - 1| {abs(big.value):.1%} "
                     f"({fmt_key(big.key)}: quick {big.quick_ratio:.3f}x, full {big.full_ratio:.3f}x), "
                     f"{len(over)} over {threshold:.0%}")
        for d in over:
            lines.append(f"    {fmt_key(d.key):45s} quick {d.quick_ratio:8.3f}x  full {d.full_ratio:8.3f}x  "
                         f"{d.value:+.1%}")
        if c.only_quick:
            lines.append(f"    not in the full run: {', '.join(fmt_key(k) for k in c.only_quick)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--full", type=Path, default=FULL, help="the full run's result files (default: %(default)s)")
    ap.add_argument("--quick", type=Path, default=QUICK, help="the quick run's result files (default: %(default)s)")
    ap.add_argument("--threshold", type=float, default=0.15, help="deviation to flag (default: %(default)s)")
    ap.add_argument("--check", action="store_true", help="exit 1 when a row is over the threshold")
    args = ap.parse_args(argv)
    for d in (args.full, args.quick):
        if not d.is_dir():
            print(f"compare_modes: no directory {d}", file=sys.stderr)
            return 2
    comparisons = compare_dirs(args.quick, args.full)
    if not comparisons:
        print(f"compare_modes: no result file in {args.quick} has a namesake in {args.full}", file=sys.stderr)
        return 2
    print(render(comparisons, args.threshold))
    return 1 if args.check and any(c.over(args.threshold) for c in comparisons) else 0


if __name__ == "__main__":
    sys.exit(main())
