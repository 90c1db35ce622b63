//! Streams (SPEC §8): a 21-byte header, then any number of length-prefixed frames.

use std::fmt;
use std::io::{self, Read, Write};
use std::marker::PhantomData;
use std::sync::Arc;

use crate::canonical::Canonical;
use crate::errors::{DecodeError, DecodeErrorKind, EncodeError};
use crate::known_schemas::{compare_with, KnownSchemas};
use crate::limits::{DEFAULT_MAX_DEPTH, DEFAULT_MAX_MESSAGE_SIZE};
use crate::reader::Reader;
use crate::schema_text::{SchemaText, SchemaTextError};
use crate::varint::{decode_varint, encode_varint, VarintError};
use crate::writer::Writer;

/// The four magic bytes of a stream, `"CSER"`.
pub const MAGIC: [u8; 4] = *b"CSER";
/// The format version this runtime reads and writes (SPEC §8): 2, where a union value is a tag
/// and a length-delimited payload. A stream of any other version is rejected (BAD_STREAM_HEADER):
/// version 1's union values would misread, not fail.
pub const VERSION: u8 = 2;
/// The length of a stream header in bytes.
pub const HEADER_LEN: usize = 21;
/// Offset of the type id within the header.
pub const TYPE_ID_OFFSET: usize = 5;
/// Offset of the fingerprint within the header.
pub const FINGERPRINT_OFFSET: usize = 13;

const BUFFER_SIZE: usize = 1 << 16;

/// A root type as streams see it. The generated code implements it for every record, struct
/// and union.
///
/// It reads and writes a frame's *content* (SPEC §8): for a record, its **body** (no length
/// prefix, so the frame is byte for byte the record's message); for a struct or union, its
/// whole message.
pub trait Message: Sized {
    /// The qualified schema name, e.g. `sakai.content.ContentResource`.
    const TYPE_NAME: &'static str;
    /// The stream type id: the first 8 bytes, little-endian, of SHA-256 of [`Self::TYPE_NAME`].
    const TYPE_ID: u64;
    /// The schema fingerprint: the first 8 bytes, little-endian, of SHA-256 of the canonical
    /// text (SPEC §8.1).
    const FINGERPRINT: u64;

    /// Appends the frame content of `self`: a record's body, a struct's or union's message.
    /// Failures (too deep a value) are recorded in `w` ([`Writer::check`]).
    fn encode_content(&self, w: &mut Writer);

    /// Reads one frame's content; `r`'s limit is the end of the frame. A record reads the
    /// fields it knows and keeps the rest as its unknown fields (SPEC §5.5.1); a struct or
    /// union must reject bytes after its value ([`Reader::expect_end`], TRAILING_BYTES).
    fn decode_content(r: &mut Reader<'_>) -> Result<Self, DecodeError>;
}

/// What reading or writing a stream can fail with.
#[derive(Debug)]
pub enum StreamError {
    /// The underlying reader or writer failed.
    Io(io::Error),
    /// A bad header, a bad frame, or a message that does not decode. Offsets count from the
    /// start of the stream.
    Decode(DecodeError),
    /// A value that cannot be encoded (nothing of it was written).
    Encode(EncodeError),
}

impl StreamError {
    /// The decode error kind, if this is a decode error.
    pub fn decode_kind(&self) -> Option<DecodeErrorKind> {
        match self {
            StreamError::Decode(e) => Some(e.kind()),
            _ => None,
        }
    }
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Io(e) => write!(f, "stream I/O error: {e}"),
            StreamError::Decode(e) => e.fmt(f),
            StreamError::Encode(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StreamError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StreamError::Io(e) => Some(e),
            StreamError::Decode(e) => Some(e),
            StreamError::Encode(e) => Some(e),
        }
    }
}

impl From<io::Error> for StreamError {
    fn from(e: io::Error) -> Self {
        StreamError::Io(e)
    }
}

impl From<DecodeError> for StreamError {
    fn from(e: DecodeError) -> Self {
        StreamError::Decode(e)
    }
}

impl From<EncodeError> for StreamError {
    fn from(e: EncodeError) -> Self {
        StreamError::Encode(e)
    }
}

/// The header of a stream of the given type, written by the given schema.
pub fn encode_header(type_id: u64, fingerprint: u64) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[..4].copy_from_slice(&MAGIC);
    h[4] = VERSION;
    h[TYPE_ID_OFFSET..FINGERPRINT_OFFSET].copy_from_slice(&type_id.to_le_bytes());
    h[FINGERPRINT_OFFSET..].copy_from_slice(&fingerprint.to_le_bytes());
    h
}

fn u64_le(b: &[u8]) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[..8]);
    u64::from_le_bytes(a)
}

// ---- writer ------------------------------------------------------------------------------

/// Writes a stream: the header, then one frame per message.
///
/// Bytes are gathered in a 64 KiB buffer, so `out` may be unbuffered. The header is buffered
/// on construction, so even a stream of no messages has one once flushed. Dropping the writer
/// flushes it (ignoring errors); call [`StreamWriter::finish`] to see them.
pub struct StreamWriter<W: Write, M: Message> {
    out: Option<W>,
    message: Writer,
    buf: Vec<u8>,
    record_count: u64,
    _type: PhantomData<fn(&M)>,
}

impl<W: Write, M: Message> StreamWriter<W, M> {
    /// Starts a stream of `M` on `out`.
    pub fn new(out: W) -> Self {
        let mut buf = Vec::with_capacity(BUFFER_SIZE);
        buf.extend_from_slice(&encode_header(M::TYPE_ID, M::FINGERPRINT));
        StreamWriter {
            out: Some(out),
            message: Writer::with_capacity(1024),
            buf,
            record_count: 0,
            _type: PhantomData,
        }
    }

    /// Sets the maximum nesting depth of the messages written (default 64).
    pub fn with_max_depth(mut self, max_depth: u32) -> Self {
        self.message = std::mem::take(&mut self.message).with_max_depth(max_depth);
        self
    }

