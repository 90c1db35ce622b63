//! The cser values of W1–W6, with the data of the conventions table (`benchmarks/README.md`).
//!
//! The data is `runtimes/rust/cser-examples/src/workloads.rs`, the one copy in Rust (the same
//! as `Workloads.java` and `SakaiData.java`), compiled into this crate against its own
//! generated types (see that file); this module adds how W5 is read from its file.

use std::path::{Path, PathBuf};

use crate::chem::{Atom, Bond, BondOrder, Molecule, MoleculeSet, Stereo};

#[path = "../../../runtimes/rust/cser-examples/src/workloads.rs"]
mod data;

pub use data::{
    employee, empty_data_set, ethanol, media_content, message, sakai_entity, staff, W1_ITEMS,
    W2_EMPLOYEES,
};

/// Where W5 is read from: `$CSER_W5_JSON`, else `benchmarks/target/data/w5_molecules.json`
/// (written by `benchmarks/data/w5_from_smiles.py`).
pub fn w5_path() -> PathBuf {
    match std::env::var_os("CSER_W5_JSON") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/data/w5_molecules.json"),
    }
}

/// Where W5 came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum W5Source {
    /// The molecules of `w5_molecules.json`.
    File,
    /// The file is absent: [`builtin_molecules`].
    BuiltIn,
}

/// W5: the molecules of `w5_molecules.json` (`{"smiles_bytes": N, "molecules": [...]}`, the
/// molecules in the JSON mapping of SPEC §11), read by [`parse_molecules`];
/// when the file is absent, a small built-in set, with a warning on stderr.
///
/// # Panics
///
/// If the file exists but is not a valid molecule set.
pub fn molecules() -> (MoleculeSet, W5Source) {
    let path = w5_path();
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!(
                "warning: W5: cannot read {} ({e}); using a small built-in set of {} molecules \
                 (run benchmarks/data/w5_from_smiles.py for the real workload)",
                path.display(),
                builtin_molecules().molecules.len()
            );
            return (builtin_molecules(), W5Source::BuiltIn);
        }
    };
    (parse_molecules(&text), W5Source::File)
}

/// Parses the W5 file format: `chem.MoleculeSet`'s molecules in the JSON mapping of SPEC §11,
/// next to a `smiles_bytes` member. Read with serde_json into the plain structs below rather
/// than through `cserc --json` code: that needs the `json` feature of `cser`, whose serde_json
/// features (`arbitrary_precision`) Cargo would switch on for the serde_json peer too, slowing
/// the peer measured here.
///
/// # Panics
///
/// If `text` is not a valid W5 file.
pub fn parse_molecules(text: &str) -> MoleculeSet {
    let file: W5File = serde_json::from_str(text).expect("w5_molecules.json holds a molecule set");
    MoleculeSet {
        molecules: file
            .molecules
            .into_iter()
            .map(W5Molecule::into_cser)
            .collect(),
        ..Default::default()
    }
}

#[derive(serde::Deserialize)]
struct W5File {
    molecules: Vec<W5Molecule>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct W5Molecule {
    name: String,
    atoms: Vec<W5Atom>,
    bonds: Vec<W5Bond>,
    coords_2d: Option<Vec<f64>>,
    coords_3d: Option<Vec<f64>>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct W5Atom {
    element: u8,
    charge: i8,
    implicit_hydrogens: u8,
    aromatic: bool,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct W5Bond {
    begin: u32,
    end: u32,
    order: EnumValue,
    stereo: EnumValue,
}

/// An enum in the JSON mapping: the member's name, or its number.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum EnumValue {
    Name(String),
    Number(u32),
}

impl EnumValue {
    fn number(&self, members: &[(Option<&str>, u32)]) -> u32 {
        match self {
            EnumValue::Number(n) => *n,
            EnumValue::Name(name) => members
                .iter()
                .find(|(member, _)| *member == Some(name.as_str()))
                .map(|(_, n)| *n)
                .unwrap_or_else(|| panic!("w5_molecules.json: no enum member {name}")),
        }
    }
}

impl W5Molecule {
    fn into_cser(self) -> Molecule {
        let orders: Vec<_> = BondOrder::values()
            .iter()
            .map(|x| (x.name(), x.number()))
            .collect();
        let stereos: Vec<_> = Stereo::values()
            .iter()
            .map(|x| (x.name(), x.number()))
            .collect();
        Molecule {
            name: self.name,
            atoms: self
                .atoms
                .into_iter()
                .map(|a| Atom {
                    element: a.element,
                    charge: a.charge,
                    implicit_hydrogens: a.implicit_hydrogens,
                    aromatic: a.aromatic,
                })
                .collect(),
            bonds: self
                .bonds
                .into_iter()
                .map(|b| Bond {
                    begin: b.begin,
                    end: b.end,
                    order: BondOrder::from_number(b.order.number(&orders)),
                    stereo: Stereo::from_number(b.stereo.number(&stereos)),
                })
                .collect(),
            // f32 values are written widened to f64 (SPEC §11); the nearest f32 is the value.
            coords_2d: self
                .coords_2d
                .map(|c| c.into_iter().map(|x| x as f32).collect()),
            coords_3d: self.coords_3d,
            ..Default::default()
        }
    }
}

/// A few molecules in the shape of the real set (aromatic rings, charges, 2D coordinates, one
/// with 3D coordinates), for when `w5_molecules.json` is absent.
pub fn builtin_molecules() -> MoleculeSet {
    let atom = |element, charge, implicit_hydrogens, aromatic| Atom {
        element,
        charge,
        implicit_hydrogens,
        aromatic,
    };
    let bond = |begin, end, order| Bond {
        begin,
        end,
        order,
        stereo: Stereo::NONE,
    };
    let benzene = Molecule {
        name: "benzene".to_owned(),
        atoms: (0..6).map(|_| atom(6, 0, 1, true)).collect(),
        bonds: (0..6)
            .map(|i| bond(i, (i + 1) % 6, BondOrder::AROMATIC))
            .collect(),
        coords_2d: Some(
            (0..6)
                .flat_map(|i| {
                    let a = i as f32 * std::f32::consts::FRAC_PI_3;
                    [1.5 * a.cos(), 1.5 * a.sin()]
                })
                .collect(),
        ),
        coords_3d: Some(
            (0..6)
                .flat_map(|i| {
                    let a = f64::from(i) * std::f64::consts::FRAC_PI_3;
                    [1.39 * a.cos(), 1.39 * a.sin(), 0.0]
                })
                .collect(),
        ),
        ..Default::default()
    };
    let acetate = Molecule {
        name: "acetate".to_owned(),
        atoms: vec![
            atom(6, 0, 3, false),
            atom(6, 0, 0, false),
            atom(8, 0, 0, false),
            atom(8, -1, 0, false),
        ],
        bonds: vec![
            bond(0, 1, BondOrder::SINGLE),
            bond(1, 2, BondOrder::DOUBLE),
            bond(1, 3, BondOrder::SINGLE),
        ],
        coords_2d: Some(vec![0.0, 0.0, 1.299, 0.75, 2.598, 0.0, 1.299, 2.25]),
        coords_3d: None,
        ..Default::default()
    };
    MoleculeSet {
        molecules: vec![ethanol(), benzene, acetate],
        ..Default::default()
    }
}
