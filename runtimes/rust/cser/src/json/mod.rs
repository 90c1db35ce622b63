//! The JSON mapping of values (SPEC §11), used by the code `cserc --json` generates
//! (`to_json` / `from_json` on every type) and by the conformance testee.
//!
//! Behind the cargo feature `json`. [`Value`] is a JSON document as parsed: numbers keep their
//! literal text, so 64-bit integers stay exact, and objects keep their members in order.
//! [`Value::parse`] reads strict RFC 8259 through serde_json (duplicate keys, lone surrogates
//! and nesting deeper than [`MAX_DEPTH`] are errors; it never panics); `Display` prints compact
//! JSON through serde_json. The functions below convert between values of the schema's types
//! and JSON values; generated code composes them.
//!
//! ```
//! use cser::json::Value;
//!
//! let v = Value::parse(r#"{"id": 18446744073709551615, "tags": ["a"]}"#).unwrap();
//! assert_eq!(v.to_string(), r#"{"id":18446744073709551615,"tags":["a"]}"#);
//! let id: u64 = cser::json::u64_from_json(v.get("id").unwrap()).unwrap();
//! assert_eq!(id, u64::MAX);
//! ```
//!
//! The module is split by job: [`Value`] (`value.rs`), reading (`parse.rs`) and writing
//! (`print.rs`) it with serde_json, [`JsonError`] (`errors.rs`), the conversions generated code calls
//! (`convert.rs`), base64 (`base64.rs`) and the registry of generated types (`registry.rs`).

mod base64;
mod convert;
mod errors;
mod nested;
mod parse;
mod print;
mod registry;
mod value;

pub use base64::{base64_decode, base64_encode};
pub use convert::*;
pub use errors::JsonError;
pub use nested::read_nested;
pub use registry::{
    decode_error_text, decode_via, encode_via, patch_via, reencode_via, restream_via, PatchFn,
    TypeEntry,
};
pub use value::Value;

/// How deeply arrays and objects may nest in a parsed document.
pub const MAX_DEPTH: usize = 1000;
