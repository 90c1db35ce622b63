//! Lists and maps (SPEC §5.3, §5.4): the reading and writing the generated code shares, so that
//! counts, presence bytes, duplicate keys and error paths are handled in one place.

use std::hash::Hash;

use indexmap::map::Entry;
use indexmap::IndexMap;

use crate::errors::{DecodeError, DecodeErrorKind};
use crate::reader::Reader;
use crate::writer::Writer;

type Result<T> = std::result::Result<T, DecodeError>;

/// A type that can be a map key (SPEC §2: an integer, `string` or an enum): hashable, and able
/// to name itself in a decode error's path, as the Java runtime does (`["a"]`, `[7]`, `[RED]`).
pub trait MapKey: Hash + Eq {
    /// Prepends this key to the path of `error`.
    fn push_onto(&self, error: DecodeError) -> DecodeError;

    /// The key as an error message shows it (a string unquoted, an enum member by name).
    fn describe(&self) -> String;
}

impl MapKey for String {
    fn push_onto(&self, error: DecodeError) -> DecodeError {
        error.push_str_key(self)
    }

    fn describe(&self) -> String {
        self.clone()
    }
}

macro_rules! integer_keys {
    ($($t:ty),*) => {$(
        impl MapKey for $t {
            fn push_onto(&self, error: DecodeError) -> DecodeError {
                error.push_key(self)
            }

            fn describe(&self) -> String {
                self.to_string()
            }
        }
    )*};
}
integer_keys!(i8, i16, i32, i64, u8, u16, u32, u64);

/// The presence byte for up to eight slots: bit j set when slot j is present.
#[inline]
pub fn presence_byte(slots: impl IntoIterator<Item = bool>) -> u8 {
    slots
        .into_iter()
        .take(8)
        .enumerate()
        .fold(0, |bits, (j, present)| bits | (u8::from(present) << j))
}

impl Writer {
    /// Writes a `list<T>`: the count, then each element with `f`.
    // Inlined like the loop generated code wrote before it called this: a call per list cost
    // W1's encode (two empty lists a record) a third more instructions.
    #[inline]
    pub fn write_list<T>(&mut self, list: &[T], mut f: impl FnMut(&mut Self, &T)) {
        self.write_count(list.len());
        for el in list {
            f(self, el);
        }
    }

    /// Writes a `list<optional<T>>`: the count, then a presence byte before elements 0, 8,
    /// 16, … and each present element with `f`.
    pub fn write_optional_list<T>(&mut self, list: &[Option<T>], mut f: impl FnMut(&mut Self, &T)) {
        self.write_count(list.len());
        for (i, el) in list.iter().enumerate() {
            if i % 8 == 0 {
                self.write_byte(presence_byte(list[i..].iter().map(Option::is_some)));
            }
            if let Some(v) = el {
                f(self, v);
            }
        }
    }

    /// Writes a `map<K, V>`: the count, then each key and value, in insertion order.
    #[inline]
    pub fn write_map<K, V>(
        &mut self,
        map: &IndexMap<K, V>,
        mut key: impl FnMut(&mut Self, &K),
        mut value: impl FnMut(&mut Self, &V),
    ) {
        self.write_count(map.len());
        for (k, v) in map {
            key(self, k);
            value(self, v);
        }
    }

    /// Writes a `map<K, optional<V>>`: the count, then a presence byte before entries 0, 8,
    /// 16, …, each key, and each present value.
    pub fn write_optional_map<K, V>(
        &mut self,
        map: &IndexMap<K, Option<V>>,
        mut key: impl FnMut(&mut Self, &K),
        mut value: impl FnMut(&mut Self, &V),
    ) {
        self.write_count(map.len());
        let values = map.as_slice();
        for (i, (k, v)) in map.iter().enumerate() {
            if i % 8 == 0 {
                let ahead = values[i..].values().map(Option::is_some);
                self.write_byte(presence_byte(ahead));
            }
            key(self, k);
            if let Some(v) = v {
                value(self, v);
            }
        }
    }
}

