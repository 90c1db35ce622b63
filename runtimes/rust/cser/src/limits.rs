//! The limits that keep decoding safe on any input (SPEC §4, §7, §8, §10), in one place: the
//! default maximum depth and message size, how a length or count is bounded by the bytes that
//! remain before anything is allocated, and how much a list or map may reserve up front.

/// Default maximum nesting depth of records, structs and unions (SPEC §7), for writers and
/// readers alike; the root value is at depth 1.
pub const DEFAULT_MAX_DEPTH: u32 = 64;

/// Default maximum frame length of a stream reader (SPEC §8): 64 MiB.
pub const DEFAULT_MAX_MESSAGE_SIZE: usize = 64 << 20;

/// The most memory a list or map may reserve up front per input byte that remains (see
/// [`capacity_for`]): elements past it are allocated as they arrive, so hostile counts cost
/// at most 32 bytes of memory per byte of input before the input runs out.
pub const RESERVE_PER_BYTE: usize = 32;

/// Whether a byte length `n` fits in the `remaining` bytes (else LENGTH_TOO_LARGE).
#[inline]
pub fn length_fits(n: u64, remaining: usize) -> bool {
    n <= remaining as u64
}

/// Whether `n` elements of at least `width` bytes each (1 for any list or map; a packed
/// list's exact width) fit in the `remaining` bytes (else LENGTH_TOO_LARGE).
#[inline]
pub fn count_fits(n: u64, width: usize, remaining: usize) -> bool {
    n <= (remaining / width.max(1)) as u64
}

/// The largest count of a list or map of optionals with `remaining` bytes left: eight per
/// byte (an absent element takes one presence bit), and at most 2³¹−1, the bound the Java
/// runtime has from its array sizes, so that both report the same kinds.
#[inline]
pub fn max_optional_count(remaining: usize) -> u64 {
    8u64.saturating_mul(remaining as u64).min(i32::MAX as u64)
}

/// The capacity to reserve for a list or map of `n` elements of `E` (an element, or a map's
/// entry) about to be read with `remaining` bytes left: `n`, unless that would reserve more
/// than [`RESERVE_PER_BYTE`] bytes per remaining byte. A count is only bounded by the bytes
/// that remain, and an element of one byte may take far more memory (a record with no field
/// present: 1 byte on the wire, its whole struct in memory), so a hostile count must not
/// reserve memory out of proportion to the input; such a list grows as its elements arrive.
#[inline]
pub fn capacity_for<E>(n: usize, remaining: usize) -> usize {
    let size = std::mem::size_of::<E>().max(1);
    n.min(remaining.saturating_mul(RESERVE_PER_BYTE) / size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_and_counts_are_bounded_by_what_remains() {
        assert!(length_fits(3, 3));
        assert!(!length_fits(4, 3));
        assert!(!length_fits(u64::MAX, usize::MAX - 1));
        assert!(count_fits(3, 1, 3));
        assert!(!count_fits(4, 1, 3));
        assert!(count_fits(2, 4, 11));
        assert!(!count_fits(3, 4, 11));
        assert!(count_fits(0, 0, 0));
        assert_eq!(max_optional_count(0), 0);
        assert_eq!(max_optional_count(3), 24);
        assert_eq!(max_optional_count(usize::MAX), i32::MAX as u64);
    }

    #[test]
    fn capacity_is_bounded_per_remaining_byte() {
        assert_eq!(capacity_for::<u8>(10, 100), 10);
        assert_eq!(capacity_for::<u8>(1_000_000, 100), 3200);
        assert_eq!(capacity_for::<[u8; 64]>(1_000, 10), 5);
        assert_eq!(capacity_for::<()>(7, 0), 0);
        assert_eq!(capacity_for::<u64>(usize::MAX, usize::MAX), usize::MAX / 8);
    }
}
