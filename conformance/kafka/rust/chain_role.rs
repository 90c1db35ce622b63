//! Rust's part in the cross-language chain (conformance/kafka/chain.py): consumes COUNT W4
//! records (`bench.message.Message`) from FROM_TOPIC, decodes each with cser-kafka's `Serde`,
//! and produces the decoded message, encoded again, to TO_TOPIC with the same key.
//!
//! ```sh
//! BOOTSTRAP_SERVERS=127.0.0.1:PORT chain_role FROM_TOPIC TO_TOPIC COUNT
//! ```
//!
//! The producer is idempotent with acks=all; a batch's offsets are committed only after every
//! record of it was acknowledged (at least once, in order per key). It relays until every message
//! n of 0..COUNT (told apart by its `userid`, n) was relayed at least once, so a record consumed
//! twice after a broker fault (`chain.py --fault`) does not end it early. A consumer error or a
//! failed commit while the broker is down is reported on stderr and ridden out: the client
//! reconnects, and records whose commit failed may be relayed again (counted as duplicates by the
//! checker). Prints `rust relay FROM -> TO: N messages in S s (R msg/s)`; exits 1 with the reason
//! on stderr when a record is not acknowledged.
//!
//! Bad records (chain.py without `--fault` sets these in the environment, as for
//! python/chain_role.py): `CHAIN_INJECT=FIRST` makes it write, right after half of its messages
//! of each key, the records of [`injected`] under that key into TO_TOPIC (mid-stream in that
//! key's partition); `CHAIN_EXTRA=E` says FROM_TOPIC also holds the headerless W4 messages
//! COUNT .. COUNT + E - 1 (relayed like the others), and `CHAIN_BAD=B` that it holds B records
//! that do not decode: each is reported on stderr (`rust relay: bad record
//! TOPIC/PARTITION@OFFSET KIND -> TOPIC.dlt`), sent to `TOPIC.dlt` as a
//! [`cser_kafka::DeadLetter`], and relaying goes on.

use std::collections::HashSet;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use cser::Message as _;
use cser_examples::bench::message::Message;
use cser_examples::workloads;
use cser_kafka::{DeadLetter, Serde, FINGERPRINT_HEADER, TYPE_HEADER};
use futures_executor::block_on;
use futures_util::future::join_all;
use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::message::{Header, OwnedHeaders};
use rdkafka::producer::{FutureProducer, FutureRecord};
use rdkafka::{ClientConfig, Message as _};

const W4: Serde<Message> = Serde::new(Message::try_encode, Message::decode);
/// Records relayed between two commits.
const BATCH: usize = 5000;
/// How long the relay waits for the records it expects before it gives up.
const DEADLINE: Duration = Duration::from_secs(180);
const QUEUE_TIMEOUT: Duration = Duration::from_secs(30);
/// Keys "user-0" .. "user-6": message n has key n % KEYS.
const KEYS: i32 = 7;

/// The records (key, value, headers) injected under key `user-k`, in this order, as
/// chain_role.py's `injected`: W4 message `first + k` without its last byte under W4's headers
/// (LENGTH_TOO_LARGE), the same message under W4's type id plus one (WRONG_TYPE), and the same
/// message without headers (decoded as W4, SPEC §8.2).
fn injected(first: i32, k: i32) -> Vec<(String, Vec<u8>, OwnedHeaders)> {
    let value = workloads::message(first + k).encode();
    let key = format!("user-{k}");
    let headers = |type_id: u64| {
        OwnedHeaders::new()
            .insert(Header {
                key: TYPE_HEADER,
                value: Some(&type_id.to_le_bytes()[..]),
            })
            .insert(Header {
                key: FINGERPRINT_HEADER,
                value: Some(&Message::FINGERPRINT.to_le_bytes()[..]),
            })
    };
    vec![
        (
            key.clone(),
            value[..value.len() - 1].to_vec(),
            headers(Message::TYPE_ID),
        ),
        (
            key.clone(),
            value.clone(),
            headers(Message::TYPE_ID.wrapping_add(1)),
        ),
        (key, value, OwnedHeaders::new()),
    ]
}

/// Writes [`injected`] for key `k` into `topic` (the producer's partitioner puts them in key
/// k's partition, after what was acknowledged before) and waits for the acknowledgements.
fn inject(producer: &FutureProducer, topic: &str, first: i32, k: i32) -> Result<(), String> {
    let records = injected(first, k);
    // join_all polls the sends in order: they are queued in this order, and go out together.
    let sends = records.iter().map(|(key, value, headers)| {
        let record = FutureRecord::to(topic)
            .key(key.as_str())
            .payload(value.as_slice())
            .headers(headers.clone());
        producer.send(record, QUEUE_TIMEOUT)
    });
    for result in block_on(join_all(sends)) {
        result.map_err(|(e, _)| format!("inject into {topic}: {e}"))?;
    }
    Ok(())
}

/// After how many of its messages n < count a writer injects under key k: half of them.
fn half_of_key(count: usize, k: usize) -> usize {
    ((k..count).step_by(KEYS as usize).len() / 2).max(1)
}

