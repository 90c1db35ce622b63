"""The workloads W1-W6 (benchmarks/README.md, "Conventions every harness follows") as cser's
generated Python builds them, and the generated code they need.

``generate()`` writes cser's generated code of ``schema/examples`` (with the JSON mapping) into
``benchmarks/target/python-gen`` and protoc's code of ``benchmarks/proto/workloads.proto`` into
``benchmarks/target/python-proto``, and puts both on ``sys.path``. ``cser_values()`` then returns
the six values, built by ``runtimes/python/tests/values.py`` (the data the Java and Rust tests
use) and, for W5, read from ``benchmarks/target/data/w5_molecules.json``.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "schema" / "examples"
PROTO = ROOT / "benchmarks" / "proto" / "workloads.proto"
TARGET = ROOT / "benchmarks" / "target"
CSER_GEN = TARGET / "python-gen"
PROTO_GEN = TARGET / "python-proto"
W5_JSON = TARGET / "data" / "w5_molecules.json"
VALUES_DIR = ROOT / "runtimes" / "python" / "tests"

WORKLOADS = ("W1", "W2", "W3", "W4", "W5", "W6")
W1_ITEMS = 100_000
W2_EMPLOYEES = 5_000


def generate() -> None:
    """Generates the cser and protobuf code (always: a second or two, and never stale)."""
    from cser.compile import compile_schemas

    schemas = sorted(str(p) for p in EXAMPLES.glob("*.cser"))
    compile_schemas(schemas, str(CSER_GEN), include=[str(EXAMPLES)], extra_args=["--json"])
    PROTO_GEN.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [
            sys.executable, "-m", "grpc_tools.protoc",
            f"-I{PROTO.parent}", f"--python_out={PROTO_GEN}", str(PROTO),
        ],
        check=True,
    )
    add_paths()
    # The import system caches what it found in each path entry, including that a folder did not
    # exist yet (a fresh tree): forget that, or the modules just written are not found.
    importlib.invalidate_caches()


def add_paths() -> None:
    for p in (CSER_GEN, PROTO_GEN, VALUES_DIR):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))


def builtin_molecules() -> list[Any]:
    """The fallback W5 when w5_molecules.json is absent: ethanol and a 30-atom chain."""
    from chem import Atom, Bond, BondOrder, Molecule, Stereo
    from values import ethanol

    chain = Molecule(
        name="C30",
        atoms=[Atom(element=6, charge=0, implicit_hydrogens=2, aromatic=i % 2 == 0) for i in range(30)],
        bonds=[Bond(begin=i, end=i + 1, order=BondOrder.SINGLE, stereo=Stereo.NONE) for i in range(29)],
        coords_2d=[float(i) for i in range(60)],
    )
    return [ethanol(), chain]


def load_w5() -> tuple[Any, bool]:
    """W5 as a ``chem.MoleculeSet`` and whether it is the real data (else the built-in set)."""
    from chem import MoleculeSet

    if not W5_JSON.is_file():
        warnings.warn(
            f"{W5_JSON} is absent (make it with benchmarks/data/w5_from_smiles.py): "
            "W5 uses a built-in set of 2 molecules, not the 4,991 of the conventions",
            stacklevel=2,
        )
        return MoleculeSet(molecules=builtin_molecules()), False
    with W5_JSON.open(encoding="utf-8") as f:
        doc = json.load(f)
    return MoleculeSet.from_json({"molecules": doc["molecules"]}), True


def cser_values(small: bool = False) -> tuple[dict[str, Any], bool]:
    """The six workloads as cser values, by name, and whether W5 is the real data. ``small``
    (the smoke run) cuts W1, W2 and W5 to 1,000, 500 and 200 records."""
    import values as v
    from bench.employee import Staff

    w5, real = load_w5()
    if small:
        w5.molecules = w5.molecules[:200]
    return {
        "W1": v.empty_data_set(1_000 if small else W1_ITEMS),
        "W2": Staff(employees=[v.employee(n) for n in range(500 if small else W2_EMPLOYEES)]),
        "W3": v.sakai_entity(0),
        "W4": v.message(12345),
        "W5": w5,
        "W6": v.media_content(),
    }, real
