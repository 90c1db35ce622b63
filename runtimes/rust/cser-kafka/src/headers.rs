//! The record headers of SPEC §8.2: their names, and reading and writing their 8-byte
//! little-endian values.

use cser::{DecodeError, DecodeErrorKind};
use rdkafka::message::{Header, Headers, OwnedHeaders};

/// The header holding a value's root type id (u64, little-endian).
pub const TYPE_HEADER: &str = "cser.type";
/// The header holding the fingerprint of a value's writer schema (u64, little-endian).
pub const FINGERPRINT_HEADER: &str = "cser.fingerprint";
/// The header holding a key's root type id, when the key is serialized with cser.
pub const KEY_TYPE_HEADER: &str = "cser.key.type";
/// The header holding the fingerprint of a key's writer schema.
pub const KEY_FINGERPRINT_HEADER: &str = "cser.key.fingerprint";

/// Which part of a record a [`Serde`](crate::Serde) reads and writes: the value (headers
/// `cser.type`, `cser.fingerprint`) or the key (headers `cser.key.type`, `cser.key.fingerprint`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The record's value.
    Value,
    /// The record's key.
    Key,
}

impl Side {
    /// The name of the type id header of this side.
    pub const fn type_header(self) -> &'static str {
        match self {
            Side::Value => TYPE_HEADER,
            Side::Key => KEY_TYPE_HEADER,
        }
    }

    /// The name of the fingerprint header of this side.
    pub const fn fingerprint_header(self) -> &'static str {
        match self {
            Side::Value => FINGERPRINT_HEADER,
            Side::Key => KEY_FINGERPRINT_HEADER,
        }
    }

    fn is_own(self, name: &str) -> bool {
        name == self.type_header() || name == self.fingerprint_header()
    }
}

/// The headers of a record: `others` (any headers the caller already has) without those of
/// `side`, then the type id and fingerprint headers of `side` (SPEC §8.2: a serializer replaces
/// headers of those names).
pub fn with_cser_headers<H: Headers>(
    others: Option<&H>,
    side: Side,
    type_id: u64,
    fingerprint: u64,
) -> OwnedHeaders {
    without_cser_headers(others, side)
        .insert(Header {
            key: side.type_header(),
            value: Some(&type_id.to_le_bytes()[..]),
        })
        .insert(Header {
            key: side.fingerprint_header(),
            value: Some(&fingerprint.to_le_bytes()[..]),
        })
}

/// The headers of `others` but those of `side` (`cser.type` and `cser.fingerprint`, or the
/// key's): what a serializer that writes no headers sends, so headers copied from another
/// record do not claim a type for its bytes.
pub fn without_cser_headers<H: Headers>(others: Option<&H>, side: Side) -> OwnedHeaders {
    let count = others.map_or(0, |h| h.count());
    let mut out = OwnedHeaders::new_with_capacity(count + 2);
    if let Some(h) = others {
        for header in (0..count).filter_map(|i| h.try_get(i)) {
            if !side.is_own(header.key) {
                out = out.insert(header);
            }
        }
    }
    out
}

/// The u64 in the last header named `name` (Kafka's `lastHeader`: when a name occurs more than
/// once, the last one counts), or `None` when there is none. A header whose value is not 8
/// bytes long (or null) is BAD_STREAM_HEADER; there are no value bytes to point into, so its
/// offset is 0.
pub fn read_u64_header<H: Headers>(
    headers: Option<&H>,
    name: &str,
) -> Result<Option<u64>, DecodeError> {
    let Some(h) = headers else {
        return Ok(None);
    };
    let last = (0..h.count())
        .filter_map(|i| h.try_get(i))
        .filter(|header| header.key == name)
        .last();
    let Some(header) = last else {
        return Ok(None);
    };
    let bytes = header.value.unwrap_or_default();
    match <[u8; 8]>::try_from(bytes) {
        Ok(le) => Ok(Some(u64::from_le_bytes(le))),
        Err(_) => Err(DecodeError::new(
            DecodeErrorKind::BadStreamHeader,
            match header.value {
                Some(v) => format!("record header {name} is {} bytes long, not 8", v.len()),
                None => format!("record header {name} has no value, not 8 bytes"),
            },
            0,
        )),
    }
}
