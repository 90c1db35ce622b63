//! [`Reader`]: reads cser-encoded values (SPEC §4–§5) from a byte slice.

use crate::deprecated::DeprecatedFields;
use crate::errors::{DecodeError, DecodeErrorKind};
use crate::limits::{self, DEFAULT_MAX_DEPTH};
use crate::unknown::{UnknownFields, UnknownVariant};
use crate::utf8;
use crate::varint::{decode_varint, VarintError};
use crate::zigzag;

/// Reads cser-encoded values from one message.
///
/// Safe on any input (SPEC §10): every failure is a [`DecodeError`] with the kind and offset
/// the Java runtime reports; lengths and counts are checked against the bytes that remain
/// before anything is allocated; nesting is bounded by [`Reader::enter`]. It never panics.
///
/// A reader holds a current *limit*: the end of the message, or of the record body being read
/// ([`Reader::push_limit`]). No read goes past it. Offsets count from the start of the
/// message, plus a base offset ([`Reader::with_base_offset`], e.g. a frame's stream offset).
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
    limit: usize,
    depth: u32,
    max_depth: u32,
    base_offset: u64,
}

type Result<T> = std::result::Result<T, DecodeError>;

impl<'a> Reader<'a> {
    /// Reads the whole of `buf` as one message.
    pub fn new(buf: &'a [u8]) -> Self {
        Reader {
            buf,
            pos: 0,
            limit: buf.len(),
            depth: 0,
            max_depth: DEFAULT_MAX_DEPTH,
            base_offset: 0,
        }
    }

