"""The campaign's surroundings (conformance/schemagen/README.md): where the checkout, the compiler,
the runtimes, the Python venv and the run's own directory are, the stages' limits, and running a
command with a time limit."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

# CSER_SCHEMAGEN_TARGET: another directory for the work, the testees and the logs, so that a
# second run (a smoke beside a campaign) does not share the first one's batch directory
TARGET = Path(os.environ.get("CSER_SCHEMAGEN_TARGET", ROOT / "conformance" / "target" / "schemagen"))
JAR = ROOT / "tools" / "cserc" / "target" / "cserc.jar"
VENV = ROOT / "runtimes" / "python" / ".venv" / "bin"
RUFF_RULES = "E4,E7,E9,F,W,UP,I,RUF,B"  # runtimes/python/check's rules for generated code
JAVA_RUNTIME = ROOT / "runtimes" / "java" / "target" / "classes"
JAVA_JSON = ROOT / "runtimes" / "java" / "json" / "target" / "classes"
JAVA_JSON_DEPS = ROOT / "runtimes" / "java" / "json" / "target" / "classpath.txt"
LANGS = ("java", "rust", "python")
TESTEES = ("java", "java-dynamic", "rust", "python", "python-pure")
ERROR_LINES = 12
STAGE_TIMEOUT = 1800
RUSTFMT_TIMEOUT = 60


def java_classpath() -> str:
    """The Java runtime and its JSON module with their dependencies: what javac and the Java
    testee need beside the generated classes."""
    return f"{JAVA_RUNTIME}:{JAVA_JSON}:{JAVA_JSON_DEPS.read_text().strip()}"


def run(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None,
        timeout: float = STAGE_TIMEOUT) -> tuple[bool, str]:
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        out = e.output.decode("utf-8", "replace") if e.output else ""
        return False, out + f"\ntimeout: {' '.join(cmd[:3])} ran for more than {timeout:.0f} s"
    return p.returncode == 0, p.stdout.decode("utf-8", "replace")


def shown(path: Path) -> Path:
    """``path`` relative to the checkout when it is inside it (CSER_SCHEMAGEN_TARGET may be elsewhere)."""
    return path.relative_to(ROOT) if path.is_relative_to(ROOT) else path


def dumps(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False)


def write_if_changed(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
