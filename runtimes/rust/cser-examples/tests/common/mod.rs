//! Values the tests of this crate share: the workloads W1–W6 with the data the Java tests use
//! (runtimes/java/examples/.../Workloads.java and SakaiData.java), and edge values that
//! VectorExportTest.java writes too. A value changed here must change there.

// Each test binary uses a part of this module.
#![allow(dead_code)]

use cser::IndexMap;
use cser_examples::bench::employee::Employee;
use cser_examples::bench::empty::{EmptyData, EmptyDataSet};
use cser_examples::bench::media::{Image, Media, MediaContent, Player, Size};
use cser_examples::bench::message::Message;
use cser_examples::chem::{Atom, Bond, BondOrder, Molecule, Stereo};
use cser_examples::edge::cases::{Collections, Color, Node, Scalars};
use cser_examples::sakai::common::Audit;
use cser_examples::sakai::content::{AccessMode, ContentResource};

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

/// W4: message `n` of seed 004.
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
    }
}

/// The minimum of every signed type, -Inf, -0.0 and a string of 1-, 2-, 3- and 4-byte UTF-8.
pub fn scalars_min() -> Scalars {
    Scalars {
        i8_value: i8::MIN,
        i16_value: i16::MIN,
        i32_value: i32::MIN,
        i64_value: i64::MIN,
        f32_value: f32::NEG_INFINITY,
        f64_value: -0.0,
        text: "a\u{e9}\u{20ac}\u{1F600}".to_owned(),
        ..Scalars::default()
    }
}

/// The maximum of every integer type, +Inf, the largest f64 and a 1 MiB string.
pub fn scalars_max() -> Scalars {
    Scalars {
        b: true,
        i8_value: i8::MAX,
        i16_value: i16::MAX,
        i32_value: i32::MAX,
        i64_value: i64::MAX,
        u8_value: u8::MAX,
        u16_value: u16::MAX,
        u32_value: u32::MAX,
        u64_value: u64::MAX,
        f32_value: f32::INFINITY,
        f64_value: f64::MAX,
        text: "x".repeat(1 << 20),
        data: vec![0, 255, 128],
        color: Color::BLUE,
    }
}

/// NaNs with payload bits (and the sign bit on the f64).
pub fn scalars_nan() -> Scalars {
    Scalars {
        f32_value: f32::from_bits(0x7fc0_0001),
        f64_value: f64::from_bits(0xfff8_0000_0000_0001),
        ..Scalars::default()
    }
}

/// Every collection of Collections with something in it, unknown enum numbers included.
pub fn full_collections() -> Collections {
    let mut by_color = IndexMap::new();
    by_color.insert(Color::BLUE, vec!["sky".to_owned()]);
    by_color.insert(Color::from_number(9), vec![]);
    let mut sparse_map = IndexMap::new();
    for i in 0..11 {
        sparse_map.insert(format!("k{i}"), (i % 3 != 0).then_some(i));
    }
    Collections {
        ints: vec![i32::MIN, -1, 0, i32::MAX],
        big: vec![u64::MAX, 0],
        doubles: vec![1.5, -0.0, f64::INFINITY],
        flags: vec![true, false, true],
        names: vec!["a".to_owned(), String::new()],
        blobs: vec![vec![], vec![1, 2]],
        by_id: [(i64::MIN, "min".to_owned()), (7, "seven".to_owned())]
            .into_iter()
            .collect(),
        by_color,
        maybe_names: Some(vec!["x".to_owned()]),
        sparse: (0..17)
            .map(|i| (i % 4 == 1).then(|| format!("s{i}")))
            .collect(),
        sparse_map,
        matrix: vec![vec![1, 2], vec![], vec![3]],
        scalars: Some(Scalars::default()),
        colors: vec![Color::RED, Color::from_number(1 << 30)],
        floats: vec![f32::MIN_POSITIVE],
        opt1: Some(0),
        opt9: Some(-9),
        ..Collections::default()
    }
}

/// A list of `depth` nodes linked by `next`, the last one labelled "leaf".
pub fn chain(depth: usize) -> Node {
    let mut node = Node {
        label: "leaf".to_owned(),
        ..Node::default()
    };
    for i in 1..depth {
        node = Node {
            label: format!("n{i}"),
            next: Some(Box::new(node)),
            ..Node::default()
        };
    }
    node
}
