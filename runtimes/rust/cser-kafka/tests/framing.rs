//! The framing of SPEC §8.2 without a broker: records built in memory (rdkafka's OwnedMessage)
//! with the headers a serializer, another type's serializer, or a careless tool would write.

use cser::{DecodeErrorKind, Message as _};
use cser_examples::bench::employee::Employee;
use cser_examples::bench::message::Message;
use cser_examples::workloads;
use cser_kafka::{Serde, FINGERPRINT_HEADER, KEY_FINGERPRINT_HEADER, KEY_TYPE_HEADER, TYPE_HEADER};
use rdkafka::message::{Header, Headers, OwnedHeaders, OwnedMessage};
use rdkafka::Timestamp;

const W4: Serde<Message> = Serde::new(Message::try_encode, Message::decode);
const EMPLOYEE: Serde<Employee> = Serde::new(Employee::try_encode, Employee::decode);

fn headers(pairs: &[(&str, Option<&[u8]>)]) -> OwnedHeaders {
    pairs.iter().fold(OwnedHeaders::new(), |h, (key, value)| {
        h.insert(Header { key, value: *value })
    })
}

fn record(value: Option<Vec<u8>>, headers: Option<OwnedHeaders>) -> OwnedMessage {
    OwnedMessage::new(
        value,
        None,
        "w4".to_owned(),
        Timestamp::NotAvailable,
        2,
        41,
        headers,
    )
}

fn pairs(h: &OwnedHeaders) -> Vec<(String, Vec<u8>)> {
    h.iter()
        .map(|x| (x.key.to_owned(), x.value.unwrap().to_vec()))
        .collect()
}

#[test]
fn serialize_writes_the_message_and_both_headers() {
    let value = workloads::message(12345);
    let (bytes, h) = W4.serialize(&value).unwrap();
    assert_eq!(bytes, value.encode());
    assert_eq!(
        pairs(&h),
        [
            (
                TYPE_HEADER.to_owned(),
                Message::TYPE_ID.to_le_bytes().to_vec()
            ),
            (
                FINGERPRINT_HEADER.to_owned(),
                Message::FINGERPRINT.to_le_bytes().to_vec()
            ),
        ]
    );
    // The id W4's generated code declares, little-endian, byte for byte.
    assert_eq!(
        h.get(0).value.unwrap(),
        [0x65, 0xe4, 0x3d, 0x17, 0xa9, 0x6b, 0x7f, 0xcb]
    );
}

#[test]
fn serialize_with_replaces_cser_headers_and_keeps_the_others() {
    let old = headers(&[
        ("trace", Some(b"abc")),
        (TYPE_HEADER, Some(&[9; 8])),
        (KEY_TYPE_HEADER, Some(&[7; 8])),
        (FINGERPRINT_HEADER, Some(b"x")),
    ]);
    let (_, h) = W4
        .serialize_with(&workloads::message(1), Some(&old))
        .unwrap();
    let got = pairs(&h);
    assert_eq!(got.len(), 4);
    assert_eq!(got[0], ("trace".to_owned(), b"abc".to_vec()));
    assert_eq!(got[1], (KEY_TYPE_HEADER.to_owned(), vec![7; 8]));
    assert_eq!(got[2].1, Message::TYPE_ID.to_le_bytes());
    assert_eq!(got[3].1, Message::FINGERPRINT.to_le_bytes());
}

#[test]
fn without_headers_the_value_is_the_bare_message_and_stale_cser_headers_go() {
    let old = headers(&[
        ("trace", Some(b"abc")),
        (TYPE_HEADER, Some(&[9; 8])),
        (KEY_TYPE_HEADER, Some(&[7; 8])),
        (FINGERPRINT_HEADER, Some(&[1; 8])),
    ]);
    let value = workloads::message(3);
    let bare = W4.without_headers();
    let (bytes, h) = bare.serialize_with(&value, Some(&old)).unwrap();
    assert_eq!(bytes, value.encode());
    assert_eq!(
        pairs(&h),
        vec![
            ("trace".to_owned(), b"abc".to_vec()),
            (KEY_TYPE_HEADER.to_owned(), vec![7; 8])
        ]
    );
    let (_, none) = bare.serialize(&value).unwrap();
    assert_eq!(none.count(), 0);
    let r = record(Some(bytes), Some(h));
    assert_eq!(W4.decode(&r).unwrap().unwrap().value, value);
    let err = W4.require_headers(true).decode(&r).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::WrongType);
}

