//! The registry of generated types (`JSON_TYPES` in `cser_modules.rs`): each record, struct
//! and union by fully qualified name, its JSON mapping composed with its codec; what the
//! conformance testee calls.

use std::fmt;

use super::{JsonError, Value};
use crate::errors::{DecodeError, EncodeError};

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
}

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
