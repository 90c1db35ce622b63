//! [`UnknownFields`]: what a record value keeps of the fields a newer writer put in its body
//! (SPEC §5.5.1).

use std::fmt;

/// The unknown fields of a record value (SPEC §5.5.1): the **unknown presence bits** (the bits
/// of the body's last presence byte that belong to optional fields the reader's schema does not
/// have) and the **unknown bytes** (every byte of the body after the last field the reader
/// knows). Decoding keeps them as they are, unparsed; encoding writes them back, so a record
/// that passes through a program built from an older schema loses nothing.
///
/// Every generated record struct ends with `pub unknown_fields: cser::UnknownFields`. It is
/// one pointer wide and allocates nothing while empty, which it is in every value a program
/// builds and in every value decoded with a schema as new as the writer's.
///
/// Two values are equal when their presence bits and bytes are; `Debug` shows the presence
/// bits and the number of bytes, not the bytes: `UnknownFields` when empty, else
/// `UnknownFields { presence_bits: 0x02, size: 2 }`. The JSON mapping (SPEC §11) leaves them
/// out.
///
/// ```
/// use cser::UnknownFields;
///
/// let none = UnknownFields::default();
/// assert!(none.is_empty());
/// assert_eq!(std::mem::size_of::<UnknownFields>(), std::mem::size_of::<usize>());
/// assert_eq!(format!("{none:?}"), "UnknownFields");
///
/// let mut kept = UnknownFields::new(0x02, vec![0x02, 0x01]);
/// assert_eq!((kept.presence_bits(), kept.bytes()), (0x02, &[0x02, 0x01][..]));
/// assert_eq!(
///     format!("{kept:?}"),
///     "UnknownFields { presence_bits: 0x02, size: 2 }"
/// );
/// kept.clear();
/// assert_eq!(kept, none);
/// assert_eq!(UnknownFields::new(0, Vec::new()), none);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct UnknownFields(Option<Box<Parts>>);

/// The two parts; never both empty (an empty [`UnknownFields`] holds no box).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Parts {
    presence_bits: u8,
    bytes: Vec<u8>,
}

impl UnknownFields {
    /// Unknown fields of `presence_bits` and `bytes`; empty (no allocation) when the bits are 0
    /// and `bytes` is empty.
    ///
    /// Encoding writes only the bits of slots the record does not have (the others are its own
    /// fields' bits), and only if its last presence byte has free bits (SPEC §5.5.1).
    pub fn new(presence_bits: u8, bytes: Vec<u8>) -> Self {
        if presence_bits == 0 && bytes.is_empty() {
            return UnknownFields(None);
        }
        UnknownFields(Some(Box::new(Parts {
            presence_bits,
            bytes,
        })))
    }

    /// Whether there are none: presence bits 0 and no bytes.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// The unknown presence bits (0 when there are none).
    #[inline]
    pub fn presence_bits(&self) -> u8 {
        self.0.as_ref().map_or(0, |p| p.presence_bits)
    }

    /// The unknown bytes (empty when there are none).
    #[inline]
    pub fn bytes(&self) -> &[u8] {
        self.0.as_ref().map_or(&[], |p| &p.bytes)
    }

    /// Drops them: encoding then writes only the fields the schema knows.
    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// The presence bits and bytes, when there are any (for the reader and writer).
    #[inline]
    pub(crate) fn parts(&self) -> Option<(u8, &[u8])> {
        self.0
            .as_ref()
            .map(|p| (p.presence_bits, p.bytes.as_slice()))
    }
}

impl fmt::Debug for UnknownFields {
    /// `UnknownFields` when empty, else `UnknownFields { presence_bits: 0x02, size: 2 }`: the
    /// bits and the number of bytes, not the bytes (SPEC §5.5.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.parts() {
            None => f.write_str("UnknownFields"),
            Some((bits, bytes)) => write!(
                f,
                "UnknownFields {{ presence_bits: {bits:#04x}, size: {} }}",
                bytes.len()
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};

    fn hash(u: &UnknownFields) -> u64 {
        let mut h = DefaultHasher::new();
        u.hash(&mut h);
        h.finish()
    }

    #[test]
    fn empty_is_one_null_pointer() {
        assert_eq!(
            std::mem::size_of::<UnknownFields>(),
            std::mem::size_of::<usize>()
        );
        let u = UnknownFields::default();
        assert!(u.is_empty());
        assert_eq!(u.presence_bits(), 0);
        assert_eq!(u.bytes(), &[] as &[u8]);
        assert_eq!(u.parts(), None);
        assert_eq!(UnknownFields::new(0, vec![]), u);
    }

    #[test]
    fn parts_equality_hash_and_debug() {
        let bits = UnknownFields::new(0x80, vec![]);
        assert!(!bits.is_empty());
        assert_eq!(bits.parts(), Some((0x80, &[][..])));
        assert_eq!(
            format!("{bits:?}"),
            "UnknownFields { presence_bits: 0x80, size: 0 }"
        );
        let bytes = UnknownFields::new(0, vec![1, 2, 3]);
        assert!(!bytes.is_empty());
        assert_eq!((bytes.presence_bits(), bytes.bytes()), (0, &[1, 2, 3][..]));
        assert_eq!(
            format!("{bytes:?}"),
            "UnknownFields { presence_bits: 0x00, size: 3 }"
        );
        let a = UnknownFields::new(0x02, vec![0x02, 0x01]);
        let b = UnknownFields::new(0x02, vec![0x02, 0x01]);
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        assert_ne!(a, UnknownFields::new(0x04, vec![0x02, 0x01]));
        assert_ne!(a, UnknownFields::new(0x02, vec![0x02]));
        assert_ne!(a, UnknownFields::default());
        let mut c = a.clone();
        assert_eq!(c, a);
        c.clear();
        assert!(c.is_empty());
        assert_eq!(c, UnknownFields::default());
        assert_eq!(hash(&c), hash(&UnknownFields::default()));
    }
}
