//! Reading with the writer's schema (SPEC §9.1) through generated code: streams written by
//! `schema/compat_v1`'s `examples.compat.Order` and read by `compat_v2` (compatible: a promotion,
//! a field appended, an enum member added) and `compat_v3` (incompatible: `created_at` from i64
//! to u64), given the writer's canonical text directly or through known schemas.

use std::sync::Arc;

use cser::{
    canonical_text, DecodeErrorKind, KnownSchemas, Message, StreamError, StreamReader, StreamWriter,
};
use cser_examples::compat_v1::examples::compat as v1;
use cser_examples::compat_v2::examples::compat as v2;
use cser_examples::compat_v3::examples::compat as v3;

fn orders() -> Vec<v1::Order> {
    vec![
        v1::Order {
            id: "o-1".into(),
            created_at: -1,
            status: v1::Status::PAID,
            lines: vec![v1::Line {
                sku: "tea".into(),
                quantity: 3,
                ..Default::default()
            }],
            ..Default::default()
        },
        v1::Order {
            id: "o-2".into(),
            created_at: 1_700_000_000_000,
            status: v1::Status::SHIPPED,
            ..Default::default()
        },
    ]
}

fn v1_stream() -> Vec<u8> {
    let mut w = StreamWriter::new(Vec::new());
    for o in orders() {
        w.write(&o).unwrap();
    }
    w.finish().unwrap()
}

const DIFFERENCE: &str = "field 'created_at' (id 2) of examples.compat.Order: i64 in the \
                          writer's schema, u64 in the reader's";

fn incompatible(e: StreamError) -> String {
    match e {
        StreamError::Decode(e) => {
            assert_eq!(
                (e.kind(), e.offset()),
                (DecodeErrorKind::IncompatibleSchema, 13)
            );
            assert_eq!(e.kind().name(), "INCOMPATIBLE_SCHEMA");
            e.to_string()
        }
        other => panic!("not a decode error: {other}"),
    }
}

#[test]
fn the_versions_share_a_type_id_not_a_fingerprint() {
    assert_eq!(v1::Order::TYPE_ID, v2::Order::TYPE_ID);
    assert_eq!(v1::Order::TYPE_ID, v3::Order::TYPE_ID);
    assert_ne!(v1::Order::FINGERPRINT, v2::Order::FINGERPRINT);
    assert_ne!(v1::Order::FINGERPRINT, v3::Order::FINGERPRINT);
}

#[test]
fn a_compatible_reader_reads() {
    let bytes = v1_stream();
    let mut r: StreamReader<_, v2::Order> = StreamReader::new(&bytes[..])
        .with_writer_schema(&canonical_text::<v1::Order>())
        .unwrap();
    let read: Vec<v2::Order> = r.by_ref().collect::<Result<_, _>>().unwrap();
    assert_eq!(r.writer_fingerprint().unwrap(), v1::Order::FINGERPRINT);
    assert_eq!(read.len(), 2);
    assert_eq!(read[0].created_at, -1);
    assert_eq!(read[0].status, v2::Status::PAID);
    assert_eq!(read[0].lines[0].quantity, 3i64);
    assert_eq!(read[0].note, None);
    assert_eq!(read[1].status, v2::Status::SHIPPED);

    // And back: v1 reads v2's streams, v2's appended field kept as unknown, its new member as
    // an unknown number, the narrowed quantity exactly while it fits.
    let mut w = StreamWriter::new(Vec::new());
    let newer = v2::Order {
        id: "o-3".into(),
        status: v2::Status::CANCELLED,
        lines: vec![v2::Line {
            sku: "cup".into(),
            quantity: 7,
            ..Default::default()
        }],
        note: Some("gift".into()),
        ..Default::default()
    };
    w.write(&newer).unwrap();
    let bytes = w.finish().unwrap();
    let mut r: StreamReader<_, v1::Order> = StreamReader::new(&bytes[..])
        .with_writer_schema(&canonical_text::<v2::Order>())
        .unwrap();
    let older = r.read().unwrap().unwrap();
    assert_eq!(older.status.number(), 3);
    assert!(!older.status.is_known());
    assert_eq!(older.lines[0].quantity, 7);
    assert!(!older.unknown_fields.is_empty());
}

