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
/// molecules in the JSON mapping of SPEC §11) through the generated `MoleculeSet::from_json`;
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

/// Parses the W5 file format; the `smiles_bytes` member is not part of `chem.MoleculeSet`.
///
/// # Panics
///
/// If `text` is not a valid W5 file.
pub fn parse_molecules(text: &str) -> MoleculeSet {
    let value = cser::json::Value::parse(text).expect("w5_molecules.json is valid JSON");
    let cser::json::Value::Object(members) = value else {
        panic!("w5_molecules.json is not an object");
    };
    let set = cser::json::Value::Object(
        members
            .into_iter()
            .filter(|(name, _)| name == "molecules")
            .collect(),
    );
    MoleculeSet::from_json(&set).expect("w5_molecules.json holds chem.MoleculeSet molecules")
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
    };
    MoleculeSet {
        molecules: vec![ethanol(), benzene, acetate],
    }
}
