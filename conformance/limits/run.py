"""Schemas at the limits of SPEC §2.1 in all three languages (conformance/limits/run).

1. ``cserc check`` accepts each at-limit schema (gen.py: wide, many, huge, deep, chain, ring,
   names) and rejects each over-limit one with a located error and exit status 1, never a stack
   trace.
2. The generated code builds warning-free: javac -Xlint:all -Werror, cargo clippy -D warnings (the
   Rust testee's project of each schema), mypy --strict and ruff over the Python.
3. Every value of each schema's NAME.jsonl round-trips through every testee (java, rust, python,
   python-pure): each encodes it to the same bytes, decodes those bytes to the same value (which
   covers what was written), and re-encodes them unchanged.

Usage: run.py [--lang LANG]... [--case NAME]... [--skip-lint]
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
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from harness import ROOT, Testee, TesteeError, covers, first_difference

OUT = ROOT / "conformance" / "target" / "limits"
CSERC = ROOT / "bin" / "cserc"
PY = ROOT / "runtimes" / "python" / ".venv" / "bin"
LANGS = ("java", "rust", "python", "python-pure")


def step(message: str) -> None:
    print(f"limits: {message}", flush=True)


class Failures(list[str]):
    """The failures so far, each printed as it is found: a step that fails early is seen while the
    later ones (mypy over the largest cases takes minutes) still run."""

    def append(self, failure: str) -> None:
        print(f"limits: FAILED: {failure}", file=sys.stderr, flush=True)
        super().append(failure)


def run(args: list[str], **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, check=False, text=True, capture_output=True, **kw)


def check_compiler(cases: list[Path], failures: list[str]) -> None:
    r = run([str(CSERC), "check", *map(str, cases)])
    if r.returncode != 0:
        failures.append(f"cserc check rejects the at-limit schemas:\n{r.stderr[-2000:]}")
    for over in sorted((OUT / "over").glob("*.cser")):
        r = run([str(CSERC), "check", str(over)])
        located = r.stderr.startswith(f"{over}:") and ": error: " in r.stderr.splitlines()[0]
        if r.returncode != 1 or not located or "Exception" in r.stderr or "\tat " in r.stderr:
            failures.append(f"{over.name}: exit {r.returncode}, stderr {r.stderr[:300]!r}")
    step(f"cserc check: {len(cases)} at-limit schemas accepted, {len(list((OUT / 'over').glob('*.cser')))} over-limit "
         "schemas rejected with located errors")


def lint_java(cases: list[Path], failures: list[str]) -> None:
    src = OUT / "java"
    shutil.rmtree(src, ignore_errors=True)
    r = run([str(CSERC), "--java-out", str(src), "--json", *map(str, cases)])
    if r.returncode != 0:
        failures.append(f"cserc --java-out: {r.stderr[-2000:]}")
        return
    classpath = ":".join([str(ROOT / "runtimes/java/target/classes"), str(ROOT / "runtimes/java/json/target/classes"),
                          (ROOT / "runtimes/java/json/target/classpath.txt").read_text().strip()])
    sources = [str(p) for p in src.rglob("*.java")]
    r = run(["javac", "-Xlint:all", "-Werror", "-encoding", "UTF-8", "-d", str(OUT / "java-classes"),
             "-cp", classpath, *sources])
    if r.returncode != 0:
        failures.append(f"javac -Xlint:all -Werror:\n{r.stdout[-3000:]}{r.stderr[-3000:]}")
    else:
        step(f"javac -Xlint:all -Werror: {len(sources)} generated files, no warning")


def lint_python(cases: list[Path], failures: list[str]) -> None:
    src = OUT / "python"
    shutil.rmtree(src, ignore_errors=True)
    r = run([str(CSERC), "--python-out", str(src), "--json", *map(str, cases)])
    if r.returncode != 0:
        failures.append(f"cserc --python-out: {r.stderr[-2000:]}")
        return
    env = {**os.environ, "MYPYPATH": str(src)}
    r = run([str(PY / "mypy"), "--strict", "--no-incremental", "--cache-dir", "/dev/null", "."], cwd=src, env=env)
    if r.returncode != 0:
        failures.append(f"mypy --strict:\n{r.stdout[-3000:]}")
    r = run([str(PY / "ruff"), "check", "--no-cache", "--isolated", "--select", "E4,E7,E9,F,W,UP,I,RUF,B", "."], cwd=src)
    if r.returncode != 0:
        failures.append(f"ruff:\n{r.stdout[-3000:]}")
    if not failures:
        step("mypy --strict and ruff: the generated Python is clean")


def lint_rust(case: Path, failures: list[str]) -> None:
    """clippy over the Rust testee's project of ``case`` (built by its round trip): a crate of the
    code generated from it, whose own lint allowances cover only the testee's main.rs."""
    out = OUT / "rust" / case.stem
    shutil.rmtree(out, ignore_errors=True)
    r = run([str(CSERC), "--rust-out", str(out), "--json", str(case)])
    if r.returncode != 0:
        failures.append(f"cserc --rust-out {case.name}: {r.stderr[-2000:]}")
        return
    crate = OUT / "rust-crate"
    (crate / "src").mkdir(parents=True, exist_ok=True)
    (crate / "Cargo.toml").write_text(
        '[package]\nname = "cser-limits-lint"\nversion = "0.1.0"\nedition = "2021"\npublish = false\n\n'
        f'[dependencies]\ncser = {{ path = "{ROOT / "runtimes/rust/cser"}", features = ["json"] }}\n\n[workspace]\n')
    shutil.copy(ROOT / "runtimes/rust/Cargo.lock", crate / "Cargo.lock")
    # the recursion limit the generated code asks for (SPEC §12.2), as a user's crate root has it
    asked = re.search(r'^//\s+(#!\[recursion_limit = "\d+"\])$', (out / "cser_modules.rs").read_text(), re.MULTILINE)
    (crate / "src" / "lib.rs").write_text(
        "//! The code cserc generated for one schema of conformance/limits, linted.\n"
        + (asked.group(1) + "\n" if asked else "")
        + f"include!(\"{out / 'cser_modules.rs'}\");\n")
    env = {**os.environ, "CARGO_TARGET_DIR": str(ROOT / "conformance/target/cargo")}
    r = run(["cargo", "clippy", "-q", "--", "-D", "warnings"], cwd=crate, env=env)
    if r.returncode != 0:
        failures.append(f"cargo clippy -D warnings ({case.name}):\n{r.stderr[-3000:]}")
    else:
        step(f"cargo clippy -D warnings: the Rust of {case.name} is clean")
    # A release build: LLVM's optimisations are where a wide function broke (SPEC §12.2).
    r = run(["cargo", "build", "-q", "--release"], cwd=crate, env=env)
    if r.returncode != 0:
        failures.append(f"cargo build --release ({case.name}):\n{r.stderr[-3000:]}")
    else:
        step(f"cargo build --release: the Rust of {case.name} builds")


