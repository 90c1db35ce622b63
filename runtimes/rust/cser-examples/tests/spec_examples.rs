//! The worked examples of SPEC.md §13, read from the spec itself and checked against the Rust
//! code generated from schema/examples/spec_examples.cser: every `example` decodes and encodes
//! back to its bytes, every `read` decodes (to a value whose own encoding differs), every
//! `reject` fails with the kind it names, the `stream` is read and written back byte for byte,
//! and the type id and fingerprint of `Reading` are the first 8 bytes of the digests shown.
//! (The values themselves are compared by the Java test SpecExamplesTest.java, which has a table
//! of them; here the bytes carry the proof: a decoder that got a value wrong would not encode
//! it back to the same bytes.)

use cser::{DecodeError, Message, StreamReader, StreamWriter};
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

/// Decodes `bytes` as the §13 type `type_name` and encodes the value again.
fn decode_encode(type_name: &str, bytes: &[u8]) -> Result<Vec<u8>, DecodeError> {
    macro_rules! by_type {
        ($($t:ident),* $(,)?) => {
            match type_name {
                $(stringify!($t) => <$t>::decode(bytes).map(|v| v.encode()),)*
                other => panic!("§13 names type {other}, which spec_examples.cser does not have"),
            }
        };
    }
    by_type!(
        BoolValue,
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
        Point3,
        Contact,
        Sparse9,
        OptionalStrings,
        OptionalScores,
        Line,
        Pixel,
        Sprite,
        Measure,
        Circle,
        Rect,
        Shape,
        Account,
        TodoV1,
        TodoV2,
        Document,
        Reading,
    )
}

/// The type a value text starts with: `Point3{...}`, `Shape.circle(...)`.
fn type_of(text: &str) -> &str {
    let end = text
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .unwrap_or(text.len());
    &text[..end]
}

fn check(e: &Example, all: &[Example]) {
    let at = format!("SPEC.md line {} ({})", e.line, e.name);
    match e.kind.as_str() {
        "example" => {
            let back = decode_encode(type_of(&e.text), &e.bytes)
                .unwrap_or_else(|err| panic!("{at}: does not decode: {err}"));
            assert_eq!(back, e.bytes, "{at}: decode, then encode");
            for cut in 0..e.bytes.len() {
                assert!(
                    decode_encode(type_of(&e.text), &e.bytes[..cut]).is_err(),
                    "{at}: its first {cut} bytes decode"
                );
            }
        }
        "read" => {
            let back = decode_encode(type_of(&e.text), &e.bytes)
                .unwrap_or_else(|err| panic!("{at}: does not decode: {err}"));
            assert_ne!(
                back, e.bytes,
                "{at}: the bytes are the value's own encoding"
            );
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
    assert_eq!(examples.len(), 135);
    for e in &examples {
        check(e, &examples);
    }
}
