"""A batch testee as the round trip drives it (conformance/schemagen/README.md): a process that
answers JSON request lines with JSON lines (conformance/README.md's testee protocol), the requests
written by a thread, its start-up and answers timed."""

from __future__ import annotations

import json
import subprocess
import threading
import time
from typing import Any


class Proc:
    """A batch testee: JSON lines in, JSON lines out, requests written by a thread."""

    def __init__(self, name: str, cmd: list[str], env: dict[str, str], python: bool) -> None:
        self.name = name
        self.dead = False
        self.error = ""
        self._err: list[str] = []
        # seconds spent starting this testee and waiting for its answers: the round trip's log
        # line names the slow testee (the testees are asked one after another)
        started = time.monotonic()
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        threading.Thread(target=self._drain, daemon=True).start()
        self.load_report: dict[str, Any] | None = None
        if python:
            assert self.p.stdout is not None
            line = self.p.stdout.readline()
            try:
                self.load_report = json.loads(line)
            except json.JSONDecodeError:
                self.dead = True
                self.error = f"no load report: {line[:200]!r}"
        self.busy = time.monotonic() - started

    def _drain(self) -> None:
        assert self.p.stderr is not None
        for line in self.p.stderr:
            self._err.append(line.decode("utf-8", "replace"))
            del self._err[:-40]

    def stderr(self) -> str:
        return "".join(self._err[-20:])

    def ask(self, requests: list[dict[str, Any]], send: list[bool]) -> list[dict[str, Any] | None]:
        out: list[dict[str, Any] | None] = [None] * len(requests)
        if self.dead:
            return out
        started = time.monotonic()
        try:
            return self._ask(requests, send, out)
        finally:
            self.busy += time.monotonic() - started

    def _ask(self, requests: list[dict[str, Any]], send: list[bool],
             out: list[dict[str, Any] | None]) -> list[dict[str, Any] | None]:
        chosen = [(k, dict(r, id=k)) for k, (r, go) in enumerate(zip(requests, send, strict=True)) if go]

        def write() -> None:
            assert self.p.stdin is not None
            try:
                for _, r in chosen:
                    self.p.stdin.write((json.dumps(r, ensure_ascii=False) + "\n").encode("utf-8", "surrogatepass"))
                self.p.stdin.flush()
            except OSError:
                pass

        threading.Thread(target=write, daemon=True).start()
        assert self.p.stdout is not None
        for k, _ in chosen:
            line = self.p.stdout.readline()
            if not line:
                self.dead = True
                self.error = f"exited with status {self.p.wait()}"
                break
            try:
                a = json.loads(line)
            except json.JSONDecodeError:
                a = {"ok": False, "error": f"an answer that is not JSON: {line[:200]!r}"}
            out[k] = a
        return out

    def close(self) -> None:
        try:
            assert self.p.stdin is not None
            self.p.stdin.close()
        except OSError:
            pass
        try:
            self.p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.p.kill()
