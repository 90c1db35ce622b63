"""The Python testee of a schemagen batch (conformance/schemagen/README.md): the protocol of
conformance/python/testee.py over the code generated for many schemas at once.

    batch_testee.py GEN_DIR

Imports each top-level package of GEN_DIR (one per generated schema) on its own, so that one
schema whose code does not import does not take the others with it; the first line on stdout is
``{"loaded": N, "failed": {"<package>": "<error>"}}``, then every request line on stdin gets one
answer line, as conformance/python/testee.py answers it (its ``answer`` function). Run it with
``CSER_PURE_PYTHON=1`` for the pure-Python codec.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import sys
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))

import testee


def load(gen: Path) -> tuple[dict[str, Any], dict[str, str]]:
    sys.path.insert(0, str(gen))
    types: dict[str, Any] = {}
    failed: dict[str, str] = {}
    tops = sorted({p.name.removesuffix(".py") for p in gen.iterdir() if not p.name.startswith(".")})
    for top in tops:
        try:
            pkg = importlib.import_module(top)
            modules = [pkg] + [importlib.import_module(i.name) for i in
                               pkgutil.walk_packages(getattr(pkg, "__path__", []), prefix=top + ".")]
            for module in modules:
                for obj in list(vars(module).values()):
                    name = getattr(obj, "TYPE_NAME", None)
                    if (isinstance(obj, type) and obj.__module__ == module.__name__ and isinstance(name, str)
                            and "TAG" not in vars(obj)):
                        types[name] = obj
        except BaseException as e:
            lines = traceback.format_exception_only(type(e), e)
            failed[top] = "".join(lines).strip()[-2000:]
    return types, failed


def main() -> None:
    gen = Path(sys.argv[1]).resolve()
    types, failed = load(gen)
    out = sys.stdout.buffer
    out.write((json.dumps({"loaded": len(types), "failed": failed}) + "\n").encode())
    out.flush()
    for line in sys.stdin.buffer:
        out.write(testee._dump(testee.answer(types, line)))
        out.flush()


if __name__ == "__main__":
    main()
