//! cser-kafka on a real Kafka broker: W4 messages produced to a 3-partition topic come back
//! byte-identical and in order per partition; a corrupt value, a value of another type and a
//! value without headers injected mid-stream are handled as SPEC §8.2 says (the first two
//! reported with topic, partition, offset and kind, routed to a dead-letter topic and skipped).
//!
//! Not run by `cargo test` (`test = false` in Cargo.toml): `make test-kafka-rust` starts the
//! broker (conformance/kafka/broker) and runs it with BOOTSTRAP_SERVERS set. Run without it, it
//! fails rather than pass without having checked anything.

use std::collections::BTreeMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use cser::{DecodeErrorKind, Message as _};
use cser_examples::bench::employee::Employee;
use cser_examples::bench::message::Message;
use cser_examples::workloads;
use cser_kafka::{DeadLetter, Serde, ERROR_KIND_HEADER, ERROR_MESSAGE_HEADER, ERROR_TOPIC_HEADER};
use futures_executor::block_on;
use futures_util::future::join_all;
use rdkafka::admin::{AdminClient, AdminOptions, NewTopic, TopicReplication};
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::message::{Headers, OwnedHeaders};
use rdkafka::producer::{FutureProducer, FutureRecord};
use rdkafka::{ClientConfig, Message as _};

const W4: Serde<Message> = Serde::new(Message::try_encode, Message::decode);
const EMPLOYEE: Serde<Employee> = Serde::new(Employee::try_encode, Employee::decode);
/// W4 messages per half of the stream (the bad records go between the halves).
const HALF: i32 = 1500;
const TIMEOUT: Duration = Duration::from_secs(10);

fn bootstrap() -> String {
    std::env::var("BOOTSTRAP_SERVERS").expect(
        "BOOTSTRAP_SERVERS is not set: this test needs a broker; run it with `make test-kafka-rust`",
    )
}

fn config(bootstrap: &str) -> ClientConfig {
    let mut c = ClientConfig::new();
    c.set("bootstrap.servers", bootstrap);
    c
}

/// What the record at a (partition, offset) must decode to.
#[derive(Debug)]
enum Expected {
    /// A W4 message sent by `cser_kafka::send`: these bytes, with headers.
    Framed(Vec<u8>, Message),
    /// A W4 message written without cser headers: decoded as W4 anyway.
    Headerless(Message),
    /// A bad record, reported with this kind.
    Bad(DecodeErrorKind),
}

