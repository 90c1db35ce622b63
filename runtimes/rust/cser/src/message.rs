//! Whole messages (SPEC §5.8): what the generated `encode`, `try_encode`, `encode_into` and
//! `decode` methods call, given the type's own nested writer or reader.

use crate::errors::{DecodeError, EncodeError};
use crate::reader::Reader;
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
/// otherwise).
pub fn decode<T>(
    bytes: &[u8],
    read: impl FnOnce(&mut Reader<'_>) -> Result<T, DecodeError>,
) -> Result<T, DecodeError> {
    decode_from(&mut Reader::new(bytes), read)
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
