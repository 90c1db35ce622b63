//! [`Writer`]: appends the cser encoding of values (SPEC §4–§5) to a `Vec<u8>`.

use crate::deprecated::DeprecatedFields;
use crate::errors::EncodeError;
use crate::limits::DEFAULT_MAX_DEPTH;
use crate::unknown::{UnknownFields, UnknownVariant};
use crate::utf8;
use crate::varint::{encode_varint, varint_len, write_varint_at};
use crate::zigzag;

/// Appends encoded values to a growable buffer.
///
/// A writer is reusable: [`Writer::clear`] keeps the allocation. Record bodies are written in
/// one pass: [`Writer::begin_length`] reserves one byte and [`Writer::end_length`] patches the
/// length in, moving the body when the length needs more bytes, so lengths are always minimal.
///
/// Encoding cannot fail except for a value the format cannot hold (nesting deeper than the
/// maximum depth, an enum number above 2³¹−1). Such a failure is *sticky*: the writer records
/// the first [`EncodeError`], and [`Writer::check`] (or [`Writer::finish`]) reports it, so the
/// generated encoders need no `Result` on every call.
#[derive(Debug, Clone)]
pub struct Writer {
    buf: Vec<u8>,
    depth: u32,
    max_depth: u32,
    error: Option<EncodeError>,
}

impl Default for Writer {
    fn default() -> Self {
        Writer::new()
    }
}

impl Writer {
    /// An empty writer.
    pub fn new() -> Self {
        Writer::with_capacity(0)
    }

    /// An empty writer whose buffer can hold `capacity` bytes before growing.
    pub fn with_capacity(capacity: usize) -> Self {
        Writer {
            buf: Vec::with_capacity(capacity),
            depth: 0,
            max_depth: DEFAULT_MAX_DEPTH,
            error: None,
        }
    }

    /// A writer appending to `buf` (its contents are kept); [`Writer::into_vec`] gives it back.
    #[inline]
    pub fn from_vec(buf: Vec<u8>) -> Self {
        Writer {
            buf,
            depth: 0,
            max_depth: DEFAULT_MAX_DEPTH,
            error: None,
        }
    }

    /// The buffer, with everything written (whether or not an error was recorded).
    #[inline]
    pub fn into_vec(self) -> Vec<u8> {
        self.buf
    }

    /// The buffer and the first encode error, if any (for [`crate::message::encode_into`]).
    #[inline]
    pub(crate) fn into_parts(self) -> (Vec<u8>, Option<EncodeError>) {
        (self.buf, self.error)
    }

