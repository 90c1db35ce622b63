//! [`Serde`]: one generated type's values framed as Kafka records (SPEC §8.2), in both
//! directions, with the reader's options.

use cser::{DecodeError, DecodeErrorKind, EncodeError, Message};
use rdkafka::message::{Headers, OwnedHeaders};

use crate::error::Error;
use crate::headers::{read_u64_header, with_cser_headers, without_cser_headers, Side};

/// Encodes a value as a message (SPEC §5.8): a generated type's `try_encode`.
pub type EncodeFn<T> = fn(&T) -> Result<Vec<u8>, EncodeError>;
/// Decodes a message (SPEC §5.8): a generated type's `decode`.
pub type DecodeFn<T> = fn(&[u8]) -> Result<T, DecodeError>;

/// A decoded record: the value and the fingerprint its writer put in the headers, if any.
#[derive(Clone, Debug, PartialEq)]
pub struct Decoded<T> {
    /// The value.
    pub value: T,
    /// The writer's schema fingerprint (`cser.fingerprint`), `None` for a record without one.
    pub writer_fingerprint: Option<u64>,
}

/// Serializer and deserializer of one generated type `T`, as Kafka sees values: the record's
/// value (or, with [`Serde::for_keys`], its key) is `T`'s message, and two headers carry `T`'s
/// type id and fingerprint (SPEC §8.2).
///
/// It is built from the type's generated `try_encode` and `decode` (the `cser::Message` trait
/// gives the ids but not the message bytes), and is `Copy`, so it can be a `const`:
///
/// ```
/// use cser_kafka::Serde;
/// use cser_examples::bench::message::Message;
///
/// const W4: Serde<Message> = Serde::new(Message::try_encode, Message::decode);
/// const W4_STRICT: Serde<Message> = W4.require_headers(true).require_fingerprint(true);
/// ```
pub struct Serde<T> {
    encode: EncodeFn<T>,
    decode: DecodeFn<T>,
    side: Side,
    require_headers: bool,
    require_fingerprint: bool,
    write_headers: bool,
}

impl<T> Clone for Serde<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Serde<T> {}

impl<T> std::fmt::Debug for Serde<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Serde")
            .field("type", &std::any::type_name::<T>())
            .field("side", &self.side)
            .field("require_headers", &self.require_headers)
            .field("require_fingerprint", &self.require_fingerprint)
            .field("write_headers", &self.write_headers)
            .finish()
    }
}

impl<T: Message> Serde<T> {
    /// The serde of record values of `T`, which accepts records without headers and any
    /// writer fingerprint (SPEC §8.2's defaults).
    pub const fn new(encode: EncodeFn<T>, decode: DecodeFn<T>) -> Self {
        Serde {
            encode,
            decode,
            side: Side::Value,
            require_headers: false,
            require_fingerprint: false,
            write_headers: true,
        }
    }

    /// The same serde for record keys: headers `cser.key.type` and `cser.key.fingerprint`.
    pub const fn for_keys(self) -> Self {
        Serde {
            side: Side::Key,
            ..self
        }
    }

    /// Told to require the headers, the deserializer rejects a record without `cser.type`
    /// (WRONG_TYPE) instead of decoding its bytes as `T`.
    pub const fn require_headers(self, yes: bool) -> Self {
        Serde {
            require_headers: yes,
            ..self
        }
    }

    /// Told to require its own fingerprint, the deserializer rejects a record whose
    /// `cser.fingerprint` is another one, or missing (WRONG_TYPE), as a stream reader does.
    pub const fn require_fingerprint(self, yes: bool) -> Self {
        Serde {
            require_fingerprint: yes,
            ..self
        }
    }

    /// The serializer writes the bare message, without the type and fingerprint headers (and
    /// drops headers of those names from `others`): SPEC §8.2, "Records without headers". A
    /// record then costs 45 bytes less on the broker and the clients no header work, but a
    /// consumer can no longer tell its type, and one that requires headers rejects it.
    pub const fn without_headers(self) -> Self {
        Serde {
            write_headers: false,
            ..self
        }
    }

