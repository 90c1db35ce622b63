//! Kept unknown union variants (SPEC §5.7), with the two generations of
//! `schema/examples/evolution_unions.cser`: a value of a variant `ChoiceV2` added (a record, a
//! string, a number, a list, a struct, a union, a map, bytes, an enum, a float), decoded as
//! `ChoiceV1`, is `ChoiceV1::Unknown` with its tag and payload, and encodes back to the same
//! bytes, at the root and nested as a record field, an optional, a list element, a map value
//! and inside another union; a `V1` program that edits other fields keeps it; equality, hashing,
//! `Debug` and the JSON mapping treat it as SPEC §5.7, §11 and §12.2 say. Then random values of
//! these types, their bytes mutated, read by both generations: errors, never a panic.

mod common;

use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};

use common::rng::Rng;
use cser::json::Value;
use cser::{DecodeError, DecodeErrorKind, IndexMap, Reader, UnknownVariant, Writer};
use cser_examples::evolution::unions::*;

fn item_v2(name: &str, count: u32) -> ItemV2 {
    ItemV2 {
        name: name.to_owned(),
        count,
        ..Default::default()
    }
}

/// One value of each variant `ChoiceV1` does not have (ids 3 to 12).
fn new_variants() -> Vec<ChoiceV2> {
    let mut counts = IndexMap::new();
    counts.insert("a".to_owned(), -1);
    counts.insert("b".to_owned(), 300);
    vec![
        ChoiceV2::Extra(item_v2("extra", 7)),
        ChoiceV2::Note("ok".to_owned()),
        ChoiceV2::Number(-1_000_000_000_000),
        ChoiceV2::Words(vec!["x".to_owned(), String::new(), "é".repeat(100)]),
        ChoiceV2::Spot(Spot { x: -3, y: 4 }),
        ChoiceV2::Inner(InnerV2::B(9)),
        ChoiceV2::Counts(counts),
        ChoiceV2::Blob(vec![0, 0xff, 0x80]),
        ChoiceV2::Tone(Tone::HIGH),
        ChoiceV2::Ratio(-0.5),
    ]
}

fn hash<T: Hash>(v: &T) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// The tag and payload of a union value's bytes: a varint tag, then the payload's length and
/// bytes (SPEC §5.7).
fn tag_and_payload(bytes: &[u8]) -> (u32, Vec<u8>) {
    let mut r = Reader::new(bytes);
    let tag = r.read_u32().unwrap();
    let payload = r.read_bytes().unwrap().to_vec();
    r.expect_end().unwrap();
    (tag, payload)
}

fn unknown(v: &ChoiceV1) -> &UnknownVariant {
    match v {
        ChoiceV1::Unknown(u) => u,
        other => panic!("not an unknown variant: {other:?}"),
    }
}

#[test]
fn every_new_variant_is_kept_at_the_root_and_written_back() {
    for v2 in new_variants() {
        let bytes = v2.encode();
        let v1 = ChoiceV1::decode(&bytes).unwrap_or_else(|e| panic!("{v2:?}: {e}"));
        let u = unknown(&v1);
        let (tag, payload) = tag_and_payload(&bytes);
        assert_eq!((u.tag(), u.payload()), (tag, &payload[..]), "{v2:?}");
        assert_eq!(v1.tag(), v2.tag());
        // Byte for byte, and the newer reader reads its value back.
        assert_eq!(v1.encode(), bytes, "{v2:?}");
        assert_eq!(ChoiceV2::decode(&v1.encode()).unwrap(), v2);
        // The JSON mapping: `#` and the tag, the payload in base64 (SPEC §11).
        let json = v1.to_json();
        assert_eq!(
            json,
            Value::Object(vec![(
                format!("#{tag}"),
                Value::String(cser::json::base64_encode(&payload))
            )])
        );
        // ...which is never read back.
        let err = ChoiceV1::from_json(&json).unwrap_err();
        assert!(err.message().contains("cannot be read from JSON"), "{err}");
    }
}

