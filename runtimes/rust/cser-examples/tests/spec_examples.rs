//! The worked examples of SPEC.md §13, read from the spec itself and checked against the Rust
//! code generated from schema/examples/spec_examples.cser: every `example` decodes and encodes
//! back to its bytes, every `read` decodes (to a value whose own encoding differs, unless it
//! keeps the bytes a deprecated field was read from: those are written back, SPEC §5.5.1), every
//! `reject` fails with the kind it names, the `stream` is read and written back byte for byte,
//! and the type id and fingerprint of `Reading` are the first 8 bytes of the digests shown. A
//! record decoded holds exactly the unknown fields its value shows (`unknown(U; T)`, SPEC
//! §5.5.1), and §13.14's evolution of `TodoV1` is also checked value by value.
//! (The values themselves are compared by the Java test SpecExamplesTest.java, which has a table
//! of them; here the bytes carry the proof: a decoder that got a value wrong would not encode
//! it back to the same bytes.)

use cser::{DecodeError, Message, StreamReader, StreamWriter, UnknownFields};
use cser_examples::spec::examples::*;

/// One example of §13: its first line and its bytes.
struct Example {
    kind: String,
    name: String,
    text: String,
    bytes: Vec<u8>,
    line: usize,
}

fn parse_spec() -> Vec<Example> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../schema/SPEC.md");
    let spec = std::fs::read_to_string(path).expect("reads SPEC.md");
    let lines: Vec<&str> = spec.lines().collect();
    let start = lines.iter().position(|l| l.starts_with("## 13. ")).unwrap();
    let end = lines.iter().position(|l| l.starts_with("## 14. ")).unwrap();
    let mut examples: Vec<Example> = Vec::new();
    // Inside a fence: Some(true) for a block of examples, Some(false) for a `cser` quote.
    let mut fence: Option<bool> = None;
    for (i, line) in lines.iter().enumerate().take(end).skip(start) {
        if let Some(info) = line.strip_prefix("```") {
            fence = match fence {
                None => Some(info.trim().is_empty()),
                Some(_) => None,
            };
            continue;
        }
        if fence != Some(true) {
            continue;
        }
        if let Some((kind, rest)) = header(line) {
            let (name, text) = rest.split_once(": ").expect("NAME: TEXT");
            examples.push(Example {
                kind: kind.to_owned(),
                name: name.to_owned(),
                text: text.to_owned(),
                bytes: Vec::new(),
                line: i + 1,
            });
            continue;
        }
        let Some(current) = examples.last_mut() else {
            continue;
        };
        if current.kind == "canonical" || line.is_empty() || line.starts_with(' ') {
            continue;
        }
        let hex = line.split("  ").next().unwrap();
        for byte in hex.split(' ') {
            let b = u8::from_str_radix(byte, 16)
                .unwrap_or_else(|_| panic!("SPEC.md line {}: not a hex byte: {byte}", i + 1));
            current.bytes.push(b);
        }
    }
    examples
}

fn header(line: &str) -> Option<(&str, &str)> {
    let (kind, rest) = line.split_once(' ')?;
    ["example", "read", "reject", "stream", "canonical", "sha256"]
        .contains(&kind)
        .then_some((kind, rest))
}

/// What decoding an example gives (SPEC §5.5.1): the value's own encoding; for a record, its
/// unknown fields; whether it keeps the bytes of a deprecated field.
struct Decoded {
    bytes: Vec<u8>,
    unknown: Option<UnknownFields>,
    kept_deprecated: bool,
}

