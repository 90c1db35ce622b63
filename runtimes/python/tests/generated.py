"""The code conftest.py generated (schema/examples and tests/schemas, in target/generated): its
modules, and the classes that carry a piece of canonical text (SPEC §8.1)."""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

GENERATED = Path(__file__).resolve().parents[1] / "target" / "generated"


def generated_modules() -> Iterator[ModuleType]:
    """Every generated module, imported."""
    for path in sorted(GENERATED.rglob("*.py")):
        parts = list(path.relative_to(GENERATED).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        yield importlib.import_module(".".join(parts))


def generated_types() -> list[type]:
    """Every class a generated module declares with its piece of canonical text: records,
    structs, unions and enums (a union's variant classes inherit the union's)."""
    out = []
    for module in generated_modules():
        for cls in vars(module).values():
            if inspect.isclass(cls) and cls.__module__ == module.__name__ and "_cser_canonical" in vars(cls):
                out.append(cls)
    return out
