"""cser.compile: finding the compiler jar and Java, and running cserc."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from cser import compile as cserc
from cser.compile import CompileError, compile_schemas, main

ROOT = Path(__file__).resolve().parents[3]
JAR = ROOT / "tools" / "cserc" / "target" / "cserc.jar"
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


def test_packaged_jar_comes_after_cserc_jar_and_before_the_rest(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    packaged = tmp_path / "cserc.jar"
    packaged.write_bytes(b"")
    recorded = tmp_path / "_jar_path.txt"
    recorded.write_text(f"{tmp_path / 'other.jar'}\n", encoding="utf-8")
    monkeypatch.setattr(cserc, "_PACKAGED_JAR", packaged)
    monkeypatch.setattr(cserc, "_JAR_PATH_FILE", recorded)
    monkeypatch.delenv("CSERC_JAR", raising=False)
    assert cserc.find_jar() == str(packaged)
    override = tmp_path / "override.jar"
    override.write_bytes(b"")
    monkeypatch.setenv("CSERC_JAR", str(override))
    assert cserc.find_jar() == str(override)


def _no_jar_anywhere(monkeypatch: pytest.MonkeyPatch, where: Path) -> None:
    """Points every place find_jar looks at into ``where``, where nothing exists yet."""
    monkeypatch.delenv("CSERC_JAR", raising=False)
    monkeypatch.setattr(cserc, "_PACKAGED_JAR", where / "cser" / "cserc.jar")
    monkeypatch.setattr(cserc, "_JAR_PATH_FILE", where / "cser" / "_jar_path.txt")
    monkeypatch.setattr(cserc, "_CHECKOUT", where)
    monkeypatch.setattr(cserc, "_CHECKOUT_JAR", where / "tools" / "cserc" / "target" / "cserc.jar")
    monkeypatch.setattr(cserc, "_CHECKOUT_POM", where / "compiler" / "pom.xml")


def test_missing_jar_outside_a_checkout_names_no_impossible_path(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # As under site-packages: the package has no jar and there is no checkout around it.
    _no_jar_anywhere(monkeypatch, tmp_path)
    with pytest.raises(CompileError) as info:
        cserc.find_jar()
    message = str(info.value)
    assert "tools/cserc/target" not in message
    assert "carries no compiler jar" in message
    assert "pip install runtimes/python" in message and "CSERC_JAR" in message


def test_missing_jar_in_a_checkout_says_to_run_make(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    _no_jar_anywhere(monkeypatch, tmp_path)
    (tmp_path / "compiler").mkdir()
    (tmp_path / "compiler" / "pom.xml").write_text("<project/>", encoding="utf-8")
    with pytest.raises(CompileError) as info:
        cserc.find_jar()
    message = str(info.value)
    assert "run 'make'" in message and str(tmp_path) in message and "CSERC_JAR" in message


def _load_setup_py() -> ModuleType:
    """runtimes/python/setup.py as a module: only setuptools (running it as __main__) builds."""
    spec = importlib.util.spec_from_file_location("cser_setup_py", ROOT / "runtimes" / "python" / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_package_build_takes_the_first_jar_found(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    setup_py = _load_setup_py()
    sdist_copy = tmp_path / "cserc.jar"
    checkout_jar = tmp_path / "tools" / "cserc" / "target" / "cserc.jar"
    checkout_jar.parent.mkdir(parents=True)
    checkout_jar.write_bytes(b"")
    monkeypatch.setattr(setup_py, "JAR_CANDIDATES", (sdist_copy, checkout_jar))
    assert setup_py.compiler_jar() == checkout_jar
    sdist_copy.write_bytes(b"")
    assert setup_py.compiler_jar() == sdist_copy


def test_package_build_without_a_jar_says_what_to_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    setup_py = _load_setup_py()
    absent = (tmp_path / "cserc.jar", tmp_path / "tools" / "cserc" / "target" / "cserc.jar")
    monkeypatch.setattr(setup_py, "JAR_CANDIDATES", absent)
    # The checkout around the real setup.py exists, so the message says where to run make.
    with pytest.raises(SystemExit) as info:
        setup_py.compiler_jar()
    message = str(info.value)
    assert "is missing" in message and "run 'make'" in message and str(ROOT) in message
    monkeypatch.setattr(setup_py, "HERE", tmp_path / "elsewhere" / "python")
    with pytest.raises(SystemExit) as info:
        setup_py.compiler_jar()
    assert "is not runtimes/python of a cser checkout" in str(info.value)


def test_checkout_jar_is_the_fallback(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("CSERC_JAR", raising=False)
    monkeypatch.setattr(cserc, "_PACKAGED_JAR", tmp_path / "absent.jar")
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
