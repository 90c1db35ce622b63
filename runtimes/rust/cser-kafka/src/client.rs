//! Typed produce and consume helpers over rdkafka's clients: [`send`] on a `FutureProducer`,
//! [`poll`] on a `BaseConsumer`. They only frame and unframe (SPEC §8.2); configuration,
//! delivery guarantees and offset commits stay the caller's, through rdkafka's own API.

use rdkafka::consumer::{BaseConsumer, ConsumerContext};
use rdkafka::error::KafkaResult;
use rdkafka::message::{BorrowedMessage, ToBytes};
use rdkafka::producer::{FutureProducer, FutureRecord};
use rdkafka::util::{AsyncRuntime, Timeout};
use rdkafka::ClientContext;

use cser::Message;

use crate::error::{Error, ProduceError};
use crate::serde::{Decoded, Serde};

/// Produces `value` to `topic` (with `key` as the record key's bytes, if any), framed by the
/// value serde `serde`, and waits for the broker's acknowledgement: the record's partition and
/// offset. `queue_timeout` is `FutureProducer::send`'s (how long to wait for room in the
/// producer's queue).
pub async fn send<T, K, C, R>(
    producer: &FutureProducer<C, R>,
    serde: &Serde<T>,
    topic: &str,
    key: Option<&K>,
    value: &T,
    queue_timeout: impl Into<Timeout>,
) -> Result<(i32, i64), ProduceError>
where
    T: Message,
    K: ToBytes + ?Sized,
    C: ClientContext + 'static,
    R: AsyncRuntime,
{
    let (bytes, headers) = serde.serialize(value).map_err(ProduceError::Encode)?;
    let mut record = FutureRecord::to(topic).payload(&bytes).headers(headers);
    if let Some(key) = key {
        record = record.key(key);
    }
    producer
        .send(record, queue_timeout)
        .await
        .map_err(|(e, _)| ProduceError::Kafka(e))
}

/// A consumed record and what its value decoded to. The record stays at hand, so that a bad
/// one can be reported, routed to a dead-letter topic, or have its offset committed.
pub struct Received<'c, T> {
    /// The record as the consumer returned it.
    pub record: BorrowedMessage<'c>,
    /// Its value: `Ok(None)` for a tombstone, `Err` (with topic, partition and offset) for a
    /// record that is not a valid `T`.
    pub value: Result<Option<Decoded<T>>, Error>,
}

/// Polls `consumer` once (up to `timeout`) and decodes the record it returns with `serde`.
/// `None` when no record came in time; `Some(Err)` for a consumer error (not a bad record:
/// those come as a [`Received`] whose `value` is the error, so that consuming goes on).
pub fn poll<'c, T, C>(
    consumer: &'c BaseConsumer<C>,
    serde: &Serde<T>,
    timeout: impl Into<Timeout>,
) -> Option<KafkaResult<Received<'c, T>>>
where
    T: Message,
    C: ConsumerContext,
{
    consumer.poll(timeout).map(|polled| {
        polled.map(|record| {
            let value = serde.decode(&record);
            Received { record, value }
        })
    })
}
