"""The modules of the runtime import one another without a cycle, so that each can be read,
tested and loaded after the ones it names. Every import counts: a function-local one too (a
local import that only breaks a cycle still leaves the cycle), and the modules the C
accelerator imports by name (``PyImport_ImportModule`` in ``_native/*.c``)."""

from __future__ import annotations

import ast
import re
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
NATIVE = "cser._native"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(package: str, tree: ast.Module, modules: set[str]) -> set[str]:
    """The cser modules a module of ``package`` imports anywhere in it. ``from cser import x``
    imports the module ``cser.x`` when there is one, else a name of ``cser/__init__.py``."""
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0]
                base = f"{parent}.{base}" if base else parent
            for a in node.names:
                if f"{base}.{a.name}" in modules:
                    out.add(f"{base}.{a.name}")
                elif base in modules:
                    out.add(base)
    return out


def import_graph() -> dict[str, set[str]]:
    """Each module of src/cser, the C accelerator among them, and the cser modules it imports."""
    files = {_module_name(p): p for p in SRC.rglob("*.py")}
    modules = {*files, NATIVE}
    graph = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        graph[name] = imported(package, ast.parse(path.read_text(encoding="utf-8")), modules) - {name}
    c = "".join(p.read_text(encoding="utf-8") for p in (SRC / "cser/_native").glob("*.c"))
    graph[NATIVE] = set(re.findall(r'PyImport_ImportModule\("([\w.]+)"\)', c))
    return graph


def test_the_runtime_has_no_import_cycle() -> None:
    graph = import_graph()
    assert {"cser.bind", "cser.codec", "cser.collections", "cser.descriptors", "cser.reader", "cser.writer"} <= graph.keys()
    assert graph[NATIVE] <= graph.keys() and graph[NATIVE], graph[NATIVE]
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as e:
        raise AssertionError(f"an import cycle: {' -> '.join(e.args[1])}") from None
    assert set(order) == graph.keys()


def test_the_check_sees_function_local_and_relative_imports() -> None:
    tree = ast.parse("def f():\n    from cser import reader, DecodeError\n    from . import writer\n")
    modules = {"cser", "cser.reader", "cser.writer", "cser.codec"}
    assert imported("cser", tree, modules) == {"cser", "cser.reader", "cser.writer"}
    try:
        list(TopologicalSorter({"cser.a": {"cser.b"}, "cser.b": {"cser.a"}}).static_order())
    except CycleError:
        return
    raise AssertionError("a cycle went unseen")
