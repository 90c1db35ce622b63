//! The errors of cser-kafka: a record that does not decode, with where it sits ([`Error`]);
//! a value that could not be produced ([`ProduceError`]).

use std::fmt;

use cser::{DecodeError, DecodeErrorKind, EncodeError};
use rdkafka::error::KafkaError;

use crate::headers::Side;

/// A record whose value (or key) is not a valid cser record of the expected type: the decode
/// error of SPEC §10 or §8.2 (kind, offset, path) and the record's topic, partition and offset,
/// so that a consumer can report it and move on (or route it to a dead-letter topic).
#[derive(Clone, Debug)]
pub struct Error {
    side: Side,
    topic: String,
    partition: i32,
    offset: i64,
    error: DecodeError,
}

impl Error {
    /// The error of the value (or key, by `side`) of the record at `offset` of `topic`'s
    /// `partition`.
    pub fn new(
        side: Side,
        topic: impl Into<String>,
        partition: i32,
        offset: i64,
        error: DecodeError,
    ) -> Self {
        Error {
            side,
            topic: topic.into(),
            partition,
            offset,
            error,
        }
    }

    /// Whether the record's value or its key failed to decode.
    pub fn side(&self) -> Side {
        self.side
    }

    /// The record's topic.
    pub fn topic(&self) -> &str {
        &self.topic
    }

    /// The record's partition.
    pub fn partition(&self) -> i32 {
        self.partition
    }

    /// The record's offset in its partition.
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// What is wrong with the record: kind, byte offset in the value, field path.
    pub fn decode_error(&self) -> &DecodeError {
        &self.error
    }

    /// Shorthand for `decode_error().kind()`.
    pub fn kind(&self) -> DecodeErrorKind {
        self.error.kind()
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let part = match self.side {
            Side::Value => "value",
            Side::Key => "key",
        };
        write!(
            f,
            "{part} of the record at {}-{} offset {}: {}",
            self.topic, self.partition, self.offset, self.error
        )
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// Why [`send`](crate::send) produced nothing: the value could not be encoded, or Kafka did
/// not take the record.
#[derive(Debug)]
pub enum ProduceError {
    /// The value cannot be encoded (too deep, an enum number out of range); nothing was sent.
    Encode(EncodeError),
    /// The producer failed to deliver the record.
    Kafka(KafkaError),
}

impl fmt::Display for ProduceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProduceError::Encode(e) => e.fmt(f),
            ProduceError::Kafka(e) => write!(f, "could not produce the record: {e}"),
        }
    }
}

impl std::error::Error for ProduceError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ProduceError::Encode(e) => Some(e),
            ProduceError::Kafka(e) => Some(e),
        }
    }
}
