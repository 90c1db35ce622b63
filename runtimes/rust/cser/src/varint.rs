//! Varints (SPEC §4): unsigned LEB128, minimal, at most 10 bytes.

/// The longest varint: 10 bytes hold 64 bits.
pub const MAX_VARINT_LEN: usize = 10;

/// Why a varint could not be decoded; the index is relative to the slice passed in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarintError {
    /// The bytes end before the varint does.
    Truncated,
    /// The varint ends in a `00` byte but has more than one byte; the index of that byte.
    Overlong(usize),
    /// The 10th byte is above `01` (or continues); the index of that byte (always 9).
    Bad(usize),
}

/// Appends the varint of `v`.
#[inline]
pub fn encode_varint(mut v: u64, buf: &mut Vec<u8>) {
    while v >= 0x80 {
        buf.push((v as u8) | 0x80);
        v >>= 7;
    }
    buf.push(v as u8);
}

/// Writes the varint of `v` at the start of `out`, which must have room for it
/// ([`varint_len`]), and returns its length.
#[inline]
pub fn write_varint_at(mut v: u64, out: &mut [u8]) -> usize {
    let mut p = 0;
    while v >= 0x80 {
        out[p] = (v as u8) | 0x80;
        v >>= 7;
        p += 1;
    }
    out[p] = v as u8;
    p + 1
}

/// The number of bytes of the varint of `v` (1..=10).
#[inline]
pub fn varint_len(v: u64) -> usize {
    // One byte per 7 significant bits; 0 still takes one byte.
    let bits = 64 - (v | 1).leading_zeros() as usize;
    bits.div_ceil(7)
}

/// Decodes the varint at the start of `b`, returning its value and its length in bytes.
/// Rejects overlong forms (`80 00`) and anything that does not fit 64 bits.
#[inline]
pub fn decode_varint(b: &[u8]) -> Result<(u64, usize), VarintError> {
    if let Some(&x) = b.first() {
        if x < 0x80 {
            return Ok((u64::from(x), 1));
        }
    }
    let mut result = 0u64;
    for i in 0..MAX_VARINT_LEN {
        let x = match b.get(i) {
            Some(&x) => x,
            None => return Err(VarintError::Truncated),
        };
        if i == 9 {
            // The 10th byte carries bit 63 alone: it must be exactly 01.
            return match x {
                1 => Ok((result | (1 << 63), 10)),
                0 => Err(VarintError::Overlong(9)),
                _ => Err(VarintError::Bad(9)),
            };
        }
        if x < 0x80 {
            if x == 0 && i > 0 {
                return Err(VarintError::Overlong(i));
            }
            return Ok((result | (u64::from(x) << (7 * i)), i + 1));
        }
        result |= u64::from(x & 0x7f) << (7 * i);
    }
    unreachable!("the loop returns at its 10th byte")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn enc(v: u64) -> Vec<u8> {
        let mut b = Vec::new();
        encode_varint(v, &mut b);
        b
    }

    #[test]
    fn writing_in_place_matches_appending() {
        for v in [
            0,
            1,
            127,
            128,
            16_383,
            16_384,
            u64::from(u32::MAX),
            u64::MAX,
        ] {
            let mut slot = [0xAA; MAX_VARINT_LEN + 1];
            let n = write_varint_at(v, &mut slot);
            assert_eq!(&slot[..n], enc(v).as_slice());
            assert_eq!(n, varint_len(v));
            assert_eq!(slot[n], 0xAA, "nothing written past the varint");
        }
    }

    #[test]
    fn boundaries() {
        let cases: &[(u64, &[u8])] = &[
            (0, &[0x00]),
            (1, &[0x01]),
            (127, &[0x7f]),
            (128, &[0x80, 0x01]),
            (300, &[0xac, 0x02]),
            (16383, &[0xff, 0x7f]),
            (16384, &[0x80, 0x80, 0x01]),
            (2097151, &[0xff, 0xff, 0x7f]),
            (2097152, &[0x80, 0x80, 0x80, 0x01]),
            (u32::MAX as u64, &[0xff, 0xff, 0xff, 0xff, 0x0f]),
            (
                1 << 63,
                &[0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01],
            ),
            (
                u64::MAX,
                &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01],
            ),
        ];
        for &(v, bytes) in cases {
            assert_eq!(enc(v), bytes, "encode {v}");
            assert_eq!(varint_len(v), bytes.len(), "len {v}");
            assert_eq!(decode_varint(bytes), Ok((v, bytes.len())), "decode {v}");
        }
    }

    #[test]
    fn every_length() {
        for shift in 0..64 {
            for v in [1u64 << shift, (1u64 << shift) - 1, (1u64 << shift) + 1] {
                let b = enc(v);
                assert_eq!(b.len(), varint_len(v));
                assert_eq!(decode_varint(&b), Ok((v, b.len())));
                // Every strict prefix is truncated.
                for cut in 0..b.len() {
                    assert_eq!(decode_varint(&b[..cut]), Err(VarintError::Truncated));
                }
            }
        }
    }

    #[test]
    fn rejects() {
        assert_eq!(decode_varint(&[0x80, 0x00]), Err(VarintError::Overlong(1)));
        assert_eq!(
            decode_varint(&[0xff, 0x80, 0x00]),
            Err(VarintError::Overlong(2))
        );
        let mut ten = [0xffu8; 10];
        ten[9] = 0x02;
        assert_eq!(decode_varint(&ten), Err(VarintError::Bad(9)));
        ten[9] = 0x00;
        assert_eq!(decode_varint(&ten), Err(VarintError::Overlong(9)));
        let eleven = [
            0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01,
        ];
        assert_eq!(decode_varint(&eleven), Err(VarintError::Bad(9)));
        assert_eq!(decode_varint(&[]), Err(VarintError::Truncated));
        assert_eq!(decode_varint(&[0x80]), Err(VarintError::Truncated));
    }
}