    /// The number of messages written so far.
    pub fn record_count(&self) -> u64 {
        self.record_count
    }

    fn out(&mut self) -> &mut W {
        self.out
            .as_mut()
            .expect("the output is only taken by finish")
    }

    /// Appends one message. A value that fails to encode writes nothing.
    pub fn write(&mut self, value: &M) -> Result<(), StreamError> {
        self.message.clear();
        value.encode_content(&mut self.message);
        self.message.check()?;
        let len = self.message.len();
        encode_varint(len as u64, &mut self.buf);
        if self.buf.len() + len > BUFFER_SIZE {
            self.flush_buffer()?;
        }
        if len >= BUFFER_SIZE {
            // Larger than the whole buffer: send it as it is, without a copy.
            let out = self
                .out
                .as_mut()
                .expect("the output is only taken by finish");
            out.write_all(self.message.as_slice())?;
        } else {
            self.buf.extend_from_slice(self.message.as_slice());
        }
        self.record_count += 1;
        Ok(())
    }

    fn flush_buffer(&mut self) -> io::Result<()> {
        if !self.buf.is_empty() {
            let buf = std::mem::take(&mut self.buf);
            let r = self.out().write_all(&buf);
            self.buf = buf;
            self.buf.clear();
            r?;
        }
        Ok(())
    }

    /// Writes out everything buffered and flushes the output.
    pub fn flush(&mut self) -> io::Result<()> {
        self.flush_buffer()?;
        self.out().flush()
    }

    /// Flushes and returns the output.
    pub fn finish(mut self) -> io::Result<W> {
        self.flush()?;
        Ok(self.out.take().expect("the output is only taken by finish"))
    }
}

impl<W: Write, M: Message> Drop for StreamWriter<W, M> {
    fn drop(&mut self) {
        if self.out.is_some() {
            let _ = self.flush();
        }
    }
}

// ---- reader ------------------------------------------------------------------------------

/// Reads a stream: checks the header, then decodes one message per frame.
///
/// Input is read in 64 KiB chunks. The buffer grows only as bytes actually arrive, so a frame
/// that declares a huge length and then ends costs no more memory than its bytes; a frame
/// longer than the maximum message size (default 64 MiB) is rejected before anything is read.
///
/// The header is read on the first [`StreamReader::read`]. A message that fails to decode does
/// not break the framing: the frame is consumed, and the next read goes on with the next frame.
/// Errors in the framing (a truncated frame, a frame above the maximum size, a malformed frame
/// length, a bad header) end the stream: every later read returns the same error. As an
/// iterator it yields `Result<M, StreamError>` and stops after a framing error.
///
/// A decode error in a frame names where it happened: its offset counts from the start of the
/// stream, and its [context](DecodeError::context), also part of its `Display`, is
/// `record INDEX, frame at stream offset OFFSET`, the index of the record (counting from 0,
/// bad ones included) and the offset of its frame's length. A stream cut short therefore
/// yields every complete record before the cut, then TRUNCATED at the end of the input.
pub struct StreamReader<R: Read, M: Message> {
    input: R,
    /// Bytes read but not consumed are `buf[pos..end]`.
    buf: Vec<u8>,
    pos: usize,
    end: usize,
    /// The stream offset of `buf[0]`.
    buf_start: u64,
    eof: bool,
    header_read: bool,
    broken: Option<DecodeError>,
    /// An I/O error interrupted a frame: the framing is lost.
    io_failed: bool,
    done: bool,
    writer_fingerprint: u64,
    record_index: u64,
    max_message_size: usize,
    max_depth: u32,
    require_fingerprint: bool,
    schema_check: Option<SchemaCheck>,
    _type: PhantomData<fn() -> M>,
}

/// What a stream reader compares a writer's schema with its own by (SPEC §9.1): set by the
/// methods that need `M: Canonical`, which also fill in the two functions of `M`.
struct SchemaCheck {
    /// The writer's schema given directly.
    writer: Option<Arc<SchemaText>>,
    known: Option<Arc<KnownSchemas>>,
    require_known: bool,
    /// The first difference between a writer's schema and `M`'s.
    compare: fn(&SchemaText) -> Option<String>,
    /// [`KnownSchemas::verdict`] for `M`.
    verdict: fn(&KnownSchemas, u64) -> Option<Option<String>>,
}

impl SchemaCheck {
    /// Whether the writer of `fingerprint` (not the reader's own) may be read: the reason it
    /// may not as an INCOMPATIBLE_SCHEMA error.
    fn check(&self, fingerprint: u64) -> Result<(), DecodeError> {
        let verdict = match &self.writer {
            Some(w) if w.fingerprint() == fingerprint => Some((self.compare)(w)),
            _ => self
                .known
                .as_deref()
                .and_then(|k| (self.verdict)(k, fingerprint)),
        };
        let reason = match verdict {
            Some(None) => return Ok(()),
            Some(Some(difference)) => format!(
                "the writer's schema (fingerprint {fingerprint:016x}) is not compatible with \
                 the reader's (SPEC §9.1): {difference}"
            ),
            None if self.require_known => format!(
                "stream written by schema fingerprint {fingerprint:016x}, which this reader \
                 does not know"
            ),
            None => return Ok(()),
        };
        Err(DecodeError::new(
            DecodeErrorKind::IncompatibleSchema,
            reason,
            FINGERPRINT_OFFSET as u64,
        ))
    }
}

impl<R: Read, M: Message> StreamReader<R, M> {
    /// Reads a stream of `M` from `input`.
    pub fn new(input: R) -> Self {
        StreamReader {
            input,
            buf: Vec::new(),
            pos: 0,
            end: 0,
            buf_start: 0,
            eof: false,
            header_read: false,
            broken: None,
            io_failed: false,
            done: false,
            writer_fingerprint: 0,
            record_index: 0,
            max_message_size: DEFAULT_MAX_MESSAGE_SIZE,
            max_depth: DEFAULT_MAX_DEPTH,
            require_fingerprint: false,
            schema_check: None,
            _type: PhantomData,
        }
    }

