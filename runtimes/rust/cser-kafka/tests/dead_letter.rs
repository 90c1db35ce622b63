//! Dead letters without a broker (SPEC §8.2 "Dead letters"): the failed record's key, value and
//! headers byte for byte, then the error headers, exactly. The Java (CserDeadLetterTest) and
//! Python (test_kafka_dead_letter.py) tests build the same records and expect the same headers.

use cser::Message as _;
use cser_examples::bench::message::Message;
use cser_kafka::{dead_letter_topic, DeadLetter, Serde};
use rdkafka::message::{Header, Headers, OwnedHeaders, OwnedMessage};
use rdkafka::Timestamp;

const W4: Serde<Message> = Serde::new(Message::try_encode, Message::decode);
const W4_KEYS: Serde<Message> = W4.for_keys();

/// W4 message 7: type 3, inactive, "User_7", userid 7, "data 7" (as in the Java and Python tests).
fn sample() -> Message {
    cser_examples::workloads::message(7)
}

fn record(
    key: Option<Vec<u8>>,
    value: Option<Vec<u8>>,
    headers: Option<OwnedHeaders>,
) -> OwnedMessage {
    OwnedMessage::new(
        value,
        key,
        "orders".to_owned(),
        Timestamp::NotAvailable,
        2,
        42,
        headers,
    )
}

fn headers(pairs: &[(&str, Option<&[u8]>)]) -> OwnedHeaders {
    pairs.iter().fold(OwnedHeaders::new(), |h, (key, value)| {
        h.insert(Header { key, value: *value })
    })
}

fn pairs(h: &OwnedHeaders) -> Vec<(String, Option<Vec<u8>>)> {
    h.iter()
        .map(|x| (x.key.to_owned(), x.value.map(<[u8]>::to_vec)))
        .collect()
}

fn text(name: &str, value: &str) -> (String, Option<Vec<u8>>) {
    (name.to_owned(), Some(value.as_bytes().to_vec()))
}

#[test]
fn the_default_topic_appends_dlt() {
    assert_eq!(dead_letter_topic("orders"), "orders.dlt");
}

#[test]
fn a_corrupt_value_keeps_key_value_and_headers_and_adds_the_error_headers() {
    // The message without its last byte: its length says one byte more than remains.
    let mut value = sample().encode();
    value.pop();
    let type_id = Message::TYPE_ID.to_le_bytes();
    let fingerprint = Message::FINGERPRINT.to_le_bytes();
    assert_eq!(type_id, [0x65, 0xe4, 0x3d, 0x17, 0xa9, 0x6b, 0x7f, 0xcb]);
    let original = headers(&[
        ("trace", Some(b"abc")),
        ("cser.type", Some(&type_id)),
        ("cser.fingerprint", Some(&fingerprint)),
        ("trace", None),
    ]);
    let bad = record(
        Some(b"user-7".to_vec()),
        Some(value.clone()),
        Some(original.clone()),
    );
    let error = W4.decode(&bad).unwrap_err();
    let letter = DeadLetter::new(&bad, &error);
    assert_eq!(letter.topic, "orders.dlt");
    assert_eq!(letter.key.as_deref(), Some(&b"user-7"[..]));
    assert_eq!(letter.value.as_deref(), Some(&value[..]));
    let message = error.decode_error().to_string();
    assert!(
        message.starts_with("LENGTH_TOO_LARGE: ") && message.ends_with(" at offset 0"),
        "{message}"
    );
    let mut expected = pairs(&original);
    expected.extend([
        text("cser.error.topic", "orders"),
        text("cser.error.partition", "2"),
        text("cser.error.offset", "42"),
        text("cser.error.origin", "VALUE"),
        text("cser.error.kind", "LENGTH_TOO_LARGE"),
        text("cser.error.byte.offset", "0"),
        text("cser.error.message", &message),
    ]);
    assert_eq!(pairs(&letter.headers), expected);
}

#[test]
fn another_type_is_wrong_type_at_offset_0_and_a_null_key_stays_null() {
    let value = sample().encode();
    // W4's type id plus one: a type that is not Message.
    let other = (Message::TYPE_ID.wrapping_add(1)).to_le_bytes();
    let fingerprint = Message::FINGERPRINT.to_le_bytes();
    let original = headers(&[
        ("cser.type", Some(&other)),
        ("cser.fingerprint", Some(&fingerprint)),
    ]);
    let bad = record(None, Some(value.clone()), Some(original.clone()));
    let letter = DeadLetter::to("rejected", &bad, &W4.decode(&bad).unwrap_err());
    assert_eq!(letter.topic, "rejected");
    assert_eq!(letter.key, None);
    assert_eq!(letter.value, Some(value));
    let got = pairs(&letter.headers);
    assert_eq!(got[..2], pairs(&original)[..]);
    assert_eq!(
        got[2..8],
        [
            text("cser.error.topic", "orders"),
            text("cser.error.partition", "2"),
            text("cser.error.offset", "42"),
            text("cser.error.origin", "VALUE"),
            text("cser.error.kind", "WRONG_TYPE"),
            text("cser.error.byte.offset", "0"),
        ]
    );
    assert_eq!(got[8].0, "cser.error.message");
    assert!(got[8].1.as_deref().unwrap().starts_with(b"WRONG_TYPE: "));
    assert_eq!(got.len(), 9);
}

#[test]
fn a_failed_key_is_origin_key_with_its_byte_offset() {
    let mut key = sample().encode();
    key[3] = 0x7f; // the username's length, larger than what remains
    let bad = record(Some(key.clone()), Some(b"v".to_vec()), None);
    let letter = DeadLetter::new(&bad, &W4_KEYS.decode(&bad).unwrap_err());
    assert_eq!(letter.key, Some(key));
    assert_eq!(letter.value.as_deref(), Some(&b"v"[..]));
    let got = pairs(&letter.headers);
    let names: Vec<&str> = got.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "cser.error.topic",
            "cser.error.partition",
            "cser.error.offset",
            "cser.error.origin",
            "cser.error.kind",
            "cser.error.byte.offset",
            "cser.error.message",
        ]
    );
    assert_eq!(got[3], text("cser.error.origin", "KEY"));
    assert_eq!(got[4], text("cser.error.kind", "LENGTH_TOO_LARGE"));
    assert_eq!(got[5], text("cser.error.byte.offset", "3"));
}

#[test]
fn the_producer_records_carry_the_same_bytes() {
    let bad = record(Some(b"k".to_vec()), Some(vec![5]), None);
    let letter = DeadLetter::new(&bad, &W4.decode(&bad).unwrap_err());
    let future = letter.future_record();
    assert_eq!(future.topic, "orders.dlt");
    assert_eq!(future.key, Some(&b"k"[..]));
    assert_eq!(future.payload, Some(&[5u8][..]));
    assert_eq!(
        future.headers.as_ref().map(pairs),
        Some(pairs(&letter.headers))
    );
    let base = letter.base_record();
    assert_eq!(
        (base.topic, base.key, base.payload),
        ("orders.dlt", Some(&b"k"[..]), Some(&[5u8][..]))
    );
    assert_eq!(
        base.headers.as_ref().map(pairs),
        Some(pairs(&letter.headers))
    );
}
