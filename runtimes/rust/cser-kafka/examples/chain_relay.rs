//! Rust's part in the cross-language chain (conformance/kafka/chain.py): consumes COUNT W4
//! records (`bench.message.Message`) from FROM_TOPIC, decodes each with cser-kafka's `Serde`,
//! and produces the decoded message, encoded again, to TO_TOPIC with the same key.
//!
//! ```sh
//! BOOTSTRAP_SERVERS=127.0.0.1:PORT chain_relay FROM_TOPIC TO_TOPIC COUNT
//! ```
//!
//! The producer is idempotent with acks=all; a batch's offsets are committed only after every
//! record of it was acknowledged (at least once, in order per key). It relays until every message
//! n of 0..COUNT (told apart by its `userid`, n) was relayed at least once, so a record consumed
//! twice after a broker fault (`chain.py --fault`) does not end it early. A consumer error or a
//! failed commit while the broker is down is reported on stderr and ridden out: the client
//! reconnects, and records whose commit failed may be relayed again (counted as duplicates by the
//! checker). Prints `rust relay FROM -> TO: N messages in S s (R msg/s)`; exits 1 with the reason
//! on stderr when a record does not decode or is not acknowledged.

use std::collections::HashSet;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use cser_examples::bench::message::Message;
use cser_kafka::Serde;
use futures_executor::block_on;
use futures_util::future::join_all;
use rdkafka::consumer::{BaseConsumer, CommitMode, Consumer};
use rdkafka::producer::FutureProducer;
use rdkafka::{ClientConfig, Message as _};

const W4: Serde<Message> = Serde::new(Message::try_encode, Message::decode);
/// Records relayed between two commits.
const BATCH: usize = 5000;
/// How long the relay waits for the records it expects before it gives up.
const DEADLINE: Duration = Duration::from_secs(180);
const QUEUE_TIMEOUT: Duration = Duration::from_secs(30);

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
            "usage: BOOTSTRAP_SERVERS=HOST:PORT chain_relay FROM_TOPIC TO_TOPIC COUNT".into(),
        );
    };
    if bootstrap.is_empty() {
        return Err("BOOTSTRAP_SERVERS is not set".into());
    }
    let count: usize = count.parse().map_err(|e| format!("COUNT {count}: {e}"))?;

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
    let mut distinct: HashSet<i32> = HashSet::new();
    while distinct.len() < count {
        if Instant::now() > deadline {
            return Err(format!(
                "relayed {relayed} of {count} records in {DEADLINE:?}"
            ));
        }
        // A batch: what arrives until BATCH records, the rest of COUNT, or a quiet poll.
        let mut batch: Vec<(Option<Vec<u8>>, Message)> = Vec::new();
        let wanted = BATCH.min(count - distinct.len());
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
            let decoded = received.value.map_err(|e| e.to_string())?.ok_or_else(|| {
                format!(
                    "a tombstone at {from}/{}@{}",
                    received.record.partition(),
                    received.record.offset()
                )
            })?;
            batch.push((received.record.key().map(<[u8]>::to_vec), decoded.value));
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
        // At least once: the offsets are committed after the relayed records are acknowledged.
        // A failed commit loses nothing: these records may be consumed and relayed again.
        if let Err(e) = consumer.commit_consumer_state(CommitMode::Sync) {
            eprintln!("rust relay: commit {from}: {e} (the batch may be relayed again)");
        }
        relayed += batch.len();
        distinct.extend(batch.iter().map(|(_, value)| value.userid));
    }
    let seconds = start.map_or(0.0, |s| s.elapsed().as_secs_f64());
    println!(
        "rust relay {from} -> {to}: {relayed} messages in {seconds:.2} s ({:.0} msg/s)",
        relayed as f64 / seconds
    );
    Ok(())
}
