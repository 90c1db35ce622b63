//! [`DeprecatedFields`]: what a record or struct value keeps of its deprecated fields, the
//! bytes each was read from (SPEC §5.5.1).

use std::fmt;

/// The bytes a record or struct value keeps of its deprecated fields (SPEC §5.5.1). A
/// deprecated field is out of the generated API but still on the wire, and a newer writer may
/// have written it with a newer version of its type (a record that gained fields, a union that
/// gained variants, a promoted integer), or an older writer a real value. So a decoder reads it
/// as its type, checking it as any field ([`crate::Reader::read_deprecated`]), and keeps the
/// bytes it was read from under the field's id; an encoder writes them back in the field's
/// place ([`crate::Writer::write_deprecated`]), so pass-through stays byte-identical.
///
/// Nothing is kept for a field whose bytes are its zero value's own (a non-optional field), nor
/// for an absent optional field; a present optional field's value bytes are always kept, and
/// its presence bit is set exactly when they are ([`DeprecatedFields::contains`]). A field
/// with nothing kept is written as its zero value (an optional one as absent). So two values
/// are equal exactly when they encode alike.
///
/// Every generated record or struct that has deprecated fields has the member
/// `pub deprecated_fields: cser::DeprecatedFields`. It is one pointer wide and allocates
/// nothing while empty, which it is in every value a program builds (`Default`) and in every
/// value decoded from bytes that hold the zero values there. Only a decoder keeps bytes: a
/// program can compare, drop ([`DeprecatedFields::clear`]) and write them back, or give them to
/// another value of the same type, not make them up. (They hold no mark of their type: given
/// to a value of another type, they would be written as that type's fields of the same ids.)
///
/// The kept bytes are part of the value: two are equal (and hash alike) when they keep the same
/// bytes for the same fields. `Debug` shows only how many fields keep bytes
/// (`DeprecatedFields { kept: 1 }`, or `DeprecatedFields` when none do), not the bytes. The
/// JSON mapping (SPEC §11) neither writes nor reads them.
///
/// ```
/// use cser::{DeprecatedFields, Reader, Writer};
///
/// // Account { string user = 1; deprecated string password = 2; u32 logins = 3; } (SPEC §13.14):
/// // the body of an old writer's value, whose password "pw" is `02 70 77`.
/// let body = [0x01, 0x75, 0x02, 0x70, 0x77, 0x05];
/// let mut r = Reader::new(&body);
/// let mut kept = DeprecatedFields::default();
/// assert_eq!(r.read_str().unwrap(), "u");
/// // The zero value of a string is `00`; these bytes are not it, so they are kept under id 2.
/// r.read_deprecated(2, &[0x00], &mut kept, |r| r.read_string()).unwrap();
/// assert_eq!(r.read_u32().unwrap(), 5);
/// assert_eq!(kept.get(2), Some(&[0x02, 0x70, 0x77][..]));
/// assert_eq!(format!("{kept:?}"), "DeprecatedFields { kept: 1 }");
///
/// // Written back in the field's place: the bytes read.
/// let mut w = Writer::new();
/// w.write_str("u");
/// w.write_deprecated(&kept, 2, &[0x00]);
/// w.write_u32(5);
/// assert_eq!(w.finish().unwrap(), body);
///
/// // A value a program builds keeps nothing: the zero value is written.
/// let none = DeprecatedFields::default();
/// assert!(none.is_empty());
/// assert_eq!(std::mem::size_of::<DeprecatedFields>(), std::mem::size_of::<usize>());
/// let mut w = Writer::new();
/// w.write_deprecated(&none, 2, &[0x00]);
/// assert_eq!(w.finish().unwrap(), [0x00]);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct DeprecatedFields(Option<Box<Fields>>);

/// The fields that keep bytes, in increasing id order, at most one per id; never none (a
/// [`DeprecatedFields`] that keeps nothing holds no box). One value has one form, so the derived
/// equality and hash are the value's.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Fields(Vec<Kept>);

/// The bytes kept of one field.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Kept {
    id: u32,
    bytes: Box<[u8]>,
}