#[test]
fn an_incompatible_reader_rejects_the_stream_before_any_frame() {
    let bytes = v1_stream();
    let mut r: StreamReader<_, v3::Order> = StreamReader::new(&bytes[..])
        .with_writer_schema(&canonical_text::<v1::Order>())
        .unwrap();
    let message = incompatible(r.read().unwrap_err());
    assert_eq!(
        message,
        format!(
            "INCOMPATIBLE_SCHEMA: the writer's schema (fingerprint {:016x}) is not compatible \
             with the reader's (SPEC §9.1): {DIFFERENCE} at offset 13",
            v1::Order::FINGERPRINT
        )
    );
    // The stream stays failed: every read gives the same error.
    assert_eq!(incompatible(r.read().unwrap_err()), message);

    // What the check prevents: without the writer's schema the same bytes decode, wrongly
    // (-1 as a zigzag varint is 1).
    let r: StreamReader<_, v3::Order> = StreamReader::new(&bytes[..]);
    let misread: Vec<v3::Order> = r.collect::<Result<_, _>>().unwrap();
    assert_eq!(misread[0].created_at, 1);
}

#[test]
fn known_schemas_from_a_directory() {
    let dir = std::env::temp_dir().join(format!("cser-known-schemas-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("v1.canonical"), canonical_text::<v1::Order>()).unwrap();
    std::fs::write(dir.join("v2.canonical"), canonical_text::<v2::Order>()).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a canonical text").unwrap();
    let known = KnownSchemas::from_dir(&dir).unwrap();
    assert_eq!(known.len(), 2);
    assert!(known.contains(v1::Order::FINGERPRINT) && known.contains(v2::Order::FINGERPRINT));
    let known = Arc::new(known);

    let bytes = v1_stream();
    for _ in 0..3 {
        let r: StreamReader<_, v2::Order> =
            StreamReader::new(&bytes[..]).with_known_schemas(known.clone());
        assert_eq!(r.count(), 2);
        let mut r: StreamReader<_, v3::Order> =
            StreamReader::new(&bytes[..]).with_known_schemas(known.clone());
        assert!(incompatible(r.read().unwrap_err()).contains(DIFFERENCE));
    }
    // One comparison per writer and reader type, however many streams.
    assert_eq!(known.verdicts_cached(), 2);
    assert_eq!(
        known.verdict::<v2::Order>(v1::Order::FINGERPRINT),
        Some(None)
    );
    assert_eq!(
        known.verdict::<v3::Order>(v1::Order::FINGERPRINT),
        Some(Some(DIFFERENCE.to_owned()))
    );

    // A writer none of them is: read as before, or rejected when a known one is required.
    let mut w = StreamWriter::new(Vec::new());
    w.write(&v3::Order::default()).unwrap();
    let v3_bytes = w.finish().unwrap();
    let r: StreamReader<_, v2::Order> =
        StreamReader::new(&v3_bytes[..]).with_known_schemas(known.clone());
    assert_eq!(r.count(), 1);
    let mut r: StreamReader<_, v2::Order> = StreamReader::new(&v3_bytes[..])
        .with_known_schemas(known.clone())
        .require_known_schema(true);
    assert_eq!(
        incompatible(r.read().unwrap_err()),
        format!(
            "INCOMPATIBLE_SCHEMA: stream written by schema fingerprint {:016x}, which this \
             reader does not know at offset 13",
            v3::Order::FINGERPRINT
        )
    );
    // Its own fingerprint is always known.
    let r: StreamReader<_, v3::Order> = StreamReader::new(&v3_bytes[..]).require_known_schema(true);
    assert_eq!(r.count(), 1);

    // A file that is not a canonical text fails the load, naming it.
    std::fs::write(dir.join("bad.canonical"), "record examples.compat.Order{}").unwrap();
    let e = KnownSchemas::from_dir(&dir).unwrap_err();
    assert_eq!(e.path(), dir.join("bad.canonical"));
    assert!(e.to_string().ends_with(
        "bad.canonical: bad schema text at line 1, column 31: expected the end of the line, \
         found the end of the text"
    ));
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(KnownSchemas::from_dir(&dir).is_err());
}

/// The files `cserc canonical --out DIR` writes (build.rs) are what `from_dir` loads: the texts
/// of v1's records, under the fingerprints the compiler computed.
#[test]
fn known_schemas_the_compiler_wrote() {
    let known = KnownSchemas::from_dir(concat!(env!("OUT_DIR"), "/known")).unwrap();
    assert_eq!(known.len(), 2);
    assert_eq!(
        known.get(v1::Order::FINGERPRINT).unwrap().as_str(),
        canonical_text::<v1::Order>()
    );
    assert!(known.contains(v1::Line::FINGERPRINT));
    let bytes = v1_stream();
    let mut r: StreamReader<_, v3::Order> =
        StreamReader::new(&bytes[..]).with_known_schemas(Arc::new(known));
    assert!(incompatible(r.read().unwrap_err()).contains(DIFFERENCE));
}