    /// Sets the largest frame accepted (default 64 MiB); longer ones are MESSAGE_TOO_LARGE.
    pub fn with_max_message_size(mut self, max: usize) -> Self {
        self.max_message_size = max;
        self
    }

    /// Sets the maximum nesting depth of each message (default 64).
    pub fn with_max_depth(mut self, max_depth: u32) -> Self {
        self.max_depth = max_depth.max(1);
        self
    }

    /// Whether to reject (WRONG_TYPE) a stream written with another schema fingerprint than
    /// `M`'s. Off by default: a compatible older or newer schema may have written it (§9).
    pub fn require_fingerprint(mut self, require: bool) -> Self {
        self.require_fingerprint = require;
        self
    }

    /// The fingerprint of the schema that wrote the stream (reads the header if not yet read).
    pub fn writer_fingerprint(&mut self) -> Result<u64, StreamError> {
        self.read_header()?;
        Ok(self.writer_fingerprint)
    }

    /// The index of the next record: the number of frames consumed so far.
    pub fn record_index(&self) -> u64 {
        self.record_index
    }

    /// Returns the underlying reader (bytes already buffered are lost).
    pub fn into_inner(self) -> R {
        self.input
    }

    /// Reads the next message: `Ok(None)` at the end of the stream (end of input on a frame
    /// boundary). Decode error offsets count from the start of the stream.
    pub fn read(&mut self) -> Result<Option<M>, StreamError> {
        if self.io_failed {
            return Err(StreamError::Io(io::Error::other(
                "the stream failed earlier on an I/O error",
            )));
        }
        self.read_header()
            .inspect_err(|e| self.io_failed = matches!(e, StreamError::Io(_)))?;
        let index = self.record_index;
        let frame_start = self.buf_start + self.pos as u64;
        let len = match self.read_frame(frame_start) {
            Ok(Some(len)) => len,
            Ok(None) => return Ok(None),
            Err(StreamError::Decode(mut e)) => {
                e.set_context(format!(
                    "record {index}, frame at stream offset {frame_start}"
                ));
                self.broken = Some(e.clone());
                return Err(StreamError::Decode(e));
            }
            Err(e) => {
                self.io_failed = true;
                return Err(e);
            }
        };
        let body = self.pos;
        // Consume the frame before decoding: a bad message leaves the framing intact.
        self.pos += len;
        self.record_index += 1;
        let mut r = Reader::new(&self.buf[body..body + len])
            .with_max_depth(self.max_depth)
            .with_base_offset(self.buf_start + body as u64);
        match M::decode_content(&mut r) {
            Ok(m) => Ok(Some(m)),
            Err(mut e) => {
                e.set_context(format!(
                    "record {index}, frame at stream offset {frame_start}"
                ));
                Err(StreamError::Decode(e))
            }
        }
    }

    /// Reads a frame's length and makes its content available at `pos`; `None` at a clean end.
    fn read_frame(&mut self, frame_start: u64) -> Result<Option<usize>, StreamError> {
        self.shrink_buffer();
        if !self.fill(1)? {
            return Ok(None);
        }
        let length = loop {
            match decode_varint(&self.buf[self.pos..self.end]) {
                Ok((v, n)) => {
                    self.pos += n;
                    break v;
                }
                Err(VarintError::Truncated) => {
                    if !self.fill(self.end - self.pos + 1)? {
                        return Err(self.truncated("stream ends inside a frame length").into());
                    }
                }
                Err(VarintError::Overlong(i)) => {
                    let kind = DecodeErrorKind::OverlongVarint;
                    let at = frame_start + i as u64;
                    return Err(DecodeError::new(kind, "overlong frame length", at).into());
                }
                Err(VarintError::Bad(i)) => {
                    let kind = DecodeErrorKind::BadVarint;
                    let at = frame_start + i as u64;
                    return Err(DecodeError::new(kind, "frame length varint too long", at).into());
                }
            }
        };
        if length > self.max_message_size as u64 {
            return Err(DecodeError::new(
                DecodeErrorKind::MessageTooLarge,
                format!(
                    "frame length {length} exceeds the maximum message size {}",
                    self.max_message_size
                ),
                frame_start,
            )
            .into());
        }
        let len = length as usize;
        if !self.fill(len)? {
            return Err(self
                .truncated(&format!("stream ends inside a frame of {len} bytes"))
                .into());
        }
        Ok(Some(len))
    }

    /// Truncation in a stream is reported at the end of the input.
    fn truncated(&self, reason: &str) -> DecodeError {
        DecodeError::new(
            DecodeErrorKind::Truncated,
            reason,
            self.buf_start + self.end as u64,
        )
    }

