//! The registry of generated types (`JSON_TYPES` in `cser_modules.rs`): each record, struct
//! and union by fully qualified name, its JSON mapping composed with its codec; what the
//! conformance testee calls.

use std::fmt;

use super::{JsonError, Value};
use crate::errors::{DecodeError, EncodeError};
use crate::stream::{Message, StreamReader, StreamWriter};

/// A type of the generated code, by fully qualified schema name, with its JSON mapping
/// composed with its codec: what the conformance testee calls.
#[derive(Clone, Copy)]
pub struct TypeEntry {
    /// The fully qualified schema name: `bench.media.MediaContent`.
    pub name: &'static str,
    /// JSON value → `from_json` → `try_encode`; the error as text.
    pub encode: fn(&Value) -> Result<Vec<u8>, String>,
    /// Bytes → `decode` → `to_json`; the error as `KIND: message`.
    pub decode: fn(&[u8]) -> Result<Value, String>,
    /// Bytes → `decode` → `try_encode`: what a program built from this schema writes back
    /// after reading the bytes (a record's unknown fields kept, SPEC §5.5.1); a decode error as
    /// `KIND: message`.
    pub reencode: fn(&[u8]) -> Result<Vec<u8>, String>,
    /// Bytes and a JSON object of top-level fields → the value decoded, those fields set from
    /// their JSON mapping values, everything else kept (a record's unknown fields included),
    /// encoded ([`patch_via`]). `None` for a union, which has no fields to set.
    pub patch: Option<PatchFn>,
    /// A stream of the type (any fingerprint) → every record written to a new stream with
    /// this schema's fingerprint ([`restream_via`]).
    pub restream: fn(&[u8]) -> Result<Vec<u8>, String>,
}

/// What [`TypeEntry::patch`] holds: bytes and a JSON object of fields → the bytes edited.
pub type PatchFn = fn(&[u8], &Value) -> Result<Vec<u8>, String>;

impl fmt::Debug for TypeEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeEntry({})", self.name)
    }
}

/// `from_json` then `try_encode`, errors as text (used by the generated registry).
///
/// # Errors
///
/// The JSON error or the encode error, rendered.
pub fn encode_via<T>(
    v: &Value,
    from_json: fn(&Value) -> Result<T, JsonError>,
    try_encode: fn(&T) -> Result<Vec<u8>, EncodeError>,
) -> Result<Vec<u8>, String> {
    let value = from_json(v).map_err(|e| e.to_string())?;
    try_encode(&value).map_err(|e| e.to_string())
}

/// `decode` then `to_json`, a decode error rendered as `KIND: message` (used by the generated
/// registry).
///
/// # Errors
///
/// The decode error, rendered.
pub fn decode_via<T>(
    bytes: &[u8],
    decode: fn(&[u8]) -> Result<T, DecodeError>,
    to_json: fn(&T) -> Value,
) -> Result<Value, String> {
    match decode(bytes) {
        Ok(value) => Ok(to_json(&value)),
        Err(e) => Err(decode_error_text(&e)),
    }
}

/// `decode` then `try_encode` (used by the generated registry): what a program writes back
/// after reading `bytes`.
///
/// # Errors
///
/// The decode error rendered as `KIND: message`, or the encode error.
pub fn reencode_via<T>(
    bytes: &[u8],
    decode: fn(&[u8]) -> Result<T, DecodeError>,
    try_encode: fn(&T) -> Result<Vec<u8>, EncodeError>,
) -> Result<Vec<u8>, String> {
    let value = decode(bytes).map_err(|e| decode_error_text(&e))?;
    try_encode(&value).map_err(|e| e.to_string())
}

/// Reads `bytes` as a stream of `M` (SPEC §8, any writer's fingerprint) and writes every record
/// to a new stream, as a program built from this schema passes a stream on (used by the
/// generated registry): a record's unknown fields are kept (SPEC §5.5.1), so the frames come
/// out as they went in.
///
/// # Errors
///
/// The stream's error (a bad header, another type, a record that does not decode), rendered.
pub fn restream_via<M: Message>(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut writer = StreamWriter::<Vec<u8>, M>::new(Vec::new());
    for value in StreamReader::<&[u8], M>::new(bytes) {
        writer
            .write(&value.map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    }
    writer.finish().map_err(|e| e.to_string())
}

/// Edits a record's or struct's bytes as a program would (used by the generated registry):
/// `decode`, then `update` (the type's `update_from_json`) sets the top-level fields `set` names
/// (a JSON object of field names and JSON mapping values, SPEC §11), then `try_encode`. Every
/// field `set` does not name is kept as decoded, with the unknown fields of the record and of
/// the records inside it (SPEC §5.5.1).
///
/// # Errors
///
/// The decode error rendered as `KIND: message`; the JSON error (`set` not an object, a name
/// the type does not have, a value of the wrong kind); the encode error.
pub fn patch_via<T>(
    bytes: &[u8],
    set: &Value,
    decode: fn(&[u8]) -> Result<T, DecodeError>,
    update: fn(&mut T, &Value) -> Result<(), JsonError>,
    try_encode: fn(&T) -> Result<Vec<u8>, EncodeError>,
) -> Result<Vec<u8>, String> {
    let mut value = decode(bytes).map_err(|e| decode_error_text(&e))?;
    update(&mut value, set).map_err(|e| e.to_string())?;
    try_encode(&value).map_err(|e| e.to_string())
}

/// A decode error as `KIND: reason at offset N in path`.
pub fn decode_error_text(e: &DecodeError) -> String {
    let mut s = format!(
        "{}: {} at offset {}",
        e.kind().name(),
        e.reason(),
        e.offset()
    );
    let path = e.path();
    if !path.is_empty() {
        s.push_str(" in ");
        s.push_str(&path);
    }
    s
}
