"""Across services (conformance issue, part 5): the same records through streams and sockets in
every language.

- Streams: Java writes 10,000 W3 Sakai entities (varied: empty and multi-valued properties,
  absent dates, non-ASCII names) to a stream file; Rust reads it and writes it on; Python reads
  that and writes it on; Java reads the result and checks every entity. The bytes must be
  identical at each hop.
- Sockets (seed 004's setting): for each ordered pair of languages, a receiver process listens
  on a loopback port and a sender process sends 100,000 W4 messages; the receiver checks every
  message on arrival.
- Database (seed 002's setting): Java stores 10,000 W3 entities as blobs in an SQLite file
  (sqlite-jdbc), Python (the stdlib sqlite3) reads them, edits every tenth and writes it back,
  and Rust (rusqlite) reads and checks them all against what Java says the edits give.

The programs are this folder's java/CrossLanguage.java, rust/cross_language.rs and
python/cross_language.py. Needs the Java runtime, the examples and java/ built
(runtimes/java/{,examples/}target/classes, java/target/classes), the Rust binary
(conformance/target/debug/cross_language, conformance/rust-parts build) and the Python venv;
`make test-conformance` builds them first.
"""

from __future__ import annotations

import argparse
import itertools
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXAMPLES = ROOT / "schema" / "examples"
PYTHON = ROOT / "runtimes" / "python" / ".venv" / "bin" / "python"
GENERATED = ROOT / "conformance" / "target" / "across" / "python"
JAVA_CLASSES = [ROOT / "runtimes/java/target/classes", ROOT / "runtimes/java/examples/target/classes",
                ROOT / "conformance/across/java/target/classes"]
# CrossLanguage's dependencies (cser-json, jackson-core, sqlite-jdbc), as Maven wrote them at build
# time; the class folders above stand for the runtime and the examples.
JAVA_DEPS = ROOT / "conformance/across/java/target/classpath.txt"
# A release build when there is one (the benchmarks build it), else the debug one make test builds.
RUST_BIN = next((p for p in (ROOT / "conformance/target" / d / "cross_language" for d in ("release", "debug"))
                 if p.exists()), ROOT / "conformance/target/debug/cross_language")


def command(lang: str, *args: str) -> list[str]:
    if lang == "java":
        deps = [p for p in JAVA_DEPS.read_text().strip().split(os.pathsep)
                if p and "cser-runtime" not in p and "cser-examples" not in p]
        classpath = os.pathsep.join([str(p) for p in JAVA_CLASSES] + deps)
        return ["java", "-cp", classpath, "dev.cser.conformance.across.CrossLanguage", *args]
    if lang == "rust":
        return [str(RUST_BIN), *args]
    return [str(PYTHON), str(HERE / "python" / "cross_language.py"), str(GENERATED), *args]


def run(lang: str, *args: str) -> None:
    result = subprocess.run(command(lang, *args), capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise SystemExit(f"{lang} {' '.join(args)} failed ({result.returncode}):\n{result.stderr}")


def generate_python() -> None:
    subprocess.run(
        [str(PYTHON), "-m", "cser.compile", "--python-out", str(GENERATED), "-I", str(EXAMPLES),
         str(EXAMPLES / "sakai.cser"), str(EXAMPLES / "message.cser")],
        check=True,
    )


def streams(count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        started = time.monotonic()
        run("java", "stream-write", str(t / "java.cser"), str(count))
        run("rust", "stream-relay", str(t / "java.cser"), str(t / "rust.cser"))
        run("python", "stream-relay", str(t / "rust.cser"), str(t / "python.cser"))
        run("java", "stream-verify", str(t / "python.cser"), str(count))
        first = (t / "java.cser").read_bytes()
        for hop in ("rust", "python"):
            if (t / f"{hop}.cser").read_bytes() != first:
                raise SystemExit(f"streams: the {hop} hop changed the bytes")
        print(f"streams: {count:,} W3 entities, Java → Rust → Python → Java, {len(first):,} bytes identical at "
              f"each hop, every entity checked ({time.monotonic() - started:.1f} s)")


def database(count: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        started = time.monotonic()
        run("java", "db-store", str(t / "entities.db"), str(count))
        run("python", "db-edit", str(t / "entities.db"))
        run("java", "db-expected", str(t / "expected.cser"), str(count))
        run("rust", "db-verify", str(t / "entities.db"), str(t / "expected.cser"))
        print(f"database: {count:,} W3 entities stored by Java in SQLite, every tenth edited by Python, all "
              f"checked by Rust ({time.monotonic() - started:.1f} s)")


def sockets(count: int, langs: list[str]) -> None:
    for sender, receiver in itertools.product(langs, repeat=2):
        started = time.monotonic()
        recv = subprocess.Popen(command(receiver, "socket-recv", str(count)), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        assert recv.stdout is not None
        line = recv.stdout.readline()
        if not line.startswith("PORT "):
            recv.kill()
            raise SystemExit(f"{receiver} receiver did not start: {line!r} {recv.stderr.read() if recv.stderr else ''}")
        send = subprocess.run(command(sender, "socket-send", line.split()[1], str(count)), capture_output=True,
                              text=True, timeout=600)
        try:
            _, err = recv.communicate(timeout=600)
        except subprocess.TimeoutExpired:
            recv.kill()
            raise SystemExit(f"sockets {sender} → {receiver}: the receiver did not finish") from None
        if send.returncode != 0 or recv.returncode != 0:
            raise SystemExit(f"sockets {sender} → {receiver} failed:\n{send.stderr}\n{err}")
        elapsed = time.monotonic() - started
        print(f"sockets: {sender:6s} → {receiver:6s} {count:,} W4 messages checked on arrival "
              f"({elapsed:.1f} s, {count / elapsed:,.0f} msg/s with process start)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entities", type=int, default=10_000)
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--only", choices=("streams", "sockets", "database"), help="run one part only")
    args = parser.parse_args()
    for needed in (RUST_BIN, PYTHON, *JAVA_CLASSES, JAVA_DEPS):
        if not needed.exists():
            sys.exit(f"missing {needed}: run make test-conformance (it builds every part first)")
    generate_python()
    if args.only in (None, "streams"):
        streams(args.entities)
    if args.only in (None, "sockets"):
        sockets(args.messages, ["java", "rust", "python"])
    if args.only in (None, "database"):
        database(args.entities)


if __name__ == "__main__":
    main()
