//! Values the tests of this crate share: the workloads W1–W6 (`cser_examples::workloads`, the
//! one copy in Rust, which the benchmarks use too), and edge values that VectorExportTest.java
//! writes too. A value changed here must change there.

// Each test binary uses a part of this module.
#![allow(dead_code, unused_imports)]

pub mod rng;

use cser::IndexMap;
use cser_examples::edge::cases::{Collections, Color, Node, Scalars};
use cser_examples::edge::names::{Holder, Value};

pub use cser_examples::workloads::{
    employee, empty_data_set, ethanol, media_content, message, sakai_entity, staff,
};

/// A Holder of `edge.names`, whose field names clash with Rust's keywords and methods, around
/// `value`.
pub fn holder(value: Value) -> Holder {
    Holder {
        value,
        class: "c".to_owned(),
        encode: Some("e".to_owned()),
        self_: "me".to_owned(),
        r#async: "a".to_owned(),
        is_set: true,
        ..Holder::default()
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
        ..Default::default()
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