#[test]
fn round_trip_exposes_the_writer_fingerprint() {
    let value = workloads::message(7);
    let (bytes, h) = W4.serialize(&value).unwrap();
    let decoded = W4.decode(&record(Some(bytes), Some(h))).unwrap().unwrap();
    assert_eq!(decoded.value, value);
    assert_eq!(decoded.writer_fingerprint, Some(Message::FINGERPRINT));
}

#[test]
fn another_type_is_wrong_type_with_topic_partition_offset() {
    let (bytes, h) = EMPLOYEE.serialize(&workloads::employee(3)).unwrap();
    let err = W4.decode(&record(Some(bytes), Some(h))).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::WrongType);
    assert_eq!((err.topic(), err.partition(), err.offset()), ("w4", 2, 41));
    let text = err.to_string();
    assert!(
        text.starts_with("value of the record at w4-2 offset 41: WRONG_TYPE: "),
        "{text}"
    );
    assert_eq!(err.side(), cser_kafka::Side::Value);
    assert!(text.contains("bench.message.Message"), "{text}");
}

#[test]
fn a_header_not_8_bytes_long_is_bad_stream_header() {
    let bytes = workloads::message(1).encode();
    let id = Message::TYPE_ID.to_le_bytes();
    for h in [
        headers(&[(TYPE_HEADER, Some(&id[..7]))]),
        headers(&[(TYPE_HEADER, Some(&[0; 9]))]),
        headers(&[(TYPE_HEADER, None)]),
        headers(&[
            (TYPE_HEADER, Some(&id)),
            (FINGERPRINT_HEADER, Some(&[1; 4])),
        ]),
    ] {
        let err = W4
            .decode(&record(Some(bytes.clone()), Some(h)))
            .unwrap_err();
        assert_eq!(err.kind(), DecodeErrorKind::BadStreamHeader, "{err}");
        assert!(err.to_string().contains("not 8"), "{err}");
    }
}

#[test]
fn the_last_header_of_a_name_counts() {
    let bytes = workloads::message(1).encode();
    let own = Message::TYPE_ID.to_le_bytes();
    let other = Employee::TYPE_ID.to_le_bytes();
    let ok = headers(&[(TYPE_HEADER, Some(&other)), (TYPE_HEADER, Some(&own))]);
    assert!(W4.decode(&record(Some(bytes.clone()), Some(ok))).is_ok());
    let bad = headers(&[(TYPE_HEADER, Some(&own)), (TYPE_HEADER, Some(&other))]);
    let err = W4.decode(&record(Some(bytes), Some(bad))).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::WrongType);
}

#[test]
fn a_record_without_headers_decodes_unless_they_are_required() {
    let value = workloads::message(5);
    for h in [
        None,
        Some(OwnedHeaders::new()),
        Some(headers(&[("other", Some(b"1"))])),
    ] {
        let r = record(Some(value.encode()), h);
        let decoded = W4.decode(&r).unwrap().unwrap();
        assert_eq!(decoded.value, value);
        assert_eq!(decoded.writer_fingerprint, None);
        let err = W4.require_headers(true).decode(&r).unwrap_err();
        assert_eq!(err.kind(), DecodeErrorKind::WrongType);
        assert!(err.to_string().contains("no cser.type header"), "{err}");
    }
}