    /// Sets the maximum nesting depth (default 64, the root value at depth 1; at least 1).
    pub fn with_max_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = max_depth.max(1);
        self
    }

    /// Adds `base_offset` to the offsets of errors (positions stay message-relative).
    pub fn with_base_offset(mut self, base_offset: u64) -> Self {
        self.base_offset = base_offset;
        self
    }

    /// The offset of the next byte from the start of the message.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The offset just past the current message or body.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The bytes left before the current limit.
    pub fn remaining(&self) -> usize {
        self.limit - self.pos
    }

    /// Whether bytes are left before the current limit (a record body may have more fields).
    pub fn has_more(&self) -> bool {
        self.pos < self.limit
    }

    /// The current nesting depth.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    // ---- errors ----------------------------------------------------------------------------

    /// An error of `kind` at the current position (for unknown union tags, duplicate map keys).
    pub fn error(&self, kind: DecodeErrorKind, reason: impl Into<String>) -> DecodeError {
        self.error_at(kind, reason, self.pos)
    }

    /// An error of `kind` at message offset `at`.
    pub fn error_at(
        &self,
        kind: DecodeErrorKind,
        reason: impl Into<String>,
        at: usize,
    ) -> DecodeError {
        DecodeError::new(kind, reason, self.base_offset.saturating_add(at as u64))
    }

    /// Truncation is reported where more input was needed: the current limit.
    #[cold]
    fn truncated(&self, what: &str) -> DecodeError {
        self.error_at(
            DecodeErrorKind::Truncated,
            format!("input ends inside {what}"),
            self.limit,
        )
    }

    #[cold]
    fn out_of_range(&self, at: usize, ty: &str, v: u64) -> DecodeError {
        self.error_at(
            DecodeErrorKind::OutOfRange,
            format!("varint {v} out of range for {ty}"),
            at,
        )
    }

    /// The next `n` bytes, consumed; TRUNCATED if fewer remain.
    #[inline]
    fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8]> {
        if self.limit - self.pos < n {
            return Err(self.truncated(what));
        }
        let s = &self.buf[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    // ---- varints ---------------------------------------------------------------------------

    /// Reads one byte.
    #[inline]
    pub fn read_byte(&mut self) -> Result<u8> {
        if self.pos >= self.limit {
            return Err(self.truncated("a byte"));
        }
        let b = self.buf[self.pos];
        self.pos += 1;
        Ok(b)
    }

    /// Reads a varint as a u64: OVERLONG_VARINT, BAD_VARINT or TRUNCATED if malformed.
    ///
    /// A one-byte varint (below 128: most lengths, counts, tags and small numbers) is read
    /// inline; longer ones, and every error, in `Reader::read_varint_long`.
    #[inline]
    pub fn read_varint(&mut self) -> Result<u64> {
        let p = self.pos;
        if p < self.limit {
            if let Some(&b) = self.buf.get(p) {
                if b < 0x80 {
                    self.pos = p + 1;
                    return Ok(u64::from(b));
                }
            }
        }
        self.read_varint_long()
    }

    /// The rest of [`Reader::read_varint`]: a varint of two bytes or more, or a malformed one.
    #[inline(never)]
    fn read_varint_long(&mut self) -> Result<u64> {
        let p = self.pos;
        match decode_varint(&self.buf[p..self.limit]) {
            Ok((v, n)) => {
                self.pos = p + n;
                Ok(v)
            }
            Err(e) => Err(self.varint_error(p, e)),
        }
    }

    #[cold]
    fn varint_error(&self, p: usize, e: VarintError) -> DecodeError {
        match e {
            VarintError::Truncated => self.truncated("a varint"),
            VarintError::Overlong(i) => self.error_at(
                DecodeErrorKind::OverlongVarint,
                "overlong varint (ends in a 00 byte)",
                p + i,
            ),
            VarintError::Bad(i) => {
                let x = self.buf.get(p + i).copied().unwrap_or(0);
                let reason = if x >= 0x80 {
                    "varint longer than 10 bytes".to_string()
                } else {
                    format!("varint above 2^64-1 (10th byte {x})")
                };
                self.error_at(DecodeErrorKind::BadVarint, reason, p + i)
            }
        }
    }

    // ---- scalars ---------------------------------------------------------------------------

    /// Reads a bool: `00` or `01`, anything else is BAD_BOOL.
    #[inline]
    pub fn read_bool(&mut self) -> Result<bool> {
        if self.pos >= self.limit {
            return Err(self.truncated("a bool"));
        }
        match self.buf[self.pos] {
            0 => {
                self.pos += 1;
                Ok(false)
            }
            1 => {
                self.pos += 1;
                Ok(true)
            }
            x => Err(self.bad_bool(x, self.pos)),
        }
    }

    #[cold]
    fn bad_bool(&self, x: u8, at: usize) -> DecodeError {
        self.error_at(
            DecodeErrorKind::BadBool,
            format!("bool byte {x} is neither 0 nor 1"),
            at,
        )
    }

    /// Reads an i8.
    #[inline]
    pub fn read_i8(&mut self) -> Result<i8> {
        if self.pos >= self.limit {
            return Err(self.truncated("an i8"));
        }
        let b = self.buf[self.pos];
        self.pos += 1;
        Ok(b as i8)
    }

    /// Reads a u8.
    #[inline]
    pub fn read_u8(&mut self) -> Result<u8> {
        if self.pos >= self.limit {
            return Err(self.truncated("a u8"));
        }
        let b = self.buf[self.pos];
        self.pos += 1;
        Ok(b)
    }

    /// Reads a varint that must fit `T`; OUT_OF_RANGE (naming `ty`, the type read) if it does
    /// not. Always inlined, as the body of each `read_*` below was.
    #[inline(always)]
    fn read_varint_as<T: TryFrom<u64>>(&mut self, ty: &str) -> Result<T> {
        let p = self.pos;
        let u = self.read_varint()?;
        T::try_from(u).map_err(|_| self.out_of_range(p, ty, u))
    }

    /// Reads a zigzag i16; OUT_OF_RANGE outside −32768..32767.
    #[inline]
    pub fn read_i16(&mut self) -> Result<i16> {
        self.read_varint_as("i16").map(zigzag::decode_i16)
    }

    /// Reads a u16; OUT_OF_RANGE above 65535.
    #[inline]
    pub fn read_u16(&mut self) -> Result<u16> {
        self.read_varint_as("u16")
    }

    /// Reads a zigzag i32; OUT_OF_RANGE outside the i32 range.
    #[inline]
    pub fn read_i32(&mut self) -> Result<i32> {
        self.read_varint_as("i32").map(zigzag::decode_i32)
    }

    /// Reads a u32; OUT_OF_RANGE above 2³²−1.
    #[inline]
    pub fn read_u32(&mut self) -> Result<u32> {
        self.read_varint_as("u32")
    }

    /// Reads a zigzag i64.
    #[inline]
    pub fn read_i64(&mut self) -> Result<i64> {
        Ok(zigzag::decode_i64(self.read_varint()?))
    }

    /// Reads a u64.
    #[inline]
    pub fn read_u64(&mut self) -> Result<u64> {
        self.read_varint()
    }

    /// Reads an f32 from its little-endian bits, unchanged (NaN payloads kept).
    #[inline]
    pub fn read_f32(&mut self) -> Result<f32> {
        let b = self.take(4, "an f32")?;
        Ok(f32::from_bits(u32::from_le_bytes([b[0], b[1], b[2], b[3]])))
    }

    /// Reads an f64 from its little-endian bits, unchanged (NaN payloads kept).
    #[inline]
    pub fn read_f64(&mut self) -> Result<f64> {
        let b = self.take(8, "an f64")?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(f64::from_bits(u64::from_le_bytes(a)))
    }

    /// Reads an enum number; OUT_OF_RANGE above 2³¹−1.
    #[inline]
    pub fn read_enum(&mut self) -> Result<u32> {
        let p = self.pos;
        let u = self.read_varint()?;
        if u > i32::MAX as u64 {
            return Err(self.out_of_range(p, "an enum", u));
        }
        Ok(u as u32)
    }

    // ---- lengths and counts ----------------------------------------------------------------

    /// Reads a byte length; LENGTH_TOO_LARGE if above the bytes that remain.
    #[inline]
    pub fn read_length(&mut self) -> Result<usize> {
        let p = self.pos;
        let n = self.read_varint()?;
        if !limits::length_fits(n, self.remaining()) {
            return Err(self.length_too_large(p, "length", n));
        }
        Ok(n as usize)
    }

    /// LENGTH_TOO_LARGE for a length or count `n` read at `at`.
    #[cold]
    fn length_too_large(&self, at: usize, what: &str, n: u64) -> DecodeError {
        let left = self.remaining();
        self.error_at(
            DecodeErrorKind::LengthTooLarge,
            format!("{what} {n} exceeds the {left} bytes that remain"),
            at,
        )
    }

    /// The capacity to reserve for a list or map of `n` elements of `E` (an element, or a
    /// map's entry) about to be read: [`limits::capacity_for`] with the bytes that remain
    /// (`n`, unless that would reserve more than [`limits::RESERVE_PER_BYTE`] bytes per
    /// remaining byte).
    #[inline]
    pub fn capacity_for<E>(&self, n: usize) -> usize {
        limits::capacity_for::<E>(n, self.remaining())
    }

    /// Reads an element or entry count; LENGTH_TOO_LARGE if above the bytes that remain
    /// (every element takes at least one byte).
    #[inline]
    pub fn read_count(&mut self) -> Result<usize> {
        self.read_bounded_count(1)
    }

    /// Reads the count of a list or map of optionals; LENGTH_TOO_LARGE if above eight times
    /// the bytes that remain (an absent element takes one presence bit).
    pub fn read_optional_count(&mut self) -> Result<usize> {
        let p = self.pos;
        let n = self.read_varint()?;
        let left = self.remaining();
        if n > limits::max_optional_count(left) {
            return Err(self.error_at(
                DecodeErrorKind::LengthTooLarge,
                format!("count {n} of optionals exceeds 8 x the {left} bytes that remain"),
                p,
            ));
        }
        Ok(n as usize)
    }

    /// Reads a count of elements of at least `width` bytes each (a packed list's exact
    /// width); LENGTH_TOO_LARGE if `count × width` is above the bytes that remain.
    #[inline]
    pub fn read_bounded_count(&mut self, width: usize) -> Result<usize> {
        let p = self.pos;
        let n = self.read_varint()?;
        if !limits::count_fits(n, width, self.remaining()) {
            return Err(self.count_too_large(p, n, width));
        }
        Ok(n as usize)
    }

    /// LENGTH_TOO_LARGE for a count `n` of `width`-byte elements read at `at`.
    #[cold]
    fn count_too_large(&self, at: usize, n: u64, width: usize) -> DecodeError {
        let left = self.remaining();
        let each = if width == 1 {
            String::new()
        } else {
            format!(" of {width}-byte elements")
        };
        self.error_at(
            DecodeErrorKind::LengthTooLarge,
            format!("count {n}{each} exceeds the {left} bytes that remain"),
            at,
        )
    }

    // ---- strings and bytes -----------------------------------------------------------------

    /// Reads a length-prefixed byte string, borrowed from the input.
    #[inline]
    pub fn read_bytes(&mut self) -> Result<&'a [u8]> {
        let n = self.read_length()?;
        let s = &self.buf[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    /// Reads a length-prefixed byte string into a new vector.
    pub fn read_byte_vec(&mut self) -> Result<Vec<u8>> {
        Ok(self.read_bytes()?.to_vec())
    }

    /// Reads a length-prefixed UTF-8 string, borrowed from the input; BAD_UTF8 (at the first
    /// byte of the ill-formed sequence) for anything RFC 3629 does not allow.
    #[inline]
    pub fn read_str(&mut self) -> Result<&'a str> {
        let n = self.read_length()?;
        let start = self.pos;
        let bytes = &self.buf[start..start + n];
        match utf8::decode(bytes) {
            Ok(s) => {
                self.pos = start + n;
                Ok(s)
            }
            Err(e) => Err(self.bad_utf8(start, e)),
        }
    }

    #[cold]
    fn bad_utf8(&self, start: usize, e: std::str::Utf8Error) -> DecodeError {
        self.error_at(
            DecodeErrorKind::BadUtf8,
            utf8::describe(&e),
            start + utf8::error_offset(&e),
        )
    }

    /// Reads a length-prefixed UTF-8 string into a new `String`.
    ///
    /// The bytes are copied first and validated in the copy: the same check as
    /// [`Reader::read_str`], but on a freshly allocated (aligned) buffer, which
    /// `std::str::from_utf8` walks with fewer mispredicted branches than an arbitrary offset of
    /// the input.
    #[inline]
    pub fn read_string(&mut self) -> Result<String> {
        let n = self.read_length()?;
        let start = self.pos;
        let bytes = self.buf[start..start + n].to_vec();
        match utf8::decode_owned(bytes) {
            Ok(s) => {
                self.pos = start + n;
                Ok(s)
            }
            Err(e) => Err(self.bad_utf8(start, e.utf8_error())),
        }
    }

    /// Reads `N` consecutive string fields of a record body (the generated code of a run of
    /// non-optional string fields) as `N` calls of [`Reader::read_string`], each after a
    /// [`Reader::has_more`] check, would: the body ending before a field leaves it and the rest
    /// unchanged. An error comes with the index of its field.
    ///
    /// When all `N` are in the body with one-byte lengths (below 128, so ASCII), their bytes
    /// and lengths are validated as UTF-8 in one pass: that proves each string well-formed and
    /// on char boundaries (an ASCII byte on either side), and one `from_utf8` over the run costs
    /// fewer instructions than `N` over short strings (W2's three: about 300 fewer). Otherwise,
    /// or when the run is not UTF-8, field by field, for the exact BAD_UTF8 offset.
    #[inline]
    pub fn read_string_fields<const N: usize>(
        &mut self,
        mut out: [&mut String; N],
    ) -> std::result::Result<(), (usize, DecodeError)> {
        if self.read_string_run(&mut out) {
            return Ok(());
        }
        for (i, s) in out.into_iter().enumerate() {
            if !self.has_more() {
                return Ok(());
            }
            *s = self.read_string().map_err(|e| (i, e))?;
        }
        Ok(())
    }

    /// The one-pass case of [`Reader::read_string_fields`]; `false` (nothing read, whatever was
    /// written to `out` is overwritten by the caller) when it does not apply.
    #[inline]
    fn read_string_run<const N: usize>(&mut self, out: &mut [&mut String; N]) -> bool {
        let start = self.pos;
        let mut end = start;
        let mut lengths = [0usize; N];
        for length in &mut lengths {
            match self.buf.get(end) {
                Some(&n) if n < 0x80 && end < self.limit => {
                    *length = usize::from(n);
                    end += 1 + usize::from(n);
                }
                _ => return false,
            }
        }
        if end > self.limit {
            return false;
        }
        let Ok(run) = utf8::decode(&self.buf[start..end]) else {
            return false;
        };
        let mut at = 0;
        for (s, &n) in out.iter_mut().zip(&lengths) {
            match run.get(at + 1..at + 1 + n) {
                Some(v) => **s = v.to_owned(),
                None => return false,
            }
            at += 1 + n;
        }
        self.pos = end;
        true
    }

    // ---- bodies, ends, depth, presence -----------------------------------------------------

    /// Limits reading to the next `length` bytes (a record body); returns the previous limit
    /// for [`Reader::pop_limit`]. LENGTH_TOO_LARGE if fewer bytes remain.
    #[inline]
    pub fn push_limit(&mut self, length: usize) -> Result<usize> {
        if length > self.remaining() {
            return Err(self.length_too_large(self.pos, "length", length as u64));
        }
        let old = self.limit;
        self.limit = self.pos + length;
        Ok(old)
    }

    /// Skips what is left of the current body and restores the limit [`Reader::push_limit`]
    /// returned. (A record has read its unknown fields by then: nothing is left.)
    #[inline]
    pub fn pop_limit(&mut self, old_limit: usize) {
        self.pos = self.limit;
        self.limit = old_limit.max(self.pos).min(self.buf.len());
    }

    /// At the end of a message (SPEC §5.8): TRAILING_BYTES unless every byte up to the limit
    /// has been read.
    pub fn expect_end(&self) -> Result<()> {
        if self.pos < self.limit {
            return Err(self.error(
                DecodeErrorKind::TrailingBytes,
                format!("{} bytes after the value", self.limit - self.pos),
            ));
        }
        Ok(())
    }

    /// An optimisation barrier: generated code calls it every 64 fields of a wide record or
    /// struct. Without it LLVM's scalar evolution follows the reader's position through every field of one
    /// function, and at a few hundred fields (SPEC §2.1 allows 1,000) it overflows rustc's stack
    /// in a release build. Past the barrier the reader's position is read afresh, so each stretch of fields
    /// is analysed on its own; the cost is a store and a load per 64 fields.
    #[inline]
    pub fn checkpoint(&mut self) {
        std::hint::black_box(self);
    }

    /// Enters a record, struct or union value; DEPTH_EXCEEDED if deeper than the maximum.
    #[inline]
    pub fn enter(&mut self) -> Result<()> {
        if self.depth >= self.max_depth {
            return Err(self.error(
                DecodeErrorKind::DepthExceeded,
                format!("nesting deeper than the maximum depth {}", self.max_depth),
            ));
        }
        self.depth += 1;
        Ok(())
    }

    /// Leaves the value entered by the matching [`Reader::enter`].
    #[inline]
    pub fn exit(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Checks the presence byte just read for a struct, list or map: bits at or above
    /// `used_bits` (slots that do not exist) must be zero, else BAD_PRESENCE at that byte.
    #[inline]
    pub fn check_presence(&self, presence: u8, used_bits: u32) -> Result<()> {
        if used_bits < 8 && (presence >> used_bits) != 0 {
            return Err(self.error_at(
                DecodeErrorKind::BadPresence,
                format!("presence byte {presence} has bits set beyond its {used_bits} slots"),
                self.pos.saturating_sub(1),
            ));
        }
        Ok(())
    }

    // ---- unknown fields (SPEC §5.5.1) -------------------------------------------------------

    /// At the end of a record body whose last presence byte has free bits: keeps
    /// `presence_bits` (that byte's bits of slots the record does not have) and the bytes left
    /// before the limit (fields of a newer schema) in `into`, unparsed. Costs one test when
    /// there are none.
    #[inline]
    pub fn read_unknown_fields(&mut self, presence_bits: u8, into: &mut UnknownFields) {
        if presence_bits != 0 || self.pos < self.limit {
            *into = self.take_unknown_fields(presence_bits);
        }
    }

    /// At the end of a record body with no free presence bits: keeps the bytes left before the
    /// limit (fields of a newer schema) in `into`, unparsed. Costs one test when there are none.
    #[inline]
    pub fn read_unknown_bytes(&mut self, into: &mut UnknownFields) {
        if self.pos < self.limit {
            *into = self.take_unknown_fields(0);
        }
    }

    /// The unknown fields: `presence_bits` and a copy of the rest of the body, consumed.
    #[cold]
    #[inline(never)]
    fn take_unknown_fields(&mut self, presence_bits: u8) -> UnknownFields {
        let rest = self.buf[self.pos..self.limit].to_vec();
        self.pos = self.limit;
        UnknownFields::new(presence_bits, rest)
    }

    // ---- deprecated fields (SPEC §5.5.1) ----------------------------------------------------

    /// Reads the deprecated field `id` of a record or struct: `read` reads its value as its type
    /// (checking it, as any field's) and the value is dropped, while the bytes it was read from
    /// are kept in `into`, unless they are `zero`: the bytes the field takes when nothing is
    /// kept, its zero value's encoding for a non-optional field. For an optional field, called
    /// only when its presence bit is set, `zero` is empty: every value takes at least one byte
    /// (SPEC §5), so a present value's bytes are always kept, and keeping them is what sets the
    /// bit again ([`DeprecatedFields::contains`]).
    #[inline]
    pub fn read_deprecated<T>(
        &mut self,
        id: u32,
        zero: &[u8],
        into: &mut DeprecatedFields,
        read: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<()> {
        let start = self.pos;
        read(self)?;
        let bytes = &self.buf[start..self.pos];
        into.keep(id, bytes, zero);
        Ok(())
    }

    // ---- union payloads (SPEC §5.7) ---------------------------------------------------------

    /// Reads the payload of a union variant this union knows and whose type is not a record
    /// (a record variant's payload is the record's own length and body, read as any record): a
    /// length (LENGTH_TOO_LARGE if above the bytes that remain), then the value, read by `read`
    /// from exactly those bytes. A value that would run past the payload's end is TRUNCATED (a
    /// string or list whose length passes it, LENGTH_TOO_LARGE); bytes left in the payload after
    /// the value are TRAILING_BYTES. The payload adds no depth.
    #[inline]
    pub fn read_payload<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        let n = self.read_length()?;
        let outer = self.limit;
        self.limit = self.pos + n;
        let value = read(self)?;
        if self.pos < self.limit {
            return Err(self.payload_trailing());
        }
        self.limit = outer;
        Ok(value)
    }

    #[cold]
    fn payload_trailing(&self) -> DecodeError {
        self.error(
            DecodeErrorKind::TrailingBytes,
            format!(
                "{} bytes left in the union variant's payload after its value",
                self.limit - self.pos
            ),
        )
    }

    /// Reads the payload of a union variant whose tag (just read) the union does not have
    /// (SPEC §5.7): its length (LENGTH_TOO_LARGE if above the bytes that remain), then that many
    /// bytes, kept unparsed with the tag. Tag 0 is never a variant: UNKNOWN_UNION_TAG, just
    /// after the tag.
    pub fn read_unknown_variant(&mut self, tag: u32) -> Result<UnknownVariant> {
        if tag == 0 {
            return Err(self.error(
                DecodeErrorKind::UnknownUnionTag,
                "union tag 0: variant ids start at 1",
            ));
        }
        let n = self.read_length()?;
        let payload = &self.buf[self.pos..self.pos + n];
        self.pos += n;
        Ok(UnknownVariant::new(tag, payload))
    }

    // ---- lists -----------------------------------------------------------------------------

    /// Reads a count, then one `00`/`01` byte per element (BAD_BOOL with the element index).
    pub fn read_bool_list(&mut self) -> Result<Vec<bool>> {
        let n = self.read_bounded_count(1)?;
        let p = self.pos;
        let bytes = &self.buf[p..p + n];
        if let Some(i) = bytes.iter().position(|&b| b > 1) {
            return Err(self.bad_bool(bytes[i], p + i).push_index(i as u64));
        }
        self.pos = p + n;
        Ok(bytes.iter().map(|&b| b != 0).collect())
    }

    /// Reads a count, then one byte per element.
    pub fn read_i8_list(&mut self) -> Result<Vec<i8>> {
        Ok(self.read_bytes()?.iter().map(|&b| b as i8).collect())
    }

    /// Reads a count, then that many bytes (u8 shares the encoding of `bytes`).
    pub fn read_u8_list(&mut self) -> Result<Vec<u8>> {
        self.read_byte_vec()
    }

    /// Reads a count, then 4 little-endian bytes per element (count × 4 checked first).
    pub fn read_f32_list(&mut self) -> Result<Vec<f32>> {
        let n = self.read_bounded_count(4)?;
        let p = self.pos;
        let bytes = &self.buf[p..p + 4 * n];
        self.pos = p + 4 * n;
        Ok(bytes
            .chunks_exact(4)
            .map(|c| f32::from_bits(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
            .collect())
    }

    /// Reads a count, then 8 little-endian bytes per element (count × 8 checked first).
    pub fn read_f64_list(&mut self) -> Result<Vec<f64>> {
        let n = self.read_bounded_count(8)?;
        let p = self.pos;
        let bytes = &self.buf[p..p + 8 * n];
        self.pos = p + 8 * n;
        Ok(bytes
            .chunks_exact(8)
            .map(|c| {
                let mut a = [0u8; 8];
                a.copy_from_slice(c);
                f64::from_bits(u64::from_le_bytes(a))
            })
            .collect())
    }

    /// Reads a count, then one zigzag varint per element.
    pub fn read_i16_list(&mut self) -> Result<Vec<i16>> {
        self.read_list(Self::read_i16)
    }

    /// Reads a count, then one varint per element.
    pub fn read_u16_list(&mut self) -> Result<Vec<u16>> {
        self.read_list(Self::read_u16)
    }

    /// Reads a count, then one zigzag varint per element.
    pub fn read_i32_list(&mut self) -> Result<Vec<i32>> {
        self.read_list(Self::read_i32)
    }

    /// Reads a count, then one varint per element.
    pub fn read_u32_list(&mut self) -> Result<Vec<u32>> {
        self.read_list(Self::read_u32)
    }

    /// Reads a count, then one zigzag varint per element.
    pub fn read_i64_list(&mut self) -> Result<Vec<i64>> {
        self.read_list(Self::read_i64)
    }

    /// Reads a count, then one varint per element.
    pub fn read_u64_list(&mut self) -> Result<Vec<u64>> {
        self.read_list(Self::read_u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::writer::Writer;
    use DecodeErrorKind::*;

    fn err<T: std::fmt::Debug>(r: Result<T>) -> (DecodeErrorKind, u64) {
        let e = r.expect_err("expected an error");
        (e.kind(), e.offset())
    }

    #[test]
    fn varints_and_ranges() {
        assert_eq!(
            err(Reader::new(&[0x80, 0x00]).read_u32()),
            (OverlongVarint, 1)
        );
        assert_eq!(
            err(
                Reader::new(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])
                    .read_u64()
            ),
            (BadVarint, 9)
        );
        assert_eq!(
            err(
                Reader::new(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02])
                    .read_u64()
            ),
            (BadVarint, 9)
        );
        assert_eq!(err(Reader::new(&[0xff, 0xff]).read_u64()), (Truncated, 2));
        assert_eq!(err(Reader::new(&[]).read_u64()), (Truncated, 0));
        assert_eq!(
            err(Reader::new(&[0x80, 0x80, 0x04]).read_u16()),
            (OutOfRange, 0)
        );
        assert_eq!(
            err(Reader::new(&[0x80, 0x80, 0x04]).read_i16()),
            (OutOfRange, 0)
        );
        assert_eq!(
            err(Reader::new(&[0x01, 0x80, 0x80, 0x80, 0x80, 0x10]).read_list(Reader::read_i32)),
            (OutOfRange, 1)
        );
        assert_eq!(
            err(Reader::new(&[0x80, 0x80, 0x80, 0x80, 0x08]).read_enum()),
            (OutOfRange, 0)
        );
        assert_eq!(
            err(Reader::new(&[0x80, 0x80, 0x80, 0x80, 0x10]).read_u32()),
            (OutOfRange, 0)
        );
        let mut r = Reader::new(&[0xff, 0xff, 0x03, 0xfe, 0xff, 0x03, 0xff, 0xff, 0x03]);
        assert_eq!(r.read_i16().unwrap(), i16::MIN);
        assert_eq!(r.read_i16().unwrap(), i16::MAX);
        assert_eq!(r.read_u16().unwrap(), u16::MAX);
        r.expect_end().unwrap();
        let max = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
        assert_eq!(Reader::new(&max).read_u64().unwrap(), u64::MAX);
        assert_eq!(Reader::new(&max).read_i64().unwrap(), i64::MIN);
        assert_eq!(
            Reader::new(&[0xfe, 0xff, 0xff, 0xff, 0x0f])
                .read_i32()
                .unwrap(),
            i32::MAX
        );
        assert_eq!(
            Reader::new(&[0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])
                .read_i64()
                .unwrap(),
            i64::MAX
        );
    }

    #[test]
    fn round_trip_scalars() {
        let mut w = Writer::new();
        w.write_bool(true);
        w.write_i8(-128);
        w.write_u8(255);
        w.write_i16(-300);
        w.write_u16(65535);
        w.write_i32(i32::MIN);
        w.write_u32(u32::MAX);
        w.write_i64(i64::MIN);
        w.write_u64(u64::MAX);
        w.write_f32(f32::from_bits(0x7fc0_0001));
        w.write_f64(-0.0);
        w.write_enum(300);
        let b = w.finish().unwrap();
        let mut r = Reader::new(&b);
        assert!(r.read_bool().unwrap());
        assert_eq!(r.read_i8().unwrap(), -128);
        assert_eq!(r.read_u8().unwrap(), 255);
        assert_eq!(r.read_i16().unwrap(), -300);
        assert_eq!(r.read_u16().unwrap(), 65535);
        assert_eq!(r.read_i32().unwrap(), i32::MIN);
        assert_eq!(r.read_u32().unwrap(), u32::MAX);
        assert_eq!(r.read_i64().unwrap(), i64::MIN);
        assert_eq!(r.read_u64().unwrap(), u64::MAX);
        assert_eq!(r.read_f32().unwrap().to_bits(), 0x7fc0_0001);
        assert_eq!(r.read_f64().unwrap().to_bits(), 0x8000_0000_0000_0000);
        assert_eq!(r.read_enum().unwrap(), 300);
        r.expect_end().unwrap();
    }

    #[test]
    fn bools_and_fixed() {
        assert_eq!(err(Reader::new(&[0x02]).read_bool()), (BadBool, 0));
        let e = Reader::new(&[0x02, 0x01, 0x02])
            .read_bool_list()
            .unwrap_err();
        assert_eq!(
            (e.kind(), e.offset(), e.path()),
            (BadBool, 2, "[1]".to_string())
        );
        assert_eq!(
            Reader::new(&[0x02, 0x01, 0x00]).read_bool_list().unwrap(),
            [true, false]
        );
        assert_eq!(err(Reader::new(&[0, 0, 0, 0]).read_f64()), (Truncated, 4));
        assert_eq!(err(Reader::new(&[0, 0, 0]).read_f32()), (Truncated, 3));
        assert_eq!(err(Reader::new(&[]).read_i8()), (Truncated, 0));
        let b = [0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0xf8, 0xff];
        let v = Reader::new(&b).read_f64_list().unwrap();
        assert_eq!(v[0].to_bits(), 0xfff8_0000_0000_0001);
        let b = [0x02, 0x00, 0x00, 0xc0, 0x3f, 0x00, 0x00, 0x00, 0x80];
        let v = Reader::new(&b).read_f32_list().unwrap();
        assert_eq!(v, [1.5, -0.0]);
        assert!(v[1].is_sign_negative());
        assert_eq!(
            Reader::new(&[0x02, 0xff, 0x01]).read_i8_list().unwrap(),
            [-1, 1]
        );
    }

    fn string_message(body: &[u8]) -> Vec<u8> {
        let mut w = Writer::new();
        w.write_bytes(body);
        w.finish().unwrap()
    }

    #[test]
    fn strings() {
        assert_eq!(Reader::new(&[0x00]).read_str().unwrap(), "");
        let b = [0x04, 0xf0, 0x9f, 0x98, 0x80];
        assert_eq!(Reader::new(&b).read_str().unwrap(), "\u{1F600}");
        let big = "é".repeat(1 << 19);
        let mut w = Writer::new();
        w.write_str(&big);
        let b = w.finish().unwrap();
        assert_eq!(b.len(), 3 + (1 << 20));
        let mut r = Reader::new(&b);
        assert_eq!(r.read_string().unwrap(), big);
        r.expect_end().unwrap();
        assert_eq!(
            Reader::new(&[0x03, 0x00, 0xff, 0x10]).read_bytes().unwrap(),
            [0, 0xff, 0x10]
        );
    }

    #[test]
    fn bad_utf8_offsets_match_java() {
        let cases: &[(&[u8], u64)] = &[
            (&[0xc0, 0xaf], 1),                         // overlong '/'
            (&[0xc0, 0x80], 1),                         // overlong NUL (modified UTF-8)
            (&[0xed, 0xa0, 0x80], 1),                   // lone surrogate U+D800 (CESU-8)
            (&[0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80], 1), // surrogate pair (CESU-8)
            (&[0xf4, 0x90, 0x80, 0x80], 1),             // above U+10FFFF
            (&[0xf5, 0x80, 0x80, 0x80], 1),             // invalid lead byte
            (&[0xe0, 0x80, 0x80], 1),                   // overlong 3-byte
            (&[0xf0, 0x80, 0x80, 0x80], 1),             // overlong 4-byte
            (&[0x61, 0xe2, 0x82], 2),                   // truncated at the end
            (&[0x61, 0xe2, 0x82, 0x61], 2),             // missing continuation
            (&[0x61, 0x62, 0x80], 3),                   // stray continuation
            (&[0x61, 0xf0, 0x9f, 0x98], 2),             // truncated 4-byte
        ];
        for &(body, offset) in cases {
            let m = string_message(body);
            assert_eq!(
                err(Reader::new(&m).read_str()),
                (BadUtf8, offset),
                "{body:02x?}"
            );
        }
    }

    /// What `read_string_fields` returned: Ok, or the field's index, the error kind and offset.
    type FieldsResult = std::result::Result<(), (usize, DecodeErrorKind, u64)>;

    /// Three string fields read with `read_string_fields`, from `bytes` limited to `limit`: the
    /// result, the strings and where the reader is after them.
    fn string_fields(bytes: &[u8], limit: usize) -> (FieldsResult, [String; 3], usize) {
        let mut r = Reader::new(bytes);
        r.push_limit(limit).unwrap();
        let mut s: [String; 3] = Default::default();
        let [a, b, c] = &mut s;
        let result = r
            .read_string_fields([a, b, c])
            .map_err(|(i, e)| (i, e.kind(), e.offset()));
        (result, s, r.pos)
    }

    #[test]
    fn a_run_of_string_fields_reads_as_field_by_field() {
        let ok = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        // One pass: ASCII, multi-byte and empty strings.
        let b = [&[2u8, b'a', b'b', 0, 4][..], "\u{e9}\u{e9}".as_bytes()].concat();
        let (res, s, pos) = string_fields(&b, b.len());
        assert_eq!(
            (res, s.to_vec(), pos),
            (Ok(()), ok(&["ab", "", "\u{e9}\u{e9}"]), 9)
        );
        // The body ends after the first field: the others keep their zero values.
        let (res, s, pos) = string_fields(&[1, b'x', 1, b'y'], 2);
        assert_eq!((res, s.to_vec(), pos), (Ok(()), ok(&["x", "", ""]), 2));
        // A length of 128 or more: field by field.
        let mut long = vec![0x80, 0x01];
        long.extend_from_slice(&[b'z'; 128]);
        long.extend_from_slice(&[1, b'p', 0]);
        let (res, s, pos) = string_fields(&long, long.len());
        assert_eq!(res, Ok(()));
        assert_eq!((s[0].len(), &s[1][..], &s[2][..], pos), (128, "p", "", 133));
        // Bytes after the run stay unread.
        let (res, s, pos) = string_fields(&[1, b'a', 1, b'b', 1, b'c', 0xff], 7);
        assert_eq!((res, s.to_vec(), pos), (Ok(()), ok(&["a", "b", "c"]), 6));
    }

    #[test]
    fn a_run_of_string_fields_reports_the_field_and_offset_of_an_error() {
        // Ill-formed UTF-8 in the second field: BAD_UTF8 at its byte, field index 1.
        let (res, _, _) = string_fields(&[1, b'a', 2, b'b', 0x80, 0], 6);
        assert_eq!(res, Err((1, BadUtf8, 4)));
        // A sequence split across two fields is ill-formed in each (the run as a whole is not
        // what is checked): BAD_UTF8 in the first.
        let (res, _, _) = string_fields(&[1, 0xc3, 1, 0xa9, 0], 5);
        assert_eq!(res, Err((0, BadUtf8, 1)));
        // The third field's length runs past the body.
        let (res, _, _) = string_fields(&[1, b'a', 1, b'b', 5, b'c'], 6);
        assert_eq!(res.map_err(|(i, k, _)| (i, k)), Err((2, LengthTooLarge)));
    }

    #[test]
    fn lengths_and_counts() {
        // huge_string: length 2^32-1 with 1 byte left; nothing is allocated.
        let b = [0xff, 0xff, 0xff, 0xff, 0x0f, 0x61];
        assert_eq!(err(Reader::new(&b).read_str()), (LengthTooLarge, 0));
        assert_eq!(err(Reader::new(&b).read_byte_vec()), (LengthTooLarge, 0));
        let b = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
        assert_eq!(err(Reader::new(&b).read_bytes()), (LengthTooLarge, 0));
        assert_eq!(
            err(Reader::new(&b).read_optional_count()),
            (LengthTooLarge, 0)
        );
        // huge_list: count 2^32-1 with 1 byte left.
        let b = [0xff, 0xff, 0xff, 0xff, 0x0f, 0x00];
        assert_eq!(err(Reader::new(&b).read_count()), (LengthTooLarge, 0));
        assert_eq!(err(Reader::new(&b).read_i64_list()), (LengthTooLarge, 0));
        // huge_packed_list: count 9 with 8 bytes left.
        let mut b = vec![0x09];
        b.extend([0u8; 8]);
        assert_eq!(err(Reader::new(&b).read_f64_list()), (LengthTooLarge, 0));
        assert_eq!(
            err(Reader::new(&b[..]).read_f32_list()),
            (LengthTooLarge, 0)
        );
        // huge_optional_list: count 17 with 2 bytes left; 16 is fine.
        assert_eq!(
            err(Reader::new(&[0x11, 0, 0]).read_optional_count()),
            (LengthTooLarge, 0)
        );
        assert_eq!(
            Reader::new(&[0x10, 0, 0]).read_optional_count().unwrap(),
            16
        );
        // A count larger than the bytes of a body, though not of the message.
        let mut r = Reader::new(&[0x01, 0x05, 0x00, 0x00, 0x00]);
        let n = r.read_length().unwrap();
        let old = r.push_limit(n).unwrap();
        assert_eq!(err(r.read_count()), (LengthTooLarge, 1));
        r.pop_limit(old);
        assert_eq!(r.position(), 2);
    }

    #[test]
    fn hostile_counts_reserve_in_proportion_to_the_input() {
        let r = Reader::new(&[0u8; 10]);
        assert_eq!(r.capacity_for::<u8>(10), 10);
        assert_eq!(r.capacity_for::<u64>(10), 10);
        // 32 bytes per remaining byte: 320 bytes, three elements of 100.
        assert_eq!(r.capacity_for::<[u8; 100]>(10), 3);
        assert_eq!(r.capacity_for::<()>(10), 10);
        assert_eq!(Reader::new(&[]).capacity_for::<u8>(5), 0);
    }

    #[test]
    fn read_count_exact() {
        let mut b = vec![0x09];
        b.extend([0u8; 8]);
        let mut r = Reader::new(&b);
        assert_eq!(err(r.read_count()), (LengthTooLarge, 0));
        let mut r = Reader::new(&b[1..]);
        assert_eq!(r.read_count().unwrap(), 0);
    }

    #[test]
    fn limits_and_trailing() {
        // A record of 2 known fields, and a newer writer's third field, then one more byte.
        let b = [0x03, 0x02, 0x04, 0x06, 0x09];
        let mut r = Reader::new(&b);
        let n = r.read_length().unwrap();
        let old = r.push_limit(n).unwrap();
        assert_eq!(r.read_i32().unwrap(), 1);
        assert_eq!(r.read_i32().unwrap(), 2);
        assert!(r.has_more());
        r.pop_limit(old);
        assert_eq!(r.position(), 4);
        assert_eq!(err(r.expect_end()), (TrailingBytes, 4));
        // A field cut in the middle of a body is truncated at the body's end.
        let mut r = Reader::new(&[0x02, 0x02, 0x80, 0x01]);
        let n = r.read_length().unwrap();
        r.push_limit(n).unwrap();
        r.read_i32().unwrap();
        assert_eq!(err(r.read_i32()), (Truncated, 3));
        // A cut message: the length says 3, 2 bytes remain.
        assert_eq!(
            err(Reader::new(&[0x03, 0x02, 0x03]).read_length()),
            (LengthTooLarge, 0)
        );
        let mut r = Reader::new(&[0x00, 0x01]);
        assert_eq!(err(r.push_limit(5)), (LengthTooLarge, 0));
        assert!(r.error(UnknownUnionTag, "tag 4").offset() == 0);
        let r = Reader::new(&[1]).with_base_offset(100);
        assert_eq!(r.error(TrailingBytes, "x").offset(), 100);
    }

    #[test]
    fn unknown_fields_are_the_rest_of_the_body() {
        // An outer body holding a nested body: 03 61 | 02 ff fe | then 07 after the nested one.
        let bytes = [0x07, 0x01, 0x61, 0x03, 0x01, 0xff, 0xfe, 0x07];
        let mut r = Reader::new(&bytes);
        let n = r.read_length().unwrap();
        let outer = r.push_limit(n).unwrap();
        assert_eq!(r.read_str().unwrap(), "a");
        let n = r.read_length().unwrap();
        let inner = r.push_limit(n).unwrap();
        assert_eq!(r.read_byte().unwrap(), 0x01);
        // Kept up to the nested body's end, not beyond.
        let mut u = UnknownFields::default();
        r.read_unknown_fields(0x02, &mut u);
        assert_eq!((u.presence_bits(), u.bytes()), (0x02, &[0xff, 0xfe][..]));
        assert!(!r.has_more());
        r.pop_limit(inner);
        assert_eq!(r.position(), 7);
        // The outer body (no free presence bits): its one byte left.
        let mut u = UnknownFields::default();
        r.read_unknown_bytes(&mut u);
        assert_eq!((u.presence_bits(), u.bytes()), (0, &[0x07][..]));
        r.pop_limit(outer);
        r.expect_end().unwrap();
        // Nothing left and no bits: nothing kept, `into` untouched.
        let mut r = Reader::new(&[0x01]);
        r.read_byte().unwrap();
        let mut u = UnknownFields::new(0x10, vec![9]);
        r.read_unknown_fields(0, &mut u);
        r.read_unknown_bytes(&mut u);
        assert_eq!((u.presence_bits(), u.bytes()), (0x10, &[9][..]));
        // Bits without bytes (a body ending after its last presence byte).
        let mut u = UnknownFields::default();
        r.read_unknown_fields(0x80, &mut u);
        assert_eq!((u.presence_bits(), u.bytes()), (0x80, &[][..]));
    }

    #[test]
    fn deprecated_fields_keep_the_bytes_read() {
        use crate::DeprecatedFields;
        // A deprecated string (zero `00`) holding "pw", then one holding "", then a present
        // optional (zero: nothing) holding 0.
        let bytes = [0x02, 0x70, 0x77, 0x00, 0x00];
        let mut r = Reader::new(&bytes);
        let mut kept = DeprecatedFields::default();
        r.read_deprecated(2, &[0x00], &mut kept, |r| r.read_string())
            .unwrap();
        r.read_deprecated(3, &[0x00], &mut kept, |r| r.read_string())
            .unwrap();
        r.read_deprecated(4, &[], &mut kept, |r| r.read_i64())
            .unwrap();
        r.expect_end().unwrap();
        assert_eq!(
            kept.iter().collect::<Vec<_>>(),
            [(2, &[0x02, 0x70, 0x77][..]), (4, &[0x00][..])]
        );
        // Checked as its type: a bad value fails, where it is, and nothing is kept.
        let mut r = Reader::new(&[0x02, 0xff, 0xfe]);
        let mut kept = DeprecatedFields::default();
        let e = r
            .read_deprecated(2, &[0x00], &mut kept, |r| r.read_string())
            .unwrap_err();
        assert_eq!((e.kind(), e.offset()), (DecodeErrorKind::BadUtf8, 1));
        assert!(kept.is_empty());
        let e = Reader::new(&[0x05, 0x61])
            .read_deprecated(2, &[0x00], &mut kept, |r| r.read_string())
            .unwrap_err();
        assert_eq!(e.kind(), DecodeErrorKind::LengthTooLarge);
        assert!(kept.is_empty());
    }

    /// A union value of SPEC §13.13's `Shape` as generated code reads it: 2 `rect` (a struct of
    /// two i32s) and 3 `label` (a string) in a payload, any other tag an unknown variant.
    fn read_shape(r: &mut Reader<'_>) -> Result<String> {
        r.enter()?;
        let tag = r.read_u32()?;
        let v = match tag {
            2 => r.read_payload(|r| Ok(format!("rect({}, {})", r.read_i32()?, r.read_i32()?))),
            3 => r.read_payload(|r| r.read_string()),
            _ => r
                .read_unknown_variant(tag)
                .map(|u| format!("unknown({}; {:02x?})", u.tag(), u.payload())),
        }?;
        r.exit();
        Ok(v)
    }

    fn shape(bytes: &[u8]) -> Result<String> {
        let mut r = Reader::new(bytes);
        let v = read_shape(&mut r)?;
        r.expect_end()?;
        Ok(v)
    }

    #[test]
    fn union_payloads() {
        assert_eq!(shape(&[0x02, 0x02, 0x06, 0x08]).unwrap(), "rect(3, 4)");
        assert_eq!(shape(&[0x03, 0x03, 0x02, b'h', b'i']).unwrap(), "hi");
        // union_payload_short: the payload ends before h.
        assert_eq!(err(shape(&[0x02, 0x01, 0x06, 0x08])), (Truncated, 3));
        // union_payload_trailing: a byte left in the payload after the value.
        assert_eq!(
            err(shape(&[0x02, 0x03, 0x06, 0x08, 0x00])),
            (TrailingBytes, 4)
        );
        // A string whose length passes the payload's end, though not the message's.
        assert_eq!(
            err(shape(&[0x03, 0x02, 0x02, b'h', b'i'])),
            (LengthTooLarge, 2)
        );
        // The payload's length passes the message's end.
        assert_eq!(
            err(shape(&[0x03, 0x04, 0x02, b'h', b'i'])),
            (LengthTooLarge, 1)
        );
        // After the payload, the reader is back at the outer limit.
        let bytes = [0x02, 0x02, 0x06, 0x08, 0x07];
        let mut r = Reader::new(&bytes);
        assert_eq!(read_shape(&mut r).unwrap(), "rect(3, 4)");
        assert_eq!((r.position(), r.limit()), (4, 5));
        assert_eq!(r.read_u8().unwrap(), 7);
        r.expect_end().unwrap();
        // A payload of 128 bytes or more: a two-byte length.
        let long = "x".repeat(200);
        let mut w = Writer::new();
        w.write_u32(3);
        w.write_payload(|w| w.write_str(&long));
        let bytes = w.finish().unwrap();
        assert_eq!(&bytes[..4], &[0x03, 0xca, 0x01, 0xc8]);
        assert_eq!(shape(&bytes).unwrap(), long);
    }

    #[test]
    fn unknown_variants() {
        // shape_unknown: tag 4, a payload of 3 bytes kept unparsed.
        let bytes = [0x04, 0x03, 0x02, 0x6f, 0x6b];
        assert_eq!(shape(&bytes).unwrap(), "unknown(4; [02, 6f, 6b])");
        let mut r = Reader::new(&bytes);
        let tag = r.read_u32().unwrap();
        let u = r.read_unknown_variant(tag).unwrap();
        r.expect_end().unwrap();
        let mut w = Writer::new();
        w.write_u32(u.tag());
        w.write_unknown_payload(&u, 3);
        assert_eq!(w.finish().unwrap(), bytes);
        // The payload is not parsed: anything goes, an empty one too.
        assert_eq!(
            shape(&[0x09, 0x02, 0xff, 0xff]).unwrap(),
            "unknown(9; [ff, ff])"
        );
        assert_eq!(shape(&[0x09, 0x00]).unwrap(), "unknown(9; [])");
        // The largest tag a union holds.
        let max = [0xff, 0xff, 0xff, 0xff, 0x0f, 0x01, 0xab];
        assert_eq!(shape(&max).unwrap(), "unknown(4294967295; [ab])");
        // unknown_variant_too_long: length 5 with 1 byte left.
        assert_eq!(err(shape(&[0x04, 0x05, 0x00])), (LengthTooLarge, 1));
        // Cut anywhere: truncated or too long, never a shorter value.
        for cut in 0..bytes.len() {
            assert!(shape(&bytes[..cut]).is_err(), "{cut}");
        }
        // Bytes after it are the message's, not the payload's.
        assert_eq!(err(shape(&[0x04, 0x01, 0x00, 0x00])), (TrailingBytes, 3));
        // union_tag_zero: never a variant.
        assert_eq!(err(shape(&[0x00])), (UnknownUnionTag, 1));
        assert_eq!(err(shape(&[0x00, 0x00])), (UnknownUnionTag, 1));
        // A tag above 2^32-1 is out of range for a union.
        assert_eq!(
            err(shape(&[0x80, 0x80, 0x80, 0x80, 0x10, 0x00])),
            (OutOfRange, 0)
        );
        // The payload adds no depth: an unknown variant at the maximum depth reads.
        let mut r = Reader::new(&bytes).with_max_depth(1);
        assert_eq!(read_shape(&mut r).unwrap(), "unknown(4; [02, 6f, 6b])");
        let mut r = Reader::new(&[0x03, 0x01, 0x00]).with_max_depth(1);
        assert_eq!(read_shape(&mut r).unwrap(), "");
        let mut r = Reader::new(&bytes).with_max_depth(1);
        r.enter().unwrap();
        assert_eq!(err(read_shape(&mut r)), (DepthExceeded, 0));
    }

    #[test]
    fn depth() {
        let mut r = Reader::new(&[]);
        for _ in 0..64 {
            r.enter().unwrap();
        }
        assert_eq!(err(r.enter()), (DepthExceeded, 0));
        for _ in 0..64 {
            r.exit();
        }
        assert_eq!(r.depth(), 0);
        let mut r = Reader::new(&[]).with_max_depth(2);
        r.enter().unwrap();
        r.enter().unwrap();
        assert!(r.enter().is_err());
    }

    #[test]
    fn presence() {
        let mut r = Reader::new(&[0x00, 0x00, 0xc0, 0x3f, 0x02]);
        r.read_f32().unwrap();
        let p = r.read_byte().unwrap();
        assert_eq!(err(r.check_presence(p, 1)), (BadPresence, 4));
        r.check_presence(0x01, 1).unwrap();
        r.check_presence(0xff, 8).unwrap();
        r.check_presence(0xff, 9).unwrap();
        assert!(r.check_presence(0x80, 7).is_err());
        assert!(r.check_presence(0x01, 0).is_err());
    }

    /// Xorshift64*: a tiny deterministic generator, no crates.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
        }
    }

    /// Drives a reader through reads chosen by `ops` until one fails or the input ends.
    fn drive(input: &[u8], rng: &mut Rng) {
        let mut r = Reader::new(input).with_max_depth(4);
        let mut limits = Vec::new();
        for _ in 0..64 {
            let res: Result<()> = match rng.next() % 28 {
                26 => r.read_payload(|r| r.read_i32().map(drop)),
                27 => r
                    .read_u32()
                    .and_then(|tag| r.read_unknown_variant(tag))
                    .map(drop),
                0 => r.read_bool().map(drop),
                1 => r.read_i8().map(drop),
                2 => r.read_u8().map(drop),
                3 => r.read_i16().map(drop),
                4 => r.read_u16().map(drop),
                5 => r.read_i32().map(drop),
                6 => r.read_u32().map(drop),
                7 => r.read_i64().map(drop),
                8 => r.read_u64().map(drop),
                9 => r.read_f32().map(drop),
                10 => r.read_f64().map(drop),
                11 => r.read_enum().map(drop),
                12 => r.read_str().map(drop),
                13 => r.read_bytes().map(drop),
                14 => r.read_bool_list().map(drop),
                15 => r.read_f32_list().map(drop),
                16 => r.read_f64_list().map(drop),
                17 => r.read_i32_list().map(drop),
                18 => r.read_optional_count().map(drop),
                19 => r.read_count().map(drop),
                20 => r
                    .read_length()
                    .and_then(|n| r.push_limit(n))
                    .map(|old| limits.push(old)),
                21 => {
                    if let Some(old) = limits.pop() {
                        r.pop_limit(old);
                    }
                    Ok(())
                }
                22 => r.enter(),
                23 => {
                    r.exit();
                    Ok(())
                }
                24 => r.read_byte().and_then(|p| r.check_presence(p, 3)),
                _ => r.expect_end(),
            };
            if let Err(e) = res {
                // Every error points inside (or just past) the input.
                assert!(e.offset() <= input.len() as u64, "{e}");
                let _ = e.to_string();
                return;
            }
            assert!(r.position() <= r.limit() && r.limit() <= input.len());
        }
    }

    #[test]
    fn never_panics_on_random_input() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let len = (rng.next() % 40) as usize;
            let input: Vec<u8> = (0..len)
                .map(|_| {
                    // Bias toward the interesting bytes: 00, 01, 7f, 80, ff.
                    let x = rng.next();
                    match x % 4 {
                        0 => [0x00, 0x01, 0x7f, 0x80, 0xff][(x >> 8) as usize % 5],
                        _ => (x >> 16) as u8,
                    }
                })
                .collect();
            drive(&input, &mut rng);
        }
    }
}