def round_trip(case: Path, langs: list[str], failures: list[str]) -> None:
    values = [json.loads(line) for line in case.with_suffix(".jsonl").read_text().splitlines()]
    encoded: dict[str, list[str | None]] = {}
    for lang in langs:
        started = time.monotonic()
        testee = Testee(lang, case, [], timeout=900)
        try:
            answers = testee.run([{"id": i, "op": "encode", "type": v["type"], "value": v["value"]}
                                  for i, v in enumerate(values)])
            hexes: list[str | None] = []
            for v, a in zip(values, answers, strict=True):
                if not a.get("ok"):
                    failures.append(f"{lang}: {case.stem}: encode {v['type'].rsplit('.', 1)[-1]}: {a.get('error', '')[:300]}")
                    hexes.append(None)
                else:
                    hexes.append(a["hex"])
            encoded[lang] = hexes
            # each language decodes the first one's bytes (its own when the first failed)
            reference = encoded.get(langs[0], hexes)
            requests = []
            for i, h in enumerate(reference):
                if h is not None:
                    requests.append({"id": 2 * i, "op": "decode", "type": values[i]["type"], "hex": h})
                    requests.append({"id": 2 * i + 1, "op": "reencode", "type": values[i]["type"], "hex": h})
            answers = testee.run(requests)
            for req, a in zip(requests, answers, strict=True):
                i = req["id"] // 2
                name = values[i]["type"].rsplit(".", 1)[-1]
                if not a.get("ok"):
                    failures.append(f"{lang}: {req['op']} {name}: {a.get('error', '')[:300]}")
                elif req["op"] == "decode" and not covers(values[i]["value"], a["value"]):
                    failures.append(f"{lang}: decode {name}: {first_difference(values[i]['value'], a['value'])}")
                elif req["op"] == "reencode" and a["hex"] != reference[i]:
                    failures.append(f"{lang}: reencode {name} changed the bytes")
        except TesteeError as e:  # a testee that did not build or died: report and go on
            failures.append(f"{lang}: {case.stem}: {e}"[:3000])
        finally:
            testee.close()
        step(f"{lang}: {case.stem}: {len(values)} values encoded, decoded and re-encoded ({time.monotonic() - started:.0f} s)")
    for lang in langs[1:]:
        for i, (a, b) in enumerate(zip(encoded.get(langs[0], []), encoded.get(lang, []), strict=False)):
            if a is not None and b is not None and a != b:
                failures.append(f"{lang}: encodes value {i} ({values[i]['type'].rsplit('.', 1)[-1]}) "
                                f"differently from {langs[0]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", action="append", choices=LANGS)
    parser.add_argument("--case", action="append")
    parser.add_argument("--skip-lint", action="store_true")
    opts = parser.parse_args()
    langs = opts.lang or list(LANGS)
    OUT.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, str(HERE / "gen.py"), str(OUT)], check=True)
    subprocess.run([sys.executable, str(HERE / "gen.py"), str(OUT), "--over"], check=True)
    cases = sorted((OUT / "cases").glob("*.cser"))
    if opts.case:
        cases = [c for c in cases if c.stem in opts.case]
    failures = Failures()
    check_compiler(cases, failures)
    for case in cases:
        round_trip(case, langs, failures)
        if not opts.skip_lint and "rust" in langs:
            lint_rust(case, failures)
    if not opts.skip_lint:
        if "java" in langs:
            lint_java(cases, failures)
        if "python" in langs or "python-pure" in langs:
            lint_python(cases, failures)
    print(f"limits: {'FAILED' if failures else 'passed'} ({len(failures)} failures)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
