//! Kafka records carrying cser messages, on [rdkafka](https://docs.rs/rdkafka): the framing of
//! `schema/SPEC.md` §8.2, shared with the Java and Python integrations.
//!
//! A record's value is the message of one generated type `T` (SPEC §5.8, the bytes
//! `T::encode` returns), and two headers play the stream header's part:
//! [`TYPE_HEADER`] (`cser.type`, `T`'s type id) and [`FINGERPRINT_HEADER`]
//! (`cser.fingerprint`, the writer's schema fingerprint), each a u64, 8 bytes little-endian.
//! A key serialized with cser has `cser.key.type` and `cser.key.fingerprint`.
//!
//! - [`Serde`] frames values of one type both ways: [`Serde::serialize`] gives the bytes and
//!   headers, [`Serde::decode`] reads a consumed record, rejecting another type (WRONG_TYPE)
//!   or a malformed header (BAD_STREAM_HEADER), exposing the writer's fingerprint, and told to,
//!   requiring the headers or its own fingerprint.
//! - [`send`] produces a value through a `FutureProducer`; [`poll`] consumes and decodes one
//!   record from a `BaseConsumer`.
//! - A record that does not decode is an [`Error`]: the record's topic, partition and offset
//!   and the runtime's [`cser::DecodeError`] (kind, offset, field path).
//! - [`DeadLetter`] is the record to send such a record's bytes to a dead-letter topic with
//!   (`TOPIC.dlt`, [`dead_letter_topic`]): its key, value and headers unchanged, and headers
//!   `cser.error.*` saying where it was and what failed (SPEC §8.2 "Dead letters").
//!
//! ```no_run
//! use cser_examples::bench::message::Message;
//! use cser_kafka::Serde;
//! use rdkafka::consumer::{BaseConsumer, Consumer};
//! use rdkafka::producer::FutureProducer;
//! use rdkafka::ClientConfig;
//! use std::time::Duration;
//!
//! const W4: Serde<Message> = Serde::new(Message::try_encode, Message::decode);
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let producer: FutureProducer = ClientConfig::new()
//!     .set("bootstrap.servers", "127.0.0.1:9092")
//!     .create()?;
//! let value = cser_examples::workloads::message(1);
//! let (partition, offset) = futures_executor::block_on(cser_kafka::send(
//!     &producer, &W4, "messages", Some("user-1"), &value, Duration::from_secs(5),
//! ))?;
//! println!("stored at {partition}/{offset}");
//!
//! let consumer: BaseConsumer = ClientConfig::new()
//!     .set("bootstrap.servers", "127.0.0.1:9092")
//!     .set("group.id", "readers")
//!     .create()?;
//! consumer.subscribe(&["messages"])?;
//! while let Some(polled) = cser_kafka::poll(&consumer, &W4, Duration::from_secs(1)) {
//!     match polled?.value {
//!         Ok(Some(m)) => println!("{:?} (writer {:?})", m.value, m.writer_fingerprint),
//!         Ok(None) => println!("tombstone"),
//!         Err(bad) => eprintln!("skipped: {bad}"), // topic, partition, offset, decode error
//!     }
//! }
//! # Ok(())
//! # }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod client;
mod dead_letter;
mod error;
pub mod headers;
mod serde;

pub use client::{poll, send, Received};
pub use dead_letter::{
    dead_letter_topic, DeadLetter, ERROR_BYTE_OFFSET_HEADER, ERROR_KIND_HEADER,
    ERROR_MESSAGE_HEADER, ERROR_OFFSET_HEADER, ERROR_ORIGIN_HEADER, ERROR_PARTITION_HEADER,
    ERROR_TOPIC_HEADER,
};
pub use error::{Error, ProduceError};
pub use headers::{Side, FINGERPRINT_HEADER, KEY_FINGERPRINT_HEADER, KEY_TYPE_HEADER, TYPE_HEADER};
pub use serde::{DecodeFn, Decoded, EncodeFn, Serde};