/// Decodes `bytes` as the §13 type `type_name` and encodes the value again.
fn decode_encode(type_name: &str, bytes: &[u8]) -> Result<Decoded, DecodeError> {
    macro_rules! by_type {
        (
            deprecated: $($d:ident),*;
            records: $($r:ident),*;
            others: $($t:ident),* $(,)?
        ) => {
            match type_name {
                $(stringify!($d) => <$d>::decode(bytes).map(|v| Decoded {
                    bytes: v.encode(),
                    unknown: Some(v.unknown_fields.clone()),
                    kept_deprecated: !v.deprecated_fields.is_empty(),
                }),)*
                $(stringify!($r) => <$r>::decode(bytes).map(|v| Decoded {
                    bytes: v.encode(),
                    unknown: Some(v.unknown_fields.clone()),
                    kept_deprecated: false,
                }),)*
                $(stringify!($t) => <$t>::decode(bytes).map(|v| Decoded {
                    bytes: v.encode(),
                    unknown: None,
                    kept_deprecated: false,
                }),)*
                other => panic!("§13 names type {other}, which spec_examples.cser does not have"),
            }
        };
    }
    by_type!(
        deprecated: Account, Reading;
        records: Point3, Contact, Sparse9, Line, Sprite, Circle, TodoV1, TodoV2, Document;
        others: BoolValue,
        I8Value,
        U8Value,
        I16Value,
        I32Value,
        I64Value,
        U16Value,
        U32Value,
        U64Value,
        F32Value,
        F64Value,
        StringValue,
        BytesValue,
        ColorValue,
        StringList,
        F64List,
        BoolList,
        I32List,
        StringToI32,
        ColorNames,
        OptionalStrings,
        OptionalScores,
        Pixel,
        Measure,
        Rect,
        Shape,
    )
}

/// The unknown fields a value text ends with, `unknown(U; T)` (SPEC §13.1): U the presence bits
/// as one hex byte, T the bytes in hex; empty when the text has none.
fn unknown_of(text: &str) -> UnknownFields {
    let Some(start) = text.find("unknown(") else {
        return UnknownFields::default();
    };
    let inner = &text[start + "unknown(".len()..];
    let inner = &inner[..inner.find(')').expect("unknown(U; T)")];
    let (bits, bytes) = inner.split_once("; ").expect("unknown(U; T)");
    let hex = |b: &str| u8::from_str_radix(b, 16).expect("a hex byte");
    UnknownFields::new(
        hex(bits),
        bytes
            .split(' ')
            .filter(|b| !b.is_empty())
            .map(hex)
            .collect(),
    )
}

/// The type a value text starts with: `Point3{...}`, `Shape.circle(...)`.
fn type_of(text: &str) -> &str {
    let end = text
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .unwrap_or(text.len());
    &text[..end]
}

/// A record decoded holds the unknown fields its text shows, and none when it shows none; any
/// other type shows none, but for a union's unknown variant (`Shape.unknown(N; P)`, checked by
/// [`check_unknown_variant`]).
fn check_unknown(at: &str, text: &str, decoded: Option<UnknownFields>) {
    if text.starts_with("Shape.unknown(") {
        return;
    }
    match decoded {
        Some(u) => assert_eq!(u, unknown_of(text), "{at}: the unknown fields"),
        None => assert!(
            !text.contains("unknown("),
            "{at}: only a record has unknown fields"
        ),
    }
}

/// A `Shape` value text of an unknown variant, `Shape.unknown(N; P)` (SPEC §13.1): the bytes
/// decode to `Shape::Unknown` with tag N and payload P; any other `Shape` text to a known variant.
fn check_unknown_variant(at: &str, text: &str, bytes: &[u8]) {
    if type_of(text) != "Shape" {
        return;
    }
    let shape = Shape::decode(bytes).unwrap_or_else(|err| panic!("{at}: {err}"));
    let Some(inner) = text.strip_prefix("Shape.unknown(") else {
        assert!(!matches!(shape, Shape::Unknown(_)), "{at}: {shape:?}");
        return;
    };
    let (tag, payload) = inner
        .trim_end_matches(')')
        .split_once("; ")
        .expect("unknown(N; P)");
    let payload: Vec<u8> = payload
        .split(' ')
        .filter(|b| !b.is_empty())
        .map(|b| u8::from_str_radix(b, 16).expect("a hex byte"))
        .collect();
    let Shape::Unknown(u) = &shape else {
        panic!("{at}: not an unknown variant: {shape:?}")
    };
    assert_eq!(u.tag(), tag.parse::<u32>().unwrap(), "{at}: the tag");
    assert_eq!(u.payload(), &payload[..], "{at}: the payload");
    assert_eq!(shape.tag(), u.tag(), "{at}: tag()");
    assert_eq!(shape.encode(), bytes, "{at}: written back");
}