impl DeprecatedFields {
    /// Whether no field keeps bytes: every deprecated field is written as its zero value (an
    /// optional one as absent).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.is_none()
    }

    /// How many deprecated fields keep bytes.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.as_ref().map_or(0, |k| k.0.len())
    }

    /// The bytes kept of the deprecated field `id` (its value's encoding, as read), or `None`
    /// when it keeps nothing.
    #[inline]
    pub fn get(&self, id: u32) -> Option<&[u8]> {
        let kept = &self.0.as_ref()?.0;
        let i = kept.binary_search_by_key(&id, |k| k.id).ok()?;
        Some(&kept[i].bytes)
    }

    /// Whether the deprecated field `id` keeps bytes: for an optional field, whether it is
    /// written as present (its presence bit).
    #[inline]
    pub fn contains(&self, id: u32) -> bool {
        self.get(id).is_some()
    }

    /// The fields that keep bytes, in increasing id order: each id with its bytes.
    pub fn iter(&self) -> impl Iterator<Item = (u32, &[u8])> {
        self.0
            .iter()
            .flat_map(|k| k.0.iter())
            .map(|k| (k.id, &*k.bytes))
    }

    /// Drops them all: encoding then writes every deprecated field as its zero value (an
    /// optional one as absent).
    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// Keeps `bytes` as those of the field `id`, unless they are `zero` (the bytes the field
    /// takes when nothing is kept): then the field keeps nothing. For the reader only.
    #[inline]
    pub(crate) fn keep(&mut self, id: u32, bytes: &[u8], zero: &[u8]) {
        if bytes != zero {
            self.insert(id, bytes);
        } else if self.0.is_some() {
            self.remove(id);
        }
    }

    fn insert(&mut self, id: u32, bytes: &[u8]) {
        let kept = &mut self.0.get_or_insert_with(|| Box::new(Fields(Vec::new()))).0;
        // Fields are read in id order: the new one almost always goes last.
        match kept.binary_search_by_key(&id, |k| k.id) {
            Ok(i) => kept[i].bytes = bytes.into(),
            Err(i) => kept.insert(
                i,
                Kept {
                    id,
                    bytes: bytes.into(),
                },
            ),
        }
    }

    fn remove(&mut self, id: u32) {
        if let Some(kept) = &mut self.0 {
            kept.0.retain(|k| k.id != id);
            if kept.0.is_empty() {
                self.0 = None;
            }
        }
    }
}

impl fmt::Debug for DeprecatedFields {
    /// `DeprecatedFields` when no field keeps bytes, else `DeprecatedFields { kept: 2 }`: how
    /// many do, not their bytes (SPEC §5.5.1).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.len() {
            0 => f.write_str("DeprecatedFields"),
            n => write!(f, "DeprecatedFields {{ kept: {n} }}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};

    fn hash(d: &DeprecatedFields) -> u64 {
        let mut h = DefaultHasher::new();
        d.hash(&mut h);
        h.finish()
    }

    fn kept(fields: &[(u32, &[u8])]) -> DeprecatedFields {
        let mut d = DeprecatedFields::default();
        for &(id, bytes) in fields {
            d.keep(id, bytes, &[0x00]);
        }
        d
    }

    #[test]
    fn empty_is_one_null_pointer() {
        assert_eq!(
            std::mem::size_of::<DeprecatedFields>(),
            std::mem::size_of::<usize>()
        );
        let d = DeprecatedFields::default();
        assert!(d.is_empty());
        assert_eq!(d.len(), 0);
        assert_eq!(d.get(1), None);
        assert!(!d.contains(1));
        assert_eq!(d.iter().count(), 0);
        assert_eq!(format!("{d:?}"), "DeprecatedFields");
    }

    #[test]
    fn the_zero_values_bytes_are_not_kept() {
        let mut d = DeprecatedFields::default();
        d.keep(2, &[0x00], &[0x00]);
        assert!(d.is_empty());
        d.keep(2, &[0x02, 0x70, 0x77], &[0x00]);
        assert_eq!(d.get(2), Some(&[0x02, 0x70, 0x77][..]));
        // Read again as the zero value: kept no more, and no box left.
        d.keep(2, &[0x00], &[0x00]);
        assert_eq!(d, DeprecatedFields::default());
        assert!(d.0.is_none());
        // An optional field's zero is nothing (absent): a present value's bytes are always kept,
        // its zero value's too.
        d.keep(9, &[0x00], &[]);
        assert_eq!(d.get(9), Some(&[0x00][..]));
        assert!(d.contains(9));
    }

    #[test]
    fn one_form_per_value_equality_hash_and_debug() {
        // In id order whatever the order of keeping, one entry per id.
        let a = kept(&[(2, &[0x01]), (5, &[0x02, 0x03])]);
        let b = kept(&[(5, &[0x09]), (2, &[0x01]), (5, &[0x02, 0x03])]);
        assert_eq!(a, b);
        assert_eq!(hash(&a), hash(&b));
        assert_eq!(
            a.iter().collect::<Vec<_>>(),
            [(2, &[0x01][..]), (5, &[0x02, 0x03][..])]
        );
        assert_eq!(a.len(), 2);
        assert_eq!(format!("{a:?}"), "DeprecatedFields { kept: 2 }");
        assert_ne!(a, kept(&[(2, &[0x01]), (5, &[0x02, 0x04])]));
        assert_ne!(a, kept(&[(2, &[0x01]), (6, &[0x02, 0x03])]));
        assert_ne!(a, kept(&[(2, &[0x01])]));
        assert_ne!(a, DeprecatedFields::default());
        let mut c = a.clone();
        assert_eq!(c, a);
        c.clear();
        assert!(c.is_empty());
        assert_eq!(hash(&c), hash(&DeprecatedFields::default()));
    }
}