/// An optional number from the environment (CHAIN_INJECT, CHAIN_EXTRA, CHAIN_BAD).
fn setting(name: &str) -> Result<Option<usize>, String> {
    match std::env::var(name) {
        Ok(text) if !text.is_empty() => text
            .parse()
            .map(Some)
            .map_err(|e| format!("{name}={text}: {e}")),
        _ => Ok(None),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rust relay: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let bootstrap = std::env::var("BOOTSTRAP_SERVERS").unwrap_or_default();
    let [from, to, count] = args.as_slice() else {
        return Err(
            "usage: BOOTSTRAP_SERVERS=HOST:PORT chain_role FROM_TOPIC TO_TOPIC COUNT".into(),
        );
    };
    if bootstrap.is_empty() {
        return Err("BOOTSTRAP_SERVERS is not set".into());
    }
    let count: usize = count.parse().map_err(|e| format!("COUNT {count}: {e}"))?;
    let first = setting("CHAIN_INJECT")?
        .map(i32::try_from)
        .transpose()
        .map_err(|e| format!("CHAIN_INJECT: {e}"))?;
    let expected = count + setting("CHAIN_EXTRA")?.unwrap_or(0);
    let bad = setting("CHAIN_BAD")?.unwrap_or(0);

    let consumer: BaseConsumer = ClientConfig::new()
        .set("bootstrap.servers", &bootstrap)
        .set("group.id", format!("cser-chain-{from}-{to}"))
        .set("enable.auto.commit", "false")
        .set("auto.offset.reset", "earliest")
        .create()
        .map_err(|e| format!("consumer: {e}"))?;
    consumer
        .subscribe(&[from.as_str()])
        .map_err(|e| format!("subscribe to {from}: {e}"))?;
    let producer: FutureProducer = ClientConfig::new()
        .set("bootstrap.servers", &bootstrap)
        .set("enable.idempotence", "true")
        .set("acks", "all")
        .set("linger.ms", "20")
        .create()
        .map_err(|e| format!("producer: {e}"))?;

    let deadline = Instant::now() + DEADLINE;
    let mut start = None;
    let mut relayed = 0;
    let mut dead = 0;
    let mut distinct: HashSet<i32> = HashSet::new();
    // Messages n < count decoded per key, until the injection; the key due for it.
    let mut per_key = [0usize; KEYS as usize];
    let mut due: Option<i32> = None;
    while distinct.len() < expected || dead < bad {
        if Instant::now() > deadline {
            return Err(format!(
                "relayed {relayed} of {count} records in {DEADLINE:?}"
            ));
        }
        // A batch: what arrives until BATCH records, the rest of COUNT, or a quiet poll.
        let mut batch: Vec<(Option<Vec<u8>>, Message)> = Vec::new();
        let wanted = BATCH.min(expected.saturating_sub(distinct.len()).max(1));
        while batch.len() < wanted {
            let timeout = if batch.is_empty() { 500 } else { 50 };
            let Some(polled) = cser_kafka::poll(&consumer, &W4, Duration::from_millis(timeout))
            else {
                break;
            };
            let received = match polled {
                Ok(received) => received,
                Err(e) => {
                    // The broker is unreachable (a fault): librdkafka reconnects by itself.
                    eprintln!("rust relay: consume {from}: {e} (retrying)");
                    break;
                }
            };
            let decoded = match received.value {
                Ok(decoded) => decoded,
                Err(e) => {
                    let letter = DeadLetter::new(&received.record, &e);
                    eprintln!(
                        "rust relay: bad record {}/{}@{} {} -> {}",
                        e.topic(),
                        e.partition(),
                        e.offset(),
                        e.kind(),
                        letter.topic
                    );
                    block_on(producer.send(letter.future_record(), QUEUE_TIMEOUT))
                        .map_err(|(e, _)| format!("dead letter to {}: {e}", letter.topic))?;
                    dead += 1;
                    continue;
                }
            };
            let decoded = decoded.ok_or_else(|| {
                format!(
                    "a tombstone at {from}/{}@{}",
                    received.record.partition(),
                    received.record.offset()
                )
            })?;
            let userid = decoded.value.userid;
            batch.push((received.record.key().map(<[u8]>::to_vec), decoded.value));
            if first.is_some() && usize::try_from(userid).is_ok_and(|n| n < count) {
                let k = (userid % KEYS) as usize;
                per_key[k] += 1;
                if per_key[k] == half_of_key(count, k) {
                    due = Some(k as i32);
                    break; // the batch ends here: the injected records follow it
                }
            }
        }
        if batch.is_empty() {
            continue;
        }
        start.get_or_insert_with(Instant::now);
        // The decoded messages, encoded again by the serde: not the bytes consumed. join_all
        // polls the sends in order, so they are queued in the order consumed.
        let sends = batch.iter().map(|(key, value)| {
            cser_kafka::send(&producer, &W4, to, key.as_deref(), value, QUEUE_TIMEOUT)
        });
        for result in block_on(join_all(sends)) {
            result.map_err(|e| format!("produce to {to}: {e}"))?;
        }
        relayed += batch.len();
        distinct.extend(batch.iter().map(|(_, value)| value.userid));
        if let (Some(first), Some(k)) = (first, due.take()) {
            inject(&producer, to, first, k)?;
        }
        // At least once: the offsets are committed after the relayed records (and the dead
        // letters) are acknowledged. A failed commit loses nothing: these records may be
        // consumed and relayed again.
        if let Err(e) = consumer.commit_consumer_state(CommitMode::Sync) {
            eprintln!("rust relay: commit {from}: {e} (the batch may be relayed again)");
        }
    }
    let seconds = start.map_or(0.0, |s| s.elapsed().as_secs_f64());
    if first.is_some() {
        println!(
            "rust: injected {} records into {to}, each key's after half its messages",
            3 * KEYS
        );
    }
    println!(
        "rust relay {from} -> {to}: {relayed} messages in {seconds:.2} s ({:.0} msg/s)",
        relayed as f64 / seconds
    );
    Ok(())
}
