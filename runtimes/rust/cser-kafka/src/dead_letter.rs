//! Dead letters (SPEC §8.2 "Dead letters"): the record a consumer sends to a dead-letter topic
//! when a consumed record does not deserialize, the same in Java, Rust and Python.

use rdkafka::message::{Header, Headers, OwnedHeaders};
use rdkafka::producer::{BaseRecord, FutureRecord};

use crate::error::Error;
use crate::headers::Side;

/// The failed record's topic (UTF-8).
pub const ERROR_TOPIC_HEADER: &str = "cser.error.topic";
/// Its partition, in decimal.
pub const ERROR_PARTITION_HEADER: &str = "cser.error.partition";
/// Its offset, in decimal.
pub const ERROR_OFFSET_HEADER: &str = "cser.error.offset";
/// `VALUE` or `KEY`: which part of it failed.
pub const ERROR_ORIGIN_HEADER: &str = "cser.error.origin";
/// The error kind's constant name (`WRONG_TYPE`, `LENGTH_TOO_LARGE`, ...).
pub const ERROR_KIND_HEADER: &str = "cser.error.kind";
/// The error's byte offset in the value (or key), in decimal.
pub const ERROR_BYTE_OFFSET_HEADER: &str = "cser.error.byte.offset";
/// The decode error's text (kind, reason, offset, path).
pub const ERROR_MESSAGE_HEADER: &str = "cser.error.message";

/// The default dead-letter topic of `topic`: `topic` + `.dlt`.
pub fn dead_letter_topic(topic: &str) -> String {
    format!("{topic}.dlt")
}

/// A record for a dead-letter topic: the failed record's key, value and headers byte for byte,
/// and the `cser.error.*` headers after them. Produce it with [`DeadLetter::future_record`] or
/// [`DeadLetter::base_record`].
#[derive(Clone, Debug)]
pub struct DeadLetter {
    /// The dead-letter topic.
    pub topic: String,
    /// The failed record's key.
    pub key: Option<Vec<u8>>,
    /// The failed record's value.
    pub value: Option<Vec<u8>>,
    /// The failed record's headers, then the error headers.
    pub headers: OwnedHeaders,
}

impl DeadLetter {
    /// The dead letter of `record`, which failed with `error` (from [`Serde::decode`](crate::Serde::decode)
    /// or [`poll`](crate::poll) on it), for the topic [`dead_letter_topic`] names.
    pub fn new<M: rdkafka::Message>(record: &M, error: &Error) -> Self {
        Self::to(dead_letter_topic(error.topic()), record, error)
    }

    /// As [`DeadLetter::new`], for the dead-letter topic `topic`.
    pub fn to<M: rdkafka::Message>(topic: impl Into<String>, record: &M, error: &Error) -> Self {
        let mut headers = OwnedHeaders::new();
        if let Some(h) = record.headers() {
            for header in (0..h.count()).filter_map(|i| h.try_get(i)) {
                headers = headers.insert(header);
            }
        }
        let origin = match error.side() {
            Side::Value => "VALUE",
            Side::Key => "KEY",
        };
        let decode_error = error.decode_error();
        for (name, text) in [
            (ERROR_TOPIC_HEADER, error.topic().to_owned()),
            (ERROR_PARTITION_HEADER, error.partition().to_string()),
            (ERROR_OFFSET_HEADER, error.offset().to_string()),
            (ERROR_ORIGIN_HEADER, origin.to_owned()),
            (ERROR_KIND_HEADER, error.kind().name().to_owned()),
            (ERROR_BYTE_OFFSET_HEADER, decode_error.offset().to_string()),
            (ERROR_MESSAGE_HEADER, decode_error.to_string()),
        ] {
            headers = headers.insert(Header {
                key: name,
                value: Some(text.as_bytes()),
            });
        }
        DeadLetter {
            topic: topic.into(),
            key: record.key().map(<[u8]>::to_vec),
            value: record.payload().map(<[u8]>::to_vec),
            headers,
        }
    }

    /// This record for a `FutureProducer`.
    pub fn future_record(&self) -> FutureRecord<'_, [u8], [u8]> {
        let mut r = FutureRecord::to(&self.topic).headers(self.headers.clone());
        if let Some(key) = &self.key {
            r = r.key(key.as_slice());
        }
        if let Some(value) = &self.value {
            r = r.payload(value.as_slice());
        }
        r
    }

    /// This record for a `BaseProducer` or `ThreadedProducer`.
    pub fn base_record(&self) -> BaseRecord<'_, [u8], [u8]> {
        let mut r = BaseRecord::to(&self.topic).headers(self.headers.clone());
        if let Some(key) = &self.key {
            r = r.key(key.as_slice());
        }
        if let Some(value) = &self.value {
            r = r.payload(value.as_slice());
        }
        r
    }
}
