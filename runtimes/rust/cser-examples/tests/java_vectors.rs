//! Bytes the Java runtime wrote decode in Rust to the values the Java test built, and Rust
//! encodes those values to the same bytes. The files come from
//! runtimes/java/examples/.../VectorExportTest.java (`make test` runs the Java tests first;
//! `CSER_JAVA_VECTORS` names another directory). Each case here builds the value that test
//! builds, from `common`. It writes Rust's own encodings of those values to
//! `runtimes/rust/target/rust-vectors` (the same layout), for the Python tests to read.

mod common;

use std::fmt::Debug;
use std::path::PathBuf;

use common::{
    chain, employee, empty_data_set, ethanol, full_collections, holder, media_content, message,
    sakai_entity, scalars_max, scalars_min, scalars_nan, staff,
};
use cser::{DecodeError, IndexMap, Message};
use cser_examples::bench::employee::{Employee, Staff};
use cser_examples::bench::empty::{EmptyDataRecord, EmptyDataSet};
use cser_examples::bench::media::MediaContent;
use cser_examples::chem::{Molecule, MoleculeSet};
use cser_examples::edge::cases::{
    BinOp, Collections, Color, EvolvedV1, EvolvedV2, Expr, Keywords, Lit, Node, Sample, Scalars,
};
use cser_examples::edge::names::{Holder, Object, Override, String as Text, Value};
use cser_examples::sakai::content::ContentResource;

/// How many cases VectorExportTest writes: a case the Java test drops fails here too.
const CASES: usize = 37;

/// One file the Java test wrote.
struct Vector {
    case: String,
    type_name: String,
    bytes: Vec<u8>,
}

fn vectors_dir() -> PathBuf {
    match std::env::var_os("CSER_JAVA_VECTORS") {
        Some(dir) => PathBuf::from(dir),
        None => {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../java/examples/target/vectors")
        }
    }
}

/// Where this test writes Rust's encodings of the same cases.
fn rust_vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/rust-vectors")
}

/// Reads index.txt (`case type length` lines) and the files it names.
fn load() -> Vec<Vector> {
    let dir = vectors_dir();
    let index = std::fs::read_to_string(dir.join("index.txt")).unwrap_or_else(|e| {
        panic!(
            "no Java vectors in {} ({e}): run the Java tests first (make test-java)",
            dir.display()
        )
    });
    index
        .lines()
        .map(|line| {
            let parts: Vec<&str> = line.split(' ').collect();
            let [case, type_name, length] = parts[..] else {
                panic!("bad index line: {line}")
            };
            let bytes = std::fs::read(dir.join(format!("{case}.bin"))).unwrap();
            assert_eq!(bytes.len().to_string(), length, "{case}: length");
            Vector {
                case: case.to_owned(),
                type_name: type_name.to_owned(),
                bytes,
            }
        })
        .collect()
}

/// What a generated type offers that the checks use.
struct Codec<T> {
    encode: fn(&T) -> Vec<u8>,
    decode: fn(&[u8]) -> Result<T, DecodeError>,
}

macro_rules! codec {
    ($t:ty) => {
        Codec::<$t> {
            encode: <$t>::encode,
            decode: <$t>::decode,
        }
    };
}

/// Checks the bytes without comparing values: Java and Rust write the same bytes for `expected`,
/// the bytes decode, re-encode to themselves, every strict prefix of them is rejected, and
/// corrupting any one byte never panics.
fn same_bytes<T: Message + Debug>(v: &Vector, codec: Codec<T>, expected: &T) -> T {
    assert_eq!(v.type_name, T::TYPE_NAME, "{}: type", v.case);
    let ours = (codec.encode)(expected);
    std::fs::write(rust_vectors_dir().join(format!("{}.bin", v.case)), &ours).unwrap();
    assert!(
        ours == v.bytes,
        "{}: Rust encodes the value to other bytes than Java",
        v.case
    );
    let decoded =
        (codec.decode)(&v.bytes).unwrap_or_else(|e| panic!("{}: does not decode: {e}", v.case));
    assert!(
        (codec.encode)(&decoded) == v.bytes,
        "{}: decoded, then encoded, gives other bytes",
        v.case
    );
    // Every cut of a small message; the first and last 4 KiB of a big one.
    let n = v.bytes.len();
    for cut in (0..n).filter(|&c| c < 4096 || n - c <= 4096) {
        assert!(
            (codec.decode)(&v.bytes[..cut]).is_err(),
            "{}: the first {cut} bytes decode",
            v.case
        );
    }
    // Every byte of a small message replaced by a few others: an error or a value, no panic.
    if n <= 4096 {
        let mut bad = v.bytes.clone();
        for at in 0..n {
            for replacement in [0x00, 0x7f, 0x80, 0xff, v.bytes[at] ^ 1] {
                bad[at] = replacement;
                let _ = (codec.decode)(&bad);
            }
            bad[at] = v.bytes[at];
        }
    }
    decoded
}

/// [`same_bytes`], and the decoded value equals `expected`.
fn same<T: Message + Debug + PartialEq>(v: &Vector, codec: Codec<T>, expected: T) {
    let decoded = same_bytes(v, codec, &expected);
    assert_eq!(decoded, expected, "{}: value", v.case);
}

