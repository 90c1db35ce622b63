"""Runs the cser schema compiler, ``cserc``, from Python.

``python -m cser.compile ARGS...`` and the ``cserc`` console script run ``java -jar cserc.jar
ARGS...`` (``cserc --help`` lists the arguments); :func:`compile_schemas` generates Python code
from a build script or a test. The compiler is a Java program, found as follows:

- the jar: the ``CSERC_JAR`` environment variable; else ``cserc.jar`` beside this file (the
  copy a wheel or sdist of the package carries, put there by its build, setup.py); else the
  path in ``_jar_path.txt`` beside this file (the Makefile writes it when it installs the package
  in editable mode into its venv); else ``tools/cserc/target/cserc.jar`` of the source checkout
  this file lies in;
- Java (17 or newer): ``$JAVA_HOME/bin/java``, else ``java`` on ``PATH``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

__all__ = ["CompileError", "compile_schemas", "main"]

# Usage errors and a missing compiler share cserc's own "the command line is wrong" status.
_EXIT_SETUP = 2

_HERE = Path(__file__).resolve().parent
# The copy the package carries when it was built as a wheel (setup.py puts it there).
_PACKAGED_JAR = _HERE / "cserc.jar"
_JAR_PATH_FILE = _HERE / "_jar_path.txt"
# In a source checkout this file is runtimes/python/src/cser/compile.py. Only then does
# _CHECKOUT_POM exist: under site-packages these paths name nothing.
_CHECKOUT = (_HERE / ".." / ".." / ".." / "..").resolve()
_CHECKOUT_JAR = _CHECKOUT / "tools" / "cserc" / "target" / "cserc.jar"
_CHECKOUT_POM = _CHECKOUT / "compiler" / "pom.xml"


class CompileError(Exception):
    """The compiler could not be run, or it rejected the schemas; the message holds what it
    printed on stderr."""


def find_jar() -> str:
    """The path of ``cserc.jar``; :class:`CompileError` if there is none."""
    env = os.environ.get("CSERC_JAR")
    if env:
        if not os.path.isfile(env):
            raise CompileError(f"compiler jar {env} (from CSERC_JAR) not found: set CSERC_JAR to cserc.jar")
        return env
    if _PACKAGED_JAR.is_file():
        return str(_PACKAGED_JAR)
    if _JAR_PATH_FILE.is_file():
        recorded = _JAR_PATH_FILE.read_text(encoding="utf-8").strip()
        if not os.path.isfile(recorded):
            raise CompileError(
                f"compiler jar {recorded} (from {_JAR_PATH_FILE}) not found: rebuild it, "
                "or set CSERC_JAR to cserc.jar"
            )
        return recorded
    if _CHECKOUT_JAR.is_file():
        return str(_CHECKOUT_JAR)
    if _CHECKOUT_POM.is_file():
        raise CompileError(
            f"compiler jar {_CHECKOUT_JAR} not found: run 'make' in the cser checkout {_CHECKOUT} "
            "(it builds the jar), or set CSERC_JAR to the path of cserc.jar"
        )
    raise CompileError(
        f"this installation of the cser package ({_HERE}) carries no compiler jar: reinstall it "
        "with 'pip install runtimes/python' from a cser checkout (its build puts cserc.jar into "
        "the package), or set CSERC_JAR to the path of cserc.jar"
    )


def find_java() -> str:
    """The path of the ``java`` executable; :class:`CompileError` if there is none."""
    home = os.environ.get("JAVA_HOME")
    if home:
        exe = Path(home, "bin", "java.exe" if os.name == "nt" else "java")
        if exe.is_file() and os.access(exe, os.X_OK):
            return str(exe)
    # A JAVA_HOME without a java in it falls back to PATH, as the shell wrapper bin/cserc does.
    found = shutil.which("java")
    if found is None:
        raise CompileError(
            "java not found: set JAVA_HOME or put java on PATH (cserc needs Java 17 or newer)"
        )
    return found


def _command(args: Sequence[str]) -> list[str]:
    jar = find_jar()
    # Whether standard output is a terminal, which Java 17 cannot tell when standard input is
    # redirected (as bin/cserc passes it): ``cserc encode`` refuses to write raw bytes to one.
    terminal = "true" if _stdout_is_terminal() else "false"
    return [find_java(), f"-Dcserc.stdout.terminal={terminal}", "-jar", jar, *args]


def _stdout_is_terminal() -> bool:
    try:
        return os.isatty(sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):
        # Replaced by an object without a file descriptor (pytest's capture, an IDE console).
        return False


def compile_schemas(
    schemas: Sequence[str | os.PathLike[str]],
    out_dir: str | os.PathLike[str],
    include: Sequence[str | os.PathLike[str]] = (),
    extra_args: Sequence[str] = (),
) -> None:
    """Generates Python packages for ``schemas`` under ``out_dir``, looking for imports in each
    ``include`` directory too; ``extra_args`` go to the compiler as they are (``["--json"]``
    adds ``to_json`` / ``from_json``). Raises :class:`CompileError` with the compiler's
    diagnostics if the schemas have errors (or the compiler cannot be found); warnings go to
    stderr."""
    args = ["--python-out", os.fspath(out_dir), *extra_args]
    for directory in include:
        args += ["-I", os.fspath(directory)]
    args += [os.fspath(s) for s in schemas]
    command = _command(args)
    try:
        result = subprocess.run(command, stderr=subprocess.PIPE, text=True, check=False)
    except OSError as e:
        raise CompileError(f"cannot run {command[0]}: {e}") from e
    if result.returncode != 0:
        detail = result.stderr.strip() or f"exit status {result.returncode}"
        raise CompileError(f"cserc failed: {detail}")
    if result.stderr:
        sys.stderr.write(result.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Runs cserc with ``argv`` (default: the command line), its output passed through;
    returns its exit status, or 2 with a one-line message if Java or the jar is missing."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        command = _command(args)
    except CompileError as e:
        print(f"cserc: {e}", file=sys.stderr)
        return _EXIT_SETUP
    try:
        status = subprocess.run(command, check=False).returncode
    except OSError as e:
        print(f"cserc: cannot run {command[0]}: {e}", file=sys.stderr)
        return _EXIT_SETUP
    except KeyboardInterrupt:
        # The terminal sent SIGINT to Java too; report it as a shell would.
        return 130
    # Killed by a signal: subprocess says -N, a shell says 128 + N.
    return 128 - status if status < 0 else status


if __name__ == "__main__":
    sys.exit(main())