fn create_topics(bootstrap: &str, topics: &[NewTopic<'_>]) {
    let admin: AdminClient<_> = config(bootstrap).create().expect("admin client");
    for result in block_on(admin.create_topics(topics, &AdminOptions::new())).expect("create") {
        result.expect("topic created");
    }
}

/// Sends a record built by hand (what a tool that is not cser-kafka would write).
fn send_raw(
    producer: &FutureProducer,
    topic: &str,
    key: &str,
    value: &[u8],
    headers: Option<OwnedHeaders>,
) -> (i32, i64) {
    let mut record = FutureRecord::to(topic).key(key).payload(value);
    if let Some(h) = headers {
        record = record.headers(h);
    }
    block_on(producer.send(record, TIMEOUT)).expect("raw record delivered")
}

fn send_w4(producer: &FutureProducer, topic: &str, ns: std::ops::Range<i32>) -> Vec<(i32, i64)> {
    let values: Vec<Message> = ns.map(workloads::message).collect();
    let keys: Vec<String> = values
        .iter()
        .map(|m| format!("user-{}", m.userid % 10))
        .collect();
    let sends = values.iter().zip(&keys).map(|(value, key)| {
        cser_kafka::send(producer, &W4, topic, Some(key.as_str()), value, TIMEOUT)
    });
    block_on(join_all(sends))
        .into_iter()
        .map(|r| r.expect("W4 message delivered"))
        .collect()
}

#[test]
fn w4_through_a_real_broker_with_bad_records_mid_stream() {
    let bootstrap = bootstrap();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let topic = format!("cser-rust-w4-{nanos}");
    let dead_letters = cser_kafka::dead_letter_topic(&topic);
    create_topics(
        &bootstrap,
        &[
            NewTopic::new(&topic, 3, TopicReplication::Fixed(1)),
            NewTopic::new(&dead_letters, 1, TopicReplication::Fixed(1)),
        ],
    );
    let producer: FutureProducer = config(&bootstrap)
        .set("acks", "all")
        .set("enable.idempotence", "true")
        .create()
        .expect("producer");

    // First half, the injected records, second half; each position recorded with what it holds.
    let mut expected: BTreeMap<(i32, i64), Expected> = BTreeMap::new();
    let mut expect_w4 = |first: i32, positions: Vec<(i32, i64)>| {
        for (n, at) in (first..).zip(positions) {
            let m = workloads::message(n);
            assert!(expected
                .insert(at, Expected::Framed(m.encode(), m))
                .is_none());
        }
    };
    expect_w4(0, send_w4(&producer, &topic, 0..HALF));
    let mut injected = BTreeMap::new();
    {
        // A corrupt value: W4's headers, the bool `active` byte set to 2.
        let (mut bytes, headers) = W4.serialize(&workloads::message(HALF)).unwrap();
        bytes[2] = 2;
        let at = send_raw(&producer, &topic, "user-3", &bytes, Some(headers));
        injected.insert(at, Expected::Bad(DecodeErrorKind::BadBool));
        // A value of another type, with its own headers.
        let (bytes, headers) = EMPLOYEE.serialize(&workloads::employee(1)).unwrap();
        let at = send_raw(&producer, &topic, "user-4", &bytes, Some(headers));
        injected.insert(at, Expected::Bad(DecodeErrorKind::WrongType));
        // A W4 message from a tool that knows nothing of cser: no headers.
        let m = workloads::message(-1);
        let at = send_raw(&producer, &topic, "user-5", &m.encode(), None);
        injected.insert(at, Expected::Headerless(m));
    }
    let mut expected_all = expected;
    let mut expect_rest = BTreeMap::new();
    for (n, at) in (HALF + 1..).zip(send_w4(&producer, &topic, HALF + 1..2 * HALF + 1)) {
        let m = workloads::message(n);
        expect_rest.insert(at, Expected::Framed(m.encode(), m));
    }
    let total = expected_all.len() + injected.len() + expect_rest.len();
    assert_eq!(total, 2 * HALF as usize + 3, "positions must be distinct");
    expected_all.extend(injected);
    expected_all.extend(expect_rest);
    assert_eq!(
        expected_all.len(),
        total,
        "every record has its own position"
    );

    // Consume everything back; report, dead-letter and skip the bad records.
    let consumer: BaseConsumer = config(&bootstrap)
        .set("group.id", format!("cser-rust-{nanos}"))
        .set("auto.offset.reset", "earliest")
        .set("enable.auto.commit", "false")
        .create()
        .expect("consumer");
    consumer.subscribe(&[&topic]).expect("subscribe");
    let mut last_offset: BTreeMap<i32, i64> = BTreeMap::new();
    let mut good = 0;
    let mut reported = Vec::new();
    let mut seen = 0;
    let deadline = Instant::now() + Duration::from_secs(60);
    while seen < total {
        assert!(
            Instant::now() < deadline,
            "only {seen} of {total} records consumed in 60 s"
        );
        let Some(polled) = cser_kafka::poll(&consumer, &W4, Duration::from_millis(500)) else {
            continue;
        };
        let received = polled.expect("consumer error");
        let record = &received.record;
        let at = (record.partition(), record.offset());
        assert_eq!(record.topic(), topic);
        let previous = last_offset.insert(at.0, at.1);
        assert!(
            previous.is_none_or(|p| p < at.1),
            "partition {} out of order",
            at.0
        );
        seen += 1;
        match (expected_all.get(&at), received.value) {
            (Some(Expected::Framed(bytes, m)), Ok(Some(decoded))) => {
                assert_eq!(record.payload(), Some(&bytes[..]), "bytes at {at:?}");
                assert_eq!(&decoded.value, m);
                assert_eq!(decoded.writer_fingerprint, Some(Message::FINGERPRINT));
                good += 1;
            }
            (Some(Expected::Headerless(m)), Ok(Some(decoded))) => {
                assert_eq!(&decoded.value, m);
                assert_eq!(decoded.writer_fingerprint, None);
                good += 1;
            }
            (Some(Expected::Bad(kind)), Err(error)) => {
                assert_eq!(error.kind(), *kind, "{error}");
                assert_eq!(
                    (error.topic(), error.partition(), error.offset()),
                    (&topic[..], at.0, at.1)
                );
                eprintln!("reported and skipped: {error}");
                // Route it to the dead-letter topic as it came, the error headers after its own
                // (SPEC §8.2, "Dead letters").
                let letter = DeadLetter::new(record, &error);
                assert_eq!(letter.topic, dead_letters);
                block_on(producer.send(letter.future_record(), TIMEOUT))
                    .expect("dead letter delivered");
                reported.push((error.partition(), error.offset(), error.kind()));
            }
            (want, got) => panic!(
                "record at {at:?}: expected {want:?}, got {:?}",
                got.map(|_| ())
            ),
        }
    }
    assert_eq!(good, 2 * HALF as usize + 1);
    assert_eq!(
        last_offset.len(),
        3,
        "the keys spread the records over all 3 partitions"
    );
    reported.sort_by_key(|r| (r.0, r.1));
    let want: Vec<_> = expected_all
        .iter()
        .filter_map(|(at, e)| match e {
            Expected::Bad(kind) => Some((at.0, at.1, *kind)),
            _ => None,
        })
        .collect();
    assert_eq!(reported, want);
    // Nothing more on the topic.
    assert!(cser_kafka::poll(&consumer, &W4, Duration::from_secs(1)).is_none());

    // The dead-letter topic holds both bad records, their bytes unchanged, with the errors.
    let dlq_reader: BaseConsumer = config(&bootstrap)
        .set("group.id", format!("cser-rust-dlq-{nanos}"))
        .set("auto.offset.reset", "earliest")
        .create()
        .expect("dead-letter consumer");
    dlq_reader.subscribe(&[&dead_letters]).expect("subscribe");
    let mut letters = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(30);
    while letters.len() < 2 {
        assert!(
            Instant::now() < deadline,
            "dead letters missing: {letters:?}"
        );
        if let Some(r) = dlq_reader.poll(Duration::from_millis(500)) {
            let r = r.expect("dead-letter consumer error");
            let header = |name: &str| {
                let found = r.headers().and_then(|h| h.iter().find(|x| x.key == name));
                String::from_utf8(found.unwrap().value.unwrap().to_vec()).unwrap()
            };
            let reason = header(ERROR_MESSAGE_HEADER);
            assert_eq!(header(ERROR_TOPIC_HEADER), topic);
            letters.push((
                r.payload().unwrap().to_vec(),
                header(ERROR_KIND_HEADER),
                reason,
            ));
        }
    }
    assert_eq!(letters[0].1, "BAD_BOOL");
    assert!(letters[0].2.contains("Message.active"), "{}", letters[0].2);
    assert_eq!(letters[1].1, "WRONG_TYPE", "{}", letters[1].2);
    assert_eq!(letters[1].0, workloads::employee(1).encode());
}
