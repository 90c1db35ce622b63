//! Zigzag mapping of signed integers (SPEC §4): 0→0, −1→1, 1→2, −2→3, …

macro_rules! zigzag {
    ($($signed:ident $unsigned:ident $encode:ident $decode:ident),*) => {$(
        #[doc = concat!("Zigzag of an ", stringify!($signed), ".")]
        #[inline]
        pub fn $encode(n: $signed) -> $unsigned {
            ((n << 1) ^ (n >> ($signed::BITS - 1))) as $unsigned
        }

        #[doc = concat!("Inverse of [`", stringify!($encode), "`].")]
        #[inline]
        pub fn $decode(u: $unsigned) -> $signed {
            ((u >> 1) as $signed) ^ -((u & 1) as $signed)
        }
    )*};
}

zigzag!(
    i16 u16 encode_i16 decode_i16,
    i32 u32 encode_i32 decode_i32,
    i64 u64 encode_i64 decode_i64
);

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
