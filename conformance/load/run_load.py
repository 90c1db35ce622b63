"""The W4 load test (conformance/load/README.md): every language's receiver of W4 messages
under 8 concurrent well-formed senders and a mix of garbage connections, on loopback.

    runtimes/python/.venv/bin/python conformance/load/run_load.py [--lang python,java,rust]
        [--messages 100000] [--senders 8] [--timeout 300]

For each receiver (conformance/load/{python/w4_receiver.py, java/W4Receiver.java,
rust/w4_receiver.rs}; Rust's built into conformance/target/{release,debug}/), all speaking one protocol
(``listening PORT`` when ready; one ``error: conn N: ...`` line on stderr per bad connection,
which it closes; on the end of stdin ``total messages=N good_connections=G
bad_connections=B``):

1. starts it with port 0 and reads the port;
2. opens, interleaved, SENDERS well-formed connections that each send the same valid stream
   (header + MESSAGES frames, built once in memory with the Python runtime's StreamWriter) and
   the garbage connections of GARBAGE: random bytes, the header of another type, a stream cut
   in the middle of a frame after DROPPED_FULL complete ones, a frame of a huge declared length,
   a frame above the receivers' 1 MiB maximum, a frame that does not decode;
3. each sender half-closes and waits for the receiver to close its side, so when all are done
   the receiver has read everything; then closes the receiver's stdin;
4. checks: total messages == SENDERS x MESSAGES + DROPPED_FULL (the complete frames before the
   cut; the other garbage carries none before its first error), good_connections == SENDERS,
   bad_connections == the number of garbage connections, exactly one error line per bad
   connection (distinct connection numbers), the receiver's peak RSS (VmRSS of
   /proc/PID/status, sampled every 20 ms) no more than RSS_GROWTH_MB above its RSS when it
   started listening, and the whole run within --timeout.

Exit 0 when every receiver that exists passed; a receiver not built yet is skipped with a
message (and the run fails if none ran).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PY_RUNTIME = ROOT / "runtimes" / "python"
# The Python runtime (no dependencies) from this checkout, whichever interpreter runs this.
sys.path.insert(0, str(PY_RUNTIME / "src"))

from cser.varint import encode_varint

SCHEMA = ROOT / "schema" / "examples" / "message.cser"
GENERATED = ROOT / "conformance" / "target" / "load" / "gen"
# The examples are generated with --json: their classes need cser-json's (JsonException) to load.
JAVA_CP = ("runtimes/java/target/classes:runtimes/java/json/target/classes:runtimes/java/examples/target/classes"
           ":conformance/load/java/target/classes")
JAVA_MAIN = "dev.cser.conformance.load.W4Receiver"
JAVA_CLASS = ROOT / "conformance/load/java/target/classes/dev/cser/conformance/load/W4Receiver.class"
RUST_BINS = [ROOT / "conformance/target/release/w4_receiver", ROOT / "conformance/target/debug/w4_receiver"]

DROPPED_FULL = 1234
#: How far a receiver's RSS may grow above what it had when it started listening. The senders
#: push 8 x ~10 MB: a receiver that buffered a stream, or allocated the huge declared frame,
#: would pass this; one that holds a frame at a time per connection (at most 14 connections
#: open at once, frames of ~100 bytes, 1 MiB at most) stays far below it. Python's threads and
#: allocator arenas, Rust's thread stacks and buffers fit in 64 MiB; the JVM is run with a
#: 64 MiB heap (-Xmx64m: a receiver that buffered the input would fail with OutOfMemoryError),
#: and its RSS may grow by that heap plus JIT code and thread stacks, hence 192 MiB.
RSS_GROWTH_MB = {"python": 64, "rust": 64, "java": 192}

_ERROR_LINE = re.compile(r"^error: conn (\d+): ")
_TOTAL = re.compile(r"^total messages=(\d+) good_connections=(\d+) bad_connections=(\d+)$")


def log(message: str) -> None:
    print(f"load: {message}", flush=True)


def message_class() -> Any:
    from cser.compile import compile_schemas, find_jar

    module = GENERATED / "bench" / "message.py"
    # Generated again when the schema or the compiler changed since.
    newest = max(SCHEMA.stat().st_mtime, Path(find_jar()).stat().st_mtime)
    if not module.is_file() or module.stat().st_mtime < newest:
        compile_schemas([str(SCHEMA)], str(GENERATED))
    sys.path.insert(0, str(GENERATED))
    from bench.message import Message

    return Message


class Streams:
    """The bytes every connection sends, built once."""

    def __init__(self, count: int) -> None:
        self.count = count
        from cser import StreamWriter
        from cser.stream import HEADER_SIZE, encode_header

        message = message_class()
        rng = random.Random(4)
        buf = io.BytesIO()
        self.frame_ends: list[int] = []
        with StreamWriter(buf, message) as writer:
            for i in range(count):
                writer.write(message(
                    type_=rng.randrange(-1000, 1000), active=i % 3 == 0,
                    username=f"user{rng.randrange(100000)}", userid=i,
                    data="".join(rng.choice("abcdéü€ xyz") for _ in range(rng.randrange(0, 120))),
                ))
                if i < DROPPED_FULL + 1:
                    writer.flush()
                    self.frame_ends.append(len(buf.getvalue()))
        self.valid = buf.getvalue()
        header = self.valid[:HEADER_SIZE]
        body = b"".join([self.valid[HEADER_SIZE : self.frame_ends[9]]])
        cut = (self.frame_ends[DROPPED_FULL - 1] + self.frame_ends[DROPPED_FULL]) // 2
        noise = random.Random(7).randbytes(64 << 10)
        other_type = encode_header(message.TYPE_ID ^ 0x5A5A5A5A5A5A5A5A, message.FINGERPRINT)
        # A frame of 10 bytes: type 0, active, username "ab", userid 0, data ff fe fd (bad UTF-8).
        bad_utf8 = b"\x0a" + b"\x00\x01\x02ab\x00\x03\xff\xfe\xfd"
        self.garbage: list[tuple[str, bytes]] = [
            ("random bytes", b"X" + noise),
            ("random bytes after a valid header", header + noise),
            ("the header of another type", other_type + body),
            (f"dropped in the middle of frame {DROPPED_FULL}", self.valid[:cut]),
            ("a huge frame length (2^62)", header + encode_varint(1 << 62) + noise[:1000]),
            ("a frame above 1 MiB (2 MiB declared, 4 KiB sent)", header + encode_varint(2 << 20) + noise[:4096]),
            ("a first frame that does not decode (bad UTF-8)", header + bad_utf8 + body),
            ("a truncated header", header[:13]),
        ]
        self.expected_extra = DROPPED_FULL  # complete frames the garbage carries before its error


def send(port: int, data: bytes, wait_close: bool) -> str | None:
    """Sends ``data``; a well-formed sender then half-closes and waits for the receiver to close.
    Returns an error for a well-formed sender, None otherwise (garbage may be reset)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=120) as s:
            try:
                s.sendall(data)
                s.shutdown(socket.SHUT_WR)
            except OSError as e:
                return f"send: {e}" if wait_close else None
            try:
                while s.recv(65536):
                    pass
            except OSError as e:
                return f"waiting for the close: {e}" if wait_close else None
    except OSError as e:
        return f"connect: {e}"
    return None


