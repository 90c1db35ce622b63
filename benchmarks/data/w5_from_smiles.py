"""W5 data: converts RDKit's shipped ``rdkit/Data/NCI/first_5K.smi`` (NCI structures, one SMILES
and a name per line) into chem.Molecule records, once, as a build artifact.

    python benchmarks/data/w5_from_smiles.py OUT.json

Writes OUT.json: ``{"smiles_bytes": N, "molecules": [...]}`` where ``molecules`` is the list of
a ``chem.MoleculeSet`` in the JSON mapping of SPEC.md §11 (every harness reads it with its
generated ``fromJson`` / ``from_json``, or maps it onto its peers' own classes), and
``smiles_bytes`` is the size of the SMILES text of the same molecules (one per line, with its
newline), to compare cser's bytes with. Atoms: element, formal charge, implicit hydrogens,
aromatic flag; bonds: the two atom indices, order and stereo; 2D coordinates from RDKit's
``Compute2DCoords``, stored as f32 (the schema's type). Molecules RDKit cannot parse are skipped
and counted. Needs RDKit (``pip install rdkit``); the Makefile installs it into
benchmarks/target/w5-venv.
"""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path

from rdkit import Chem, RDConfig, RDLogger
from rdkit.Chem import AllChem

ORDERS = {
    Chem.BondType.SINGLE: "SINGLE",
    Chem.BondType.DOUBLE: "DOUBLE",
    Chem.BondType.TRIPLE: "TRIPLE",
    Chem.BondType.AROMATIC: "AROMATIC",
}
STEREO = {
    Chem.BondStereo.STEREONONE: "NONE",
    Chem.BondStereo.STEREOANY: "EITHER",
    Chem.BondStereo.STEREOZ: "CIS",
    Chem.BondStereo.STEREOCIS: "CIS",
    Chem.BondStereo.STEREOE: "TRANS",
    Chem.BondStereo.STEREOTRANS: "TRANS",
}
DIRECTION = {Chem.BondDir.BEGINWEDGE: "UP", Chem.BondDir.BEGINDASH: "DOWN"}


def f32(x: float) -> float:
    """The value an f32 holds for ``x``, as the JSON mapping writes f32 (widened to a double)."""
    return float(struct.unpack("<f", struct.pack("<f", x))[0])


def molecule(mol: Chem.Mol, name: str) -> dict[str, object]:
    AllChem.Compute2DCoords(mol)
    conf = mol.GetConformer()
    atoms = [
        {
            "element": a.GetAtomicNum(),
            "charge": a.GetFormalCharge(),
            "implicit_hydrogens": a.GetTotalNumHs(),
            "aromatic": a.GetIsAromatic(),
        }
        for a in mol.GetAtoms()
    ]
    bonds = [
        {
            "begin": b.GetBeginAtomIdx(),
            "end": b.GetEndAtomIdx(),
            "order": ORDERS.get(b.GetBondType(), "UNSET"),
            "stereo": DIRECTION.get(b.GetBondDir(), STEREO.get(b.GetStereo(), "NONE")),
        }
        for b in mol.GetBonds()
    ]
    coords: list[float] = []
    for i in range(mol.GetNumAtoms()):
        p = conf.GetAtomPosition(i)
        coords += [f32(p.x), f32(p.y)]
    return {"name": name, "atoms": atoms, "bonds": bonds, "coords_2d": coords, "coords_3d": None}


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    RDLogger.DisableLog("rdApp.*")
    source = Path(RDConfig.RDDataDir) / "NCI" / "first_5K.smi"
    molecules = []
    smiles_bytes = 0
    skipped = 0
    for line in source.read_text().splitlines():
        if not line.strip():
            continue
        smiles, _, name = line.partition("\t")
        mol = Chem.MolFromSmiles(smiles)
        if mol is None:
            skipped += 1
            continue
        molecules.append(molecule(mol, name.strip() or smiles))
        smiles_bytes += len(smiles.encode()) + 1
    out = Path(sys.argv[1])
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"smiles_bytes": smiles_bytes, "molecules": molecules}, separators=(",", ":")))
    print(f"{out}: {len(molecules)} molecules ({skipped} RDKit could not parse), SMILES text {smiles_bytes:,} bytes")


if __name__ == "__main__":
    main()