    /// Sets the maximum nesting depth (default 64, the root value at depth 1; at least 1).
    pub fn with_max_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = max_depth.max(1);
        self
    }

    /// The maximum nesting depth.
    pub fn max_depth(&self) -> u32 {
        self.max_depth
    }

    /// Empties the writer, keeping its buffer, and resets the depth and any error.
    pub fn clear(&mut self) {
        self.buf.clear();
        self.depth = 0;
        self.error = None;
    }

    /// The number of bytes written.
    pub fn len(&self) -> usize {
        self.buf.len()
    }

    /// Whether nothing has been written.
    pub fn is_empty(&self) -> bool {
        self.buf.is_empty()
    }

    /// The bytes written so far.
    pub fn as_slice(&self) -> &[u8] {
        &self.buf
    }

    /// The first encode error, if any.
    pub fn error(&self) -> Option<&EncodeError> {
        self.error.as_ref()
    }

    /// Records an encode error (only the first one is kept).
    pub fn fail(&mut self, error: EncodeError) {
        if self.error.is_none() {
            self.error = Some(error);
        }
    }

    /// `Err` with the first encode error, if one happened.
    pub fn check(&self) -> Result<(), EncodeError> {
        match &self.error {
            Some(e) => Err(e.clone()),
            None => Ok(()),
        }
    }

    /// The bytes written, or the first encode error.
    pub fn finish(self) -> Result<Vec<u8>, EncodeError> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.buf),
        }
    }

    // ---- primitives ------------------------------------------------------------------------

    /// Writes one byte unchanged (e.g. a presence byte).
    #[inline]
    pub fn write_byte(&mut self, b: u8) {
        self.buf.push(b);
    }

    /// Writes bytes unchanged, with no length.
    #[inline]
    pub fn write_raw(&mut self, b: &[u8]) {
        self.buf.extend_from_slice(b);
    }

    /// Writes `v` as a varint.
    #[inline]
    pub fn write_varint(&mut self, v: u64) {
        encode_varint(v, &mut self.buf);
    }

    /// Writes `00` or `01`.
    #[inline]
    pub fn write_bool(&mut self, v: bool) {
        self.buf.push(u8::from(v));
    }

    /// Writes an i8 as one two's-complement byte.
    #[inline]
    pub fn write_i8(&mut self, v: i8) {
        self.buf.push(v as u8);
    }

    /// Writes a u8 as one byte.
    #[inline]
    pub fn write_u8(&mut self, v: u8) {
        self.buf.push(v);
    }

    /// Writes an i16 as a zigzag varint.
    #[inline]
    pub fn write_i16(&mut self, v: i16) {
        self.write_varint(u64::from(zigzag::encode_i16(v)));
    }

    /// Writes a u16 as a varint.
    #[inline]
    pub fn write_u16(&mut self, v: u16) {
        self.write_varint(u64::from(v));
    }

    /// Writes an i32 as a zigzag varint.
    #[inline]
    pub fn write_i32(&mut self, v: i32) {
        self.write_varint(u64::from(zigzag::encode_i32(v)));
    }

    /// Writes a u32 as a varint.
    #[inline]
    pub fn write_u32(&mut self, v: u32) {
        self.write_varint(u64::from(v));
    }

    /// Writes an i64 as a zigzag varint.
    #[inline]
    pub fn write_i64(&mut self, v: i64) {
        self.write_varint(zigzag::encode_i64(v));
    }

    /// Writes a u64 as a varint.
    #[inline]
    pub fn write_u64(&mut self, v: u64) {
        self.write_varint(v);
    }

    /// Writes the raw IEEE 754 bits of `v`, little-endian (NaN payloads and -0.0 kept).
    #[inline]
    pub fn write_f32(&mut self, v: f32) {
        self.buf.extend_from_slice(&v.to_bits().to_le_bytes());
    }

    /// Writes the raw IEEE 754 bits of `v`, little-endian (NaN payloads and -0.0 kept).
    #[inline]
    pub fn write_f64(&mut self, v: f64) {
        self.buf.extend_from_slice(&v.to_bits().to_le_bytes());
    }

    /// Writes an enum member's number as a varint. Numbers are 0..2³¹−1: a larger one is an
    /// encode error (recorded; nothing is written).
    #[inline]
    pub fn write_enum(&mut self, number: u32) {
        if number > i32::MAX as u32 {
            self.fail(EncodeError::new(format!(
                "enum number {number} out of range (0..2147483647)"
            )));
            return;
        }
        self.write_varint(u64::from(number));
    }

    /// Writes an element or entry count (or a byte length).
    #[inline]
    pub fn write_count(&mut self, count: usize) {
        self.write_varint(count as u64);
    }

    /// Writes the length of `b`, then its bytes.
    #[inline]
    pub fn write_bytes(&mut self, b: &[u8]) {
        self.write_count(b.len());
        self.buf.extend_from_slice(b);
    }

    /// Writes the UTF-8 length of `s`, then its UTF-8 bytes (a Rust string is always valid).
    #[inline]
    pub fn write_str(&mut self, s: &str) {
        self.write_bytes(utf8::encode(s));
    }

    // ---- record bodies ---------------------------------------------------------------------

    /// Reserves one byte for the length of a body about to be written; pass the mark it
    /// returns to [`Writer::end_length`].
    #[inline]
    pub fn begin_length(&mut self) -> usize {
        let mark = self.buf.len();
        self.buf.push(0);
        mark
    }

    /// Writes the length of the body written since [`Writer::begin_length`] returned `mark`,
    /// moving the body right when the length takes more than one byte.
    #[inline]
    pub fn end_length(&mut self, mark: usize) {
        let len = self.buf.len() - (mark + 1);
        if len < 0x80 {
            self.buf[mark] = len as u8;
        } else {
            self.end_long_length(mark, len);
        }
    }

    /// [`Writer::end_length`] for a body of 128 bytes or more: the length takes several bytes,
    /// so the body moves right to make room.
    #[inline(never)]
    fn end_long_length(&mut self, mark: usize, len: usize) {
        let body_start = mark + 1;
        let size = varint_len(len as u64);
        let old_end = self.buf.len();
        self.buf.resize(old_end + size - 1, 0);
        self.buf.copy_within(body_start..old_end, mark + size);
        write_varint_at(len as u64, &mut self.buf[mark..]);
    }

    // ---- union payloads (SPEC §5.7) ---------------------------------------------------------

    /// Writes the payload of a union variant whose type is not a record (a record variant's
    /// payload is the record's own length and body): the length of what `write` writes, then
    /// it. One byte is reserved for the length, and the value moves right in the rare case its
    /// length needs more, as for a record body ([`Writer::begin_length`]).
    #[inline]
    pub fn write_payload(&mut self, write: impl FnOnce(&mut Self)) {
        let mark = self.begin_length();
        write(self);
        self.end_length(mark);
    }

    /// Writes the payload of an unknown union variant (SPEC §5.7), after its tag: the payload's
    /// length and its bytes as they were read. `known` is the union's number of variants: a tag
    /// in 1..=known is one of its own, so the value came from another union and its bytes would
    /// read as that variant here; the writer fails (an [`EncodeError`]) instead.
    #[inline]
    pub fn write_unknown_payload(&mut self, variant: &UnknownVariant, known: u32) {
        if variant.tag() <= known {
            self.fail(EncodeError::new(format!(
                "an unknown variant with tag {}, one of the union's own (1..={known}): it comes from another union's value",
                variant.tag()
            )));
        }
        self.write_bytes(variant.payload());
    }

    // ---- unknown fields (SPEC §5.5.1) -------------------------------------------------------

    /// At the end of a record body whose last presence byte has free bits: ORs the unknown
    /// presence bits of `unknown` that `mask` allows (the bits of slots the record does not
    /// have) into that byte, written at offset `presence_at` ([`Writer::len`] before it), and
    /// appends the unknown bytes. Costs one test when there are none.
    #[inline]
    pub fn write_unknown_fields(&mut self, unknown: &UnknownFields, presence_at: usize, mask: u8) {
        if let Some((bits, bytes)) = unknown.parts() {
            self.put_unknown_fields(bits & mask, presence_at, bytes);
        }
    }

    /// At the end of a record body with no free presence bits: appends the unknown bytes of
    /// `unknown` (its presence bits have no byte to go into and are not written). Costs one
    /// test when there are none.
    #[inline]
    pub fn write_unknown_bytes(&mut self, unknown: &UnknownFields) {
        if let Some((_, bytes)) = unknown.parts() {
            self.buf.extend_from_slice(bytes);
        }
    }

    #[cold]
    #[inline(never)]
    fn put_unknown_fields(&mut self, bits: u8, presence_at: usize, bytes: &[u8]) {
        if let Some(b) = self.buf.get_mut(presence_at) {
            *b |= bits;
        }
        self.buf.extend_from_slice(bytes);
    }

    // ---- deprecated fields (SPEC §5.5.1) ----------------------------------------------------

    /// Writes the deprecated field `id` of a record or struct in its place: the bytes `kept`
    /// holds of it, as they were read, or else `zero`, the bytes it takes when nothing is kept
    /// (its zero value's encoding; nothing for an optional field, which is then absent and whose
    /// presence bit is [`DeprecatedFields::contains`]). The bytes add no depth here: they were
    /// checked when they were read.
    #[inline]
    pub fn write_deprecated(&mut self, kept: &DeprecatedFields, id: u32, zero: &[u8]) {
        self.buf.extend_from_slice(kept.get(id).unwrap_or(zero));
    }

    // ---- depth -----------------------------------------------------------------------------

    /// An optimisation barrier: generated code calls it every 64 fields of a wide record or
    /// struct. Without it LLVM's scalar evolution follows the buffer's length through every field of one
    /// function, and at a few hundred fields (SPEC §2.1 allows 1,000) it overflows rustc's stack
    /// in a release build. Past the barrier the buffer's length is read afresh, so each stretch of fields
    /// is analysed on its own; the cost is a store and a load per 64 fields.
    #[inline]
    pub fn checkpoint(&mut self) {
        std::hint::black_box(self);
    }

    /// Enters a record, struct or union value. Returns `false` (and records an encode error)
    /// if that is deeper than the maximum depth: the caller must then write nothing of the
    /// value and not call [`Writer::exit`].
    #[inline]
    pub fn enter(&mut self) -> bool {
        if self.depth >= self.max_depth {
            let max = self.max_depth;
            self.fail(EncodeError::new(format!(
                "nesting deeper than the maximum depth {max}"
            )));
            return false;
        }
        self.depth += 1;
        true
    }

    /// Leaves the value entered by the matching successful [`Writer::enter`].
    #[inline]
    pub fn exit(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The current nesting depth.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    // ---- lists -----------------------------------------------------------------------------

    /// Writes the count, then one `00`/`01` byte per element.
    pub fn write_bool_list(&mut self, a: &[bool]) {
        self.write_count(a.len());
        self.buf.extend(a.iter().map(|&b| u8::from(b)));
    }

    /// Writes the count, then one byte per element.
    pub fn write_i8_list(&mut self, a: &[i8]) {
        self.write_count(a.len());
        self.buf.extend(a.iter().map(|&b| b as u8));
    }

    /// Writes the count, then the bytes (the same encoding as `bytes`).
    pub fn write_u8_list(&mut self, a: &[u8]) {
        self.write_bytes(a);
    }

    /// Writes the count, then 4 little-endian bytes per element (raw bits).
    pub fn write_f32_list(&mut self, a: &[f32]) {
        self.write_count(a.len());
        self.buf.reserve(a.len() * 4);
        for v in a {
            self.buf.extend_from_slice(&v.to_bits().to_le_bytes());
        }
    }

    /// Writes the count, then 8 little-endian bytes per element (raw bits).
    pub fn write_f64_list(&mut self, a: &[f64]) {
        self.write_count(a.len());
        self.buf.reserve(a.len() * 8);
        for v in a {
            self.buf.extend_from_slice(&v.to_bits().to_le_bytes());
        }
    }

    /// Writes the count, then each element with `write`.
    #[inline]
    fn write_each<T: Copy>(&mut self, a: &[T], mut write: impl FnMut(&mut Self, T)) {
        self.write_count(a.len());
        a.iter().for_each(|&v| write(self, v));
    }

    /// Writes the count, then one zigzag varint per element.
    pub fn write_i16_list(&mut self, a: &[i16]) {
        self.write_each(a, Self::write_i16);
    }

    /// Writes the count, then one varint per element.
    pub fn write_u16_list(&mut self, a: &[u16]) {
        self.write_each(a, Self::write_u16);
    }

    /// Writes the count, then one zigzag varint per element.
    pub fn write_i32_list(&mut self, a: &[i32]) {
        self.write_each(a, Self::write_i32);
    }

    /// Writes the count, then one varint per element.
    pub fn write_u32_list(&mut self, a: &[u32]) {
        self.write_each(a, Self::write_u32);
    }

    /// Writes the count, then one zigzag varint per element.
    pub fn write_i64_list(&mut self, a: &[i64]) {
        self.write_each(a, Self::write_i64);
    }

    /// Writes the count, then one varint per element.
    pub fn write_u64_list(&mut self, a: &[u64]) {
        self.write_each(a, Self::write_u64);
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// What `f` writes.
    pub(crate) fn bytes(f: impl FnOnce(&mut Writer)) -> Vec<u8> {
        let mut w = Writer::new();
        f(&mut w);
        w.finish().unwrap()
    }

    #[test]
    fn deprecated_fields_are_written_as_kept_or_as_their_zero() {
        let mut r = crate::Reader::new(&[0x02, 0x70, 0x77, 0x03]);
        let mut kept = DeprecatedFields::default();
        r.read_deprecated(2, &[0x00], &mut kept, |r| r.read_string())
            .unwrap();
        r.read_deprecated(5, &[], &mut kept, |r| r.read_u8())
            .unwrap();
        assert_eq!(
            bytes(|w| {
                w.write_deprecated(&kept, 1, &[0x00]);
                w.write_deprecated(&kept, 2, &[0x00]);
                w.write_deprecated(&kept, 4, &[]);
                w.write_deprecated(&kept, 5, &[]);
            }),
            [0x00, 0x02, 0x70, 0x77, 0x03]
        );
        kept.clear();
        assert_eq!(
            bytes(|w| {
                w.write_deprecated(&kept, 2, &[0x00]);
                w.write_deprecated(&kept, 5, &[]);
            }),
            [0x00]
        );
    }

    #[test]
    fn integers() {
        assert_eq!(bytes(|w| w.write_i32(-64)), [0x7f]);
        assert_eq!(bytes(|w| w.write_i32(64)), [0x80, 0x01]);
        assert_eq!(
            bytes(|w| w.write_i32(i32::MIN)),
            [0xff, 0xff, 0xff, 0xff, 0x0f]
        );
        assert_eq!(
            bytes(|w| w.write_i32(i32::MAX)),
            [0xfe, 0xff, 0xff, 0xff, 0x0f]
        );
        assert_eq!(bytes(|w| w.write_i16(i16::MIN)), [0xff, 0xff, 0x03]);
        assert_eq!(bytes(|w| w.write_i16(i16::MAX)), [0xfe, 0xff, 0x03]);
        assert_eq!(
            bytes(|w| w.write_i64(i64::MIN)),
            [0xff; 9].iter().copied().chain([0x01]).collect::<Vec<_>>()
        );
        assert_eq!(bytes(|w| w.write_i64(i64::MAX))[0], 0xfe);
        assert_eq!(bytes(|w| w.write_u16(u16::MAX)), [0xff, 0xff, 0x03]);
        assert_eq!(
            bytes(|w| w.write_u32(u32::MAX)),
            [0xff, 0xff, 0xff, 0xff, 0x0f]
        );
        assert_eq!(
            bytes(|w| w.write_u64(u64::MAX)),
            [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]
        );
        assert_eq!(bytes(|w| w.write_i8(-1)), [0xff]);
        assert_eq!(bytes(|w| w.write_i8(i8::MIN)), [0x80]);
        assert_eq!(bytes(|w| w.write_u8(255)), [0xff]);
        assert_eq!(bytes(|w| w.write_bool(true)), [0x01]);
        assert_eq!(bytes(|w| w.write_enum(300)), [0xac, 0x02]);
    }

    #[test]
    fn enum_out_of_range_is_an_error() {
        let mut w = Writer::new();
        w.write_enum(1 << 31);
        assert!(w.is_empty());
        assert!(w.check().is_err());
        assert!(w.finish().is_err());
    }

    #[test]
    fn floats_keep_bits() {
        assert_eq!(bytes(|w| w.write_f32(1.5)), [0x00, 0x00, 0xc0, 0x3f]);
        assert_eq!(bytes(|w| w.write_f32(-0.0)), [0x00, 0x00, 0x00, 0x80]);
        assert_eq!(
            bytes(|w| w.write_f32(f32::from_bits(0x7fc0_0001))),
            [0x01, 0x00, 0xc0, 0x7f]
        );
        assert_eq!(bytes(|w| w.write_f64(-0.0)), [0, 0, 0, 0, 0, 0, 0, 0x80]);
        assert_eq!(
            bytes(|w| w.write_f64(f64::from_bits(0xfff8_0000_0000_0001))),
            [0x01, 0, 0, 0, 0, 0, 0xf8, 0xff]
        );
        assert_eq!(
            bytes(|w| w.write_f64_list(&[1.5])),
            [0x01, 0, 0, 0, 0, 0, 0, 0xf8, 0x3f]
        );
    }

    #[test]
    fn strings() {
        assert_eq!(bytes(|w| w.write_str("")), [0x00]);
        assert_eq!(
            bytes(|w| w.write_str("cser")),
            [0x04, 0x63, 0x73, 0x65, 0x72]
        );
        assert_eq!(
            bytes(|w| w.write_str("\u{1F600}")),
            [0x04, 0xf0, 0x9f, 0x98, 0x80]
        );
        assert_eq!(
            bytes(|w| w.write_str("aé€😀")),
            [0x0a, 0x61, 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80]
        );
        let big = "x".repeat(1 << 20);
        let b = bytes(|w| w.write_str(&big));
        assert_eq!(&b[..3], [0x80, 0x80, 0x40]);
        assert_eq!(b.len(), 3 + (1 << 20));
    }

    #[test]
    fn back_patched_lengths() {
        for n in [0usize, 1, 127, 128, 16383, 16384, 100_000] {
            let mut w = Writer::new();
            w.write_byte(0xaa);
            let mark = w.begin_length();
            for i in 0..n {
                w.write_byte(i as u8);
            }
            w.end_length(mark);
            w.write_byte(0xbb);
            let b = w.finish().unwrap();
            let mut expected = vec![0xaa];
            encode_varint(n as u64, &mut expected);
            expected.extend((0..n).map(|i| i as u8));
            expected.push(0xbb);
            assert_eq!(b, expected, "body of {n} bytes");
        }
        assert_eq!(
            bytes(|w| {
                let m = w.begin_length();
                w.end_length(m);
            }),
            [0x00]
        );
    }

    #[test]
    fn nested_back_patching() {
        let mut w = Writer::new();
        let outer = w.begin_length();
        let inner = w.begin_length();
        w.write_raw(&[7; 200]);
        w.end_length(inner);
        w.end_length(outer);
        let b = w.finish().unwrap();
        assert_eq!(&b[..4], [0xca, 0x01, 0xc8, 0x01]);
        assert_eq!(b.len(), 4 + 200);
    }

    #[test]
    fn unknown_fields() {
        let u = UnknownFields::new(0x03, vec![0x02, 0x01]);
        // Bits ORed into the presence byte at its offset, only those of the mask; bytes appended.
        let b = bytes(|w| {
            w.write_byte(0xaa);
            let at = w.len();
            w.write_byte(0x01);
            w.write_byte(0x6e);
            w.write_unknown_fields(&u, at, 0xfe);
        });
        assert_eq!(b, [0xaa, 0x03, 0x6e, 0x02, 0x01]);
        let b = bytes(|w| {
            w.write_byte(0x00);
            w.write_unknown_fields(&u, 0, 0xfc);
        });
        assert_eq!(b, [0x00, 0x02, 0x01]);
        // No free presence bits: the bytes only.
        assert_eq!(
            bytes(|w| {
                w.write_byte(0x00);
                w.write_unknown_bytes(&u);
            }),
            [0x00, 0x02, 0x01]
        );
        // None: nothing written, nothing changed.
        let none = UnknownFields::default();
        assert_eq!(
            bytes(|w| {
                w.write_byte(0x01);
                w.write_unknown_fields(&none, 0, 0xfe);
                w.write_unknown_bytes(&none);
            }),
            [0x01]
        );
    }

    #[test]
    fn depth() {
        let mut w = Writer::new();
        for _ in 0..64 {
            assert!(w.enter());
        }
        assert!(w.check().is_ok());
        assert!(!w.enter());
        assert!(w.check().is_err());
        for _ in 0..64 {
            w.exit();
        }
        assert_eq!(w.depth(), 0);
        w.clear();
        assert!(w.check().is_ok());
        let mut w = Writer::new().with_max_depth(1);
        assert!(w.enter());
        assert!(!w.enter());
    }

    #[test]
    fn lists() {
        assert_eq!(bytes(|w| w.write_bool_list(&[true, false])), [2, 1, 0]);
        assert_eq!(bytes(|w| w.write_i8_list(&[-1, 1])), [2, 0xff, 1]);
        assert_eq!(bytes(|w| w.write_i32_list(&[-1, 64])), [2, 1, 0x80, 1]);
        assert_eq!(bytes(|w| w.write_u16_list(&[])), [0]);
        assert_eq!(bytes(|w| w.write_f32_list(&[-0.0])), [1, 0, 0, 0, 0x80]);
    }
}
