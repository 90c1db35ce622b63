"""cser.compile: finding the compiler jar and Java, and running cserc."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cser import compile as cserc
from cser.compile import CompileError, compile_schemas, main

ROOT = Path(__file__).resolve().parents[3]
JAR = ROOT / "compiler" / "target" / "cserc.jar"
EMPLOYEE = ROOT / "schema" / "examples" / "employee.cser"
needs_jar = pytest.mark.skipif(not JAR.is_file(), reason=f"{JAR} not built (run make)")


def test_missing_jar(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CSERC_JAR", "/nonexistent")
    assert main(["check", str(EMPLOYEE)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "/nonexistent" in err and "CSERC_JAR" in err


def test_missing_jar_from_python_m() -> None:
    env = dict(os.environ, CSERC_JAR="/nonexistent", PYTHONPATH=str(ROOT / "runtimes/python/src"))
    run = subprocess.run(
        [sys.executable, "-m", "cser.compile", "--help"], env=env, capture_output=True, text=True, check=False
    )
    assert run.returncode == 2
    assert "CSERC_JAR" in run.stderr


def test_missing_java(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    jar = tmp_path / "cserc.jar"
    jar.write_bytes(b"")  # only needs to exist: Java is looked for next and is missing
    monkeypatch.setenv("CSERC_JAR", str(jar))
    monkeypatch.setenv("PATH", "")
    monkeypatch.delenv("JAVA_HOME", raising=False)
    assert main(["check", str(EMPLOYEE)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "java not found" in err and "JAVA_HOME" in err and "PATH" in err


def test_jar_path_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CSERC_JAR", raising=False)
    recorded = tmp_path / "_jar_path.txt"
    jar = tmp_path / "installed.jar"
    jar.write_bytes(b"")
    recorded.write_text(f"{jar}\n", encoding="utf-8")
    monkeypatch.setattr(cserc, "_JAR_PATH_FILE", recorded)
    assert cserc.find_jar() == str(jar)
    jar.unlink()
    with pytest.raises(CompileError, match=r"_jar_path\.txt"):
        cserc.find_jar()


def test_checkout_jar_is_the_fallback(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CSERC_JAR", raising=False)
    monkeypatch.setattr(cserc, "_JAR_PATH_FILE", tmp_path / "absent.txt")
    assert cserc._CHECKOUT_JAR == JAR
    if JAR.is_file():
        assert cserc.find_jar() == str(JAR)
    else:
        with pytest.raises(CompileError, match="CSERC_JAR"):
            cserc.find_jar()


def test_java_home_comes_first(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    java = tmp_path / "bin" / "java"
    java.parent.mkdir()
    java.write_text("#!/bin/sh\n", encoding="utf-8")
    java.chmod(0o755)
    monkeypatch.setenv("JAVA_HOME", str(tmp_path))
    assert cserc.find_java() == str(java)


@needs_jar
def test_check_a_schema() -> None:
    assert main(["check", str(EMPLOYEE)]) == 0


@needs_jar
def test_exit_status_is_passed_through(tmp_path: Path) -> None:
    bad = tmp_path / "bad.cser"
    bad.write_text("this is not a schema\n", encoding="utf-8")
    assert main(["check", str(bad)]) == 1


@needs_jar
def test_compile_schemas_reports_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.cser"
    bad.write_text("this is not a schema\n", encoding="utf-8")
    with pytest.raises(CompileError) as info:
        compile_schemas([str(bad)], str(tmp_path / "out"))
    assert "bad.cser" in str(info.value)
