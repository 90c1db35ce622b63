"""W4 across languages: 1,000,000 messages over loopback TCP from a sender process to a receiver
process, for the pairs Java→Rust, Rust→Python and Python→Java (and the other six with --all),
with the programs of conformance/across (buffered socket streams, flushed at the end; the
receiver checks every message on arrival). Writes benchmarks/results/cross.json (or --out) rows
(workload "W4-stream", op "stream", median_ns = nanoseconds per message, process start
included) and prints messages per second.

    python benchmarks/stream/w4_cross.py --mode full|quick|smoke [--all] [--out PATH]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "conformance" / "across"))

import run_across  # noqa: E402  (the programs and how to start them)

PAIRS = [("java", "rust"), ("rust", "python"), ("python", "java")]


def one(sender: str, receiver: str, count: int) -> float:
    """Seconds for one transfer, from the sender's start to the receiver's last check."""
    recv = subprocess.Popen(run_across.command(receiver, "socket-recv", str(count)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    assert recv.stdout is not None
    port = recv.stdout.readline().split()[1]
    started = time.perf_counter()
    send = subprocess.run(run_across.command(sender, "socket-send", port, str(count)), capture_output=True,
                          text=True, timeout=900)
    _, err = recv.communicate(timeout=900)
    elapsed = time.perf_counter() - started
    if send.returncode or recv.returncode:
        raise SystemExit(f"{sender} → {receiver} failed:\n{send.stderr}\n{err}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=("full", "quick", "smoke"), default="quick")
    parser.add_argument("--all", action="store_true", help="all nine ordered pairs")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "cross.json",
                        help="results file (full and quick)")
    args = parser.parse_args()
    count = {"full": 1_000_000, "quick": 1_000_000, "smoke": 1_000}[args.mode]
    repeats = {"full": 3, "quick": 1, "smoke": 1}[args.mode]
    run_across.generate_python()
    pairs = list(itertools.product(("java", "rust", "python"), repeat=2)) if args.all else PAIRS
    rows = []
    for sender, receiver in pairs:
        times = sorted(one(sender, receiver, count) for _ in range(repeats))
        per = [t / count * 1e9 for t in times]
        rows.append({"language": "cross", "workload": "W4-stream", "library": f"cser {sender}→{receiver}",
                     "op": "stream", "median_ns": statistics.median(per), "p10_ns": per[0], "p90_ns": per[-1],
                     "bytes": 28, "alloc_bytes": None})
        print(f"W4 stream {sender:6s} → {receiver:6s}: {count / statistics.median(times):,.0f} msg/s "
              f"({count:,} messages, process start included)")
    if args.mode != "smoke":
        out = args.out
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({
            "language": "cross", "mode": args.mode,
            "machine": {"os": platform.platform(), "cpus": os.cpu_count()},
            "versions": {"python": platform.python_version()}, "rows": rows}, indent=1))


if __name__ == "__main__":
    main()
