//! Runtime of **cser**, a schema-driven binary codec whose Java, Rust and Python code share
//! one wire format (`schema/SPEC.md`, format version 2).
//!
//! Generated code calls into this crate:
//!
//! - [`Writer`] appends the encoding of values (SPEC §4–§5) to a `Vec<u8>`, back-patching
//!   record lengths and bounding the nesting depth;
//! - [`Reader`] reads them back from a byte slice, safe on any input (SPEC §10): every
//!   failure is a [`DecodeError`] with a [`DecodeErrorKind`], the byte offset where it was
//!   detected and the path of fields, exactly as the Java runtime reports them;
//! - [`StreamWriter`] and [`StreamReader`] write and read streams of messages (SPEC §8) for
//!   any type implementing [`Message`];
//! - [`message`] encodes and decodes whole messages, and [`collections`] the lists of
//!   optionals and maps, as the generated methods call them.
//!
//! Each job of the wire format has one file, with the same name in the Java and Python
//! runtimes (`runtimes/README.md`): [`varint`] and [`zigzag`] are the integer encodings,
//! [`utf8`] the strict string check, [`limits`] the default depth and message size and the
//! bounds on lengths and counts, [`path`] the [`FieldPath`] of an error (decode and JSON
//! errors alike), [`errors`] the decode and encode errors, [`unknown`] the [`UnknownFields`]
//! a record keeps of the fields a newer writer put in it (SPEC §5.5.1) and the
//! [`UnknownVariant`] a union value holds when a newer writer set a variant its schema does not
//! have (SPEC §5.7), [`deprecated`] the [`DeprecatedFields`] a record or struct keeps of its
//! deprecated fields, the bytes each was read from (SPEC §5.5.1).
//!
//! Reading with the writer's schema (SPEC §8.1, §9.1): every generated type implements
//! [`Canonical`], its piece of canonical schema text, and [`canonical_text`] puts a root's text
//! together; [`schema_text`] parses a text a reader did not make ([`SchemaText`], strict and
//! linear, never panicking), [`schema_compat`] names the first difference that would make a
//! reader misread a writer's bytes, and [`known_schemas`] keeps writers' texts by fingerprint
//! ([`KnownSchemas`]) with the verdicts, which [`StreamReader::with_writer_schema`],
//! [`StreamReader::with_known_schemas`] and [`StreamReader::require_known_schema`] use to reject
//! an incompatible writer (INCOMPATIBLE_SCHEMA) before a frame is read. The fingerprints are
//! SHA-256 (a private implementation of FIPS 180-4).
//!
//! With the cargo feature `json` (off by default), `json` is the JSON mapping of values
//! (SPEC §11) that `cserc --json` code calls, read and written through serde_json.
//!
//! ```
//! use cser::{DecodeErrorKind, Reader, Writer};
//!
//! // A record body of two fields, with its length back-patched in front.
//! let mut w = Writer::new();
//! let mark = w.begin_length();
//! w.write_i32(-3);
//! w.write_str("😀");
//! w.end_length(mark);
//! let bytes = w.finish().unwrap();
//! assert_eq!(bytes, [0x06, 0x05, 0x04, 0xf0, 0x9f, 0x98, 0x80]);
//!
//! let mut r = Reader::new(&bytes);
//! let len = r.read_length().unwrap();
//! let outer = r.push_limit(len).unwrap();
//! assert_eq!(r.read_i32().unwrap(), -3);
//! assert_eq!(r.read_str().unwrap(), "😀");
//! r.pop_limit(outer);
//! r.expect_end().unwrap();
//!
//! // Untrusted input fails with a kind and an offset, never a panic.
//! let err = Reader::new(&[0x80, 0x00]).read_u32().unwrap_err();
//! assert_eq!((err.kind(), err.offset()), (DecodeErrorKind::OverlongVarint, 1));
//! ```
//!
//! The crate depends only on `indexmap` (maps keep insertion order), and with `json` on
//! serde_json (and serde's traits, `serde_core`) too; it has no `unsafe` code.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod canonical;
pub mod collections;
pub mod deprecated;
pub mod errors;
#[cfg(feature = "json")]
pub mod json;
pub mod known_schemas;
pub mod limits;
pub mod message;
pub mod path;
pub mod reader;
pub mod schema_compat;
pub mod schema_text;
mod sha256;
pub mod stream;
pub mod unknown;
pub mod utf8;
pub mod varint;
pub mod writer;
pub mod zigzag;

pub use canonical::{canonical_text, fingerprint, type_id, Canonical, CanonicalLines};
pub use collections::{presence_byte, MapKey};
pub use deprecated::DeprecatedFields;
pub use errors::{DecodeError, DecodeErrorKind, EncodeError};
pub use known_schemas::KnownSchemas;
pub use limits::{DEFAULT_MAX_DEPTH, DEFAULT_MAX_MESSAGE_SIZE};
pub use path::{FieldPath, PathSegment};
pub use reader::Reader;
pub use schema_text::{SchemaText, SchemaTextError};
pub use stream::{Message, StreamError, StreamReader, StreamWriter, HEADER_LEN, MAGIC, VERSION};
pub use unknown::{UnknownFields, UnknownVariant};
pub use writer::Writer;

/// The insertion-ordered map generated code uses for `map<K, V>` (SPEC §5.3).
pub use indexmap::IndexMap;
