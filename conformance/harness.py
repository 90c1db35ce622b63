"""What the conformance runner and the vector generator share: a client for the testee protocol
(conformance/README.md), reading and writing vector files, and comparing JSON values the way
SPEC.md §11 defines them (numbers by value, floats by their bits, -0.0 apart from 0)."""

from __future__ import annotations

import json
import math
import queue
import subprocess
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

CONFORMANCE = Path(__file__).resolve().parent
ROOT = CONFORMANCE.parent
VECTORS = CONFORMANCE / "vectors"
SCHEMAS = CONFORMANCE / "schemas"
LANGUAGES = ("java", "java-dynamic", "rust", "python", "python-pure")


class TesteeError(Exception):
    """The testee process failed: it did not start, died, or did not answer in time."""


class Testee:
    """One running testee: ``conformance/testee LANG SCHEMA -I DIR...``. Requests are written
    by a thread while answers are read, so a long batch cannot deadlock on full pipes."""

    def __init__(self, lang: str, schema: Path, includes: Iterable[Path], timeout: float = 120.0) -> None:
        self.lang = lang
        self.timeout = timeout
        args = [str(CONFORMANCE / "testee"), lang, str(schema)]
        for inc in includes:
            args += ["-I", str(inc)]
        self._stderr: list[str] = []
        self.proc = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )
        self._lines: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self._lines.put(line)
        self._lines.put(None)

    def _read_stderr(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            self._stderr.append(line)

    def stderr(self) -> str:
        return "".join(self._stderr[-40:])

    def run(self, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Sends every request (each with a unique "id") and returns the answers in order."""

        def write() -> None:
            assert self.proc.stdin is not None
            try:
                for r in requests:
                    self.proc.stdin.write(json.dumps(r, ensure_ascii=False) + "\n")
                self.proc.stdin.flush()
            except (BrokenPipeError, OSError):
                pass

        threading.Thread(target=write, daemon=True).start()
        answers = []
        for r in requests:
            try:
                line = self._lines.get(timeout=self.timeout)
            except queue.Empty:
                raise TesteeError(f"{self.lang}: no answer to request {r['id']} in {self.timeout:.0f} s") from None
            if line is None:
                raise TesteeError(f"{self.lang} testee exited (status {self.proc.wait()}):\n{self.stderr()}")
            try:
                answer = json.loads(line)
            except json.JSONDecodeError:
                raise TesteeError(f"{self.lang}: an answer that is not JSON: {line!r}") from None
            if answer.get("id") != r["id"]:
                raise TesteeError(f"{self.lang}: answer {answer.get('id')} to request {r['id']}")
            answers.append(answer)
        return answers

    def close(self) -> None:
        if self.proc.stdin is not None:
            try:
                self.proc.stdin.close()
            except OSError:
                pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()


@dataclass
class Vector:
    """One vector. ``mode``: "example" (encode(value) == hex and decode(hex) == value), "read"
    (decode(hex) == value only: bytes of another schema version), "reject" (every decoder
    fails, with ``kind`` if given), "encode-reject" (every encoder refuses the value, or the
    raw JSON text ``json`` / ``json_hex``), "encode" (every encoder writes ``hex`` for the raw
    JSON text ``json`` / ``json_hex``: SPEC §11's edges that a value cannot carry),
    "reencode" (decode then encode gives ``hex`` back: bytes JSON cannot state, NaN payloads) or
    "evolve" (bytes of ``writer_schema`` passed through a program of ``schema``: evolve.py)."""

    name: str
    schema: str
    type: str
    mode: str = "example"
    value: Any = None
    hex: str | None = None
    kind: str | None = None
    file: str = ""
    writer_schema: str = ""
    set: dict[str, Any] | None = None
    expect_hex: str = ""
    expect_value: Any = None
    json: str | None = None
    json_hex: str | None = None

    def encode_request(self, request_id: int) -> dict[str, Any]:
        """The ``encode`` request of this vector: its value, or its raw JSON text (``json``, or
        ``json_hex`` for bytes that are not UTF-8) for the testee to read as a program would."""
        r: dict[str, Any] = {"id": request_id, "op": "encode", "type": self.type}
        if self.json is not None:
            r["json"] = self.json
        elif self.json_hex is not None:
            r["json_hex"] = self.json_hex
        else:
            r["value"] = self.value
        return r

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "schema": self.schema, "type": self.type, "mode": self.mode}
        if self.json is not None:
            out["json"] = self.json
        elif self.json_hex is not None:
            out["json_hex"] = self.json_hex
        elif self.mode not in ("reject", "reencode"):
            out["value"] = self.value
        if self.hex is not None:
            out["hex"] = self.hex
        if self.kind is not None:
            out["kind"] = self.kind
        if self.mode == "evolve":
            out["writer_schema"] = self.writer_schema
            if self.set is not None:
                out["set"] = self.set
            out["expect_hex"] = self.expect_hex
            out["expect_value"] = self.expect_value
        return out


def read_vectors(paths: Iterable[Path] | None = None) -> Iterator[Vector]:
    for path in sorted(paths if paths is not None else VECTORS.glob("*.jsonl")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.strip():
                d = json.loads(line)
                yield Vector(
                    name=d["name"],
                    schema=d["schema"],
                    type=d["type"],
                    mode=d.get("mode", "example"),
                    value=d.get("value"),
                    hex=d.get("hex"),
                    kind=d.get("kind"),
                    file=f"{path.name}:{n}",
                    writer_schema=d.get("writer_schema", ""),
                    set=d.get("set"),
                    expect_hex=d.get("expect_hex", ""),
                    expect_value=d.get("expect_value"),
                    json=d.get("json"),
                    json_hex=d.get("json_hex"),
                )


def write_vectors(path: Path, vectors: Iterable[Vector]) -> None:
    path.write_text(
        "".join(json.dumps(v.to_json(), ensure_ascii=False, separators=(",", ":")) + "\n" for v in vectors),
        encoding="utf-8",
    )


def same_value(a: Any, b: Any) -> bool:
    """Equality of JSON values as SPEC §11 reads them: numbers by value (an int equal to a float
    is the same number), zero's sign kept, "NaN" and the other special strings as themselves,
    objects by keys regardless of order, arrays in order."""
    return first_difference(a, b) is None


def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON values differ, e.g. ``.images[1].width: 640 != 641``; None if they do not."""
    if isinstance(a, bool) or isinstance(b, bool):
        return None if a is b else f"{path or '.'}: {a!r} != {b!r}"
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if (isinstance(a, float) and math.isnan(a)) or (isinstance(b, float) and math.isnan(b)):
            return None if (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b)) else (
                f"{path or '.'}: {a!r} != {b!r}"
            )
        if a == b and math.copysign(1.0, a) == math.copysign(1.0, b):
            return None
        return f"{path or '.'}: {a!r} != {b!r}"
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}: {'missing' if k not in a else a[k]!r} != {'missing' if k not in b else b[k]!r}"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None if len(a) == len(b) else f"{path or '.'}: {len(a)} elements != {len(b)}"
    return None if a == b and type(a) is type(b) else f"{path or '.'}: {a!r} != {b!r}"


def covers(given: Any, full: Any) -> bool:
    """Whether ``full`` (a decoded value: every field present) agrees with ``given`` (a value as
    written here: fields left out take their zero values) on everything ``given`` says."""
    if isinstance(given, dict) and isinstance(full, dict):
        return all(k in full and covers(v, full[k]) for k, v in given.items())
    if isinstance(given, list) and isinstance(full, list):
        return len(given) == len(full) and all(covers(a, b) for a, b in zip(given, full, strict=True))
    return same_value(given, full)
