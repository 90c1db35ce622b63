"""The Kafka benchmark (benchmarks/README.md, "Kafka"): one broker (conformance/kafka/broker) in a
temporary directory, the Java half (``dev.cser.bench.kafka.KafkaBench`` in benchmarks.jar) and the
Python half (``kafka_bench.py``) against it one after the other, the broker brought down in a
``finally``; the rows go to ``benchmarks/results/kafka.json``.

    kafka_run.py --mode full     # 1,000,000 W4 messages and 100,000 W3 entities per run
    kafka_run.py --mode quick    # 50,000 and 5,000
    kafka_run.py --mode smoke    # 2,000 and 200, every check, nothing written
    [--languages java,python] [--formats cser,cser-bare,json,protobuf] [--compressions none,zstd] [--out PATH]

Needs benchmarks/java/target/benchmarks.jar (``make``) and this venv (``setup.sh``). ``JAVA``
names the java binary (default ``java`` on PATH).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import workloads

ROOT = Path(__file__).resolve().parents[2]
BROKER = ROOT / "conformance" / "kafka" / "broker"
JAR = ROOT / "benchmarks" / "java" / "target" / "benchmarks.jar"
RESULTS = ROOT / "benchmarks" / "results" / "kafka.json"

COUNTS = {"full": {"W4": 1_000_000, "W3": 100_000}, "quick": {"W4": 50_000, "W3": 5_000}, "smoke": {"W4": 2_000, "W3": 200}}
#: Records the Java half sends once per (workload, format) before its measured runs (JIT warm-up):
#: quick gets full's (min(50,000, a fifth of full's count)), so its serdes run C2's code as full's do.
JAVA_WARMUP = {"full": {"W4": 50_000, "W3": 20_000}, "quick": {"W4": 50_000, "W3": 20_000},
               "smoke": {"W4": 0, "W3": 0}}


def broker(command: str, directory: Path) -> str:
    done = subprocess.run([str(BROKER), command, str(directory)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"kafka_run.py: broker {command} failed:\n{done.stderr.strip()}")
    return done.stdout.strip()


def run_java(mode: str, bootstrap: str, data_dir: Path, counts: dict[str, int], args: argparse.Namespace,
             scratch: Path) -> dict[str, Any]:
    if not JAR.is_file():
        raise SystemExit(f"{JAR} is missing: run make (it builds benchmarks.jar)")
    out = scratch / "java.json"
    cmd = [
        os.environ.get("JAVA", "java"), "-Xms2g", "-Xmx2g", "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        "-cp", str(JAR), "dev.cser.bench.kafka.KafkaBench",
        "--bootstrap", bootstrap, "--data-dir", str(data_dir), "--out", str(out),
        "--w4", str(counts["W4"]), "--w3", str(counts["W3"]),
        "--formats", args.formats, "--compressions", args.compressions,
        "--warmup-w4", str(JAVA_WARMUP[mode]["W4"]), "--warmup-w3", str(JAVA_WARMUP[mode]["W3"]),
    ]
    subprocess.run(cmd, check=True)
    doc: dict[str, Any] = json.loads(out.read_text())
    return doc


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--mode", choices=sorted(COUNTS), default="quick")
    p.add_argument("--languages", default="java,python")
    p.add_argument("--formats", default="cser,cser-bare,json,protobuf")
    p.add_argument("--compressions", default="none,zstd")
    p.add_argument("--out", type=Path, default=RESULTS)
    args = p.parse_args()
    languages = args.languages.split(",")
    counts = COUNTS[args.mode]

    # make or a CI runner ends a job with SIGTERM: leave through the finally below, which takes
    # the broker down.
    signal.signal(signal.SIGTERM, lambda _sig, _frame: sys.exit(143))
    workloads.generate()
    import kafka_bench
    from run import machine

    started = time.monotonic()
    versions: dict[str, Any] = {}
    timer: dict[str, float] = {}
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="cser-kafka-bench-") as scratch:
        broker_dir = Path(scratch) / "broker"
        bootstrap = broker("up", broker_dir).removeprefix("bootstrap.servers=")
        try:
            data_dir = broker_dir / "data"
            if "java" in languages:
                doc = run_java(args.mode, bootstrap, data_dir, counts, args, Path(scratch))
                versions["java"] = doc["versions"]
                timer["java"] = doc["timer_ns"]
                rows += doc["rows"]
            if "python" in languages:
                rows += kafka_bench.run(bootstrap, data_dir, counts, tuple(args.formats.split(",")),
                                        tuple(args.compressions.split(",")))
                versions["python"] = kafka_bench.versions()
                timer["python"] = kafka_bench.timer_ns()
        finally:
            broker("down", broker_dir)
    took = time.monotonic() - started
    print(f"Kafka benchmark ({args.mode}) took {took:.0f} s", flush=True)
    if args.mode == "smoke":
        print(f"smoke: {len(rows)} rows, every record checked, nothing written")
        return
    doc_out = {
        "mode": args.mode,
        "counts": counts,
        "machine": machine(),
        "versions": versions,
        "timer_ns": timer,
        "seconds": round(took),
        "settings": {
            "partitions": 1,
            "producer": "acks=all, idempotent, linger.ms=10, batch.size=262144 (256 KiB), 128 MiB buffer, "
                        "compression.type none or zstd",
            "consumer": "partition assigned (no group), max.partition.fetch.bytes 8 MiB",
            "phases": "produce all and flush, then consume all; end to end = first send to last record decoded",
        },
        "rows": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc_out, indent=2) + "\n")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