impl Reader<'_> {
    /// Reads a `list<T>` written by [`Writer::write_list`]: the count, then each element with
    /// `f`; an error gets the element index prepended. The varint lists of numbers
    /// (`read_i32_list`, ...) read through it too.
    pub fn read_list<T>(&mut self, mut f: impl FnMut(&mut Self) -> Result<T>) -> Result<Vec<T>> {
        let n = self.read_count()?;
        let mut v = Vec::with_capacity(self.capacity_for::<T>(n));
        for i in 0..n {
            v.push(f(self).map_err(|e| e.push_index(i as u64))?);
        }
        Ok(v)
    }

    /// Reads a `list<optional<T>>` written by [`Writer::write_optional_list`]; presence bits
    /// past the last element are BAD_PRESENCE, an error gets the element index prepended.
    pub fn read_optional_list<T>(
        &mut self,
        mut f: impl FnMut(&mut Self) -> Result<T>,
    ) -> Result<Vec<Option<T>>> {
        let n = self.read_optional_count()?;
        // Eight absent elements fit in one byte: size by the bytes left, not by the count.
        let mut list = Vec::with_capacity(self.capacity_for::<Option<T>>(n.min(self.remaining())));
        let mut presence = 0u8;
        for i in 0..n {
            if i % 8 == 0 {
                presence = self.read_presence(n - i)?;
            }
            if presence & (1 << (i % 8)) != 0 {
                list.push(Some(f(self).map_err(|e| e.push_index(i as u64))?));
            } else {
                list.push(None);
            }
        }
        Ok(list)
    }

    /// Reads a `map<K, V>` written by [`Writer::write_map`]: a repeated key is
    /// DUPLICATE_MAP_KEY (just after the entry); an error in a value gets the key prepended.
    pub fn read_map<K: MapKey, V>(
        &mut self,
        mut key: impl FnMut(&mut Self) -> Result<K>,
        mut value: impl FnMut(&mut Self) -> Result<V>,
    ) -> Result<IndexMap<K, V>> {
        let n = self.read_count()?;
        let mut map = IndexMap::with_capacity(self.capacity_for::<(u64, K, V)>(n));
        for _ in 0..n {
            let k = key(self)?;
            let v = value(self).map_err(|e| k.push_onto(e))?;
            self.insert_new(&mut map, k, v)?;
        }
        Ok(map)
    }

    /// Reads a `map<K, optional<V>>` written by [`Writer::write_optional_map`].
    pub fn read_optional_map<K: MapKey, V>(
        &mut self,
        mut key: impl FnMut(&mut Self) -> Result<K>,
        mut value: impl FnMut(&mut Self) -> Result<V>,
    ) -> Result<IndexMap<K, Option<V>>> {
        let n = self.read_optional_count()?;
        let mut map = IndexMap::with_capacity(
            self.capacity_for::<(u64, K, Option<V>)>(n.min(self.remaining())),
        );
        let mut presence = 0u8;
        for i in 0..n {
            if i % 8 == 0 {
                presence = self.read_presence(n - i)?;
            }
            let k = key(self)?;
            let v = if presence & (1 << (i % 8)) != 0 {
                Some(value(self).map_err(|e| k.push_onto(e))?)
            } else {
                None
            };
            self.insert_new(&mut map, k, v)?;
        }
        Ok(map)
    }

    /// Reads the presence byte of the next `left` slots of a list or map.
    fn read_presence(&mut self, left: usize) -> Result<u8> {
        let presence = self.read_byte()?;
        self.check_presence(presence, left.min(8) as u32)?;
        Ok(presence)
    }

    /// Inserts a new entry, hashing the key once; DUPLICATE_MAP_KEY if the key is there.
    #[inline]
    fn insert_new<K: MapKey, V>(&self, map: &mut IndexMap<K, V>, k: K, v: V) -> Result<()> {
        match map.entry(k) {
            Entry::Vacant(entry) => {
                entry.insert(v);
                Ok(())
            }
            Entry::Occupied(entry) => Err(self.duplicate_key(entry.key())),
        }
    }

    #[cold]
    fn duplicate_key<K: MapKey>(&self, k: &K) -> DecodeError {
        let reason = format!("duplicate map key {}", k.describe());
        self.error(DecodeErrorKind::DuplicateMapKey, reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::writer::tests::bytes as written;

    #[test]
    fn lists_and_their_element_paths() {
        let list = vec!["a".to_owned(), "bc".to_owned()];
        let bytes = written(|w| w.write_list(&list, |w, s| w.write_str(s)));
        assert_eq!(bytes, [2, 1, b'a', 2, b'b', b'c']);
        let read = Reader::new(&bytes).read_list(Reader::read_string).unwrap();
        assert_eq!(read, list);
        let err = Reader::new(&[2, 2, 0x80, 0x00])
            .read_list(Reader::read_i32)
            .unwrap_err();
        assert_eq!(err.kind(), DecodeErrorKind::OverlongVarint);
        assert_eq!(err.path(), "[1]");
    }

    #[test]
    fn presence_bytes_of_an_optional_list() {
        let list: Vec<Option<i32>> = (0..10).map(|i| (i % 3 == 0).then_some(i)).collect();
        let bytes = written(|w| w.write_optional_list(&list, |w, v| w.write_i32(*v)));
        // SPEC §5.4: count 10, bits for elements 0, 3, 6 then 9 (slot 1 of the second group).
        assert_eq!(bytes, [10, 0b0100_1001, 0, 6, 12, 0b10, 18]);
        let read = Reader::new(&bytes)
            .read_optional_list(Reader::read_i32)
            .unwrap();
        assert_eq!(read, list);
    }

    #[test]
    fn unused_presence_bits_are_rejected_in_lists() {
        let err = Reader::new(&[2, 0b100])
            .read_optional_list(Reader::read_i32)
            .unwrap_err();
        assert_eq!(
            (err.kind(), err.offset()),
            (DecodeErrorKind::BadPresence, 1)
        );
    }

    #[test]
    fn maps_keep_insertion_order_and_reject_repeated_keys() {
        let mut map = IndexMap::new();
        map.insert("b".to_owned(), 1);
        map.insert("a".to_owned(), 2);
        let bytes = written(|w| w.write_map(&map, |w, k| w.write_str(k), |w, v| w.write_i32(*v)));
        assert_eq!(bytes, [2, 1, b'b', 2, 1, b'a', 4]);
        let read = Reader::new(&bytes)
            .read_map(Reader::read_string, Reader::read_i32)
            .unwrap();
        assert_eq!(read.keys().collect::<Vec<_>>(), ["b", "a"]);

        let repeated = [2, 1, b'a', 2, 1, b'a', 4];
        let err = Reader::new(&repeated)
            .read_map(Reader::read_string, Reader::read_i32)
            .unwrap_err();
        assert_eq!(err.kind(), DecodeErrorKind::DuplicateMapKey);
        assert_eq!(err.offset(), 7, "just after the repeated entry");
        assert_eq!(err.reason(), "duplicate map key a");
    }

    #[test]
    fn a_bad_value_names_its_key() {
        let bad = [1, 1, b'k', 0x80, 0x00];
        let err = Reader::new(&bad)
            .read_map(Reader::read_string, Reader::read_i32)
            .unwrap_err();
        assert_eq!(err.kind(), DecodeErrorKind::OverlongVarint);
        assert_eq!(err.path(), "[\"k\"]");
        let bad = [1, 7, 0x80, 0x00];
        let err = Reader::new(&bad)
            .read_map(Reader::read_u8, Reader::read_i32)
            .unwrap_err();
        assert_eq!(err.path(), "[7]");
    }

    #[test]
    fn optional_maps() {
        let mut map = IndexMap::new();
        for i in 0..9u32 {
            map.insert(i, (i % 2 == 1).then_some(i));
        }
        let bytes =
            written(|w| w.write_optional_map(&map, |w, k| w.write_u32(*k), |w, v| w.write_u32(*v)));
        assert_eq!(&bytes[..3], [9, 0b1010_1010, 0]);
        let read = Reader::new(&bytes)
            .read_optional_map(Reader::read_u32, Reader::read_u32)
            .unwrap();
        assert_eq!(read, map);
        for cut in 0..bytes.len() {
            assert!(Reader::new(&bytes[..cut])
                .read_optional_map(Reader::read_u32, Reader::read_u32)
                .is_err());
        }
    }

    #[test]
    fn counts_are_bounded_before_allocating() {
        // A count of 2^40 optionals in a 7-byte input.
        let huge = [0x80, 0x80, 0x80, 0x80, 0x80, 0x20, 0x00];
        let err = Reader::new(&huge)
            .read_optional_list(Reader::read_i32)
            .unwrap_err();
        assert_eq!(err.kind(), DecodeErrorKind::LengthTooLarge);
        let err = Reader::new(&huge)
            .read_map(Reader::read_u8, Reader::read_u8)
            .unwrap_err();
        assert_eq!(err.kind(), DecodeErrorKind::LengthTooLarge);
    }
}