#[test]
fn a_record_variant_payload_is_the_record_and_a_string_variant_has_a_length() {
    // SPEC §13.13's costs: a record variant is its tag and the record; anything else has one
    // more length.
    let item = ChoiceV2::Extra(item_v2("a", 1)).encode();
    assert_eq!(item, [0x03, 0x03, 0x01, b'a', 0x01]);
    assert_eq!(
        ChoiceV2::Note("ok".into()).encode(),
        [0x04, 0x03, 0x02, b'o', b'k']
    );
    assert_eq!(ChoiceV2::Number(-1).encode(), [0x05, 0x01, 0x01]);
    assert_eq!(
        ChoiceV2::Spot(Spot { x: 1, y: 2 }).encode(),
        [0x07, 0x02, 0x02, 0x04]
    );
    assert_eq!(
        ChoiceV2::Inner(InnerV2::A("z".into())).encode(),
        [0x08, 0x04, 0x01, 0x02, 0x01, b'z']
    );
    // A record variant's unknown payload is the body: the length is the record's own.
    let v1 = ChoiceV1::decode(&item).unwrap();
    assert_eq!(unknown(&v1).payload(), &[0x01, b'a', 0x01]);
    // A known record variant of a newer record keeps its unknown fields (SPEC §5.5.1).
    let known = ChoiceV2::Item(item_v2("i", 5)).encode();
    let v1 = ChoiceV1::decode(&known).unwrap();
    match &v1 {
        ChoiceV1::Item(i) => {
            assert_eq!(i.name, "i");
            assert_eq!(i.unknown_fields.bytes(), &[0x05]);
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(v1.encode(), known);
    // A payload of 128 bytes or more: a two-byte length.
    let long = ChoiceV2::Note("n".repeat(200));
    let bytes = long.encode();
    assert_eq!(&bytes[..4], &[0x04, 0xca, 0x01, 0xc8]);
    assert_eq!(ChoiceV1::decode(&bytes).unwrap().encode(), bytes);
    assert_eq!(ChoiceV2::decode(&bytes).unwrap(), long);
}

/// A `BoxV2` holding `v` (and others) in every place a union can be.
fn box_v2(v: &ChoiceV2, n: usize) -> BoxV2 {
    let all = new_variants();
    let other = all[(n + 3) % all.len()].clone();
    let mut by_key = IndexMap::new();
    by_key.insert("k".to_owned(), v.clone());
    by_key.insert("known".to_owned(), ChoiceV2::Label("l".to_owned()));
    by_key.insert("other".to_owned(), other.clone());
    BoxV2 {
        choice: v.clone(),
        maybe: Some(other.clone()),
        many: vec![
            ChoiceV2::Item(item_v2("m", 1)),
            v.clone(),
            other.clone(),
            ChoiceV2::Label(String::new()),
        ],
        by_key,
        outer: OuterV2::Choice(v.clone()),
        tail: format!("tail {n}"),
        holes: vec![
            None,
            Some(v.clone()),
            None,
            Some(ChoiceV2::Label("h".to_owned())),
        ],
        ..Default::default()
    }
}

#[test]
fn nested_everywhere_they_pass_through_unchanged() {
    for (n, v) in new_variants().iter().enumerate() {
        let v2 = box_v2(v, n);
        let bytes = v2.encode();
        let v1 = BoxV1::decode(&bytes).unwrap_or_else(|e| panic!("{v:?}: {e}"));
        // The same bytes, the same unknown variant in every place.
        assert_eq!(v1.encode(), bytes, "{v:?}");
        let u = unknown(&v1.choice).clone();
        assert_eq!(u.tag(), v.tag());
        assert_eq!(unknown(&v1.many[1]), &u);
        assert_eq!(unknown(&v1.by_key["k"]), &u);
        assert_eq!(unknown(v1.holes[1].as_ref().unwrap()), &u);
        match &v1.outer {
            OuterV1::Choice(c) => assert_eq!(unknown(c), &u),
            other => panic!("{other:?}"),
        }
        assert!(matches!(v1.maybe, Some(ChoiceV1::Unknown(_))));
        assert!(matches!(v1.many[0], ChoiceV1::Item(_)));
        assert_eq!(v1.many[3], ChoiceV1::Label(String::new()));
        assert_eq!(v1.by_key["known"], ChoiceV1::Label("l".to_owned()));
        assert_eq!(v1.holes[3], Some(ChoiceV1::Label("h".to_owned())));
        assert_eq!(v1.holes[0], None);
        // A newer reader reads every value back.
        assert_eq!(BoxV2::decode(&v1.encode()).unwrap(), v2);
        // The JSON mapping shows each as `#N`.
        let json = v1.to_json().to_string();
        assert!(json.contains(&format!("{{\"#{}\":", u.tag())), "{json}");
    }
}

#[test]
fn edits_by_v1_keep_every_unknown_variant() {
    let v = ChoiceV2::Words(vec!["w".to_owned()]);
    let v2 = box_v2(&v, 1);
    let mut v1 = BoxV1::decode(&v2.encode()).unwrap();
    // Edit what V1 knows: the tail, a known list element, a map entry, an optional.
    v1.tail = "edited".to_owned();
    v1.many[3] = ChoiceV1::Label("new".to_owned());
    v1.by_key
        .insert("added".to_owned(), ChoiceV1::Item(ItemV1::default()));
    v1.holes.push(None);
    // Move unknown variants around: they are values like any other.
    let kept = v1.choice.clone();
    v1.many.push(kept.clone());
    v1.maybe = Some(kept.clone());
    let back = BoxV2::decode(&v1.encode()).unwrap();
    let mut expected = v2.clone();
    expected.tail = "edited".to_owned();
    expected.many[3] = ChoiceV2::Label("new".to_owned());
    expected
        .by_key
        .insert("added".to_owned(), ChoiceV2::Item(ItemV2::default()));
    expected.holes.push(None);
    expected.many.push(v.clone());
    expected.maybe = Some(v);
    assert_eq!(back, expected);
}

#[test]
fn equality_hash_debug_and_json_input() {
    let a = ChoiceV1::decode(&ChoiceV2::Note("ok".into()).encode()).unwrap();
    let b = ChoiceV1::decode(&ChoiceV2::Note("ok".into()).encode()).unwrap();
    let c = ChoiceV1::decode(&ChoiceV2::Note("ko".into()).encode()).unwrap();
    // The same payload under another tag.
    let d = ChoiceV1::decode(&[0x09, 0x03, 0x02, b'o', b'k']).unwrap();
    assert_eq!(a, b);
    assert_eq!(hash(&a), hash(&b));
    assert_ne!(a, c);
    assert_ne!(a, d);
    assert_ne!(a, ChoiceV1::Label("ok".into()));
    let set: HashSet<ChoiceV1> = [a.clone(), b, c, d].into_iter().collect();
    assert_eq!(set.len(), 3);
    assert_eq!(
        format!("{a:?}"),
        "Unknown(UnknownVariant { tag: 4, size: 3 })"
    );
    assert_eq!(a.to_json().to_string(), r##"{"#4":"Am9r"}"##);
    // JSON input naming an unknown variant fails with its path, anywhere.
    let err = ChoiceV1::from_json(&Value::parse(r##"{"#4": "Am9r"}"##).unwrap()).unwrap_err();
    assert!(err.message().contains("\"#4\""), "{err}");
    assert!(err.message().contains("cannot be read from JSON"), "{err}");
    let text = r##"{"choice": {"label": "x"}, "many": [{"label": "y"}, {"#5": "AQ=="}]}"##;
    let err = BoxV1::from_json(&Value::parse(text).unwrap()).unwrap_err();
    assert!(err.message().contains("cannot be read from JSON"), "{err}");
    assert!(err.path().contains("many[1]"), "{}", err.path());
    // A name the union does not have is the error it always was.
    let err = ChoiceV1::from_json(&Value::parse(r#"{"note": "ok"}"#).unwrap()).unwrap_err();
    assert!(err.message().contains("unknown variant \"note\""), "{err}");
}

#[test]
fn hostile_payloads_are_bounded_and_tags_checked() {
    // Tag 0: no variant. A tag above 2^32-1: out of range.
    assert_eq!(
        ChoiceV1::decode(&[0x00, 0x00]).unwrap_err().kind(),
        DecodeErrorKind::UnknownUnionTag
    );
    assert_eq!(
        ChoiceV1::decode(&[0x80, 0x80, 0x80, 0x80, 0x10, 0x00])
            .unwrap_err()
            .kind(),
        DecodeErrorKind::OutOfRange
    );
    // An unknown payload longer than the message, or than the record body holding it.
    let e = ChoiceV1::decode(&[0x04, 0x05, 0x00]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (DecodeErrorKind::LengthTooLarge, 1));
    let mut inner = Writer::new();
    let mark = inner.begin_length();
    inner.write_raw(&[0x04, 0x05, 0x00]); // choice: tag 4, payload 5 bytes, in a body of 3
    inner.end_length(mark);
    let mut bytes = inner.finish().unwrap();
    bytes.extend([0u8; 8]);
    let e = BoxV1::decode(&bytes).unwrap_err();
    assert_eq!(e.kind(), DecodeErrorKind::LengthTooLarge);
    // A known non-record variant must fill its payload exactly.
    let e = ChoiceV1::decode(&[0x02, 0x03, 0x01, b'a', 0x00]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (DecodeErrorKind::TrailingBytes, 4));
    let e = ChoiceV1::decode(&[0x02, 0x01, 0x01, b'a']).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (DecodeErrorKind::LengthTooLarge, 2));
    let e = ChoiceV2::decode(&[0x05, 0x01, 0x80, 0x01]).unwrap_err();
    assert_eq!((e.kind(), e.offset()), (DecodeErrorKind::Truncated, 3));
    assert_eq!(e.path(), "ChoiceV2.number");
    // The payload adds no depth: an unknown variant at the deepest level allowed reads.
    let bytes = ChoiceV2::Inner(InnerV2::B(1)).encode();
    let mut r = Reader::new(&bytes).with_max_depth(1);
    let v1 = ChoiceV1::read_nested(&mut r).unwrap();
    assert_eq!(v1.encode(), bytes);
    // ...while the newer reader, which reads InnerV2 inside it, needs one level more.
    let mut r = Reader::new(&bytes).with_max_depth(1);
    assert_eq!(
        ChoiceV2::read_nested(&mut r).unwrap_err().kind(),
        DecodeErrorKind::DepthExceeded
    );
}

#[test]
fn a_deprecated_union_field_is_its_zero_variant_in_a_payload() {
    let r = Retired {
        kept: "k".to_owned(),
        ..Default::default()
    };
    // old: InnerV1's zero value, `a = ""`: tag 1, payload length 1, the empty string.
    assert_eq!(r.encode(), [0x05, 0x01, 0x01, 0x00, 0x01, b'k']);
    assert_eq!(Retired::decode(&r.encode()).unwrap(), r);
    // Whatever another writer put there is read, kept as its bytes and written back (SPEC
    // §5.5.1), an unknown variant too.
    let old = [0x07, 0x09, 0x03, 0x02, b'o', b'k', 0x01, b'k'];
    let back = Retired::decode(&old).unwrap();
    assert_eq!(back.deprecated_fields.get(1), Some(&old[1..6]));
    assert_ne!(back, r);
    assert_eq!(back.kept, r.kept);
    assert_eq!(back.encode(), old);
    // Its zero value's bytes are not kept: the value is the one a program builds.
    let zero = Retired::decode(&r.encode()).unwrap();
    assert!(zero.deprecated_fields.is_empty());
}

// ---- random values, mutated bytes --------------------------------------------------------

fn random_inner(rng: &mut Rng) -> InnerV2 {
    match rng.below(2) {
        0 => InnerV2::A(rng.string(5)),
        _ => InnerV2::B(rng.next() as u32),
    }
}

fn random_choice(rng: &mut Rng) -> ChoiceV2 {
    match rng.below(12) {
        0 => ChoiceV2::Item(item_v2(&rng.string(5), rng.below(300) as u32)),
        1 => ChoiceV2::Label(rng.string(5)),
        2 => ChoiceV2::Extra(item_v2(&rng.string(5), rng.next() as u32)),
        3 => ChoiceV2::Note(rng.string(5)),
        4 => ChoiceV2::Number(rng.next() as i64),
        5 => ChoiceV2::Words((0..rng.below(4)).map(|_| rng.string(5)).collect()),
        6 => ChoiceV2::Spot(Spot {
            x: rng.next() as i32,
            y: rng.below(3) as i32,
        }),
        7 => ChoiceV2::Inner(random_inner(rng)),
        8 => ChoiceV2::Counts(
            (0..rng.below(3))
                .map(|i| (format!("{i}{}", rng.string(5)), rng.next() as i32))
                .collect(),
        ),
        9 => ChoiceV2::Blob((0..rng.below(6)).map(|_| rng.next() as u8).collect()),
        10 => ChoiceV2::Tone(Tone::from_number(rng.below(3) as u32)),
        _ => ChoiceV2::Ratio(rng.next() as f64 / 7.0),
    }
}

fn random_box(rng: &mut Rng) -> BoxV2 {
    BoxV2 {
        choice: random_choice(rng),
        maybe: (rng.below(2) == 0).then(|| random_choice(rng)),
        many: (0..rng.below(4)).map(|_| random_choice(rng)).collect(),
        by_key: (0..rng.below(3))
            .map(|i| (format!("k{i}"), random_choice(rng)))
            .collect(),
        outer: match rng.below(2) {
            0 => OuterV2::Choice(random_choice(rng)),
            _ => OuterV2::Plain(rng.string(5)),
        },
        tail: rng.string(5),
        holes: (0..rng.below(4))
            .map(|_| (rng.below(2) == 0).then(|| random_choice(rng)))
            .collect(),
        ..Default::default()
    }
}

/// Decodes `bytes` with `decode`; when it succeeds, encoding the value and decoding that gives
/// a value that encodes to the same bytes (what a reader accepts it writes canonically, unknown
/// payloads as they were).
fn decodes_stably<T>(
    bytes: &[u8],
    decode: fn(&[u8]) -> Result<T, DecodeError>,
    encode: fn(&T) -> Vec<u8>,
) -> Result<(), DecodeError> {
    let v = decode(bytes)?;
    let once = encode(&v);
    let again = decode(&once).expect("a value's own encoding decodes");
    assert_eq!(encode(&again), once);
    Ok(())
}

#[test]
fn random_values_and_mutated_bytes_never_panic() {
    let mut rng = Rng(0x0bad_cafe_f00d_1234);
    let mut decoded = [0usize; 2];
    for _ in 0..3_000 {
        let v2 = random_box(&mut rng);
        let bytes = v2.encode();
        // Unmutated: V1 keeps everything, V2 reads the value back.
        let v1 = BoxV1::decode(&bytes).unwrap();
        assert_eq!(v1.encode(), bytes);
        assert_eq!(BoxV2::decode(&bytes).unwrap().encode(), bytes);
        // A few mutations of each: a byte changed, set to a boundary value, cut, inserted,
        // removed.
        for _ in 0..8 {
            let mut m = bytes.clone();
            for _ in 0..=rng.below(3) {
                if m.is_empty() {
                    break;
                }
                let at = rng.below(m.len() as u64) as usize;
                match rng.below(5) {
                    0 => m[at] ^= 1 << rng.below(8),
                    1 => m[at] = [0x00, 0x01, 0x7f, 0x80, 0xff][rng.below(5) as usize],
                    2 => m.truncate(at),
                    3 => m.insert(at, rng.next() as u8),
                    _ => {
                        m.remove(at);
                    }
                }
            }
            for (i, ok) in [
                decodes_stably(&m, BoxV1::decode, BoxV1::encode),
                decodes_stably(&m, BoxV2::decode, BoxV2::encode),
            ]
            .into_iter()
            .enumerate()
            {
                match ok {
                    Ok(()) => decoded[i] += 1,
                    Err(e) => {
                        assert!(e.offset() <= m.len() as u64, "{e}");
                        let _ = e.to_string();
                    }
                }
            }
            // The unions alone, from the start of the mutated bytes.
            let _ = decodes_stably(&m, ChoiceV1::decode, ChoiceV1::encode);
            let _ = decodes_stably(&m, ChoiceV2::decode, ChoiceV2::encode);
            let _ = decodes_stably(&m, OuterV1::decode, OuterV1::encode);
        }
    }
    // Some mutations must still decode (e.g. a changed string byte), or the test tests little.
    assert!(decoded[0] > 100 && decoded[1] > 100, "{decoded:?}");
}

#[test]
fn an_unknown_variant_of_another_union_cannot_pose_as_a_known_one() {
    // ChoiceV1 keeps ChoiceV2's `note` (tag 4) as unknown; ChoiceV2 has tag 4 as its own: moved
    // into a ChoiceV2, its bytes would read as `note`, so encoding fails instead.
    let v1 = ChoiceV1::decode(&ChoiceV2::Note("ok".to_owned()).encode()).unwrap();
    let moved = ChoiceV2::Unknown(unknown(&v1).clone());
    let err = moved.try_encode().unwrap_err();
    assert!(
        err.message()
            .contains("tag 4, one of the union's own (1..=12)"),
        "{err}"
    );
    // In ChoiceV1 itself it is written back unchanged.
    assert_eq!(
        v1.try_encode().unwrap(),
        ChoiceV2::Note("ok".to_owned()).encode()
    );
}
