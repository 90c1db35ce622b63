//! The Rust runtime agrees with the Java one and with `cserc compat` (SPEC §9.1):
//! `conformance/schema-compat.json`, written by the compiler's SchemaCompatAgreementTest after
//! checking each verdict against the checker, holds writer and reader texts of one root with the
//! first difference, or none; this runtime must compute the same fingerprints and the same
//! difference, byte for byte, and reject every bad text.

use cser::json::Value;
use cser::schema_compat::difference;
use cser::SchemaText;

fn load() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../conformance/schema-compat.json"
    );
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Value::parse(&text).unwrap()
}

fn items<'a>(data: &'a Value, key: &str) -> &'a [Value] {
    match data.get(key) {
        Some(Value::Array(items)) => items,
        other => panic!("{key}: not an array but {other:?}"),
    }
}

fn string<'a>(item: &'a Value, key: &str) -> &'a str {
    item.get(key)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{key} is not a string in {item}"))
}

#[test]
fn every_pair_has_the_same_fingerprints_and_difference() {
    let data = load();
    let pairs = items(&data, "pairs");
    assert!(pairs.len() > 100, "only {} pairs", pairs.len());
    let mut differing = 0;
    for pair in pairs {
        let name = string(pair, "name");
        let parse = |key: &str| {
            SchemaText::parse(string(pair, key)).unwrap_or_else(|e| panic!("{name}: {key}: {e}"))
        };
        let (writer, reader) = (parse("writer"), parse("reader"));
        assert_eq!(
            format!("{:016x}", writer.fingerprint()),
            string(pair, "writer_fingerprint"),
            "{name}"
        );
        assert_eq!(
            format!("{:016x}", reader.fingerprint()),
            string(pair, "reader_fingerprint"),
            "{name}"
        );
        let expected = match pair.get("difference") {
            Some(Value::Null) => None,
            Some(Value::String(d)) => Some(d.as_str()),
            other => panic!("{name}: difference {other:?}"),
        };
        differing += usize::from(expected.is_some());
        assert_eq!(
            difference(&writer, &reader, string(pair, "root")).as_deref(),
            expected,
            "{name}\nwriter:\n{}reader:\n{}",
            writer.as_str(),
            reader.as_str()
        );
    }
    // Both verdicts are represented.
    assert!(differing > 0 && differing < pairs.len());
}

#[test]
fn every_bad_text_is_rejected() {
    let data = load();
    let bad = items(&data, "bad_texts");
    assert!(!bad.is_empty());
    for item in bad {
        let text = string(item, "text");
        match SchemaText::parse(text) {
            Ok(_) => panic!("{}: accepted {text:?}", string(item, "name")),
            Err(e) => assert!(e.to_string().starts_with("bad schema text at line ")),
        }
    }
}

/// Mutated writers' texts of every pair (a byte dropped, changed or doubled, a line swapped):
/// parsing never panics, and a text that still parses compares without panicking, whatever its
/// types now say.
#[test]
fn mutated_writers_never_panic() {
    let data = load();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |bound: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % bound.max(1) as u64) as usize
    };
    let mut compared = 0;
    for pair in items(&data, "pairs") {
        let reader = SchemaText::parse(string(pair, "reader")).unwrap();
        let root = string(pair, "root");
        let writer = string(pair, "writer");
        for _ in 0..20 {
            let mut bytes = writer.as_bytes().to_vec();
            let at = next(bytes.len());
            match next(4) {
                0 => {
                    bytes.remove(at);
                }
                1 => bytes[at] = b"abAB19_.<>{};:=!, \n"[next(19)],
                2 => bytes.insert(at, bytes[at]),
                _ => {
                    let mut lines: Vec<&str> = writer.lines().collect();
                    let (i, j) = (next(lines.len()), next(lines.len()));
                    lines.swap(i, j);
                    bytes = lines
                        .iter()
                        .flat_map(|l| format!("{l}\n").into_bytes())
                        .collect();
                }
            }
            let text = String::from_utf8_lossy(&bytes);
            if let Ok(mutated) = SchemaText::parse(&text) {
                compared += 1;
                let _ = difference(&mutated, &reader, root);
                let _ = difference(&reader, &mutated, root);
            }
        }
    }
    assert!(compared > 0);
}