    /// Which part of a record this serde reads and writes.
    pub const fn side(&self) -> Side {
        self.side
    }

    /// The record bytes of `value` and the headers naming its type and fingerprint.
    pub fn serialize(&self, value: &T) -> Result<(Vec<u8>, OwnedHeaders), EncodeError> {
        self.serialize_with(value, None::<&OwnedHeaders>)
    }

    /// As [`Serde::serialize`], keeping the headers in `others` except those of this serde's
    /// side, which are replaced.
    pub fn serialize_with<H: Headers>(
        &self,
        value: &T,
        others: Option<&H>,
    ) -> Result<(Vec<u8>, OwnedHeaders), EncodeError> {
        let bytes = (self.encode)(value)?;
        let headers = if self.write_headers {
            with_cser_headers(others, self.side, T::TYPE_ID, T::FINGERPRINT)
        } else {
            without_cser_headers(others, self.side)
        };
        Ok((bytes, headers))
    }

    /// Decodes record bytes given the record's headers. `None` bytes (a tombstone, or a record
    /// without key) give `Ok(None)` whatever the headers. Every failure is a decode error: a
    /// bad header (BAD_STREAM_HEADER), another type or a refused record (WRONG_TYPE), or bytes
    /// that are not `T`'s message (any kind, with its offset and path).
    pub fn deserialize<H: Headers>(
        &self,
        bytes: Option<&[u8]>,
        headers: Option<&H>,
    ) -> Result<Option<Decoded<T>>, DecodeError> {
        let Some(bytes) = bytes else {
            return Ok(None);
        };
        let type_header = self.side.type_header();
        let fingerprint_header = self.side.fingerprint_header();
        let type_id = read_u64_header(headers, type_header)?;
        let writer_fingerprint = read_u64_header(headers, fingerprint_header)?;
        match type_id {
            Some(id) if id != T::TYPE_ID => {
                return Err(wrong_type(format!(
                    "record header {type_header} holds type id {id:016x}, not {} ({:016x})",
                    T::TYPE_NAME,
                    T::TYPE_ID
                )));
            }
            None if self.require_headers => {
                return Err(wrong_type(format!(
                    "record has no {type_header} header, and this reader of {} requires it",
                    T::TYPE_NAME
                )));
            }
            _ => {}
        }
        if self.require_fingerprint && writer_fingerprint != Some(T::FINGERPRINT) {
            return Err(wrong_type(match writer_fingerprint {
                Some(f) => format!(
                    "record written by schema fingerprint {f:016x}, this reader requires {:016x}",
                    T::FINGERPRINT
                ),
                None => format!(
                    "record has no {fingerprint_header} header, this reader requires fingerprint {:016x}",
                    T::FINGERPRINT
                ),
            }));
        }
        let value = (self.decode)(bytes)?;
        Ok(Some(Decoded {
            value,
            writer_fingerprint,
        }))
    }

    /// Decodes a consumed record's value (or key, with [`Serde::for_keys`]): `Ok(None)` for a
    /// tombstone; a failure carries the record's topic, partition and offset.
    pub fn decode<M: rdkafka::Message>(&self, record: &M) -> Result<Option<Decoded<T>>, Error> {
        let bytes = match self.side {
            Side::Value => record.payload(),
            Side::Key => record.key(),
        };
        self.deserialize(bytes, record.headers()).map_err(|e| {
            Error::new(
                self.side,
                record.topic(),
                record.partition(),
                record.offset(),
                e,
            )
        })
    }
}

/// The headers do not name this reader's type (or the fingerprint it requires). There are no
/// value bytes to point into: offset 0.
fn wrong_type(reason: String) -> DecodeError {
    DecodeError::new(DecodeErrorKind::WrongType, reason, 0)
}
