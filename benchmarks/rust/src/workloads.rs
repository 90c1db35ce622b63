//! The cser values of W1–W6, with the data of the conventions table (`benchmarks/README.md`):
//! the same as `runtimes/rust/cser-examples/tests/common/mod.rs`, `Workloads.java` and
//! `SakaiData.java`.

use std::path::{Path, PathBuf};

use crate::bench::employee::{Employee, Staff};
use crate::bench::empty::{EmptyData, EmptyDataSet};
use crate::bench::media::{Image, Media, MediaContent, Player, Size};
use crate::bench::message::Message;
use crate::chem::{Atom, Bond, BondOrder, Molecule, MoleculeSet, Stereo};
use crate::sakai::common::Audit;
use crate::sakai::content::{AccessMode, ContentResource};
use cser::IndexMap;

/// W1: 100,000 EmptyData, both collections empty.
pub const W1_ITEMS: usize = 100_000;
/// W2: 5,000 employees.
pub const W2_EMPLOYEES: i32 = 5_000;

/// W1: `n` EmptyData values, both collections empty.
pub fn empty_data_set(n: usize) -> EmptyDataSet {
    EmptyDataSet {
        items: vec![EmptyData::default(); n],
    }
}

/// W2: employee `n` of seed 001.
pub fn employee(n: i32) -> Employee {
    Employee {
        last_name: format!("LastName{n}"),
        first_name: format!("FirstName{n}"),
        ssn: format!("222-33-{n}"),
        salary: 34000 + n,
        level: n % 10,
    }
}

/// W2: employees 0..n.
pub fn staff(n: i32) -> Staff {
    Staff {
        employees: (0..n).map(employee).collect(),
    }
}

/// W4: message `n` of seed 004 (W4 is message 12345: type 1, active false).
pub fn message(n: i32) -> Message {
    Message {
        r#type: n % 4,
        active: n % 2 == 0,
        username: format!("User_{n}"),
        userid: n,
        data: format!("data {n}"),
    }
}

/// W6: the MediaContent of jvm-serializers.
pub fn media_content() -> MediaContent {
    let image = |uri: &str, width, height, size| Image {
        uri: uri.to_owned(),
        title: Some("Javaone Keynote".to_owned()),
        width,
        height,
        size,
    };
    MediaContent {
        media: Media {
            uri: "http://javaone.com/keynote.mpg".to_owned(),
            title: Some("Javaone Keynote".to_owned()),
            width: 640,
            height: 480,
            format: "video/mpg4".to_owned(),
            duration: 18_000_000,
            size: 58_982_400,
            bitrate: Some(262_144),
            persons: vec!["Bill Gates".to_owned(), "Steve Jobs".to_owned()],
            player: Player::JAVA,
            copyright: None,
        },
        images: vec![
            image(
                "http://javaone.com/keynote_large.jpg",
                1024,
                768,
                Size::LARGE,
            ),
            image(
                "http://javaone.com/keynote_small.jpg",
                320,
                240,
                Size::SMALL,
            ),
        ],
    }
}

/// A `java.util.UUID` as its `toString` writes it.
fn uuid(msb: u64, lsb: u64) -> String {
    format!(
        "{:08x}-{:04x}-{:04x}-{:04x}-{:012x}",
        msb >> 32,
        (msb >> 16) & 0xffff,
        msb & 0xffff,
        lsb >> 48,
        lsb & 0xffff_ffff_ffff
    )
}

/// W3: Sakai content entity number `n`, as SakaiData.entity(n) builds it in Java (entity 0 is
/// the 702-byte entity of seed 002).
pub fn sakai_entity(n: i64) -> ContentResource {
    let site = uuid(
        0x5a4b_3c2d_1e0f_1234 + (n / 100) as u64,
        0x9876_5432_10ab_cdef,
    );
    let file = uuid(
        0x1122_3344_5566_7788 + n as u64,
        0x0f1e_2d3c_4b5a_6978 ^ n as u64,
    );
    let name = match n % 4 {
        0 => "v14jun.amp".to_owned(),
        1 => format!("Lecture notes week {n}.pdf"),
        2 => format!("Résumé — ünïcödé {n}.docx"),
        _ => format!("分子の図 {n}.png"),
    };
    let one = |s: String| vec![s];
    let mut props = IndexMap::new();
    props.insert(
        "DAV:creationdate".to_owned(),
        one("20070907215527865".into()),
    );
    props.insert("CHEF:is-collection".to_owned(), one("false".into()));
    props.insert(
        "DAV:getlastmodified".to_owned(),
        one(format!("20070907215527{:03}", n % 1000)),
    );
    props.insert(
        "DAV:getcontenttype".to_owned(),
        one("application/octet-stream".into()),
    );
    props.insert(
        "DAV:getcontentlength".to_owned(),
        one((103_371 + n).to_string()),
    );
    props.insert("DAV:displayname".to_owned(), one(name.clone()));
    props.insert(
        "CHEF:copyright".to_owned(),
        one("copyright (c) 2007, Sakai Administrator. All Rights Reserved.".into()),
    );
    props.insert("CHEF:creator".to_owned(), one("admin".into()));
    props.insert("CHEF:modifiedby".to_owned(), one("admin".into()));
    if n % 3 == 0 {
        props.insert("CHEF:description".to_owned(), vec![]);
    }
    if n % 5 == 0 {
        props.insert(
            "SAKAI:tags".to_owned(),
            vec![
                "chemistry".to_owned(),
                format!("week {}", n % 12),
                "darwin".to_owned(),
            ],
        );
    }
    let folder = if n % 7 == 0 {
        String::new()
    } else {
        format!("week{}/", n % 12)
    };
    ContentResource {
        id: format!("/group/{site}/caret/darwinfiles/{folder}{name}"),
        resource_type: "org.sakaiproject.content.types.fileUpload".to_owned(),
        access: if n % 10 == 0 {
            AccessMode::GROUPED
        } else {
            AccessMode::INHERITED
        },
        groups: if n % 10 == 0 {
            vec![format!("/site/{site}/group/{file}")]
        } else {
            vec![]
        },
        hidden: n % 17 == 0,
        release_date: (n % 2 == 0).then_some(1_189_202_127_865 + n),
        retract_date: (n % 6 == 0).then_some(1_220_738_127_865 + n),
        properties: props,
        content_type: "application/octet-stream".to_owned(),
        content_length: 103_371 + n,
        file_path: format!("1/2007/250/21/{file}"),
        audit: Audit {
            created_by: "admin".to_owned(),
            created_at: 1_189_202_127_865 + n,
            modified_by: "admin".to_owned(),
            modified_at: 1_189_202_127_865 + 1000 * n,
        },
        body: None,
    }
}

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
    let ethanol = Molecule {
        name: "ethanol".to_owned(),
        atoms: vec![
            atom(6, 0, 3, false),
            atom(6, 0, 2, false),
            atom(8, 0, 1, false),
        ],
        bonds: vec![bond(0, 1, BondOrder::SINGLE), bond(1, 2, BondOrder::SINGLE)],
        coords_2d: Some(vec![0.0, 0.0, 1.299, 0.75, 2.598, 0.0]),
        coords_3d: None,
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
        molecules: vec![ethanol, benzene, acetate],
    }
}
