//! The workloads W1–W6 (`shared/workloads.md`, the conventions table of
//! `benchmarks/README.md`): the values the tests of this crate and the Rust benchmarks use, the
//! same data as the Java runtime's `Workloads.java` and `SakaiData.java` (a value changed here
//! must change there).
//!
//! This is the one copy in Rust. It names the generated types through `crate::`, so it is
//! compiled twice: here, against the code generated for `schema/examples` (as
//! `cser_examples::workloads`), and into `benchmarks/rust` (`#[path]` in its `workloads.rs`)
//! against the code the benchmarks generate in their own crate, so that what they measure is
//! not called across a crate boundary. It uses only the types of the workload schemas
//! (`empty_data`, `employee`, `sakai`, `sakai_common`, `message`, `molecule`, `media`).

use crate::bench::employee::{Employee, Staff};
use crate::bench::empty::{EmptyData, EmptyDataSet};
use crate::bench::media::{Image, Media, MediaContent, Player, Size};
use crate::bench::message::Message;
use crate::chem::{Atom, Bond, BondOrder, Molecule, Stereo};
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
        ..Default::default()
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
        ..Default::default()
    }
}

/// W2: employees 0..n.
pub fn staff(n: i32) -> Staff {
    Staff {
        employees: (0..n).map(employee).collect(),
        ..Default::default()
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
        ..Default::default()
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
        ..Default::default()
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
            ..Default::default()
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
        ..Default::default()
    }
}

/// W5: ethanol, CCO, with 2D coordinates.
pub fn ethanol() -> Molecule {
    let atom = |implicit_hydrogens| Atom {
        element: 6,
        charge: 0,
        implicit_hydrogens,
        aromatic: false,
    };
    let bond = |begin, end| Bond {
        begin,
        end,
        order: BondOrder::SINGLE,
        stereo: Stereo::NONE,
    };
    Molecule {
        name: "ethanol".to_owned(),
        atoms: vec![
            atom(3),
            atom(2),
            Atom {
                element: 8,
                ..atom(1)
            },
        ],
        bonds: vec![bond(0, 1), bond(1, 2)],
        coords_2d: Some(vec![0.0, 0.0, 1.299, 0.75, 2.598, 0.0]),
        ..Molecule::default()
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
        ..Default::default()
    }
}
