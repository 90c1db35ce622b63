//! Standard base64 with padding (RFC 4648 §4), the JSON form of `bytes` (SPEC §11): decoding
//! accepts the canonical form only.

use super::JsonError;

const BASE64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard base64 with padding (RFC 4648 §4).
pub fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(BASE64[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Decodes standard base64 with padding, strictly: the length a multiple of 4, only the 64
/// characters of the alphabet, `=` only as the last one or two, and unused bits zero.
///
/// # Errors
///
/// Any other text.
pub fn base64_decode(text: &str) -> Result<Vec<u8>, JsonError> {
    let bad = |why: &str| JsonError::new(format!("invalid base64: {why}"));
    let s = text.as_bytes();
    if !s.len().is_multiple_of(4) {
        return Err(bad("the length is not a multiple of 4 (missing padding?)"));
    }
    let mut out = Vec::with_capacity(s.len() / 4 * 3);
    let quads = s.len() / 4;
    for (q, quad) in s.chunks(4).enumerate() {
        let pad = quad.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && q + 1 != quads) {
            return Err(bad("misplaced '='"));
        }
        let mut n = 0u32;
        for &c in &quad[..4 - pad] {
            let d = match c {
                b'A'..=b'Z' => c - b'A',
                b'a'..=b'z' => c - b'a' + 26,
                b'0'..=b'9' => c - b'0' + 52,
                b'+' => 62,
                b'/' => 63,
                b'=' => return Err(bad("misplaced '='")),
                _ => return Err(bad("a character outside the base64 alphabet")),
            };
            n = (n << 6) | u32::from(d);
        }
        n <<= 6 * pad as u32;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        let keep = 3 - pad;
        if bytes[keep..].iter().any(|&b| b != 0) {
            return Err(bad("non-zero bits in the padding"));
        }
        out.extend_from_slice(&bytes[..keep]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_rfc4648_vectors() {
        let vectors = [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ];
        for (plain, encoded) in vectors {
            assert_eq!(base64_encode(plain.as_bytes()), encoded);
            assert_eq!(base64_decode(encoded).unwrap(), plain.as_bytes());
        }
        let all: Vec<u8> = (0..=255).collect();
        assert_eq!(base64_decode(&base64_encode(&all)).unwrap(), all);
        assert_eq!(base64_encode(&[0xfb, 0xff]), "+/8=");
        for s in [
            "Zg", "Zg=", "Zm9", "Z===", "Zg==Zg==", "Zm9v\n", "Zm-v", "Zm_v", "Zh==", "Zm9=",
            "=Zm9", "Zg=a", " Zm9v",
        ] {
            assert!(base64_decode(s).is_err(), "{s:?} should be rejected");
        }
    }
}