def rss_kb(pid: int) -> int | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        return None
    return None


def receivers() -> dict[str, Callable[[], list[str] | str]]:
    """Each language's command, or why it is skipped."""

    def python() -> list[str] | str:
        return [sys.executable, str(ROOT / "conformance" / "load" / "python" / "w4_receiver.py"), "0"]

    def java() -> list[str] | str:
        if not JAVA_CLASS.is_file():
            return f"{JAVA_CLASS.relative_to(ROOT)} is not built (mvn package builds conformance/load/java)"
        java = shutil.which("java")
        if java is None:
            return "no java on PATH"
        return [java, "-Xmx64m", "-cp", JAVA_CP, JAVA_MAIN, "0"]

    def rust() -> list[str] | str:
        for path in RUST_BINS:
            if path.is_file():
                return [str(path), "0"]
        return ("conformance/target/{release,debug}/w4_receiver is not built "
                "(conformance/rust-parts build)")

    return {"python": python, "java": java, "rust": rust}


def run_one(lang: str, cmd: list[str], streams: Streams, senders: int, timeout: float) -> list[str]:
    """Runs the load against one receiver; returns the failures (empty: passed)."""
    started = time.monotonic()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    stdout_lines: list[str] = []
    stderr_lines: list[str] = []
    port_ready = threading.Event()

    def pump(stream: Any, lines: list[str], notify: bool) -> None:
        for line in stream:
            lines.append(line.rstrip("\n"))
            if notify and line.startswith("listening "):
                port_ready.set()
        port_ready.set()

    threads = [threading.Thread(target=pump, args=(proc.stdout, stdout_lines, True), daemon=True),
               threading.Thread(target=pump, args=(proc.stderr, stderr_lines, False), daemon=True)]
    for t in threads:
        t.start()
    failures: list[str] = []
    watchdog = threading.Timer(timeout, proc.kill)
    watchdog.start()
    try:
        if not port_ready.wait(min(timeout, 120)) or not stdout_lines or not stdout_lines[0].startswith("listening "):
            proc.kill()
            return [f"no 'listening PORT' line: stdout {stdout_lines[:3]}, stderr {stderr_lines[-5:]}"]
        port = int(stdout_lines[0].split()[1])
        base_kb = rss_kb(proc.pid) or 0
        peak = [base_kb]
        sampling = threading.Event()

        def sample() -> None:
            while not sampling.is_set():
                kb = rss_kb(proc.pid)
                if kb is not None:
                    peak[0] = max(peak[0], kb)
                time.sleep(0.02)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        jobs: list[tuple[str, bytes, bool]] = []
        garbage = list(streams.garbage)
        for i in range(senders):
            jobs.append((f"sender {i}", streams.valid, True))
            if garbage:
                name, data = garbage.pop(0)
                jobs.append((name, data, False))
        jobs += [(name, data, False) for name, data in garbage]
        results: dict[str, str | None] = {}

        def run_job(name: str, data: bytes, valid: bool) -> None:
            results[name] = send(port, data, valid)

        workers = []
        for name, data, valid in jobs:
            w = threading.Thread(target=run_job, args=(name, data, valid), daemon=True)
            w.start()
            workers.append(w)
            time.sleep(0.01)  # interleaved: garbage arrives while the senders are going
        for w in workers:
            w.join(max(1.0, timeout - (time.monotonic() - started)))
        send_seconds = time.monotonic() - started
        for name, error in results.items():
            if error is not None:
                failures.append(f"{name}: {error}")
        if any(w.is_alive() for w in workers):
            failures.append("some connections did not finish in time")
        proc.stdin.close()
        try:
            proc.wait(max(1.0, timeout - (time.monotonic() - started)))
        except subprocess.TimeoutExpired:
            proc.kill()
            failures.append("the receiver did not exit after its stdin closed")
        sampling.set()
        sampler.join()
        for t in threads:
            t.join(5)
    finally:
        watchdog.cancel()
        if proc.poll() is None:
            proc.kill()
    elapsed = time.monotonic() - started
    n_garbage = len(streams.garbage)
    expected_messages = senders * streams.count + streams.expected_extra
    totals = [m for line in stdout_lines if (m := _TOTAL.match(line))]
    if proc.returncode not in (0, None) and not totals:
        failures.append(f"the receiver exited with {proc.returncode}")
    if len(totals) != 1:
        failures.append(f"expected one 'total ...' line, got stdout {stdout_lines[-5:]}")
    else:
        messages, good, bad = (int(g) for g in totals[0].groups())
        log(f"{lang}: total messages={messages} good_connections={good} bad_connections={bad} "
            f"(expected {expected_messages}, {senders}, {n_garbage})")
        if messages != expected_messages:
            failures.append(f"messages={messages}, expected {expected_messages}")
        if good != senders:
            failures.append(f"good_connections={good}, expected {senders}")
        if bad != n_garbage:
            failures.append(f"bad_connections={bad}, expected {n_garbage}")
    error_conns = [m.group(1) for line in stderr_lines if (m := _ERROR_LINE.match(line))]
    if len(error_conns) != n_garbage or len(set(error_conns)) != len(error_conns):
        failures.append(f"{len(error_conns)} error lines for {len(set(error_conns))} connections, "
                        f"expected one for each of {n_garbage}")
    for line in stderr_lines:
        log(f"{lang} stderr: {line[:200]}")
    growth_mb = (peak[0] - base_kb) / 1024
    limit = RSS_GROWTH_MB[lang]
    log(f"{lang}: RSS {base_kb / 1024:.1f} MiB when listening, peak {peak[0] / 1024:.1f} MiB "
        f"(+{growth_mb:.1f} MiB, limit +{limit} MiB); senders done in {send_seconds:.1f} s, "
        f"whole run {elapsed:.1f} s")
    if growth_mb > limit:
        failures.append(f"RSS grew by {growth_mb:.1f} MiB, above the limit of {limit} MiB")
    if elapsed > timeout:
        failures.append(f"took {elapsed:.0f} s, above the timeout of {timeout:.0f} s")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lang", default="python,java,rust")
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--senders", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds per receiver")
    args = parser.parse_args()
    if args.messages <= DROPPED_FULL:
        parser.error(f"--messages must be above {DROPPED_FULL}")
    t0 = time.monotonic()
    streams = Streams(args.messages)
    log(f"built a stream of {args.messages} messages, {len(streams.valid)} bytes, in "
        f"{time.monotonic() - t0:.1f} s; {len(streams.garbage)} garbage connections")
    commands = receivers()
    ran, failed = 0, 0
    for lang in args.lang.split(","):
        cmd = commands[lang]()
        if isinstance(cmd, str):
            log(f"{lang}: SKIPPED: {cmd}")
            continue
        log(f"{lang}: {' '.join(os.path.relpath(c, ROOT) if c.startswith(str(ROOT)) else c for c in cmd)}")
        failures = run_one(lang, cmd, streams, args.senders, args.timeout)
        ran += 1
        if failures:
            failed += 1
            for f in failures:
                log(f"{lang}: FAIL: {f}")
        else:
            log(f"{lang}: PASS")
    log(f"{ran - failed} passed, {failed} failed")
    return 0 if ran and not failed else 1


if __name__ == "__main__":
    sys.exit(main())