    fn read_header(&mut self) -> Result<(), StreamError> {
        if let Some(e) = &self.broken {
            return Err(StreamError::Decode(e.clone()));
        }
        if self.header_read {
            return Ok(());
        }
        let complete = self.fill(HEADER_LEN)?;
        // pos is 0 here: the header is the first thing read.
        let have = self.end.min(5);
        let expected = [MAGIC[0], MAGIC[1], MAGIC[2], MAGIC[3], VERSION];
        let bad = (0..have).find(|&i| self.buf[i] != expected[i]);
        let result = if let Some(i) = bad {
            let reason = if i == 4 {
                format!(
                    "a stream of format version {}, not {VERSION}: this runtime reads only \
                     format version {VERSION}",
                    self.buf[4]
                )
            } else {
                format!("not a cser stream of format version {VERSION} (bad magic)")
            };
            Err(DecodeError::new(
                DecodeErrorKind::BadStreamHeader,
                reason,
                i as u64,
            ))
        } else if !complete {
            Err(DecodeError::new(
                DecodeErrorKind::Truncated,
                format!("stream ends inside its {HEADER_LEN}-byte header"),
                self.end as u64,
            ))
        } else {
            let type_id = u64_le(&self.buf[TYPE_ID_OFFSET..]);
            let fingerprint = u64_le(&self.buf[FINGERPRINT_OFFSET..]);
            if type_id != M::TYPE_ID {
                Err(DecodeError::new(
                    DecodeErrorKind::WrongType,
                    format!(
                        "stream holds type id {type_id:016x}, not {} ({:016x})",
                        M::TYPE_NAME,
                        M::TYPE_ID
                    ),
                    TYPE_ID_OFFSET as u64,
                ))
            } else if self.require_fingerprint && fingerprint != M::FINGERPRINT {
                Err(DecodeError::new(
                    DecodeErrorKind::WrongType,
                    format!(
                        "stream written by schema fingerprint {fingerprint:016x}, this reader requires {:016x}",
                        M::FINGERPRINT
                    ),
                    FINGERPRINT_OFFSET as u64,
                ))
            } else if let Some(check) = self
                .schema_check
                .as_ref()
                .filter(|_| fingerprint != M::FINGERPRINT)
            {
                self.writer_fingerprint = fingerprint;
                check.check(fingerprint)
            } else {
                self.writer_fingerprint = fingerprint;
                Ok(())
            }
        };
        match result {
            Ok(()) => {
                self.pos += HEADER_LEN;
                self.header_read = true;
                Ok(())
            }
            Err(e) => {
                self.broken = Some(e.clone());
                Err(StreamError::Decode(e))
            }
        }
    }

    /// Makes at least `n` unconsumed bytes available, reading as needed; `false` if the input
    /// ends first.
    fn fill(&mut self, n: usize) -> io::Result<bool> {
        while self.end - self.pos < n {
            if self.eof {
                return Ok(false);
            }
            if self.end == self.buf.len() {
                if self.pos > 0 {
                    self.compact();
                } else {
                    // The buffer is full of bytes that really arrived: growing now at most
                    // doubles what the input has sent, whatever length a frame declares.
                    let grown = self
                        .buf
                        .len()
                        .saturating_mul(2)
                        .clamp(BUFFER_SIZE, n.max(BUFFER_SIZE));
                    self.buf.resize(grown.max(self.buf.len() + 1), 0);
                }
            }
            match self.input.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(false);
                }
                Ok(r) => self.end += r.min(self.buf.len() - self.end),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        Ok(true)
    }

    fn compact(&mut self) {
        self.buf.copy_within(self.pos..self.end, 0);
        self.buf_start += self.pos as u64;
        self.end -= self.pos;
        self.pos = 0;
    }

    /// Gives back the memory of a large message once the bytes left fit the normal buffer.
    fn shrink_buffer(&mut self) {
        if self.buf.len() > BUFFER_SIZE && self.end - self.pos <= BUFFER_SIZE / 2 {
            self.compact();
            self.buf.truncate(BUFFER_SIZE);
            self.buf.shrink_to_fit();
        }
    }

    #[cfg(test)]
    fn buffer_len(&self) -> usize {
        self.buf.len()
    }
}

/// Reading with the writer's schema (SPEC §9.1): these need the reader's own canonical text,
/// which generated types carry ([`Canonical`]).
impl<R: Read, M: Message + Canonical> StreamReader<R, M> {
    /// Gives the writer's schema, its canonical text (SPEC §8.1): a stream of its fingerprint
    /// whose schema is not `M`'s is compared with `M`'s before any frame is read, and rejected
    /// (INCOMPATIBLE_SCHEMA, offset 13, naming the first difference) if the writer's bytes
    /// would mean something else to this reader. The text stands for the fingerprint computed
    /// from it: a stream of another fingerprint is looked up in the known schemas, if any
    /// ([`Self::with_known_schemas`]). A text that is not canonical is an error here.
    pub fn with_writer_schema(mut self, text: &str) -> Result<Self, SchemaTextError> {
        let parsed = SchemaText::parse(text)?;
        self.schema_check().writer = Some(Arc::new(parsed));
        Ok(self)
    }

    /// Looks the stream's fingerprint up in a set of known schemas (SPEC §9.1): a writer found
    /// there is compared with `M` as by [`Self::with_writer_schema`], the verdict cached in the
    /// set for the next reader. A fingerprint not found is read as before, unless
    /// [`Self::require_known_schema`].
    pub fn with_known_schemas(mut self, known: Arc<KnownSchemas>) -> Self {
        self.schema_check().known = Some(known);
        self
    }

    /// Whether to reject (INCOMPATIBLE_SCHEMA) a stream whose fingerprint is neither `M`'s nor
    /// that of a writer's schema this reader was given. Off by default.
    pub fn require_known_schema(mut self, require: bool) -> Self {
        self.schema_check().require_known = require;
        self
    }

    fn schema_check(&mut self) -> &mut SchemaCheck {
        self.schema_check.get_or_insert(SchemaCheck {
            writer: None,
            known: None,
            require_known: false,
            compare: compare_with::<M>,
            verdict: KnownSchemas::verdict::<M>,
        })
    }
}

