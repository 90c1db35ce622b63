"""Generates the Python code of every schema in schema/examples and tests/schemas (with the compiler of this
checkout, through ``cser.compile``, with ``--json`` so that test_json.py has ``to_json`` /
``from_json``) into target/generated, once per test session, and puts it on ``sys.path`` so the
tests import ``bench.media`` and friends like a user's code would; and ``Color``, the open enum
of the tests that bind hand-made descriptors or call cser.codec."""

from __future__ import annotations

import enum
import sys
from pathlib import Path

import pytest

from cser import codec
from cser.compile import CompileError, compile_schemas

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "schema" / "examples"
#: Schemas of the Python tests alone (tests/schemas): generated beside the examples.
TEST_SCHEMAS = Path(__file__).resolve().parent / "schemas"
GENERATED = Path(__file__).resolve().parents[1] / "target" / "generated"


def _generate() -> None:
    schemas = sorted(str(p) for p in EXAMPLES.glob("*.cser"))
    schemas += sorted(str(p) for p in TEST_SCHEMAS.glob("*.cser"))
    try:
        compile_schemas(schemas, str(GENERATED), include=[str(EXAMPLES), str(TEST_SCHEMAS)], extra_args=["--json"])
    except CompileError as e:
        pytest.exit(f"cannot generate the example code: {e}", returncode=2)


_generate()
sys.path.insert(0, str(GENERATED))


class Color(enum.IntEnum):
    """An open enum, declared as generated code declares one (SPEC §12.3)."""

    RED = 0
    GREEN = 1

    @classmethod
    def _missing_(cls, value: object) -> Color | None:
        return codec.unknown_member(cls, value)
