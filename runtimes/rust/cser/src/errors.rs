//! The decode error every failure reports (SPEC §10), with its kind and [`FieldPath`], and the
//! encode error.

use std::borrow::Cow;
use std::fmt;

use crate::path::{FieldPath, PathSegment};

/// What went wrong while decoding (SPEC §10). The names match the Java runtime's
/// `dev.cser.DecodeErrorKind` ([`DecodeErrorKind::name`] gives its spelling), and so does the
/// offset each kind reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DecodeErrorKind {
    /// The input ended inside a value. Offset: where more input was needed, i.e. the end of the
    /// enclosing message or record body (for a stream, the end of the input).
    Truncated,
    /// A varint that is not minimal (`80 00`). Offset: its last (`00`) byte.
    OverlongVarint,
    /// A varint longer than 10 bytes or whose 10th byte is above `01`. Offset: the 10th byte.
    BadVarint,
    /// A well-formed integer that does not fit the type read. Offset: the varint's first byte.
    OutOfRange,
    /// A bool byte other than `00` or `01`. Offset: that byte.
    BadBool,
    /// A string that is not well-formed UTF-8. Offset: the first byte of the ill-formed
    /// sequence (`Utf8Error::valid_up_to`).
    BadUtf8,
    /// A length or count larger than the bytes that remain. Offset: the length's first byte.
    LengthTooLarge,
    /// A map key repeating an earlier one. Offset: just after the repeated entry.
    DuplicateMapKey,
    /// A presence byte with a bit set for a slot that does not exist. Offset: that byte.
    BadPresence,
    /// Nesting deeper than the maximum depth. Offset: where the too-deep value's fields start.
    DepthExceeded,
    /// Union tag 0, which is never a variant (a tag the schema does not know is kept as an
    /// unknown variant, SPEC §5.7). Offset: just after the tag.
    UnknownUnionTag,
    /// Bytes left over after a message's value. Offset: the first left-over byte.
    TrailingBytes,
    /// A stream not starting with magic `CSER` and version `02`. Offset: the first bad byte.
    BadStreamHeader,
    /// A stream of another root type (or, when required, fingerprint). Offset: 5 for the type
    /// id, 13 for the fingerprint.
    WrongType,
    /// A stream frame longer than the reader's maximum. Offset: the frame length's first byte.
    MessageTooLarge,
    /// A stream whose writer's schema is not compatible with the reader's (SPEC §9.1): the
    /// message names the first difference; or, when the reader requires a known schema, one
    /// whose fingerprint it does not know. Offset: 13, the header's fingerprint.
    IncompatibleSchema,
}

impl DecodeErrorKind {
    /// The kind as the Java runtime and the conformance suite spell it, e.g. `"BAD_UTF8"`.
    pub fn name(self) -> &'static str {
        match self {
            DecodeErrorKind::Truncated => "TRUNCATED",
            DecodeErrorKind::OverlongVarint => "OVERLONG_VARINT",
            DecodeErrorKind::BadVarint => "BAD_VARINT",
            DecodeErrorKind::OutOfRange => "OUT_OF_RANGE",
            DecodeErrorKind::BadBool => "BAD_BOOL",
            DecodeErrorKind::BadUtf8 => "BAD_UTF8",
            DecodeErrorKind::LengthTooLarge => "LENGTH_TOO_LARGE",
            DecodeErrorKind::DuplicateMapKey => "DUPLICATE_MAP_KEY",
            DecodeErrorKind::BadPresence => "BAD_PRESENCE",
            DecodeErrorKind::DepthExceeded => "DEPTH_EXCEEDED",
            DecodeErrorKind::UnknownUnionTag => "UNKNOWN_UNION_TAG",
            DecodeErrorKind::TrailingBytes => "TRAILING_BYTES",
            DecodeErrorKind::BadStreamHeader => "BAD_STREAM_HEADER",
            DecodeErrorKind::WrongType => "WRONG_TYPE",
            DecodeErrorKind::MessageTooLarge => "MESSAGE_TOO_LARGE",
            DecodeErrorKind::IncompatibleSchema => "INCOMPATIBLE_SCHEMA",
        }
    }
}

impl fmt::Display for DecodeErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[derive(Clone, Debug)]
struct Inner {
    kind: DecodeErrorKind,
    offset: u64,
    reason: String,
    path: FieldPath,
    context: Option<String>,
    hint: Option<&'static str>,
}

/// The one error every decode failure returns (SPEC §10): a [`DecodeErrorKind`], the byte
/// offset where the problem was detected (from the start of the message, or of the stream),
/// and the path of fields leading to it, e.g. `MediaContent.images[1].title`.
///
/// It is boxed, so `Result<T, DecodeError>` stays one pointer wider than `T`.
#[derive(Clone)]
pub struct DecodeError(Box<Inner>);

impl DecodeError {
    /// An error of `kind` at `offset`; `reason` is a description without offset or path.
    pub fn new(kind: DecodeErrorKind, reason: impl Into<String>, offset: u64) -> Self {
        DecodeError(Box::new(Inner {
            kind,
            offset,
            reason: reason.into(),
            path: FieldPath::new(),
            context: None,
            hint: None,
        }))
    }

    /// What went wrong.
    pub fn kind(&self) -> DecodeErrorKind {
        self.0.kind
    }

