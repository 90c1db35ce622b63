//! Deprecated fields kept as the bytes they were read from (SPEC §5.5.1): `Account` of SPEC
//! §13.14 with an old writer's password; `Retired` of `edge_lint.cser`, whose deprecated record
//! is written by hand by a newer version of it; `EvolvedV2` reading `EvolvedV1`; and
//! `schema/examples/evolution_deprecated.cser`, whose `StockWriter` and `SpotWriter` write real
//! values of newer types into the fields `Stock` and `Spot` (a struct) have deprecated, optional
//! ones among them. Each passes through byte for byte, keeps its bytes when other fields are
//! edited, and is equal to another value exactly when it encodes alike; bytes that hold the zero
//! value keep nothing. Random `StockWriter` values pass through `Stock` unchanged; mutations of
//! their bytes that decode keep bytes of the input and read back as the same value.

mod common;

use common::rng::Rng;
use cser::DeprecatedFields;
use cser_examples::edge::cases::{EvolvedV1, EvolvedV2};
use cser_examples::edge::lint::Retired;
use cser_examples::evolution::deprecated::{
    KindV1, KindV2, PartV1, PartV2, Spot, SpotWriter, Stock, StockWriter,
};
use cser_examples::spec::examples::Account;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

/// The ids of the fields that keep bytes.
fn ids(d: &DeprecatedFields) -> Vec<u32> {
    d.iter().map(|(id, _)| id).collect()
}

fn hash_of<T: Hash>(v: &T) -> u64 {
    let mut h = DefaultHasher::new();
    v.hash(&mut h);
    h.finish()
}

/// SPEC §13.14's `account_old_writer`: password "pw", written before the field was deprecated.
const ACCOUNT_OLD_WRITER: [u8; 7] = [0x06, 0x01, 0x75, 0x02, 0x70, 0x77, 0x05];

fn account(user: &str, logins: u32) -> Account {
    Account {
        user: user.to_owned(),
        logins,
        ..Default::default()
    }
}

// ---- Account (SPEC §13.14) ----------------------------------------------------------------

#[test]
fn an_old_writers_password_passes_through() {
    let a = Account::decode(&ACCOUNT_OLD_WRITER).unwrap();
    assert_eq!((a.user.as_str(), a.logins), ("u", 5));
    assert_eq!(a.deprecated_fields.get(2), Some(&[0x02, 0x70, 0x77][..]));
    assert_eq!(a.deprecated_fields.len(), 1);
    assert_eq!(a.deprecated_fields.iter().count(), 1);
    assert!(a.unknown_fields.is_empty());
    assert_eq!(a.encode(), ACCOUNT_OLD_WRITER);
    // The kept bytes are part of the value: not the value a program builds...
    assert_ne!(a, account("u", 5));
    assert_eq!(a.clone(), a);
    // ...and the text shows how many fields keep bytes, not the bytes.
    assert_eq!(
        format!("{a:?}"),
        "Account { user: \"u\", logins: 5, deprecated_fields: DeprecatedFields { kept: 1 }, \
         unknown_fields: UnknownFields }"
    );
    assert_eq!(
        format!("{:?}", account("u", 5)),
        "Account { user: \"u\", logins: 5, deprecated_fields: DeprecatedFields, \
         unknown_fields: UnknownFields }"
    );
    // Dropped, the field is written as its zero value again.
    let mut dropped = a.clone();
    dropped.deprecated_fields.clear();
    assert_eq!(dropped, account("u", 5));
    assert_eq!(dropped.encode(), [0x04, 0x01, 0x75, 0x00, 0x05]);
}

