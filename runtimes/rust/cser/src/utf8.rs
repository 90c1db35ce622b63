//! Strings (SPEC §5.2): UTF-8 as RFC 3629 defines it, checked strictly on the way in.
//!
//! A decoder accepts only well-formed UTF-8: no overlong forms, no encoded surrogates
//! (`ED A0 80`), nothing above U+10FFFF, no truncated sequence; anything else is BAD_UTF8 at
//! the first byte of the ill-formed sequence. An encoder writes a string's UTF-8 bytes; a Rust
//! `str` is always well-formed (it cannot hold a lone surrogate, which the Java and Python
//! encoders must refuse), so encoding cannot fail.

use std::str::Utf8Error;
use std::string::FromUtf8Error;

/// `bytes` as a string, borrowed, if they are well-formed UTF-8.
///
/// # Errors
///
/// The [`Utf8Error`]; [`error_offset`] and [`describe`] give the offset and the reason a
/// BAD_UTF8 error reports.
#[inline]
pub fn decode(bytes: &[u8]) -> Result<&str, Utf8Error> {
    std::str::from_utf8(bytes)
}

/// `bytes` as a `String`, without copying, if they are well-formed UTF-8.
///
/// # Errors
///
/// As [`decode`] (`FromUtf8Error::utf8_error`), with the bytes given back.
#[inline]
pub fn decode_owned(bytes: Vec<u8>) -> Result<String, FromUtf8Error> {
    String::from_utf8(bytes)
}

/// The UTF-8 bytes to write for `s` (always well-formed).
#[inline]
pub fn encode(s: &str) -> &[u8] {
    s.as_bytes()
}

/// Where in the string's bytes the ill-formed sequence starts (what BAD_UTF8 reports, added
/// to the offset of the string's first byte).
pub fn error_offset(e: &Utf8Error) -> usize {
    e.valid_up_to()
}

/// Why the bytes are not UTF-8, as the BAD_UTF8 message says it.
pub fn describe(e: &Utf8Error) -> &'static str {
    if e.error_len().is_none() {
        "invalid UTF-8: truncated sequence"
    } else {
        "invalid UTF-8: ill-formed sequence"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bad(bytes: &[u8]) -> (usize, &'static str) {
        let e = decode(bytes).unwrap_err();
        assert_eq!(decode_owned(bytes.to_vec()).unwrap_err().utf8_error(), e);
        (error_offset(&e), describe(&e))
    }

    #[test]
    fn accepts_every_length_of_sequence() {
        let s = "a\u{e9}\u{20ac}\u{1F600}";
        assert_eq!(decode(encode(s)).unwrap(), s);
        assert_eq!(decode_owned(encode(s).to_vec()).unwrap(), s);
        assert_eq!(
            encode(s),
            [0x61, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]
        );
        assert_eq!(decode(&[]).unwrap(), "");
    }

    #[test]
    fn rejects_what_rfc_3629_does_not_allow() {
        let ill = "invalid UTF-8: ill-formed sequence";
        // Overlong forms, encoded surrogates, above U+10FFFF, stray continuation bytes.
        assert_eq!(bad(&[0x61, 0xc0, 0x80]), (1, ill));
        assert_eq!(bad(&[0xe0, 0x80, 0x80]), (0, ill));
        assert_eq!(bad(&[0x61, 0x62, 0xed, 0xa0, 0x80]), (2, ill));
        assert_eq!(bad(&[0xf4, 0x90, 0x80, 0x80]), (0, ill));
        assert_eq!(bad(&[0x80]), (0, ill));
        assert_eq!(bad(&[0xff]), (0, ill));
        // A sequence cut short at the end of the string.
        assert_eq!(
            bad(&[0x61, 0xf0, 0x9f, 0x98]),
            (1, "invalid UTF-8: truncated sequence")
        );
    }
}