#[test]
fn fingerprints_are_exposed_and_required_only_when_told() {
    let value = workloads::message(5);
    let id = Message::TYPE_ID.to_le_bytes();
    let newer = (Message::FINGERPRINT ^ 1).to_le_bytes();
    let other = record(
        Some(value.encode()),
        Some(headers(&[
            (TYPE_HEADER, Some(&id)),
            (FINGERPRINT_HEADER, Some(&newer)),
        ])),
    );
    let decoded = W4.decode(&other).unwrap().unwrap();
    assert_eq!(decoded.writer_fingerprint, Some(Message::FINGERPRINT ^ 1));
    let strict = W4.require_fingerprint(true);
    let err = strict.decode(&other).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::WrongType);
    assert!(err.to_string().contains("requires"), "{err}");
    // No fingerprint header: fine by default, refused by the strict reader.
    let none = record(
        Some(value.encode()),
        Some(headers(&[(TYPE_HEADER, Some(&id))])),
    );
    assert_eq!(W4.decode(&none).unwrap().unwrap().writer_fingerprint, None);
    assert_eq!(
        strict.decode(&none).unwrap_err().kind(),
        DecodeErrorKind::WrongType
    );
    let (bytes, h) = W4.serialize(&value).unwrap();
    assert_eq!(
        strict
            .decode(&record(Some(bytes), Some(h)))
            .unwrap()
            .unwrap()
            .value,
        value
    );
}

#[test]
fn a_tombstone_stays_none() {
    assert!(W4.decode(&record(None, None)).unwrap().is_none());
    let (_, h) = EMPLOYEE.serialize(&workloads::employee(1)).unwrap();
    assert!(W4
        .require_fingerprint(true)
        .decode(&record(None, Some(h)))
        .unwrap()
        .is_none());
}

#[test]
fn a_corrupt_value_is_the_runtimes_decode_error() {
    let value = workloads::message(12345);
    let (mut bytes, h) = W4.serialize(&value).unwrap();
    // Length 1 byte, then `type` (1: one varint byte), then the bool `active`.
    assert_eq!(bytes[2], 0);
    bytes[2] = 2;
    let expected = Message::decode(&bytes).unwrap_err();
    let err = W4.decode(&record(Some(bytes), Some(h))).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::BadBool);
    assert_eq!(expected.path(), "Message.active");
    assert_eq!(err.decode_error().offset(), expected.offset());
    assert_eq!(err.decode_error().path(), expected.path());
    assert!(!expected.path().is_empty());
    assert!(err.to_string().ends_with(&expected.to_string()), "{err}");
}

#[test]
fn keys_use_their_own_headers() {
    let keys = EMPLOYEE.for_keys();
    let key = workloads::employee(9);
    let (key_bytes, h) = keys.serialize(&key).unwrap();
    assert_eq!(
        pairs(&h).iter().map(|p| p.0.as_str()).collect::<Vec<_>>(),
        [KEY_TYPE_HEADER, KEY_FINGERPRINT_HEADER]
    );
    // Value headers of another type on the same record do not concern the key.
    let (value, vh) = W4.serialize(&workloads::message(1)).unwrap();
    let mut all = pairs(&vh);
    all.extend(pairs(&h));
    let all = all.iter().fold(OwnedHeaders::new(), |acc, (k, v)| {
        acc.insert(Header {
            key: k,
            value: Some(v),
        })
    });
    let r = OwnedMessage::new(
        Some(value),
        Some(key_bytes),
        "t".to_owned(),
        Timestamp::NotAvailable,
        0,
        0,
        Some(all),
    );
    assert_eq!(keys.decode(&r).unwrap().unwrap().value, key);
    assert_eq!(W4.decode(&r).unwrap().unwrap().value, workloads::message(1));
    // A W4 value read as the key type is another type; an Employee key is another type for a
    // W4 key serde, and the error says it is the key.
    assert_eq!(
        EMPLOYEE.decode(&r).unwrap_err().kind(),
        DecodeErrorKind::WrongType
    );
    let err = W4.for_keys().decode(&r).unwrap_err();
    assert_eq!(err.kind(), DecodeErrorKind::WrongType);
    assert_eq!(err.side(), cser_kafka::Side::Key);
    assert!(
        err.to_string()
            .starts_with("key of the record at t-0 offset 0: "),
        "{err}"
    );
}