#[test]
fn editing_other_fields_keeps_the_password() {
    let mut a = Account::decode(&ACCOUNT_OLD_WRITER).unwrap();
    a.logins = 6;
    assert_eq!(a.encode(), [0x06, 0x01, 0x75, 0x02, 0x70, 0x77, 0x06]);
    a.user = "uu".to_owned();
    assert_eq!(a.encode(), [0x07, 0x02, 0x75, 0x75, 0x02, 0x70, 0x77, 0x06]);
    // The JSON patch of a value's bytes (decode, set the named fields, encode) keeps them too.
    let patched = Account::decode(&ACCOUNT_OLD_WRITER).map(|mut v| {
        v.update_from_json(&cser::json::Value::parse(r#"{"logins": 6}"#).unwrap())
            .unwrap();
        v.encode()
    });
    assert_eq!(patched.unwrap(), [0x06, 0x01, 0x75, 0x02, 0x70, 0x77, 0x06]);
}

#[test]
fn the_zero_values_bytes_keep_nothing() {
    // password "" (00), exactly the zero value's bytes: the value a program builds.
    let bytes = [0x04, 0x01, 0x75, 0x00, 0x05];
    let a = Account::decode(&bytes).unwrap();
    assert!(a.deprecated_fields.is_empty());
    assert_eq!(a, account("u", 5));
    assert_eq!(hash_of(&a), hash_of(&account("u", 5)));
    assert_eq!(a.encode(), bytes);
    // A body that ends before the field (an older writer without it) keeps nothing either.
    let a = Account::decode(&[0x02, 0x01, 0x75]).unwrap();
    assert_eq!(a, account("u", 0));
    assert_eq!(a.encode(), [0x04, 0x01, 0x75, 0x00, 0x00]);
}

#[test]
fn equality_and_hashes_follow_the_kept_bytes() {
    let pw = Account::decode(&ACCOUNT_OLD_WRITER).unwrap();
    let again = Account::decode(&ACCOUNT_OLD_WRITER).unwrap();
    let px = Account::decode(&[0x06, 0x01, 0x75, 0x02, 0x70, 0x78, 0x05]).unwrap();
    let longer = Account::decode(&[0x07, 0x01, 0x75, 0x03, 0x70, 0x77, 0x77, 0x05]).unwrap();
    assert_eq!(pw, again);
    assert_eq!(hash_of(&pw), hash_of(&again));
    for other in [&px, &longer] {
        assert_ne!(&pw, other);
        assert_ne!(pw.deprecated_fields, other.deprecated_fields);
        // Not a proof, but a hash that ignored the bytes would collide every time.
        assert_ne!(hash_of(&pw), hash_of(other));
        assert_eq!((other.user.as_str(), other.logins), ("u", 5));
    }
    assert_ne!(
        hash_of(&pw.deprecated_fields),
        hash_of(&DeprecatedFields::default())
    );
}

#[test]
fn a_bad_password_is_rejected_at_its_path() {
    // A deprecated field is checked as its type: bad UTF-8 fails where it is.
    let err = Account::decode(&[0x06, 0x01, 0x75, 0x02, 0xff, 0xfe, 0x05]).unwrap_err();
    assert_eq!(err.kind(), cser::DecodeErrorKind::BadUtf8);
    assert_eq!(err.offset(), 4);
    assert_eq!(err.path(), "Account.password");
}

#[test]
fn json_has_no_deprecated_bytes() {
    let a = Account::decode(&ACCOUNT_OLD_WRITER).unwrap();
    let text = a.to_json().to_string();
    assert_eq!(text, r#"{"user":"u","logins":5}"#);
    let back = Account::from_json(&cser::json::Value::parse(&text).unwrap()).unwrap();
    assert_eq!(back, account("u", 5));
    // A password in JSON is accepted and ignored: it keeps nothing.
    let with = r#"{"user":"u","password":"pw","logins":5}"#;
    let read = Account::from_json(&cser::json::Value::parse(with).unwrap()).unwrap();
    assert!(read.deprecated_fields.is_empty());
}

// ---- a deprecated record written by a newer version of it -----------------------------------

/// `Retired` (edge_lint.cser) bytes with `wide` (a `Wide` of 17 f64s) holding `wide_body`
/// after its length, `count` (a u64) holding `count`, and `kept` 3.
fn retired_bytes(wide_body: &[u8], count: &[u8]) -> Vec<u8> {
    let mut body = Vec::new();
    cser::varint::encode_varint(wide_body.len() as u64, &mut body);
    body.extend_from_slice(wide_body);
    body.extend_from_slice(count);
    body.push(0x06);
    let mut bytes = Vec::new();
    cser::varint::encode_varint(body.len() as u64, &mut bytes);
    bytes.extend_from_slice(&body);
    bytes
}

#[test]
fn a_newer_records_bytes_pass_through_a_deprecated_field() {
    let zero_wide = [0u8; 17 * 8];
    // A newer Wide with a string field appended ("abc"): longer than the reader's zero value.
    let mut newer = zero_wide.to_vec();
    newer.extend_from_slice(&[0x03, 0x61, 0x62, 0x63]);
    // u64::MAX in count, as a program with the field still live may have written it.
    let max = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
    let bytes = retired_bytes(&newer, &max);
    let r = Retired::decode(&bytes).unwrap();
    assert_eq!(r.kept, 3);
    assert_eq!(r.deprecated_fields.get(1).map(<[u8]>::len), Some(2 + 140));
    assert_eq!(r.deprecated_fields.get(2), Some(&max[..]));
    assert_eq!(r.encode(), bytes);
    // Edited, the other field changes alone.
    let mut edited = r.clone();
    edited.kept = -1;
    let mut expected = bytes.clone();
    *expected.last_mut().unwrap() = 0x01;
    assert_eq!(edited.encode(), expected);

    // A Wide of the reader's own version holding a value: as long as the zero value, kept.
    let mut one = zero_wide.to_vec();
    one[..8].copy_from_slice(&1.5f64.to_le_bytes());
    let bytes = retired_bytes(&one, &[0x00]);
    let r = Retired::decode(&bytes).unwrap();
    assert_eq!(r.deprecated_fields.len(), 1);
    assert!(r.deprecated_fields.contains(1));
    assert_eq!(r.encode(), bytes);

    // The zero values' bytes, a length above 127 among them: nothing kept.
    let bytes = retired_bytes(&zero_wide, &[0x00]);
    let r = Retired::decode(&bytes).unwrap();
    assert!(r.deprecated_fields.is_empty());
    let built = Retired {
        kept: 3,
        ..Default::default()
    };
    assert_eq!(r, built);
    assert_eq!(built.encode(), bytes);
}

#[test]
fn an_older_writers_value_survives_a_newer_reader() {
    // EvolvedV2 deprecated `count`, which EvolvedV1 still has: read back by V1 after V2 wrote it.
    let v1 = EvolvedV1 {
        name: "widget".to_owned(),
        count: 7,
        ..Default::default()
    };
    let v2 = EvolvedV2::decode(&v1.encode()).unwrap();
    assert_eq!(v2.deprecated_fields.get(2), Some(&[0x0e][..]));
    let back = EvolvedV1::decode(&v2.encode()).unwrap();
    assert_eq!((back.name.as_str(), back.count), ("widget", 7));
    assert!(!back.unknown_fields.is_empty(), "V2's appended fields");
}

// ---- Stock and Spot: optional fields, a struct, records and unions of newer types ----------

fn part_v2(name: &str, size: Option<u32>, tags: &[&str]) -> PartV2 {
    PartV2 {
        name: name.to_owned(),
        size,
        tags: tags.iter().map(|t| (*t).to_owned()).collect(),
        ..Default::default()
    }
}

fn writer() -> StockWriter {
    StockWriter {
        name: "bolt".to_owned(),
        part: part_v2("head", Some(7), &["steel"]),
        spare: Some(part_v2("", None, &[])),
        kind: KindV2::Part(part_v2("p", None, &["x"])),
        count: Some(12),
        revision: Some(0),
        parts: vec![part_v2("a", Some(1), &[]), part_v2("b", None, &["c"])],
        spot: SpotWriter {
            x: -1,
            y: 2,
            label: Some("north".to_owned()),
            z: Some(3),
        },
        extra: Some("e".to_owned()),
        tail: 99,
        ..Default::default()
    }
}

#[test]
fn a_writers_values_pass_through_stock() {
    let w = writer();
    let bytes = w.encode();
    let s = Stock::decode(&bytes).unwrap();
    assert_eq!(s.name, "bolt");
    assert_eq!(s.count, Some(12));
    assert_eq!((s.spot.x, s.spot.z), (-1, Some(3)));
    // Every deprecated field keeps its bytes: 2 (part), 3 (spare, present), 4 (kind: an
    // unknown variant to KindV1), 6 (revision, present and 0), 7 (parts).
    assert_eq!(ids(&s.deprecated_fields), [2, 3, 4, 6, 7]);
    assert_eq!(
        s.deprecated_fields.get(2).unwrap(),
        &w.part.encode()[..],
        "a record's message is its length and body"
    );
    assert_eq!(s.deprecated_fields.get(6), Some(&[0x00][..]));
    assert_eq!(s.spot.deprecated_fields.get(2), Some(&[0x04][..]));
    assert_eq!(
        s.spot.deprecated_fields.get(3),
        Some(&[0x05, b'n', b'o', b'r', b't', b'h'][..])
    );
    // The appended fields are unknown fields: the presence bit of `extra` among them.
    assert_eq!(s.unknown_fields.presence_bits(), 0x08);
    assert_eq!(s.encode(), bytes);
    // Read back by the writer: its values.
    assert_eq!(StockWriter::decode(&s.encode()).unwrap(), w);
}

#[test]
fn deprecated_optionals_present_and_absent() {
    // Absent: nothing kept, and the presence bits stay clear. (`part` keeps bytes: PartV2's zero
    // value, `03 00 00 00`, is not PartV1's, `01 00`.)
    let w = StockWriter {
        name: "n".to_owned(),
        count: Some(1),
        ..Default::default()
    };
    let s = Stock::decode(&w.encode()).unwrap();
    assert_eq!(ids(&s.deprecated_fields), [2]);
    assert_eq!(
        s.deprecated_fields.get(2),
        Some(&[0x03, 0x00, 0x00, 0x00][..])
    );
    assert!(s.spot.deprecated_fields.is_empty());
    assert_eq!(s.encode(), w.encode());
    let built = Stock {
        name: "n".to_owned(),
        count: Some(1),
        ..Default::default()
    };
    assert_ne!(s, built);
    // Without them, and without the unknown fields (StockWriter's appended `tail`), the value
    // is the one a program builds.
    let mut without = s.clone();
    without.deprecated_fields.clear();
    without.unknown_fields.clear();
    assert_eq!(without, built);
    assert_eq!(Stock::decode(&built.encode()).unwrap(), built);
    // Present, holding the zero value: kept all the same (the presence bit is the difference).
    for (w, id) in [
        (
            StockWriter {
                spare: Some(PartV2::default()),
                ..Default::default()
            },
            3,
        ),
        (
            StockWriter {
                revision: Some(0),
                ..Default::default()
            },
            6,
        ),
    ] {
        let s = Stock::decode(&w.encode()).unwrap();
        let mut expected = vec![2, id];
        expected.sort();
        assert_eq!(ids(&s.deprecated_fields), expected);
        assert!(s.deprecated_fields.get(id).is_some_and(|b| !b.is_empty()));
        assert_eq!(s.encode(), w.encode());
    }
    // A struct's optional: kept and written back with its bit.
    for label in [None, Some(String::new()), Some("l".to_owned())] {
        let w = SpotWriter {
            label: label.clone(),
            ..Default::default()
        };
        let spot = Spot::decode(&w.encode()).unwrap();
        assert_eq!(spot.deprecated_fields.contains(3), label.is_some());
        assert_eq!(spot == Spot::default(), label.is_none());
        assert_eq!(spot.encode(), w.encode());
    }
}

#[test]
fn editing_stock_keeps_every_deprecated_fields_bytes() {
    let w = writer();
    let mut s = Stock::decode(&w.encode()).unwrap();
    s.name = "nut".to_owned();
    s.count = None;
    s.spot.x = 5;
    s.spot.z = None;
    let back = StockWriter::decode(&s.encode()).unwrap();
    let expected = StockWriter {
        name: "nut".to_owned(),
        count: None,
        spot: SpotWriter {
            x: 5,
            z: None,
            ..w.spot.clone()
        },
        ..w.clone()
    };
    assert_eq!(back, expected);
    // A Stock built by a program and given the kept bytes of another value writes them too.
    let mut built = Stock {
        name: "nut".to_owned(),
        spot: Spot {
            x: 5,
            ..Default::default()
        },
        ..Default::default()
    };
    built.deprecated_fields = s.deprecated_fields.clone();
    built.spot.deprecated_fields = s.spot.deprecated_fields.clone();
    built.unknown_fields = s.unknown_fields.clone();
    assert_eq!(built, s);
    assert_eq!(built.encode(), s.encode());
}

#[test]
fn a_deprecated_union_keeps_a_variant_it_does_not_know() {
    let w = StockWriter {
        kind: KindV2::Part(part_v2("p", Some(2), &[])),
        ..Default::default()
    };
    let s = Stock::decode(&w.encode()).unwrap();
    let kept = s.deprecated_fields.get(4).unwrap();
    // Read by KindV1 it is an unknown variant, tag 3.
    match KindV1::decode(kept).unwrap() {
        KindV1::Unknown(u) => assert_eq!(u.tag(), 3),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.encode(), w.encode());
    // A variant KindV1 knows, holding its zero value but not KindV1's zero value: kept.
    let w = StockWriter {
        kind: KindV2::Number(0),
        ..Default::default()
    };
    let s = Stock::decode(&w.encode()).unwrap();
    assert_eq!(s.deprecated_fields.get(4), Some(&[0x02, 0x01, 0x00][..]));
    assert_eq!(s.encode(), w.encode());
    // KindV1's zero value (text "") keeps nothing; nor does an empty parts list. PartV2's zero
    // value is longer than PartV1's: kept.
    let s = Stock::decode(&StockWriter::default().encode()).unwrap();
    assert_eq!(ids(&s.deprecated_fields), [2]);
    assert_eq!(PartV1::default().encode(), [0x01, 0x00]);
    assert_eq!(
        Stock::decode(&Stock::default().encode()).unwrap(),
        Stock::default()
    );
}

#[test]
fn json_leaves_stocks_kept_bytes_as_they_are() {
    let mut s = Stock::decode(&writer().encode()).unwrap();
    let json = s.to_json().to_string();
    assert!(!json.contains("part"), "{json}");
    assert!(!json.contains("revision"), "{json}");
    let from = Stock::from_json(&cser::json::Value::parse(&json).unwrap()).unwrap();
    assert!(from.deprecated_fields.is_empty());
    assert!(from.spot.deprecated_fields.is_empty());
    let before = s.deprecated_fields.clone();
    s.update_from_json(&cser::json::Value::parse(r#"{"name":"x"}"#).unwrap())
        .unwrap();
    assert_eq!(s.deprecated_fields, before);
}

// ---- random values, mutated bytes --------------------------------------------------------

fn random_part(rng: &mut Rng) -> PartV2 {
    PartV2 {
        name: rng.string(4),
        size: rng.maybe(|r| r.number() as u32),
        tags: (0..rng.below(3)).map(|_| rng.string(4)).collect(),
        ..Default::default()
    }
}

fn random_kind(rng: &mut Rng) -> KindV2 {
    match rng.below(3) {
        0 => KindV2::Text(rng.string(4)),
        1 => KindV2::Number(rng.number() as i32),
        _ => KindV2::Part(random_part(rng)),
    }
}

fn random_writer(rng: &mut Rng) -> StockWriter {
    StockWriter {
        name: rng.string(4),
        part: random_part(rng),
        spare: rng.maybe(random_part),
        kind: random_kind(rng),
        count: rng.maybe(|r| r.number() as u32),
        revision: rng.maybe(|r| r.number() as i64),
        parts: (0..rng.below(3)).map(|_| random_part(rng)).collect(),
        spot: SpotWriter {
            x: rng.number() as i32,
            y: rng.number() as i32,
            label: rng.maybe(|r| r.string(4)),
            z: rng.maybe(|r| r.number() as i32),
        },
        extra: rng.maybe(|r| r.string(4)),
        tail: rng.number(),
        ..Default::default()
    }
}

/// `w` with the fields `Stock` has deprecated taken from `other`.
fn with_deprecated_of(w: &StockWriter, other: &StockWriter) -> StockWriter {
    StockWriter {
        part: other.part.clone(),
        spare: other.spare.clone(),
        kind: other.kind.clone(),
        revision: other.revision,
        parts: other.parts.clone(),
        spot: SpotWriter {
            y: other.spot.y,
            label: other.spot.label.clone(),
            ..w.spot.clone()
        },
        ..w.clone()
    }
}

#[test]
fn random_writers_pass_through_stock_unchanged() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..3000 {
        let w = random_writer(&mut rng);
        let bytes = w.encode();
        let s = Stock::decode(&bytes).unwrap_or_else(|e| panic!("{w:?}: {e}"));
        assert_eq!(s.encode(), bytes, "{w:?}");
        assert_eq!(StockWriter::decode(&s.encode()).unwrap(), w);
        let spot = Spot::decode(&w.spot.encode()).unwrap();
        assert_eq!(spot.encode(), w.spot.encode());
        assert_eq!(spot, s.spot);
        // Two values differing only in what their deprecated fields hold are equal exactly
        // when they encode alike (SPEC §5.5.1).
        let other = with_deprecated_of(&w, &random_writer(&mut rng));
        let t = Stock::decode(&other.encode()).unwrap();
        assert_eq!(s == t, bytes == other.encode(), "{w:?} / {other:?}");
        if s == t {
            assert_eq!(hash_of(&s), hash_of(&t));
        }
        // The same value with its deprecated fields zero keeps nothing of them but `part` (PartV2's
        // zero value is not PartV1's), and is the value `s` is with its kept bytes dropped.
        let zeroed = with_deprecated_of(&w, &StockWriter::default());
        let mut z = Stock::decode(&zeroed.encode()).unwrap();
        assert_eq!(ids(&z.deprecated_fields), [2]);
        assert!(z.spot.deprecated_fields.is_empty());
        let mut cleared = s.clone();
        cleared.deprecated_fields.clear();
        cleared.spot.deprecated_fields.clear();
        z.deprecated_fields.clear();
        assert_eq!(cleared, z);
    }
}

#[test]
fn mutated_bytes_that_decode_keep_what_they_held() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let (mut decoded, mut same) = (0, 0);
    for _ in 0..3000 {
        let mut bytes = random_writer(&mut rng).encode();
        for _ in 0..=rng.below(3) {
            let i = rng.below(bytes.len() as u64) as usize;
            bytes[i] = match rng.below(3) {
                0 => rng.next() as u8,
                1 => bytes[i] ^ (1 << rng.below(8)),
                _ => 0,
            };
        }
        // Whatever a decoder accepts is canonical but for what it keeps unparsed, so the value
        // encodes to the same bytes again (SPEC §6), unless the body ended before some of the
        // fields (an older writer's shape), which are then written as their zero values. The
        // kept bytes are bytes of the input, and the value reads back as itself.
        if let Ok(s) = Stock::decode(&bytes) {
            decoded += 1;
            let back = s.encode();
            if back == bytes {
                same += 1;
            }
            for (id, kept) in s.deprecated_fields.iter() {
                let found = bytes.windows(kept.len()).any(|w| w == kept);
                assert!(found, "field {id}: {kept:02x?} not in {bytes:02x?}");
            }
            let again = Stock::decode(&back).unwrap();
            assert_eq!(again, s);
            assert_eq!(again.encode(), back);
        }
    }
    assert!(decoded > 100, "{decoded} of 3000 decoded");
    assert!(
        same * 10 > decoded * 9,
        "{same} of {decoded} written back as read"
    );
}