fn check(v: &Vector) {
    if let Some(n) = v.case.strip_prefix("w3_entity_") {
        let entity = sakai_entity(n.parse().unwrap());
        return same(v, codec!(ContentResource), entity);
    }
    match v.case.as_str() {
        "w1_empty_set" => same(v, codec!(EmptyDataSet), empty_data_set(3)),
        "w1_empty_record" => same(v, codec!(EmptyDataRecord), EmptyDataRecord::default()),
        "w2_employee" => same(v, codec!(Employee), employee(17)),
        "w2_staff" => same(v, codec!(Staff), staff(3)),
        "w4_message" => same(
            v,
            codec!(cser_examples::bench::message::Message),
            message(12345),
        ),
        "w5_ethanol" => same(v, codec!(Molecule), ethanol()),
        "w5_set" => same(
            v,
            codec!(MoleculeSet),
            MoleculeSet {
                molecules: vec![ethanol(), Molecule::default()],
                ..Default::default()
            },
        ),
        "w6_media_content" => same(v, codec!(MediaContent), media_content()),
        "scalars_zero" => same(v, codec!(Scalars), Scalars::default()),
        "scalars_min" => same(v, codec!(Scalars), scalars_min()),
        "scalars_max" => same(v, codec!(Scalars), scalars_max()),
        "scalars_nan" => {
            let back = same_bytes(v, codec!(Scalars), &scalars_nan());
            assert_eq!(back.f32_value.to_bits(), 0x7fc0_0001);
            assert_eq!(back.f64_value.to_bits(), 0xfff8_0000_0000_0001);
        }
        "scalars_unknown_enum" => same(
            v,
            codec!(Scalars),
            Scalars {
                color: Color::from_number(77),
                ..Scalars::default()
            },
        ),
        "collections_absent" => same(v, codec!(Collections), Collections::default()),
        "collections_empty" => same(
            v,
            codec!(Collections),
            Collections {
                maybe_names: Some(vec![]),
                maybe_map: Some(IndexMap::new()),
                ..Collections::default()
            },
        ),
        "collections_full" => same(v, codec!(Collections), full_collections()),
        "sample_without_y" | "sample_with_y" => same(
            v,
            codec!(Sample),
            Sample {
                x: 1.0,
                y: v.case.ends_with("with_y").then_some(2.5),
                color: Color::GREEN,
            },
        ),
        "node_tree" => same(
            v,
            codec!(Node),
            Node {
                label: "root".to_owned(),
                children: vec![chain(3), Node::default()],
                next: Some(Box::new(chain(2))),
                ..Default::default()
            },
        ),
        "node_depth_64" => same(v, codec!(Node), chain(64)),
        "expr_bin" => same(
            v,
            codec!(Expr),
            Expr::Bin(Box::new(BinOp {
                op: "+".to_owned(),
                left: Box::new(Expr::Lit(Lit { value: i64::MIN })),
                right: Box::new(Expr::Call(vec![
                    Expr::Name("f".to_owned()),
                    Expr::Lit(Lit::default()),
                ])),
                ..Default::default()
            })),
        ),
        "holder_names" => same(
            v,
            codec!(Holder),
            holder(Value::List(vec![
                Value::Long(-1),
                Value::String("s".to_owned()),
                Value::Object(Object {
                    hash_code: 7,
                    equals: true,
                }),
                Value::Text(Text {
                    value: "t".to_owned(),
                    ..Default::default()
                }),
                Value::Override(Override::SELF),
            ])),
        ),
        "keywords" => same(
            v,
            codec!(Keywords),
            Keywords {
                r#type: "t".to_owned(),
                class: "c".to_owned(),
                r#match: 3,
                self_: true,
                import: "i".to_owned(),
                default: -6,
                r#fn: "f".to_owned(),
                none: Some("n".to_owned()),
                ..Default::default()
            },
        ),
        "evolved_v1" => same(
            v,
            codec!(EvolvedV1),
            EvolvedV1 {
                name: "widget".to_owned(),
                count: 7,
                ..Default::default()
            },
        ),
        "evolved_v2" => same(
            v,
            codec!(EvolvedV2),
            EvolvedV2 {
                name: "widget".to_owned(),
                note: Some("new".to_owned()),
                tags: vec!["a".to_owned(), "b".to_owned()],
                sample: Sample {
                    x: -1.5,
                    y: Some(0.0),
                    color: Color::RED,
                },
                ..Default::default()
            },
        ),
        other => panic!("Java wrote case {other}, which this test does not know: add it"),
    }
}

#[test]
fn java_bytes_decode_to_the_same_values_and_rust_writes_the_same_bytes() {
    let vectors = load();
    assert_eq!(vectors.len(), CASES, "cases in index.txt");
    std::fs::create_dir_all(rust_vectors_dir()).unwrap();
    let mut index = String::new();
    for v in &vectors {
        check(v);
        index.push_str(&format!("{} {} {}\n", v.case, v.type_name, v.bytes.len()));
    }
    // Written last: a run that failed half way leaves no index for the Python tests to trust.
    std::fs::write(rust_vectors_dir().join("index.txt"), index).unwrap();
}

#[test]
fn the_w3_seed_entity_is_702_bytes_as_in_java() {
    assert_eq!(sakai_entity(0).encode().len(), 702);
}
