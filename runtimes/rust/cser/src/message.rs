//! Whole messages (SPEC §5.8): what the generated `encode`, `try_encode`, `encode_into` and
//! `decode` methods call, given the type's own nested writer or reader.

use crate::errors::{DecodeError, EncodeError};
use crate::reader::Reader;
use crate::stream::MAGIC;
use crate::writer::Writer;

/// Encodes a message with `write`, or returns the first encode error.
pub fn try_encode(write: impl FnOnce(&mut Writer)) -> Result<Vec<u8>, EncodeError> {
    let mut w = Writer::new();
    write(&mut w);
    w.finish()
}

/// Encodes a message with `write`.
///
/// # Panics
///
/// If the value cannot be encoded: it nests deeper than the maximum depth (64), or holds an
/// enum number above 2³¹−1. [`try_encode`] returns these as an [`EncodeError`] instead.
pub fn encode(write: impl FnOnce(&mut Writer)) -> Vec<u8> {
    match try_encode(write) {
        Ok(bytes) => bytes,
        Err(e) => panic!("{e}"),
    }
}

/// Appends a message to `buf` with `write`, allocating nothing beyond the growth of `buf`. On
/// an encode error `buf` is left as it was.
#[inline]
pub fn encode_into(buf: &mut Vec<u8>, write: impl FnOnce(&mut Writer)) -> Result<(), EncodeError> {
    let start = buf.len();
    let mut w = Writer::from_vec(std::mem::take(buf));
    write(&mut w);
    let (bytes, error) = w.into_parts();
    *buf = bytes;
    match error {
        Some(e) => {
            buf.truncate(start);
            Err(e)
        }
        None => Ok(()),
    }
}

/// Decodes a message with `read`: the whole of `bytes` must be one value (TRAILING_BYTES
/// otherwise). If `bytes` start with the stream magic `CSER`, an error carries
/// [`STREAM_HINT`] ([`DecodeError::hint`]).
pub fn decode<T>(
    bytes: &[u8],
    read: impl FnOnce(&mut Reader<'_>) -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    decode_from(&mut Reader::new(bytes), read).map_err(|e| with_stream_hint(bytes, e))
}

/// The hint of a decode error of a message that starts with the stream magic.
pub const STREAM_HINT: &str = "the bytes start with \"CSER\", the magic of a stream (SPEC §8): \
     read them with cser::StreamReader, not as one message";

/// A stream decoded as a message fails somewhere in its header, with an error that says
/// nothing about why: say it. Out of line, off the path of a successful decode.
#[cold]
#[inline(never)]
fn with_stream_hint(bytes: &[u8], e: DecodeError) -> DecodeError {
    if bytes.starts_with(&MAGIC) {
        e.with_hint(STREAM_HINT)
    } else {
        e
    }
}

/// Decodes a message with `read` from the rest of `r` (for a reader with another depth limit
/// or base offset).
pub fn decode_from<T>(
    r: &mut Reader<'_>,
    read: impl FnOnce(&mut Reader<'_>) -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    let value = read(r)?;
    r.expect_end()?;
    Ok(value)
}

/// Includes the Rust code `cser-build` generated into `OUT_DIR`: one module per schema
/// package, nested as the package names are (`sakai.content` becomes `sakai::content`).
///
/// ```text
/// cser::include_generated!();
/// ```
#[macro_export]
macro_rules! include_generated {
    () => {
        include!(concat!(env!("OUT_DIR"), "/cser_modules.rs"));
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::errors::DecodeErrorKind;

    #[test]
    fn encode_into_appends_and_keeps_the_buffer_on_error() {
        let mut buf = vec![0xaa];
        encode_into(&mut buf, |w| w.write_str("hi")).unwrap();
        assert_eq!(buf, [0xaa, 2, b'h', b'i']);
        let err = encode_into(&mut buf, |w| {
            w.write_str("lost");
            w.write_enum(u32::MAX);
        });
        assert!(err.is_err());
        assert_eq!(buf, [0xaa, 2, b'h', b'i']);
    }

    #[test]
    #[should_panic(expected = "enum number 4294967295 out of range")]
    fn encode_panics_on_what_try_encode_reports() {
        assert!(try_encode(|w| w.write_enum(u32::MAX)).is_err());
        encode(|w| w.write_enum(u32::MAX));
    }

    /// Reads a record whose body is one string field, as generated `read_nested` does.
    fn read_text(r: &mut Reader<'_>) -> Result<String, DecodeError> {
        let length = r.read_length()?;
        let outer = r.push_limit(length)?;
        let text = r.read_string().map_err(|e| e.push_field("Text.text"))?;
        r.pop_limit(outer);
        Ok(text)
    }

    fn assert_hinted(err: &DecodeError, kind: DecodeErrorKind, offset: u64) {
        assert_eq!((err.kind(), err.offset()), (kind, offset));
        assert_eq!(err.hint(), Some(STREAM_HINT));
        let text = err.to_string();
        // The kind still comes first (the conformance suite and scripts read it there).
        let head = format!("{}: {} at offset {offset}", kind.name(), err.reason());
        assert!(text.starts_with(&head), "{text}");
        assert!(text.ends_with(&format!("; hint: {STREAM_HINT}")), "{text}");
        assert!(STREAM_HINT.contains("cser::StreamReader"));
    }

    #[test]
    fn a_stream_decoded_as_a_message_gets_the_hint() {
        // 43 ('C') is read as a record length of 67, more than these 23 bytes hold.
        let mut stream = crate::stream::encode_header(1, 2).to_vec();
        stream.extend_from_slice(&[1, 0]);
        let err = decode(&stream, read_text).unwrap_err();
        assert_hinted(&err, DecodeErrorKind::LengthTooLarge, 0);
        // With 67 bytes after it, 53 ('S') is the length of the string: too large.
        stream.resize(80, 0);
        let err = decode(&stream, read_text).unwrap_err();
        assert_hinted(&err, DecodeErrorKind::LengthTooLarge, 1);
        assert_eq!(err.path(), "Text.text");
    }

    #[test]
    fn other_bytes_and_decode_from_get_no_hint() {
        let mut bytes = crate::stream::encode_header(1, 2).to_vec();
        bytes[0] = b'D';
        let err = decode(&bytes, read_text).unwrap_err();
        assert_eq!(err.kind(), DecodeErrorKind::LengthTooLarge);
        assert_eq!(err.hint(), None);
        assert!(!err.to_string().contains("hint"), "{err}");
        assert_eq!(decode(b"CSE", read_text).unwrap_err().hint(), None);
        // A reader the caller built (such as a stream frame's) may start with any bytes.
        let stream = crate::stream::encode_header(1, 2);
        let err = decode_from(&mut Reader::new(&stream), read_text).unwrap_err();
        assert_eq!(err.hint(), None);
    }

    #[test]
    fn decode_rejects_trailing_bytes() {
        assert_eq!(decode(&[1, b'x'], |r| r.read_string()).unwrap(), "x");
        let err = decode(&[1, b'x', 0], |r| r.read_string()).unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (DecodeErrorKind::TrailingBytes, 2)
        );
    }
}