fn check(e: &Example, all: &[Example]) {
    let at = format!("SPEC.md line {} ({})", e.line, e.name);
    match e.kind.as_str() {
        "example" => {
            let d = decode_encode(type_of(&e.text), &e.bytes)
                .unwrap_or_else(|err| panic!("{at}: does not decode: {err}"));
            assert_eq!(d.bytes, e.bytes, "{at}: decode, then encode");
            check_unknown(&at, &e.text, d.unknown);
            check_unknown_variant(&at, &e.text, &e.bytes);
            for cut in 0..e.bytes.len() {
                assert!(
                    decode_encode(type_of(&e.text), &e.bytes[..cut]).is_err(),
                    "{at}: its first {cut} bytes decode"
                );
            }
        }
        "read" => {
            let d = decode_encode(type_of(&e.text), &e.bytes)
                .unwrap_or_else(|err| panic!("{at}: does not decode: {err}"));
            check_unknown(&at, &e.text, d.unknown);
            if d.kept_deprecated {
                // A deprecated field's bytes, not its zero value's: kept and written back
                // (SPEC §5.5.1), though the value's text cannot show them.
                assert_eq!(d.bytes, e.bytes, "{at}: written back as read");
            } else {
                assert_ne!(
                    d.bytes, e.bytes,
                    "{at}: the bytes are the value's own encoding"
                );
            }
        }
        "reject" => {
            let (type_name, kind) = e.text.split_once(" (").expect("TYPE (KIND)");
            let kind = kind
                .trim_end_matches(')')
                .to_uppercase()
                .replace('-', "")
                .replace(' ', "_");
            match decode_encode(type_name, &e.bytes) {
                Ok(_) => panic!("{at}: decodes, but must be rejected"),
                Err(err) => assert_eq!(err.kind().name(), kind, "{at}: {err}"),
            }
        }
        "stream" => {
            let read: Vec<Reading> = StreamReader::<_, Reading>::new(&e.bytes[..])
                .collect::<Result<_, _>>()
                .unwrap_or_else(|err| panic!("{at}: {err}"));
            assert_eq!(read.len(), 2, "{at}: the messages");
            let mut w = StreamWriter::new(Vec::new());
            for r in &read {
                w.write(r).unwrap();
            }
            assert_eq!(w.finish().unwrap(), e.bytes, "{at}: written back");
        }
        "sha256" => {
            let first8 = u64::from_le_bytes(e.bytes[..8].try_into().unwrap());
            let generated = match e.name.as_str() {
                "reading_type_id" => Reading::TYPE_ID,
                "reading_fingerprint" => Reading::FINGERPRINT,
                other => panic!("{at}: unknown digest {other}"),
            };
            assert_eq!(first8, generated, "{at}: the generated constant");
        }
        "canonical" => {
            assert_eq!(e.text, Reading::TYPE_NAME, "{at}");
            assert!(all.iter().any(|d| d.name == "reading_fingerprint"));
        }
        other => panic!("{at}: unknown kind {other}"),
    }
}

#[test]
fn every_example_of_section_13() {
    let examples = parse_spec();
    // As many as the Java test's table holds: a block this parser missed fails here.
    assert_eq!(examples.len(), 140);
    for e in &examples {
        check(e, &examples);
    }
    // The examples of format version 2's unions (SPEC §13.13, §13.17) are all there.
    for name in [
        "shape_circle",
        "shape_rect",
        "shape_label",
        "shape_unknown",
        "union_tag_zero",
        "unknown_variant_too_long",
        "union_payload_short",
        "union_payload_trailing",
    ] {
        assert!(examples.iter().any(|e| e.name == name), "no example {name}");
    }
    assert!(!examples.iter().any(|e| e.name == "unknown_union_tag"));
}

