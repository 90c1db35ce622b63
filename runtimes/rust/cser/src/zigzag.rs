//! Zigzag mapping of signed integers (SPEC §4): 0→0, −1→1, 1→2, −2→3, …

/// Zigzag of an i16.
#[inline]
pub fn encode_i16(n: i16) -> u16 {
    ((n << 1) ^ (n >> 15)) as u16
}

/// Inverse of [`encode_i16`].
#[inline]
pub fn decode_i16(u: u16) -> i16 {
    ((u >> 1) as i16) ^ -((u & 1) as i16)
}

/// Zigzag of an i32.
#[inline]
pub fn encode_i32(n: i32) -> u32 {
    ((n << 1) ^ (n >> 31)) as u32
}

/// Inverse of [`encode_i32`].
#[inline]
pub fn decode_i32(u: u32) -> i32 {
    ((u >> 1) as i32) ^ -((u & 1) as i32)
}

/// Zigzag of an i64.
#[inline]
pub fn encode_i64(n: i64) -> u64 {
    ((n << 1) ^ (n >> 63)) as u64
}

/// Inverse of [`encode_i64`].
#[inline]
pub fn decode_i64(u: u64) -> i64 {
    ((u >> 1) as i64) ^ -((u & 1) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small() {
        for (n, z) in [
            (0i64, 0u64),
            (-1, 1),
            (1, 2),
            (-2, 3),
            (-64, 127),
            (64, 128),
        ] {
            assert_eq!(encode_i64(n), z);
            assert_eq!(decode_i64(z), n);
            assert_eq!(encode_i32(n as i32), z as u32);
            assert_eq!(decode_i32(z as u32), n as i32);
            assert_eq!(encode_i16(n as i16), z as u16);
            assert_eq!(decode_i16(z as u16), n as i16);
        }
    }

    #[test]
    fn extremes() {
        assert_eq!(encode_i16(i16::MIN), u16::MAX);
        assert_eq!(encode_i16(i16::MAX), u16::MAX - 1);
        assert_eq!(decode_i16(u16::MAX), i16::MIN);
        assert_eq!(decode_i16(u16::MAX - 1), i16::MAX);
        assert_eq!(encode_i32(i32::MIN), u32::MAX);
        assert_eq!(encode_i32(i32::MAX), u32::MAX - 1);
        assert_eq!(decode_i32(u32::MAX), i32::MIN);
        assert_eq!(decode_i32(u32::MAX - 1), i32::MAX);
        assert_eq!(encode_i64(i64::MIN), u64::MAX);
        assert_eq!(encode_i64(i64::MAX), u64::MAX - 1);
        assert_eq!(decode_i64(u64::MAX), i64::MIN);
        assert_eq!(decode_i64(u64::MAX - 1), i64::MAX);
    }

    #[test]
    fn round_trip_all_i16() {
        for n in i16::MIN..=i16::MAX {
            assert_eq!(decode_i16(encode_i16(n)), n);
        }
    }
}