    /// The byte offset where the problem was detected (see each [`DecodeErrorKind`]).
    pub fn offset(&self) -> u64 {
        self.0.offset
    }

    /// The description alone, without kind, offset or path.
    pub fn reason(&self) -> &str {
        &self.0.reason
    }

    /// The path segments, innermost first (the order they were pushed).
    pub fn segments(&self) -> &[PathSegment] {
        self.0.path.segments()
    }

    /// The path of fields leading to the error; [`DecodeError::path`] renders it.
    pub fn field_path(&self) -> &FieldPath {
        &self.0.path
    }

    /// Where a stream message sits, e.g. `record 12, frame at stream offset 3456`.
    pub fn context(&self) -> Option<&str> {
        self.0.context.as_deref()
    }

    /// Sets where the message sits in a stream.
    pub fn set_context(&mut self, context: impl Into<String>) {
        self.0.context = Some(context.into());
    }

    /// A suggestion for the caller, if any: set when bytes that start with the stream magic
    /// `CSER` (SPEC §8) fail to decode as one message (they are probably a stream, to be read
    /// with [`StreamReader`](crate::StreamReader)). It changes neither the kind nor the offset.
    pub fn hint(&self) -> Option<&str> {
        self.0.hint
    }

    /// Adds a hint (see [`DecodeError::hint`]).
    pub(crate) fn with_hint(mut self, hint: &'static str) -> Self {
        self.0.hint = Some(hint);
        self
    }

    /// Prepends a field segment, `"Type.field"`, while unwinding.
    #[inline]
    pub fn push_field(self, segment: impl Into<Cow<'static, str>>) -> Self {
        self.push_segment(PathSegment::Field(segment.into()))
    }

    /// Prepends a list index while unwinding.
    #[inline]
    pub fn push_index(self, index: u64) -> Self {
        self.push_segment(PathSegment::Index(index))
    }

    /// Pushes a path segment: out of line and cold, so that the generated decoders, which
    /// map every field's error through [`DecodeError::push_field`], keep their error paths
    /// small and out of the way of the successful one.
    #[cold]
    #[inline(never)]
    fn push_segment(mut self, segment: PathSegment) -> Self {
        self.0.path.push(segment);
        self
    }

    /// Prepends a string map key while unwinding (rendered quoted, `["a"]`).
    pub fn push_str_key(mut self, key: &str) -> Self {
        self.0.path.push_str_key(key);
        self
    }

    /// Prepends a non-string map key (an integer or enum number) while unwinding.
    pub fn push_key(mut self, key: impl fmt::Display) -> Self {
        self.0.path.push_key(key);
        self
    }

    /// The path of fields leading to the error, e.g. `MediaContent.media.persons[1]`, or the
    /// empty string when the error is not inside a field (rendered as the Java runtime does).
    pub fn path(&self) -> String {
        self.0.path.to_string()
    }
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} at offset {}",
            self.0.kind, self.0.reason, self.0.offset
        )?;
        let p = self.path();
        if !p.is_empty() {
            write!(f, " in {p}")?;
        }
        if let Some(c) = &self.0.context {
            write!(f, " ({c})")?;
        }
        if let Some(h) = self.0.hint {
            write!(f, "; hint: {h}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DecodeError({self})")
    }
}

impl std::error::Error for DecodeError {}

/// A value the format cannot hold: nesting deeper than the writer's maximum depth, an enum
/// number above 2³¹−1, a length above 2⁶⁴−1. (Rust strings are always valid UTF-8.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncodeError {
    message: String,
}

impl EncodeError {
    /// An encode error with the given description.
    pub fn new(message: impl Into<String>) -> Self {
        EncodeError {
            message: message.into(),
        }
    }

    /// The description.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot encode: {}", self.message)
    }
}

impl std::error::Error for EncodeError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_renders_like_java() {
        let e = DecodeError::new(DecodeErrorKind::BadUtf8, "invalid UTF-8", 17)
            .push_field("Image.title")
            .push_index(1)
            .push_field("MediaContent.images");
        assert_eq!(e.path(), "MediaContent.images[1].title");
        assert_eq!(
            e.to_string(),
            "BAD_UTF8: invalid UTF-8 at offset 17 in MediaContent.images[1].title"
        );
        let e = DecodeError::new(DecodeErrorKind::Truncated, "x", 3)
            .push_field("Person.name")
            .push_str_key("bob")
            .push_field("Media.persons")
            .push_key(7)
            .push_field("Root.by_id");
        assert_eq!(e.path(), "Root.by_id[7].persons[\"bob\"].name");
    }

    #[test]
    fn no_path_no_context() {
        let mut e = DecodeError::new(DecodeErrorKind::WrongType, "other type", 5);
        assert_eq!(e.path(), "");
        assert_eq!(e.to_string(), "WRONG_TYPE: other type at offset 5");
        e.set_context("record 0, frame at stream offset 21");
        assert!(e
            .to_string()
            .ends_with("(record 0, frame at stream offset 21)"));
        assert_eq!(e.kind().name(), "WRONG_TYPE");
        assert_eq!(e.offset(), 5);
    }

    #[test]
    fn result_is_small() {
        assert_eq!(
            std::mem::size_of::<Result<u64, DecodeError>>(),
            2 * std::mem::size_of::<usize>()
        );
    }
}
