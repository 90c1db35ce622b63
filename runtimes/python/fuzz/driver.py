"""Runs the fuzz targets of targets.py, each for SECONDS (runtimes/python/fuzz/README.md).

    driver.py SECONDS [--targets decode,stream]

1. generates the Python code of every schema of schema/examples and conformance/schemas into
   target/fuzz/gen, but each schema of SIDE into a directory of its own, target/fuzz/gen_<stem>;
2. writes the seed corpus target/fuzz/seeds/<target> from conformance/vectors/*.jsonl (the
   selector byte of the vector's type, then its bytes; for ``stream``, the valid vectors of a
   type as the frames of one stream);
3. runs each target for SECONDS with ``-timeout=1 -rss_limit_mb=RSS_LIMIT_MB``, the growing
   corpus in target/fuzz/corpus/<target>, and prints its executions, exec/s, cov and ft.

Exits 1 if any target found something, printing the path of the input (under
target/fuzz/findings/), which ``targets.py TARGET PATH`` replays.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from cser.varint import encode_varint

HERE = Path(__file__).resolve().parent
PYTHON_DIR = HERE.parent
ROOT = PYTHON_DIR.parents[1]
#: Everything a run writes; fuzz/asan points it elsewhere (CSER_FUZZ_DIR), beside a campaign.
TARGET = Path(os.environ["CSER_FUZZ_DIR"]) if os.environ.get("CSER_FUZZ_DIR") else PYTHON_DIR / "target" / "fuzz"
GEN = TARGET / "gen"
SEEDS = TARGET / "seeds"
CORPUS = TARGET / "corpus"
FINDINGS = TARGET / "findings"
EXAMPLES = ROOT / "schema" / "examples"
SCHEMAS = ROOT / "conformance" / "schemas"
VECTORS = ROOT / "conformance" / "vectors"
#: Schemas of conformance/schemas that declare a package another one declares too (generations of
#: one schema): each is generated into target/fuzz/gen_<stem>, and its types are labelled
#: ``Type@<stem>`` (targets.py imports every gen_* directory that way).
SIDE = ("evolution_v1", "generations_v2", "generations_v3")

TARGETS = ("decode", "stream", "encode")
#: libFuzzer's limit on the fuzzing process's RSS: the interpreter, atheris and the generated
#: modules take about 100 MB; a decode bounded by 64x its (at most a few KB) input adds little.
RSS_LIMIT_MB = 1024
MAX_LEN = 4096

_STATS = re.compile(r"^#(\d+)\s+(\w+)\s+cov: (\d+) ft: (\d+) corp: (\d+)/(\S+).*?exec/s: (\d+)")


def log(message: str) -> None:
    print(f"fuzz: {message}", flush=True)


def generate() -> None:
    from cser.compile import compile_schemas

    schemas = sorted(str(p) for p in [*EXAMPLES.glob("*.cser"), *SCHEMAS.glob("*.cser")] if p.stem not in SIDE)
    for directory in [GEN, *TARGET.glob("gen_*")]:
        shutil.rmtree(directory, ignore_errors=True)
    compile_schemas(schemas, str(GEN), include=[str(EXAMPLES)])
    for stem in SIDE:
        compile_schemas([str(SCHEMAS / f"{stem}.cser")], str(TARGET / f"gen_{stem}"))


def type_labels() -> dict[str, bool]:
    out = subprocess.run([sys.executable, str(HERE / "targets.py"), "--list"], check=True,
                         capture_output=True, text=True)
    records: dict[str, bool] = json.loads(out.stdout.strip().splitlines()[-1])
    return records


def seeds(records: dict[str, bool]) -> dict[str, int]:
    """Writes the seed corpora; returns the number of seeds per target."""
    index = {label: i for i, label in enumerate(records)}
    decode_dir, stream_dir = SEEDS / "decode", SEEDS / "stream"
    for d in (decode_dir, stream_dir):
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
    valid: dict[str, list[bytes]] = {}
    n = 0
    for path in sorted(VECTORS.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            v = json.loads(line)
            if v.get("hex") is None or v.get("mode") == "encode-reject":
                continue
            stem = Path(v["schema"]).stem
            label = v["type"] + (f"@{stem}" if stem in SIDE else "")
            if label not in index:
                continue
            data = bytes.fromhex(v["hex"])
            (decode_dir / f"{n:05d}").write_bytes(bytes([index[label]]) + data)
            n += 1
            if v.get("mode") in ("example", "read"):
                valid.setdefault(label, []).append(data)
    m = 0
    for label, messages in sorted(valid.items()):
        frames = [msg if records.get(label, False) else encode_varint(len(msg)) + msg for msg in messages[:6]]
        for chosen in (frames[:1], frames):
            # The header made by targets.py (selector's high bit), so mutations reach the frames.
            (stream_dir / f"{m:05d}").write_bytes(bytes([0x80 | index[label]]) + b"".join(chosen))
            m += 1
    # encode: the decode seeds (the builder reads the bytes as choices, not as a message).
    encode_dir = SEEDS / "encode"
    shutil.rmtree(encode_dir, ignore_errors=True)
    shutil.copytree(decode_dir, encode_dir)
    return {"decode": n, "stream": m, "encode": n}


def run_target(name: str, seconds: int, keep_going: bool = False) -> dict[str, object]:
    """Runs one target for ``seconds``; with ``keep_going`` a finding is recorded and the target
    restarted (on its grown corpus) for the time left, so a campaign does not stop at the first."""
    deadline = time.monotonic() + seconds
    total: dict[str, object] = {}
    findings: list[str] = []
    executions = 0
    while True:
        left = max(1, round(deadline - time.monotonic()))
        r = _run_once(name, left)
        executions += int(str(r["executions"]))
        if "finding" in r:
            findings.append(str(r["finding"]))
        total = r
        if not keep_going or "finding" not in r or deadline - time.monotonic() < 5:
            break
    total["seconds"] = seconds if keep_going else total["seconds"]
    total["executions"] = executions
    if findings:
        total["finding"] = " ".join(findings)
    return total


def _run_once(name: str, seconds: int) -> dict[str, object]:
    corpus = CORPUS / name
    corpus.mkdir(parents=True, exist_ok=True)
    FINDINGS.mkdir(parents=True, exist_ok=True)
    log_path = TARGET / f"{name}.log"
    n = 1
    while log_path.exists() and (TARGET / f"{name}.{n}.log").exists():
        n += 1
    if log_path.exists():
        log_path.rename(TARGET / f"{name}.{n}.log")  # a restart (--keep-going) keeps the earlier log
    env = dict(os.environ)
    env.pop("CSER_PURE_PYTHON", None)
    cmd = [sys.executable, str(HERE / "targets.py"), name, str(corpus), str(SEEDS / name),
           f"-max_total_time={seconds}", "-timeout=1", f"-rss_limit_mb={RSS_LIMIT_MB}",
           f"-max_len={MAX_LEN}", f"-artifact_prefix={FINDINGS}/{name}-", "-print_final_stats=1"]
    log(f"{name}: {' '.join(cmd)}")
    started = time.monotonic()
    with open(log_path, "w") as out:
        # A hard stop well past the target's own time: it must end by itself.
        try:
            rc = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, env=env,
                                timeout=seconds * 2 + 120).returncode
        except subprocess.TimeoutExpired:
            rc = -1
    elapsed = time.monotonic() - started
    text = log_path.read_text(errors="replace")
    last = None
    for line in text.splitlines():
        m = _STATS.match(line)
        if m:
            last = m
    execs = re.search(r"stat::number_of_executed_units: (\d+)", text)
    result: dict[str, object] = {
        "target": name,
        "seconds": round(elapsed, 1),
        "executions": int(execs.group(1)) if execs else (int(last.group(1)) if last else 0),
        "exec_per_s": int(last.group(7)) if last else 0,
        "cov": int(last.group(3)) if last else 0,
        "ft": int(last.group(4)) if last else 0,
        "corpus": int(last.group(5)) if last else 0,
        "rc": rc,
        "log": str(log_path),
    }
    crash = re.findall(r"Test unit written to (\S+)", text)
    if rc != 0:
        result["finding"] = crash[-1] if crash else f"(exit {rc}, no input written: see {log_path})"
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seconds", type=int)
    parser.add_argument("--targets", default=",".join(TARGETS))
    parser.add_argument("--keep-going", action="store_true",
                        help="record a finding and go on fuzzing that target for the time left")
    args = parser.parse_args()
    TARGET.mkdir(parents=True, exist_ok=True)
    for old in TARGET.glob("*.*.log"):
        old.unlink()  # the logs of an earlier run's restarts
    generate()
    log("the C accelerator is fuzzed as a black box: cov/ft count the instrumented Python code "
        "(the runtime and the code its Python interpreter compiles), see README.md")
    labels = type_labels()
    log(f"{len(labels)} root types")
    counts = seeds(labels)
    log(f"seeds: {counts}")
    results = [run_target(name, args.seconds, args.keep_going) for name in args.targets.split(",")]
    failed = False
    for r in results:
        log(f"{r['target']}: {r['seconds']} s, {r['executions']} executions, {r['exec_per_s']} exec/s, "
            f"cov {r['cov']} ft {r['ft']}, corpus {r['corpus']}")
        if "finding" in r:
            failed = True
            log(f"{r['target']}: FINDING: {r['finding']} (log: {r['log']}); replay: "
                f"{sys.executable} {HERE / 'targets.py'} {r['target']} {r['finding']}")
    (TARGET / "last_run.json").write_text(json.dumps(results, indent=1) + "\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