/// §13.13's `shape_unknown`, value by value: tag 4 and payload `02 6f 6b` kept, written back,
/// compared and shown as the SPEC says; a newer `Shape` with `string note = 4` would read "ok".
#[test]
fn shape_unknown_is_kept_and_written_back() {
    let examples = parse_spec();
    let bytes = &examples
        .iter()
        .find(|e| e.name == "shape_unknown")
        .expect("shape_unknown")
        .bytes;
    assert_eq!(bytes, &[0x04, 0x03, 0x02, 0x6f, 0x6b]);
    let shape = Shape::decode(bytes).unwrap();
    let Shape::Unknown(u) = &shape else {
        panic!("{shape:?}")
    };
    assert_eq!((u.tag(), u.payload()), (4, &[0x02, 0x6f, 0x6b][..]));
    assert_eq!(shape.encode(), *bytes);
    assert_eq!(shape.clone(), shape);
    assert_ne!(shape, Shape::default());
    assert_eq!(
        format!("{shape:?}"),
        "Unknown(UnknownVariant { tag: 4, size: 3 })"
    );
    assert_eq!(shape.to_json().to_string(), r##"{"#4":"Am9r"}"##);
    // The payload is a string's encoding: "ok".
    let mut r = cser::Reader::new(u.payload());
    assert_eq!(r.read_str().unwrap(), "ok");
}

/// §13.14's evolution of `TodoV1` into `TodoV2`, value by value: what `TodoV1` keeps of
/// `TodoV2`'s bytes, writes back untouched and after an edit, and what `TodoV2` then reads.
#[test]
fn todo_v2_through_todo_v1() {
    let examples = parse_spec();
    let bytes = |name: &str| {
        let e = examples.iter().find(|e| e.name == name);
        e.unwrap_or_else(|| panic!("no example {name} in §13"))
            .bytes
            .clone()
    };
    let v2 = TodoV2 {
        title: "t".into(),
        note: Some("n".into()),
        priority: Some(2),
        done: true,
        ..Default::default()
    };
    assert_eq!(v2.encode(), bytes("todo_v2"));
    // todo_v2_read_by_v1: the value holds the bits and bytes TodoV1 does not know...
    let mut v1 = TodoV1::decode(&bytes("todo_v2")).unwrap();
    let kept = UnknownFields::new(0x02, vec![0x02, 0x01]);
    assert_eq!(
        v1,
        TodoV1 {
            title: "t".into(),
            note: Some("n".into()),
            unknown_fields: kept.clone(),
        }
    );
    assert_eq!(v1.encode(), bytes("todo_v2_read_by_v1"));
    assert_eq!(v1.encode(), bytes("todo_v2"));
    // ...which a TodoV1 built by a program does not: it compares unequal and encodes as before.
    let built = TodoV1 {
        title: "t".into(),
        note: Some("n".into()),
        ..Default::default()
    };
    assert_ne!(v1, built);
    assert_eq!(built.encode(), bytes("todo_v1_written_back"));
    // todo_v2_edited_by_v1: note set to null, its bit cleared, the unknown bit and bytes kept.
    v1.note = None;
    assert_eq!(v1.encode(), bytes("todo_v2_edited_by_v1"));
    assert_eq!(TodoV1::decode(&bytes("todo_v2_edited_by_v1")).unwrap(), v1);
    // todo_v2_edited_read_by_v2: TodoV2 finds its fields with their values.
    assert_eq!(
        TodoV2::decode(&bytes("todo_v2_edited_read_by_v2")).unwrap(),
        TodoV2 {
            note: None,
            ..v2.clone()
        }
    );
    assert_eq!(
        bytes("todo_v2_edited_read_by_v2"),
        bytes("todo_v2_edited_by_v1")
    );
    // Dropping them gives what TodoV1 alone writes.
    v1.unknown_fields.clear();
    assert_eq!(
        v1.encode(),
        TodoV1 {
            title: "t".into(),
            ..Default::default()
        }
        .encode()
    );
    assert_eq!(bytes("todo_v1"), v1.encode());
}