impl<R: Read, M: Message> Iterator for StreamReader<R, M> {
    type Item = Result<M, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.read() {
            Ok(Some(m)) => Some(Ok(m)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                if self.broken.is_some() || matches!(e, StreamError::Io(_)) {
                    self.done = true;
                }
                Some(Err(e))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DecodeErrorKind::*;

    /// `record Reading` of `schema/examples/spec_examples.cser`, written by hand as the
    /// generator will: u32 sensor, i32 value, Unit unit, deprecated string label,
    /// optional<map<string, i32>> tags.
    #[derive(Debug, Default, PartialEq)]
    struct Reading {
        sensor: u32,
        value: i32,
        unit: u32,
        tags: Option<Vec<(String, i32)>>,
    }

    impl Message for Reading {
        const TYPE_NAME: &'static str = "spec.examples.Reading";
        const TYPE_ID: u64 = 0x51fc_411e_632c_c32e;
        const FINGERPRINT: u64 = 0x44a5_2822_52a0_0f73;

        fn encode_content(&self, w: &mut Writer) {
            if !w.enter() {
                return;
            }
            w.write_u32(self.sensor);
            w.write_i32(self.value);
            w.write_enum(self.unit);
            w.write_str("");
            w.write_byte(u8::from(self.tags.is_some()));
            if let Some(tags) = &self.tags {
                w.write_count(tags.len());
                for (k, v) in tags {
                    w.write_str(k);
                    w.write_i32(*v);
                }
            }
            w.exit();
        }

        fn decode_content(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
            r.enter()?;
            let mut m = Reading::default();
            if r.has_more() {
                m.sensor = r.read_u32().map_err(|e| e.push_field("Reading.sensor"))?;
            }
            if r.has_more() {
                m.value = r.read_i32().map_err(|e| e.push_field("Reading.value"))?;
            }
            if r.has_more() {
                m.unit = r.read_enum().map_err(|e| e.push_field("Reading.unit"))?;
            }
            if r.has_more() {
                r.read_str().map_err(|e| e.push_field("Reading.label"))?;
            }
            if r.has_more() {
                let presence = r.read_byte()?;
                if presence & 1 != 0 {
                    let n = r.read_count().map_err(|e| e.push_field("Reading.tags"))?;
                    let mut tags: Vec<(String, i32)> = Vec::with_capacity(n);
                    for _ in 0..n {
                        let k = r.read_string().map_err(|e| e.push_field("Reading.tags"))?;
                        let v = r
                            .read_i32()
                            .map_err(|e| e.push_str_key(&k).push_field("Reading.tags"))?;
                        if tags.iter().any(|(t, _)| *t == k) {
                            return Err(r
                                .error(DuplicateMapKey, format!("duplicate key {k:?}"))
                                .push_field("Reading.tags"));
                        }
                        tags.push((k, v));
                    }
                    m.tags = Some(tags);
                }
            }
            r.exit();
            Ok(m)
        }
    }

    /// A struct root holding bytes: its content is its message, nothing may follow.
    #[derive(Debug, PartialEq)]
    struct Blob(Vec<u8>);

    impl Message for Blob {
        const TYPE_NAME: &'static str = "test.Blob";
        const TYPE_ID: u64 = 0x0123_4567_89ab_cdef;
        const FINGERPRINT: u64 = 42;

        fn encode_content(&self, w: &mut Writer) {
            w.write_bytes(&self.0);
        }

        fn decode_content(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
            let b = r.read_byte_vec()?;
            r.expect_end()?;
            Ok(Blob(b))
        }
    }

    /// SPEC §13.16, `stream readings`.
    const READINGS: &[u8] = &[
        0x43, 0x53, 0x45, 0x52, 0x02, // magic, version
        0x2e, 0xc3, 0x2c, 0x63, 0x1e, 0x41, 0xfc, 0x51, // type id
        0x73, 0x0f, 0xa0, 0x52, 0x22, 0x28, 0xa5, 0x44, // fingerprint
        0x05, 0x07, 0x05, 0x01, 0x00, 0x00, // frame 1
        0x0a, 0xac, 0x02, 0x2a, 0x00, 0x00, 0x01, 0x01, 0x01, 0x61, 0x02, // frame 2
    ];
    /// Where each frame of READINGS ends.
    const FRAME_ENDS: [usize; 2] = [27, 38];

    fn readings() -> Vec<Reading> {
        vec![
            Reading {
                sensor: 7,
                value: -3,
                unit: 1,
                tags: None,
            },
            Reading {
                sensor: 300,
                value: 21,
                unit: 0,
                tags: Some(vec![("a".to_string(), 1)]),
            },
        ]
    }

    fn kind_offset(e: StreamError) -> (DecodeErrorKind, u64) {
        match e {
            StreamError::Decode(e) => (e.kind(), e.offset()),
            other => panic!("not a decode error: {other}"),
        }
    }

    /// Hands out at most one byte per read call.
    struct Trickle<'a>(&'a [u8]);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() || buf.is_empty() {
                return Ok(0);
            }
            buf[0] = self.0[0];
            self.0 = &self.0[1..];
            Ok(1)
        }
    }

    #[test]
    fn header_bytes() {
        assert_eq!(
            encode_header(Reading::TYPE_ID, Reading::FINGERPRINT),
            READINGS[..HEADER_LEN]
        );
        let w: StreamWriter<Vec<u8>, Reading> = StreamWriter::new(Vec::new());
        assert_eq!(w.finish().unwrap(), READINGS[..HEADER_LEN]);
    }

    #[test]
    fn writes_the_spec_stream() {
        let mut w = StreamWriter::new(Vec::new());
        for m in readings() {
            w.write(&m).unwrap();
        }
        assert_eq!(w.record_count(), 2);
        assert_eq!(w.finish().unwrap(), READINGS);
    }

    #[test]
    fn reads_the_spec_stream() {
        let mut r: StreamReader<_, Reading> = StreamReader::new(READINGS);
        assert_eq!(r.writer_fingerprint().unwrap(), Reading::FINGERPRINT);
        let got: Vec<Reading> = r.by_ref().map(|m| m.unwrap()).collect();
        assert_eq!(got, readings());
        assert_eq!(r.record_index(), 2);
        assert!(r.read().unwrap().is_none());
        // The same, one byte per read call.
        let r: StreamReader<_, Reading> = StreamReader::new(Trickle(READINGS));
        let got: Vec<Reading> = r.map(|m| m.unwrap()).collect();
        assert_eq!(got, readings());
    }

    #[test]
    fn cut_at_every_offset() {
        for cut in 0..READINGS.len() {
            let mut r: StreamReader<_, Reading> = StreamReader::new(&READINGS[..cut]);
            let complete = FRAME_ENDS.iter().filter(|&&e| e <= cut).count();
            for _ in 0..complete {
                r.read().unwrap().unwrap();
            }
            let result = r.read();
            if cut == HEADER_LEN || FRAME_ENDS.contains(&cut) {
                assert!(result.unwrap().is_none(), "cut {cut}");
            } else {
                assert_eq!(
                    kind_offset(result.unwrap_err()),
                    (Truncated, cut as u64),
                    "cut {cut}"
                );
                // A framing error ends the stream: the same error again.
                assert_eq!(kind_offset(r.read().unwrap_err()), (Truncated, cut as u64));
            }
        }
    }

    #[test]
    fn bad_headers() {
        let mut b = READINGS.to_vec();
        b[3] = b'X';
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]);
        assert_eq!(kind_offset(r.read().unwrap_err()), (BadStreamHeader, 3));
        // Format version 1 (unions without a payload length, SPEC §8) or any other: rejected,
        // naming both versions.
        for version in [0, 1, 3, 0xff] {
            let mut b = READINGS.to_vec();
            b[4] = version;
            let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]);
            let StreamError::Decode(e) = r.read().unwrap_err() else {
                panic!("not a decode error")
            };
            assert_eq!((e.kind(), e.offset()), (BadStreamHeader, 4));
            assert!(
                e.reason()
                    .contains(&format!("format version {version}, not 2")),
                "{e}"
            );
        }
        // Garbage is rejected as such before the header is complete.
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b"CSX"[..]);
        assert_eq!(kind_offset(r.read().unwrap_err()), (BadStreamHeader, 2));
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b"CSE"[..]);
        assert_eq!(kind_offset(r.read().unwrap_err()), (Truncated, 3));
        // Another type.
        let mut r: StreamReader<_, Blob> = StreamReader::new(READINGS);
        assert_eq!(kind_offset(r.read().unwrap_err()), (WrongType, 5));
        let mut it: StreamReader<_, Blob> = StreamReader::new(READINGS);
        assert!(it.next().unwrap().is_err());
        assert!(it.next().is_none());
        // Another fingerprint: accepted unless required.
        let mut b = READINGS.to_vec();
        b[13] ^= 1;
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]);
        assert_eq!(r.writer_fingerprint().unwrap(), Reading::FINGERPRINT ^ 1);
        assert_eq!(r.read().unwrap().unwrap(), readings()[0]);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]).require_fingerprint(true);
        assert_eq!(kind_offset(r.read().unwrap_err()), (WrongType, 13));
        let mut r: StreamReader<_, Reading> = StreamReader::new(READINGS).require_fingerprint(true);
        assert!(r.read().unwrap().is_some());
    }

    #[test]
    fn bad_frames() {
        let header = encode_header(Reading::TYPE_ID, Reading::FINGERPRINT);
        // A huge length: rejected before anything is allocated.
        let mut b = header.to_vec();
        b.extend([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01]);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]);
        assert_eq!(kind_offset(r.read().unwrap_err()), (MessageTooLarge, 21));
        let mut b = header.to_vec();
        b.extend([0x05, 1, 2, 3, 4, 5]);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]).with_max_message_size(4);
        assert_eq!(kind_offset(r.read().unwrap_err()), (MessageTooLarge, 21));
        // A length below the maximum but far beyond the input: the buffer does not grow.
        let mut b = header.to_vec();
        b.extend([0x80, 0x80, 0x80, 0x1e, 0x00, 0x00]); // 60 MiB declared, 2 bytes sent
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]);
        assert_eq!(
            kind_offset(r.read().unwrap_err()),
            (Truncated, b.len() as u64)
        );
        assert!(r.buffer_len() <= BUFFER_SIZE);
        // Malformed frame lengths.
        let mut b = header.to_vec();
        b.extend([0x80, 0x00]);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]);
        assert_eq!(kind_offset(r.read().unwrap_err()), (OverlongVarint, 22));
        let mut b = header.to_vec();
        b.extend([0xff; 11]);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]);
        assert_eq!(kind_offset(r.read().unwrap_err()), (BadVarint, 30));
    }

    #[test]
    fn bad_message_keeps_framing() {
        let header = encode_header(Reading::TYPE_ID, Reading::FINGERPRINT);
        let mut b = header.to_vec();
        // A frame whose unit is 2^31 (out of range), then frame 1 of the spec stream.
        b.extend([0x07, 0x07, 0x05, 0x80, 0x80, 0x80, 0x80, 0x08]);
        b.extend(&READINGS[21..27]);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]);
        let e = match r.read().unwrap_err() {
            StreamError::Decode(e) => e,
            other => panic!("{other}"),
        };
        assert_eq!((e.kind(), e.offset()), (OutOfRange, 24));
        assert_eq!(e.path(), "Reading.unit");
        assert_eq!(e.context(), Some("record 0, frame at stream offset 21"));
        assert_eq!(r.read().unwrap().unwrap(), readings()[0]);
        assert!(r.read().unwrap().is_none());
        // A record frame with bytes after the fields Reading knows: accepted (generated records
        // keep them as unknown fields; this hand-written one drops them).
        let mut b = header.to_vec();
        b.extend([0x07, 0x07, 0x05, 0x01, 0x00, 0x00, 0x63, 0x63]);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]);
        assert_eq!(r.read().unwrap().unwrap(), readings()[0]);
        // A struct frame with a byte after its value: trailing bytes.
        let mut b = encode_header(Blob::TYPE_ID, Blob::FINGERPRINT).to_vec();
        b.extend([0x03, 0x01, 0x61, 0x00]);
        let mut r: StreamReader<_, Blob> = StreamReader::new(&b[..]);
        assert_eq!(kind_offset(r.read().unwrap_err()), (TrailingBytes, 24));
    }

    #[test]
    fn depth_limits() {
        let mut b = encode_header(Reading::TYPE_ID, Reading::FINGERPRINT).to_vec();
        b.extend(&READINGS[21..27]);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&b[..]).with_max_depth(1);
        assert!(r.read().unwrap().is_some());
        let mut w = StreamWriter::<_, Reading>::new(Vec::new()).with_max_depth(1);
        w.write(&readings()[0]).unwrap();
        assert_eq!(w.finish().unwrap(), b);
    }

    #[test]
    fn large_messages_round_trip() {
        let blobs: Vec<Blob> = [0usize, 1, 127, 128, 70_000, 200_000, 3]
            .iter()
            .map(|&n| Blob((0..n).map(|i| (i * 7) as u8).collect()))
            .collect();
        let mut w = StreamWriter::new(Vec::new());
        for m in &blobs {
            w.write(m).unwrap();
        }
        let bytes = w.finish().unwrap();
        let r: StreamReader<_, Blob> = StreamReader::new(&bytes[..]);
        let got: Vec<Blob> = r.map(|m| m.unwrap()).collect();
        assert_eq!(got, blobs);
        let r: StreamReader<_, Blob> = StreamReader::new(Trickle(&bytes));
        assert_eq!(r.count(), blobs.len());
    }

    /// Nests `self.0` values: too deep for the default limit when above 64.
    #[derive(Debug)]
    struct Deep(u32);

    impl Message for Deep {
        const TYPE_NAME: &'static str = "test.Deep";
        const TYPE_ID: u64 = 7;
        const FINGERPRINT: u64 = 8;

        fn encode_content(&self, w: &mut Writer) {
            let mut entered = 0;
            for _ in 0..self.0 {
                if !w.enter() {
                    break;
                }
                entered += 1;
                w.write_byte(1);
            }
            for _ in 0..entered {
                w.exit();
            }
        }

        fn decode_content(r: &mut Reader<'_>) -> Result<Self, DecodeError> {
            let mut n = 0;
            while r.has_more() {
                r.enter()?;
                r.read_byte()?;
                n += 1;
            }
            Ok(Deep(n))
        }
    }

    #[test]
    fn depth_in_streams() {
        let mut w = StreamWriter::new(Vec::new());
        w.write(&Deep(64)).unwrap();
        let e = w.write(&Deep(65)).unwrap_err();
        assert!(matches!(e, StreamError::Encode(_)), "{e}");
        w.write(&Deep(1)).unwrap();
        assert_eq!(w.record_count(), 2);
        let bytes = w.finish().unwrap();
        assert_eq!(bytes.len(), HEADER_LEN + 1 + 64 + 1 + 1);
        let mut r: StreamReader<_, Deep> = StreamReader::new(&bytes[..]);
        assert_eq!(r.read().unwrap().unwrap().0, 64);
        assert_eq!(r.read().unwrap().unwrap().0, 1);
        let mut r: StreamReader<_, Deep> = StreamReader::new(&bytes[..]).with_max_depth(63);
        // The 64th value starts at stream offset 21 + 1 + 63.
        assert_eq!(kind_offset(r.read().unwrap_err()), (DepthExceeded, 85));
        assert_eq!(r.read().unwrap().unwrap().0, 1);
    }

    /// Sends some bytes, then fails.
    struct Failing<'a>(&'a [u8]);

    impl Read for Failing<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("connection reset"));
            }
            let n = self.0.len().min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn io_errors_end_the_stream() {
        let mut r: StreamReader<_, Reading> = StreamReader::new(Failing(&READINGS[..30]));
        assert_eq!(r.read().unwrap().unwrap(), readings()[0]);
        assert!(matches!(r.read(), Err(StreamError::Io(_))));
        assert!(matches!(r.read(), Err(StreamError::Io(_))));
        let mut it: StreamReader<_, Reading> = StreamReader::new(Failing(&READINGS[..10]));
        assert!(matches!(it.next(), Some(Err(StreamError::Io(_)))));
        assert!(it.next().is_none());
    }

    #[test]
    fn never_panics_on_random_streams() {
        let mut x: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..5_000 {
            let mut b = READINGS.to_vec();
            let flips = next() % 4;
            for _ in 0..flips {
                let i = (next() as usize) % b.len();
                b[i] = next() as u8;
            }
            b.truncate((next() as usize) % (b.len() + 1));
            let r: StreamReader<_, Reading> = StreamReader::new(&b[..]);
            for m in r.take(10) {
                let _ = m.map_err(|e| e.to_string());
            }
        }
    }

    // ---- reading with the writer's schema (SPEC §9.1) ----------------------------------------

    impl Canonical for Reading {
        const CANONICAL_LINE: &'static str = "record spec.examples.Reading{1:u32 sensor;\
            2:i32 value;3:spec.examples.Unit unit;4!:string label;\
            5:optional<map<string, i32>> tags;}";
        fn canonical_named(lines: &mut crate::CanonicalLines) {
            lines.add::<Unit>();
        }
    }

    struct Unit;
    impl Canonical for Unit {
        const CANONICAL_LINE: &'static str = "enum spec.examples.Unit{CELSIUS=0;KELVIN=1;}";
        fn canonical_named(_lines: &mut crate::CanonicalLines) {}
    }

    /// A writer's schema of `Reading` that reads the same: a field appended, `sensor` widened
    /// from u16 and a member added.
    const COMPATIBLE: &str = "record spec.examples.Reading{1:u16 sensor;2:i32 value;\
        3:spec.examples.Unit unit;4!:string label;5:optional<map<string, i32>> tags;6:string note;}\n\
        enum spec.examples.Unit{CELSIUS=0;KELVIN=1;FAHRENHEIT=2;}\n";
    /// One that does not: KELVIN renumbered.
    const INCOMPATIBLE: &str = "record spec.examples.Reading{1:u32 sensor;2:i32 value;\
        3:spec.examples.Unit unit;4!:string label;5:optional<map<string, i32>> tags;}\n\
        enum spec.examples.Unit{CELSIUS=0;FAHRENHEIT=1;KELVIN=2;}\n";
    const DIFFERENCE: &str =
        "member KELVIN of spec.examples.Unit: 2 in the writer's schema, 1 in the reader's";

    /// READINGS as written by the schema of another fingerprint.
    fn written_by(fingerprint: u64) -> Vec<u8> {
        let mut b = READINGS.to_vec();
        b[FINGERPRINT_OFFSET..HEADER_LEN].copy_from_slice(&fingerprint.to_le_bytes());
        b
    }

    fn incompatible_message(fingerprint: u64) -> String {
        format!(
            "INCOMPATIBLE_SCHEMA: the writer's schema (fingerprint {fingerprint:016x}) is not \
             compatible with the reader's (SPEC §9.1): {DIFFERENCE} at offset 13"
        )
    }

    #[test]
    fn the_reading_text_is_the_spec_one() {
        assert_eq!(
            crate::fingerprint(&crate::canonical_text::<Reading>()),
            Reading::FINGERPRINT
        );
    }

    #[test]
    fn writer_schema_given() {
        let fp = crate::fingerprint(COMPATIBLE);
        let bytes = written_by(fp);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&bytes[..])
            .with_writer_schema(COMPATIBLE)
            .unwrap();
        assert_eq!(
            r.by_ref().collect::<Result<Vec<_>, _>>().unwrap(),
            readings()
        );
        assert_eq!(r.writer_fingerprint().unwrap(), fp);

        let fp = crate::fingerprint(INCOMPATIBLE);
        let bytes = written_by(fp);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&bytes[..])
            .with_writer_schema(INCOMPATIBLE)
            .unwrap();
        let e = r.read().unwrap_err();
        assert_eq!(e.to_string(), incompatible_message(fp));
        assert_eq!(kind_offset(e), (IncompatibleSchema, 13));
        // The stream stays failed, with the same error.
        assert_eq!(r.read().unwrap_err().to_string(), incompatible_message(fp));
        assert!(r.writer_fingerprint().is_err());

        // The reader's own fingerprint needs no comparison, and a text that is not the
        // writer's (another fingerprint) is not used.
        let mut r: StreamReader<_, Reading> = StreamReader::new(READINGS)
            .with_writer_schema(INCOMPATIBLE)
            .unwrap();
        assert_eq!(r.by_ref().count(), 2);
        let bytes = written_by(7);
        let r: StreamReader<_, Reading> = StreamReader::new(&bytes[..])
            .with_writer_schema(INCOMPATIBLE)
            .unwrap();
        assert_eq!(r.count(), 2);

        let e = StreamReader::<_, Reading>::new(READINGS)
            .with_writer_schema("record spec.examples.Reading{}")
            .err()
            .unwrap();
        assert_eq!(
            e.to_string(),
            "bad schema text at line 1, column 31: expected the end of the line, found the end \
             of the text"
        );
    }

    #[test]
    fn known_schemas() {
        let mut known = KnownSchemas::new();
        let good = known.add(COMPATIBLE).unwrap();
        let bad = known.add(INCOMPATIBLE).unwrap();
        assert_eq!(known.len(), 2);
        let known = Arc::new(known);
        for _ in 0..3 {
            let bytes = written_by(good);
            let r: StreamReader<_, Reading> =
                StreamReader::new(&bytes[..]).with_known_schemas(known.clone());
            assert_eq!(r.collect::<Result<Vec<_>, _>>().unwrap(), readings());
            let bytes = written_by(bad);
            let mut r: StreamReader<_, Reading> =
                StreamReader::new(&bytes[..]).with_known_schemas(known.clone());
            assert_eq!(r.read().unwrap_err().to_string(), incompatible_message(bad));
        }
        // Compared once per writer.
        assert_eq!(known.verdicts_cached(), 2);
        assert_eq!(
            known.verdict::<Reading>(bad),
            Some(Some(DIFFERENCE.to_owned()))
        );
        assert_eq!(known.verdict::<Reading>(good), Some(None));
        assert_eq!(known.verdict::<Reading>(Reading::FINGERPRINT), Some(None));
        assert_eq!(known.verdict::<Reading>(7), None);

        // Not known: read as before, unless a known schema is required.
        let bytes = written_by(7);
        let r: StreamReader<_, Reading> =
            StreamReader::new(&bytes[..]).with_known_schemas(known.clone());
        assert_eq!(r.count(), 2);
        let mut r: StreamReader<_, Reading> = StreamReader::new(&bytes[..])
            .with_known_schemas(known.clone())
            .require_known_schema(true);
        let e = r.read().unwrap_err();
        assert_eq!(
            e.to_string(),
            "INCOMPATIBLE_SCHEMA: stream written by schema fingerprint 0000000000000007, which \
             this reader does not know at offset 13"
        );
        assert_eq!(kind_offset(e), (IncompatibleSchema, 13));
        // Its own and known ones are still read.
        for bytes in [READINGS.to_vec(), written_by(good)] {
            let r: StreamReader<_, Reading> = StreamReader::new(&bytes[..])
                .with_known_schemas(known.clone())
                .require_known_schema(true);
            assert_eq!(r.count(), 2);
        }
        // A writer's schema given directly counts as known.
        let bytes = written_by(crate::fingerprint(COMPATIBLE));
        let r: StreamReader<_, Reading> = StreamReader::new(&bytes[..])
            .require_known_schema(true)
            .with_writer_schema(COMPATIBLE)
            .unwrap();
        assert_eq!(r.count(), 2);
        // The type is checked first.
        let mut bytes = written_by(7);
        bytes[TYPE_ID_OFFSET] ^= 1;
        let mut r: StreamReader<_, Reading> =
            StreamReader::new(&bytes[..]).require_known_schema(true);
        assert_eq!(kind_offset(r.read().unwrap_err()), (WrongType, 5));
    }
}
