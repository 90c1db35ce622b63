//! What a value keeps of what a newer writer put in it: [`UnknownFields`], the fields a newer
//! writer appended to a record's body (SPEC §5.5.1), and [`UnknownVariant`], a union value whose
//! variant the reader's schema does not have (SPEC §5.7).

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

/// A union value whose tag the reader's schema does not know (SPEC §5.7): a variant a newer
/// writer added. It holds the tag and the variant's payload, unparsed; encoding writes the tag,
/// the payload's length and the payload, so the value passes through unchanged.
///
/// Every generated union enum has one more variant, `Unknown(cser::UnknownVariant)`, which holds
/// it. It has no public constructor: only a decoder makes one ([`crate::Reader::read_unknown_variant`]),
/// so a program can keep, compare and write back an unknown variant but not make one up.
///
/// Two are equal (and hash alike) when their tags and payloads are; `Debug` shows the tag and
/// the payload's size, not its bytes: `UnknownVariant { tag: 4, size: 3 }`. The JSON mapping
/// (SPEC §11) writes it as `{"#4": "<payload in base64>"}` and never reads it.
///
/// ```
/// use cser::Reader;
///
/// // Tag 4, which this union does not have, and a payload of 3 bytes.
/// let bytes = [0x04, 0x03, 0x02, 0x6f, 0x6b];
/// let mut r = Reader::new(&bytes);
/// let tag = r.read_u32().unwrap();
/// let v = r.read_unknown_variant(tag).unwrap();
/// assert_eq!((v.tag(), v.payload()), (4, &[0x02, 0x6f, 0x6b][..]));
/// assert_eq!(format!("{v:?}"), "UnknownVariant { tag: 4, size: 3 }");
///
/// // Written back by a union of 3 variants (Shape): tag 4 is not one of its own.
/// let mut w = cser::Writer::new();
/// w.write_u32(v.tag());
/// w.write_unknown_payload(&v, 3);
/// assert_eq!(w.finish().unwrap(), bytes);
///
/// // A union of 4 or more variants has tag 4: this value would read as its own variant there.
/// let mut w = cser::Writer::new();
/// w.write_u32(v.tag());
/// w.write_unknown_payload(&v, 4);
/// assert!(w.finish().is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct UnknownVariant {
    tag: u32,
    payload: Box<[u8]>,
}

impl UnknownVariant {
    /// A variant of `tag` (1 or more) holding `payload`: for the reader only.
    #[inline]
    pub(crate) fn new(tag: u32, payload: &[u8]) -> Self {
        UnknownVariant {
            tag,
            payload: payload.into(),
        }
    }

    /// The variant's id, which the reader's union does not have.
    #[inline]
    pub fn tag(&self) -> u32 {
        self.tag
    }

    /// The payload's bytes as they were read: for a record variant the record's body, for any
    /// other the value's encoding (SPEC §5.7).
    #[inline]
    pub fn payload(&self) -> &[u8] {
        &self.payload
    }
}

impl fmt::Debug for UnknownVariant {
    /// `UnknownVariant { tag: 4, size: 3 }`: the tag and the payload's size, not its bytes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "UnknownVariant {{ tag: {}, size: {} }}",
            self.tag,
            self.payload.len()
        )
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

    fn hash_of<T: Hash>(v: &T) -> u64 {
        let mut h = DefaultHasher::new();
        v.hash(&mut h);
        h.finish()
    }

    #[test]
    fn unknown_variant_equality_hash_and_debug() {
        let a = UnknownVariant::new(4, &[0x02, 0x6f, 0x6b]);
        assert_eq!((a.tag(), a.payload()), (4, &[0x02, 0x6f, 0x6b][..]));
        let b = a.clone();
        assert_eq!(a, b);
        assert_eq!(hash_of(&a), hash_of(&b));
        assert_ne!(a, UnknownVariant::new(5, &[0x02, 0x6f, 0x6b]));
        assert_ne!(a, UnknownVariant::new(4, &[0x02, 0x6f]));
        assert_eq!(format!("{a:?}"), "UnknownVariant { tag: 4, size: 3 }");
        let empty = UnknownVariant::new(u32::MAX, &[]);
        assert_eq!(empty.payload(), &[] as &[u8]);
        assert_eq!(
            format!("{empty:?}"),
            "UnknownVariant { tag: 4294967295, size: 0 }"
        );
        // As small as a String: a union enum holding one grows no larger than its string variant.
        assert!(std::mem::size_of::<UnknownVariant>() <= 24);
    }
}
